import type { Actor } from '../../foundations/actor';
import type { Db } from '../../foundations/db/open';
import { unauthorized } from '../../foundations/errors';
import { teamScope } from '../teams/caller';
import { getTeam, listTeamIds } from '../teams/store';
import { MEMBER_ROLES, type MemberRole } from '../teams/people-store';
import { getPerson, membershipsOf } from '../teams/people-store';

/** Who is calling the dashboard: the session, its person and what they hold. */
export interface DashboardCaller {
  sessionId: string;
  /** null: the station admin's own session (the station's login link, the desktop window). */
  personId: string | null;
  stationAdmin: boolean;
  memberships: Array<{ teamId: string; role: MemberRole }>;
  /** Who they are in the activity list and on what they print ("reprinted by Ana"). */
  actor: Actor;
}

/**
 * Reads the caller fresh for each request (a role changed a moment ago counts at once).
 * A session whose person is gone or disabled is refused, even if it survived. A bench
 * session (badge or PIN) has operator rights at most: a team admin's become an operator's,
 * and a station admin is an operator of every team there.
 */
export function dashboardCaller(db: Db, sessionId: string, personId: string | null, bench = false): DashboardCaller {
  if (personId === null) return { sessionId, personId, stationAdmin: true, memberships: [], actor: { kind: 'station-admin', id: null, name: 'Station admin' } };
  const person = getPerson(db, personId);
  if (!person || person.disabled_at) throw unauthorized('This person cannot sign in any more');
  const memberships = membershipsOf(db, personId).map((row) => ({ teamId: row.team_id, role: row.role }));
  const actor: Actor = { kind: 'person', id: person.id, name: person.name };
  if (!bench) return { sessionId, personId, stationAdmin: person.station_admin === 1, memberships, actor };
  const atBench = person.station_admin === 1 ? listTeamIds(db).map((teamId) => ({ teamId, role: 'operator' as const })) : memberships.map((m) => ({ ...m, role: m.role === 'admin' ? ('operator' as const) : m.role }));
  return { sessionId, personId, stationAdmin: false, memberships: atBench, actor };
}

/** Whether `role` is `least` or stronger (admin > operator > viewer). */
export const roleAtLeast = (role: MemberRole, least: MemberRole): boolean => MEMBER_ROLES.indexOf(role) <= MEMBER_ROLES.indexOf(least);

/**
 * The teams where the caller holds `least` or a stronger role, each with a 3PL's merchants
 * (teams/caller.ts's `teamScope`, the rule API keys follow); every team for a station admin.
 */
export function teamsWithRole(db: Db, caller: DashboardCaller, least: MemberRole): string[] {
  if (caller.stationAdmin) return listTeamIds(db);
  const teams = new Set<string>();
  for (const membership of caller.memberships) {
    if (!roleAtLeast(membership.role, least)) continue;
    const team = getTeam(db, membership.teamId);
    if (team) for (const id of teamScope(db, team)) teams.add(id);
  }
  return [...teams];
}
