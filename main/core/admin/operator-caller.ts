import type { Caller } from '../auth/scope';
import type { Db } from '../db/open';
import { notFound } from '../errors';
import { getTeam, listMerchantIds } from '../teams/store';

/**
 * The dashboard acts for the station operator; team-scoped services take a caller. This
 * one is the team itself (with its merchants, for a 3PL), exactly as its own key would be.
 */
export function operatorCallerFor(db: Db, teamId: string): Caller {
  const team = getTeam(db, teamId);
  if (!team) throw notFound(`No team ${teamId}`);
  return { keyId: 'dashboard', team, teamIds: team.type === 'three_pl' ? [team.id, ...listMerchantIds(db, team.id)] : [team.id] };
}
