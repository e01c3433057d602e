import { adminOperations } from '../../foundations/admin-operation';

/** The dashboard operations of this room: Teams, 3PL merchants and their onboarding, shop profiles, invitations, and a 3PL's mail budget (admin-routes.ts, rate-limits.ts). */
export const TEAM_OPERATIONS = adminOperations([
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
  ['GET', '/admin/api/settings/limits', 'station-admin', 'A 3PL team’s hourly invitation mail budget'],
  ['PUT', '/admin/api/settings/limits', 'station-admin', 'Set the 3PL mail budget (mails past it wait in the outbox)'],
]);
