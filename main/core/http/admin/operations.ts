/**
 * Every dashboard operation (`/admin/api`), in one table: its method and path (Koa's form,
 * `:id`), what it does, and who may call it. The admin router refuses an operation this table
 * does not hold (http/admin/guard.ts), `station.ts` checks at start-up that the table and the
 * router hold the same operations, and the served description of the dashboard API
 * (`GET /admin/api/openapi.json`) is built from it.
 *
 * `roles`: who may call it. There is one role until people and roles exist: the station's
 * admin, whom every dashboard session is. `public`: called before signing in.
 */
export type AdminRole = 'station-admin';

export interface AdminOperation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  roles: readonly AdminRole[] | 'public';
}

const ADMIN: readonly AdminRole[] = ['station-admin'];

/** [method, path, summary]: each operation, in the order of the dashboard's rooms. */
const TABLE: Array<[AdminOperation['method'], string, string]> = [
  // Sessions
  ['DELETE', '/admin/api/session', 'Sign out: revoke this session'],
  ['GET', '/admin/api/sessions', 'The live sessions, newest first'],
  ['DELETE', '/admin/api/sessions/:id', 'Sign a session out'],
  ['GET', '/admin/api/settings/sessions', 'How long a session lasts idle'],
  ['PUT', '/admin/api/settings/sessions', 'Set how long a session lasts idle'],
  // Orders
  ['POST', '/admin/api/orders/manual', 'Create or update an order typed by hand (source web)'],
  ['POST', '/admin/api/orders/csv/preview', 'Read a CSV file: its columns, a suggested mapping, the first rows'],
  ['POST', '/admin/api/orders/csv/import', 'Import (or, with dryRun, plan) orders from a CSV file'],
  ['POST', '/admin/api/orders/csv/imports/:importId/cancel', 'Stop a running CSV import between two orders'],
  ['GET', '/admin/api/orders', 'The order list: search, filters, pages'],
  ['GET', '/admin/api/orders/facets', 'The order list’s filter values with their counts'],
  ['GET', '/admin/api/orders/:idOrKey', 'One order in full: sources, history, printing'],
  ['POST', '/admin/api/orders/:idOrKey/ignore', 'Ignore an order'],
  ['POST', '/admin/api/orders/:idOrKey/restore', 'Restore an ignored order'],
  ['POST', '/admin/api/orders/print', 'Print the selected orders of any teams'],
  ['GET', '/admin/api/orders/:idOrKey/documents', 'An order’s documents'],
  ['GET', '/admin/api/documents/:documentId/pdf', 'A document as PDF or PNG'],
  // Keys, station, live events, overview
  ['GET', '/admin/api/keys', 'API keys of every team'],
  ['POST', '/admin/api/keys', 'Create an API key (its secret is shown once)'],
  ['POST', '/admin/api/keys/:id/revoke', 'Revoke an API key'],
  ['GET', '/admin/api/station', 'The station: version, data dir, address, teams'],
  ['GET', '/admin/api/events', 'Live events (Server-Sent Events)'],
  ['GET', '/admin/api/overview', 'The day at a glance'],
  // Teams
  ['GET', '/admin/api/teams/:teamId/merchants', 'A 3PL’s merchants with their onboarding'],
  ['POST', '/admin/api/teams/:teamId/merchants', 'Create a merchant of a 3PL'],
  ['PUT', '/admin/api/teams/:teamId/merchants/:merchantTeamId', 'Change a merchant (name, account manager)'],
  ['GET', '/admin/api/teams/:teamId/members', 'A team’s members'],
  ['GET', '/admin/api/teams/:teamId/onboarding', 'A merchant’s onboarding tracker'],
  ['PUT', '/admin/api/teams/:teamId/onboarding/:kind', 'Tick or untick an onboarding task'],
  ['PUT', '/admin/api/teams/:teamId/locale', 'A team’s language and formats'],
  ['GET', '/admin/api/teams/:teamId/shop', 'A team’s shop profile (name, address, logo)'],
  ['PUT', '/admin/api/teams/:teamId/shop', 'Save a team’s shop profile'],
  ['POST', '/admin/api/teams/:teamId/go-live', 'Take a merchant live: its new orders print automatically'],
  ['GET', '/admin/api/teams/:teamId/invitations', 'A team’s invitations'],
  ['POST', '/admin/api/teams/:teamId/invitations', 'Invite someone to a team'],
  ['POST', '/admin/api/invitations/accept', 'Accept an invitation'],
  ['GET', '/admin/api/apps', 'Source apps (shop connectors)'],
  ['POST', '/admin/api/apps', 'Register a source app'],
  ['PUT', '/admin/api/apps/:appId', 'Change a source app'],
  // Settings
  ['GET', '/admin/api/settings/mail', 'Mail settings (never the password)'],
  ['PUT', '/admin/api/settings/mail', 'Save mail settings'],
  ['DELETE', '/admin/api/settings/mail', 'Forget the mail settings'],
  ['POST', '/admin/api/settings/mail/test', 'Send a test mail'],
  ['GET', '/admin/api/settings/network', 'Browser origins, dashboard host names, proxy settings'],
  ['PUT', '/admin/api/settings/network', 'Save the network settings'],
  ['GET', '/admin/api/settings/print-server', 'The CUPS server the station prints through'],
  ['PUT', '/admin/api/settings/print-server', 'Set the CUPS server (looks for printers there at once)'],
  ['GET', '/admin/api/settings/retention', 'How long orders and printed copies are kept'],
  ['PUT', '/admin/api/settings/retention', 'Save the retention settings'],
  ['POST', '/admin/api/settings/retention/sweep', 'Sweep now what retention lets go'],
  ['GET', '/admin/api/settings/disk', 'What the station’s data takes on disk'],
  // Documents
  ['GET', '/admin/api/teams/:teamId/templates', 'A team’s templates'],
  ['POST', '/admin/api/teams/:teamId/templates', 'Create a template'],
  ['POST', '/admin/api/teams/:teamId/templates/preview', 'Render an unsaved template (the editor’s preview)'],
  ['POST', '/admin/api/teams/:teamId/templates/test-print', 'Print an unsaved template for an order on a printer (no batch)'],
  ['GET', '/admin/api/templates/:templateId', 'One template'],
  ['PATCH', '/admin/api/templates/:templateId', 'Change a template (a new version)'],
  ['PUT', '/admin/api/templates/:templateId', 'Change a template (a new version)'],
  ['DELETE', '/admin/api/templates/:templateId', 'Delete a template'],
  ['GET', '/admin/api/templates/:templateId/preview', 'A template rendered for an order or the sample order'],
  ['GET', '/admin/api/teams/:teamId/flow', 'A team’s flow'],
  ['PUT', '/admin/api/teams/:teamId/flow', 'Save a team’s flow'],
  // Links
  ['GET', '/admin/api/links', 'Links between order sources'],
  ['GET', '/admin/api/links/:linkId', 'One link'],
  ['POST', '/admin/api/links', 'Create a link'],
  ['PUT', '/admin/api/links/:linkId', 'Change a link'],
  ['DELETE', '/admin/api/links/:linkId', 'Delete a link'],
  ['GET', '/admin/api/links/:linkId/errors', 'A link’s recent errors'],
  ['POST', '/admin/api/links/:linkId/test', 'Test a saved link on a payload'],
  ['POST', '/admin/api/links/test', 'Test an unsaved link on a payload'],
  // Printers and routing
  ['GET', '/admin/api/printers', 'The station’s printers'],
  ['POST', '/admin/api/printers/refresh', 'Look for printers again'],
  ['PATCH', '/admin/api/printers/:id', 'A printer’s name, visibility and defaults'],
  ['DELETE', '/admin/api/printers/:id', 'Remove a missing printer'],
  ['POST', '/admin/api/printers/:id/test-print', 'Print a test page'],
  ['GET', '/admin/api/teams/:teamId/routing', 'A team’s routing'],
  ['PUT', '/admin/api/teams/:teamId/routing/default-printer', 'A team’s default printer'],
  ['PUT', '/admin/api/teams/:teamId/routing/tags/:tag', 'Route a document tag to a printer and tray'],
  ['DELETE', '/admin/api/teams/:teamId/routing/tags/:tag', 'Remove a tag’s route'],
  // Print requests, batches, jobs
  ['GET', '/admin/api/print-batches', 'Print batches, newest first'],
  ['GET', '/admin/api/print-requests', 'Print requests with their batches and refusals'],
  ['GET', '/admin/api/print-batches/:id', 'One print batch with its jobs'],
  ['GET', '/admin/api/print-jobs/:id', 'One print job with its documents'],
  ['GET', '/admin/api/print-jobs/:id/printed', 'Exactly what a job handed to the printer system'],
  ['POST', '/admin/api/print-jobs/:id/reprint', 'Print a job again, as a new batch'],
  ['POST', '/admin/api/print-jobs/:id/retry', 'Retry a failed job'],
  ['POST', '/admin/api/print-jobs/:id/cancel', 'Cancel a job'],
  ['POST', '/admin/api/print-jobs/:id/move', 'Move a job to another printer'],
  // Webhooks
  ['GET', '/admin/api/webhooks', 'Webhooks'],
  ['POST', '/admin/api/webhooks', 'Add a webhook (its signing secret is shown once)'],
  ['PUT', '/admin/api/webhooks/:id', 'Change or pause a webhook'],
  ['POST', '/admin/api/webhooks/:id/secret', 'Give a webhook a new signing secret'],
  ['DELETE', '/admin/api/webhooks/:id', 'Delete a webhook'],
  ['GET', '/admin/api/webhooks/:id/deliveries', 'A webhook’s deliveries'],
  ['POST', '/admin/api/webhook-deliveries/:id/retry', 'Send a delivery again'],
  // The description of this API
  ['GET', '/admin/api/openapi.json', 'This API’s description (OpenAPI 3.1)'],
];

