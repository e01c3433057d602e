import { adminOperations } from '../../foundations/admin-operation';

/** The dashboard operations of this room: Source apps, the shop connectors (routes.ts). */
export const APP_OPERATIONS = adminOperations([
  ['GET', '/admin/api/apps', 'admin', 'Source apps (shop connectors)'],
  ['POST', '/admin/api/apps', 'admin', 'Register a source app'],
  ['PUT', '/admin/api/apps/:appId', 'admin', 'Change a source app'],
]);
