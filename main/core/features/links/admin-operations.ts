import { adminOperations } from '../../foundations/admin-operation';

/** The dashboard operations of this room: Links between order sources (admin-routes.ts). */
export const LINK_OPERATIONS = adminOperations([
  ['GET', '/admin/api/links', 'admin', 'Links between order sources'],
  ['GET', '/admin/api/links/:linkId', 'admin', 'One link'],
  ['POST', '/admin/api/links', 'admin', 'Create a link'],
  ['PUT', '/admin/api/links/:linkId', 'admin', 'Change a link'],
  ['DELETE', '/admin/api/links/:linkId', 'admin', 'Delete a link'],
  ['GET', '/admin/api/links/:linkId/errors', 'admin', 'A link’s recent errors'],
  ['POST', '/admin/api/links/:linkId/test', 'admin', 'Test a saved link on a payload'],
  ['POST', '/admin/api/links/test', 'admin', 'Test an unsaved link on a payload'],
]);
