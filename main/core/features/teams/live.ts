import type { TeamRow } from './store';

/**
 * Whether new orders of this team may print automatically. A merchant in `onboarding`
 * ingests and renders but never auto-prints (manual printing still works); `live` teams
 * auto-print. Standard and 3PL teams are created `live`, so they always auto-print.
 */
export function autoPrintAllowed(team: Pick<TeamRow, 'status'>): boolean {
  return team.status === 'live';
}
