import { adminOperations } from '../../foundations/admin-operation';

/** The dashboard operations of this room: How long orders and printed copies are kept, and what the data takes on disk (routes.ts). */
export const RETENTION_OPERATIONS = adminOperations([
  ['GET', '/admin/api/settings/retention', 'station-admin', 'How long orders and printed copies are kept'],
  ['PUT', '/admin/api/settings/retention', 'station-admin', 'Save the retention settings'],
  ['POST', '/admin/api/settings/retention/sweep', 'station-admin', 'Sweep now what retention lets go'],
  ['GET', '/admin/api/settings/disk', 'station-admin', 'What the station’s data takes on disk'],
]);
