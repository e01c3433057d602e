import { adminOperations } from '../../foundations/admin-operation';

/** The dashboard operations of this room: Documents, templates and flows (admin-routes.ts). */
export const DOCUMENT_OPERATIONS = adminOperations([
  ['GET', '/admin/api/orders/:idOrKey/documents', 'viewer', 'An order’s documents'],
  ['GET', '/admin/api/documents/:documentId/pdf', 'viewer', 'A document as PDF or PNG'],
  ['GET', '/admin/api/teams/:teamId/templates', 'operator', 'A team’s templates'],
  ['POST', '/admin/api/teams/:teamId/templates', 'admin', 'Create a template'],
  ['POST', '/admin/api/teams/:teamId/templates/preview', 'admin', 'Render an unsaved template (the editor’s preview)'],
  ['POST', '/admin/api/teams/:teamId/templates/test-print', 'admin', 'Print an unsaved template for an order on a printer (no batch)'],
  ['GET', '/admin/api/templates/:templateId', 'operator', 'One template'],
  ['PATCH', '/admin/api/templates/:templateId', 'admin', 'Change a template (a new version)'],
  ['PUT', '/admin/api/templates/:templateId', 'admin', 'Change a template (a new version)'],
  ['DELETE', '/admin/api/templates/:templateId', 'admin', 'Delete a template'],
  ['GET', '/admin/api/templates/:templateId/preview', 'operator', 'A template rendered for an order or the sample order'],
  ['GET', '/admin/api/teams/:teamId/flow', 'viewer', 'A team’s flow'],
  ['PUT', '/admin/api/teams/:teamId/flow', 'admin', 'Save a team’s flow'],
]);
