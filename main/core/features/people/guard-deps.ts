import type { Context } from 'koa';
import type { Db } from '../../foundations/db/open';
import type { AdminSessions } from '../sessions/sessions';
import { unauthorized } from '../../foundations/errors';
import { dashboardCaller, teamsWithRole, type DashboardCaller } from './dashboard-caller';
import { ownerTeamsOf } from './owners-store';
import { parentTeamIdOf } from '../teams/store';
import type { MemberRole } from '../teams/people-store';

/** What the dashboard's guard (http/admin/guard.ts) asks of people: who calls, their teams per role, whose a thing is. */
export function dashboardGuardDeps(db: Db) {
  return {
    callerOf(ctx: Context): DashboardCaller {
      if (!ctx.state.sessionId) throw unauthorized('Sign in to the dashboard');
      return dashboardCaller(db, ctx.state.sessionId, ctx.state.personId ?? null, ctx.state.bench === true);
    },
    teamsWith: (caller: DashboardCaller, role: MemberRole) => teamsWithRole(db, caller, role),
    ownerTeamsOf: (path: string, params: Record<string, string>, visibleTeams: readonly string[]) => ownerTeamsOf(db, path, params, visibleTeams),
    parentTeamOf: (teamId: string) => parentTeamIdOf(db, teamId),
  };
}

/** Whether a session token is alive and the station admin's (its own, or a person marked station admin, not at a bench). */
export function isStationAdminSession(db: Db, sessions: AdminSessions, token: string): boolean {
  const identity = sessions.touch(token);
  if (!identity) return false;
  try {
    return dashboardCaller(db, identity.sessionId, identity.personId, identity.bench).stationAdmin;
  } catch {
    return false;
  }
}

/**
 * What a live stream of this session may hear now: undefined for every team (a station
 * admin), the teams where the person is at least a viewer, or null when the person may no
 * longer sign in (disabled, gone): the stream then ends.
 */
export function streamScopeOf(db: Db) {
  return (identity: { sessionId: string; personId: string | null; bench: boolean }): readonly string[] | undefined | null => {
    try {
      const caller = dashboardCaller(db, identity.sessionId, identity.personId, identity.bench);
      return caller.stationAdmin ? undefined : teamsWithRole(db, caller, 'viewer');
    } catch {
      return null;
    }
  };
}
