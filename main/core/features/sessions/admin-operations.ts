import { adminOperations } from '../../foundations/admin-operation';

/** The dashboard operations of this room: Sessions: signing out, one's live sessions, and how long a session lasts idle (session-routes.ts). */
export const SESSION_OPERATIONS = adminOperations([
  ['DELETE', '/admin/api/session', 'signed-in', 'Sign out: revoke this session'],
  ['GET', '/admin/api/sessions', 'signed-in', 'The live sessions, newest first'],
  ['DELETE', '/admin/api/sessions/:id', 'signed-in', 'Sign a session out'],
  ['GET', '/admin/api/settings/sessions', 'station-admin', 'How long a session lasts idle'],
  ['PUT', '/admin/api/settings/sessions', 'station-admin', 'Set how long a session lasts idle'],
]);
