import { adminOperations } from '../../../foundations/admin-operation';

/** The dashboard operations of this room: Each team's routing: its default printer and a printer and tray per document tag (routing-admin-routes.ts). */
export const ROUTING_OPERATIONS = adminOperations([
  ['GET', '/admin/api/teams/:teamId/routing', 'viewer', 'A team’s routing'],
  ['GET', '/admin/api/document-tags', 'viewer', 'The document tags the flows of the caller’s teams make, each with its teams'],
  ['PUT', '/admin/api/teams/:teamId/routing/default-printer', 'admin', 'A team’s default printer'],
  ['PUT', '/admin/api/teams/:teamId/routing/tags/:tag', 'admin', 'Route a document tag to a printer and tray'],
  ['DELETE', '/admin/api/teams/:teamId/routing/tags/:tag', 'admin', 'Remove a tag’s route'],
]);