/** Called before there is a session: signing in with a one-time link. */
const PUBLIC: Array<[AdminOperation['method'], string, string]> = [['POST', '/admin/api/session', 'Sign in: turn a one-time login link into a session']];

export const ADMIN_OPERATIONS: readonly AdminOperation[] = [
  ...PUBLIC.map(([method, path, summary]) => ({ method, path, summary, roles: 'public' as const })),
  ...TABLE.map(([method, path, summary]) => ({ method, path, summary, roles: ADMIN })),
];

const key = (method: string, path: string) => `${method} ${path}`;
const BY_KEY = new Map(ADMIN_OPERATIONS.map((operation) => [key(operation.method, operation.path), operation]));

/** The operation a request matched (`HEAD` is answered as `GET`), or undefined. */
export function adminOperation(method: string, path: string): AdminOperation | undefined {
  return BY_KEY.get(key(method === 'HEAD' ? 'GET' : method, path));
}

/**
 * The differences between the table and the routes a router holds (`[method, path]` of each
 * route): operations routed but not described, and described but not routed. Both empty on
 * a station that starts.
 */
export function tableDifferences(routes: Array<[method: string, path: string]>): { undescribed: string[]; unrouted: string[] } {
  const routed = new Set(routes.map(([method, path]) => key(method, path)));
  return {
    undescribed: [...routed].filter((entry) => !BY_KEY.has(entry)).sort(),
    unrouted: [...BY_KEY.keys()].filter((entry) => !routed.has(entry)).sort(),
  };
}
