import type { MemberRole } from '../../features/teams/people-store';
/**
 * Every dashboard operation (`/admin/api`), in one table: its method and path (Koa's form,
 * `:id`), what it does, and who may call it. The admin router refuses an operation this table
 * does not hold (http/admin/guard.ts), `station/http.ts` checks at start-up that the table and the
 * router hold the same operations, and the served description of the dashboard API
 * (`GET /admin/api/openapi.json`) is built from it.
 *
 * `needs`: who may call it, the least of:
 * - `public`: anyone, before signing in (the credential is in the body: a password, a
 *   one-time link, an invitation's token);
 * - `signed-in`: any live session (sign out, one's own sessions, the station's name);
 * - `viewer`, `operator`, `admin`: that role (or a stronger one) in a team; the operation
 *   then acts only on the teams where the person holds it (their scope, guard.ts), and a
 *   thing of a team outside it answers 404;
 * - `3pl-admin`: the 3PL's own decisions about a merchant (go-live, its onboarding ticks):
 *   an admin of the 3PL team the path's merchant belongs to; a merchant's own admin is refused;
 * - `station-admin`: the station admin (printers, network, mail, limits, people).
 * A station admin may call every operation, on every team.
 */
export type AdminNeed = 'public' | 'signed-in' | MemberRole | '3pl-admin' | 'station-admin';

export interface AdminOperation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  needs: AdminNeed;
}

