import { adminOperations } from '../../foundations/admin-operation';

/** The dashboard operations of this room: The dashboard's views across features: the order list and its printing, API keys, the station, live events, the overview. */
export const ADMIN_VIEW_OPERATIONS = adminOperations([
  ['GET', '/admin/api/orders', 'viewer', 'The order list: search, filters, pages'],
  ['GET', '/admin/api/orders/facets', 'viewer', 'The order list’s filter values with their counts'],
  ['GET', '/admin/api/orders/:idOrKey', 'viewer', 'One order in full: sources, history, printing'],
  ['POST', '/admin/api/orders/:idOrKey/ignore', 'operator', 'Ignore an order'],
  ['POST', '/admin/api/orders/:idOrKey/restore', 'operator', 'Restore an ignored order'],
  ['POST', '/admin/api/orders/print', 'operator', 'Print the selected orders of any teams'],
  ['POST', '/admin/api/orders/scan', 'operator', 'A scan at the bench in one call: find the order, print it unless it was printed before, answer what the screen shows'],
  ['GET', '/admin/api/keys', 'admin', 'API keys of every team'],
  ['POST', '/admin/api/keys', 'admin', 'Create an API key (its secret is shown once)'],
  ['POST', '/admin/api/keys/:id/revoke', 'admin', 'Revoke an API key'],
  ['GET', '/admin/api/station', 'signed-in', 'The station: version, data dir, address, teams'],
  ['GET', '/admin/api/events', 'viewer', 'Live events (Server-Sent Events)'],
  ['GET', '/admin/api/overview', 'viewer', 'The day at a glance'],
]);
