import { adminOperations } from '../../foundations/admin-operation';

/** The dashboard operations of this room: The station's network settings (admin-routes.ts). */
export const NETWORK_OPERATIONS = adminOperations([
  ['GET', '/admin/api/settings/network', 'station-admin', 'Browser origins, dashboard host names, proxy settings'],
  ['PUT', '/admin/api/settings/network', 'station-admin', 'Save the network settings'],
]);