/** [method, path, needs, summary]: each operation, in the order of the dashboard's rooms. */
const TABLE: Array<[AdminOperation['method'], string, AdminNeed, string]> = [
  // Signing in, one's own account
  ['POST', '/admin/api/session', 'public', 'Sign in: e-mail and password, a passkey, a one-time login link, or at a bench a badge or e-mail and PIN'],
  ['POST', '/admin/api/session/passkey-options', 'public', 'The challenge to sign in with a passkey'],
  ['POST', '/admin/api/password-reset', 'public', 'Set a new password with a reset link'],
  ['POST', '/admin/api/bench-screen', 'public', 'Pair this screen with a bench by the code the dashboard shows'],
  ['GET', '/admin/api/bench-screen', 'public', 'The bench this screen is paired with (X-Station-Bench) and its printers’ health'],
  ['GET', '/admin/api/me', 'signed-in', 'Who is signed in: name, station admin or not, teams and roles'],
  ['PUT', '/admin/api/me/password', 'signed-in', 'Change one’s own password (the current one confirms it)'],
  ['PUT', '/admin/api/me/pin', 'signed-in', 'Set one’s bench PIN (the password confirms it)'],
  ['POST', '/admin/api/me/badge', 'signed-in', 'A new bench badge for oneself (shown once; the current password confirms it)'],
  ['GET', '/admin/api/me/passkeys', 'signed-in', 'One’s passkeys'],
  ['POST', '/admin/api/me/passkeys/options', 'signed-in', 'The challenge to add a passkey (the current password confirms it)'],
  ['POST', '/admin/api/me/passkeys', 'signed-in', 'Add a passkey to one’s account'],
  ['DELETE', '/admin/api/me/passkeys/:id', 'signed-in', 'Remove one of one’s passkeys'],
  // People (station admin), members (a team's admin)
  ['GET', '/admin/api/people', 'station-admin', 'Everyone who can sign in, with their teams and roles'],
  ['POST', '/admin/api/people/:userId/disable', 'station-admin', 'Disable a person: their sessions end at once'],
  ['POST', '/admin/api/people/:userId/enable', 'station-admin', 'Enable a disabled person again'],
  ['POST', '/admin/api/people/:userId/badge', 'station-admin', 'A new bench badge for a person (shown once)'],
  ['POST', '/admin/api/people/:userId/reset', 'station-admin', 'A password reset link for a person (mailed when mail is set)'],
  ['GET', '/admin/api/people/:userId/credentials', 'station-admin', 'What a person signs in with besides the password: badge, PIN, passkeys, sessions'],
  ['DELETE', '/admin/api/people/:userId/badge', 'station-admin', 'Take a person’s badge away'],
  ['DELETE', '/admin/api/people/:userId/pin', 'station-admin', 'Take a person’s PIN away'],
  ['DELETE', '/admin/api/people/:userId/passkeys/:passkeyId', 'station-admin', 'Remove one of a person’s passkeys'],
  ['POST', '/admin/api/people/:userId/sign-out', 'station-admin', 'Sign a person out everywhere: sessions, streams, badge, PIN and passkeys end'],
  ['POST', '/admin/api/people/:userId/lift-lockout', 'station-admin', 'Lift a person’s lock-out after failed sign-ins'],
  ['GET', '/admin/api/activity', 'viewer', 'Who did what in one’s teams, newest first'],
  ['PUT', '/admin/api/teams/:teamId/members/:userId', 'admin', 'Change a member’s role'],
  ['DELETE', '/admin/api/teams/:teamId/members/:userId', 'admin', 'Remove a member from a team'],
  // Sessions
  ['DELETE', '/admin/api/session', 'signed-in', 'Sign out: revoke this session'],
  ['GET', '/admin/api/sessions', 'signed-in', 'The live sessions, newest first'],
  ['DELETE', '/admin/api/sessions/:id', 'signed-in', 'Sign a session out'],
  ['GET', '/admin/api/settings/sessions', 'station-admin', 'How long a session lasts idle'],
  ['PUT', '/admin/api/settings/sessions', 'station-admin', 'Set how long a session lasts idle'],
  // Orders
  ['POST', '/admin/api/orders/manual', 'operator', 'Create or update an order typed by hand (source web)'],
  ['POST', '/admin/api/orders/csv/preview', 'operator', 'Read a CSV file: its columns, a suggested mapping, the first rows'],
  ['POST', '/admin/api/orders/csv/import', 'operator', 'Import (or, with dryRun, plan) orders from a CSV file'],
  ['POST', '/admin/api/orders/csv/imports/:importId/cancel', 'operator', 'Stop a running CSV import between two orders'],
  ['GET', '/admin/api/orders', 'viewer', 'The order list: search, filters, pages'],
  ['GET', '/admin/api/orders/facets', 'viewer', 'The order list’s filter values with their counts'],
  ['GET', '/admin/api/orders/:idOrKey', 'viewer', 'One order in full: sources, history, printing'],
  ['POST', '/admin/api/orders/:idOrKey/ignore', 'operator', 'Ignore an order'],
  ['POST', '/admin/api/orders/:idOrKey/restore', 'operator', 'Restore an ignored order'],
  ['POST', '/admin/api/orders/print', 'operator', 'Print the selected orders of any teams'],
  ['GET', '/admin/api/orders/:idOrKey/documents', 'viewer', 'An order’s documents'],
  ['GET', '/admin/api/documents/:documentId/pdf', 'viewer', 'A document as PDF or PNG'],
  // Keys, station, live events, overview
  ['GET', '/admin/api/keys', 'admin', 'API keys of every team'],
  ['POST', '/admin/api/keys', 'admin', 'Create an API key (its secret is shown once)'],
  ['POST', '/admin/api/keys/:id/revoke', 'admin', 'Revoke an API key'],
  ['GET', '/admin/api/station', 'signed-in', 'The station: version, data dir, address, teams'],
  ['GET', '/admin/api/events', 'viewer', 'Live events (Server-Sent Events)'],
  ['GET', '/admin/api/overview', 'viewer', 'The day at a glance'],
  // Teams
  ['POST', '/admin/api/teams', 'station-admin', 'Create a team (standard or 3PL), inviting its admin'],
  ['PUT', '/admin/api/teams/:teamId/type', 'station-admin', 'Make a team of its own a 3PL, or standard again'],
  ['GET', '/admin/api/teams/:teamId/merchants', 'viewer', 'A 3PL’s merchants with their onboarding'],
  ['POST', '/admin/api/teams/:teamId/merchants', 'admin', 'Create a merchant of a 3PL'],
  ['PUT', '/admin/api/teams/:teamId/merchants/:merchantTeamId', 'admin', 'Change a merchant (name, account manager)'],
  ['GET', '/admin/api/teams/:teamId/members', 'admin', 'A team’s members'],
  ['GET', '/admin/api/teams/:teamId/onboarding', 'viewer', 'A merchant’s onboarding tracker'],
  ['PUT', '/admin/api/teams/:teamId/onboarding/:kind', '3pl-admin', 'Tick or untick a merchant’s onboarding task (its 3PL’s)'],
  ['PUT', '/admin/api/teams/:teamId/locale', 'admin', 'A team’s language and formats'],
  ['GET', '/admin/api/teams/:teamId/shop', 'viewer', 'A team’s shop profile (name, address, logo)'],
  ['PUT', '/admin/api/teams/:teamId/shop', 'admin', 'Save a team’s shop profile'],
  ['POST', '/admin/api/teams/:teamId/go-live', '3pl-admin', 'Take a merchant live: its new orders print automatically (its 3PL’s)'],
  ['GET', '/admin/api/teams/:teamId/invitations', 'admin', 'A team’s invitations'],
  ['POST', '/admin/api/teams/:teamId/invitations', 'admin', 'Invite someone to a team'],
  ['POST', '/admin/api/invitations/accept', 'public', 'Accept an invitation'],
  ['GET', '/admin/api/apps', 'admin', 'Source apps (shop connectors)'],
  ['POST', '/admin/api/apps', 'admin', 'Register a source app'],
  ['PUT', '/admin/api/apps/:appId', 'admin', 'Change a source app'],
  // Settings
  ['GET', '/admin/api/settings/mail', 'station-admin', 'Mail settings (never the password)'],
  ['PUT', '/admin/api/settings/mail', 'station-admin', 'Save mail settings'],
  ['DELETE', '/admin/api/settings/mail', 'station-admin', 'Forget the mail settings'],
  ['POST', '/admin/api/settings/mail/test', 'station-admin', 'Send a test mail'],
  ['GET', '/admin/api/settings/network', 'station-admin', 'Browser origins, dashboard host names, proxy settings'],
  ['PUT', '/admin/api/settings/network', 'station-admin', 'Save the network settings'],
  ['GET', '/admin/api/settings/desktop-window', 'station-admin', 'Whether the desktop app’s window is the station’s own or a bench’s'],
  ['PUT', '/admin/api/settings/desktop-window', 'station-admin', 'Make the desktop app’s window a bench’s (or the station’s own)'],
  ['GET', '/admin/api/settings/print-server', 'station-admin', 'The CUPS server the station prints through'],
  ['PUT', '/admin/api/settings/print-server', 'station-admin', 'Set the CUPS server (looks for printers there at once)'],
  ['GET', '/admin/api/settings/retention', 'station-admin', 'How long orders and printed copies are kept'],
  ['PUT', '/admin/api/settings/retention', 'station-admin', 'Save the retention settings'],
  ['POST', '/admin/api/settings/retention/sweep', 'station-admin', 'Sweep now what retention lets go'],
  ['GET', '/admin/api/settings/limits', 'station-admin', 'A 3PL team’s hourly invitation mail budget'],
  ['PUT', '/admin/api/settings/limits', 'station-admin', 'Set the 3PL mail budget (mails past it wait in the outbox)'],
  ['GET', '/admin/api/settings/disk', 'station-admin', 'What the station’s data takes on disk'],
  // Documents
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
  // Links
  ['GET', '/admin/api/links', 'admin', 'Links between order sources'],
  ['GET', '/admin/api/links/:linkId', 'admin', 'One link'],
  ['POST', '/admin/api/links', 'admin', 'Create a link'],
  ['PUT', '/admin/api/links/:linkId', 'admin', 'Change a link'],
  ['DELETE', '/admin/api/links/:linkId', 'admin', 'Delete a link'],
  ['GET', '/admin/api/links/:linkId/errors', 'admin', 'A link’s recent errors'],
  ['POST', '/admin/api/links/:linkId/test', 'admin', 'Test a saved link on a payload'],
  ['POST', '/admin/api/links/test', 'admin', 'Test an unsaved link on a payload'],
  // Printers and routing
  ['GET', '/admin/api/printers', 'viewer', 'The station’s printers'],
  ['POST', '/admin/api/printers', 'station-admin', 'Add a printer by its address (ipp://, ipps://, socket://)'],
  ['POST', '/admin/api/printers/probe', 'station-admin', 'What answers at a printer address, before adding it'],
  ['POST', '/admin/api/printers/refresh', 'operator', 'Look for printers again'],
  ['GET', '/admin/api/printers/time-to-paper', 'viewer', 'Each printer’s time to paper over the last hour (p50, p95, by stage), of the caller’s teams’ jobs'],
  ['GET', '/admin/api/benches', 'viewer', 'The benches, their routing, printers and screens'],
  ['POST', '/admin/api/benches', 'station-admin', 'Add a bench'],
  ['GET', '/admin/api/benches/:id', 'viewer', 'A bench by id or name'],
  ['DELETE', '/admin/api/benches/:id', 'station-admin', 'Remove a bench (its routes and paired screens)'],
  ['PUT', '/admin/api/benches/:id/routes/:tag', 'station-admin', 'Where a tag prints at the bench: printer and tray'],
  ['DELETE', '/admin/api/benches/:id/routes/:tag', 'station-admin', 'A tag prints by the team’s routing again at the bench'],
  ['POST', '/admin/api/benches/:id/pairing-code', 'station-admin', 'A one-use code to pair a screen with the bench (10 minutes)'],
  ['PATCH', '/admin/api/printers/:id', 'station-admin', 'A printer’s name, visibility and defaults'],
  ['DELETE', '/admin/api/printers/:id', 'station-admin', 'Remove a missing printer'],
  ['POST', '/admin/api/printers/:id/test-print', 'operator', 'Print a test page'],
  ['GET', '/admin/api/teams/:teamId/routing', 'viewer', 'A team’s routing'],
  ['GET', '/admin/api/document-tags', 'viewer', 'The document tags the flows of the caller’s teams make, each with its teams'],
  ['PUT', '/admin/api/teams/:teamId/routing/default-printer', 'admin', 'A team’s default printer'],
  ['PUT', '/admin/api/teams/:teamId/routing/tags/:tag', 'admin', 'Route a document tag to a printer and tray'],
  ['DELETE', '/admin/api/teams/:teamId/routing/tags/:tag', 'admin', 'Remove a tag’s route'],
  // Print requests, batches, jobs
  ['GET', '/admin/api/print-batches', 'viewer', 'Print batches, newest first'],
  ['GET', '/admin/api/print-requests', 'viewer', 'Print requests with their batches and refusals'],
  ['GET', '/admin/api/print-batches/:id', 'viewer', 'One print batch with its jobs'],
  ['GET', '/admin/api/print-jobs/:id', 'viewer', 'One print job with its documents'],
  ['GET', '/admin/api/print-jobs/:id/printed', 'viewer', 'Exactly what a job handed to the printer system'],
  ['POST', '/admin/api/print-jobs/:id/reprint', 'operator', 'Print a job again, as a new batch'],
  ['POST', '/admin/api/print-jobs/:id/retry', 'operator', 'Retry a failed job'],
  ['POST', '/admin/api/print-jobs/:id/count-as-printed', 'operator', 'Count a job that may have printed as printed'],
  ['POST', '/admin/api/print-jobs/:id/cancel', 'operator', 'Cancel a job'],
  ['POST', '/admin/api/print-jobs/:id/move', 'operator', 'Move a job to another printer'],
  // Webhooks
  ['GET', '/admin/api/webhooks', 'admin', 'Webhooks'],
  ['POST', '/admin/api/webhooks', 'admin', 'Add a webhook (its signing secret is shown once)'],
  ['PUT', '/admin/api/webhooks/:id', 'admin', 'Change or pause a webhook'],
  ['POST', '/admin/api/webhooks/:id/secret', 'admin', 'Give a webhook a new signing secret'],
  ['DELETE', '/admin/api/webhooks/:id', 'admin', 'Delete a webhook'],
  ['GET', '/admin/api/webhooks/:id/deliveries', 'admin', 'A webhook’s deliveries'],
  ['POST', '/admin/api/webhook-deliveries/:id/retry', 'admin', 'Send a delivery again'],
  // The description of this API
  ['GET', '/admin/api/openapi.json', 'signed-in', 'This API’s description (OpenAPI 3.1)'],
];

export const ADMIN_OPERATIONS: readonly AdminOperation[] = TABLE.map(([method, path, needs, summary]) => ({ method, path, summary, needs }));

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
