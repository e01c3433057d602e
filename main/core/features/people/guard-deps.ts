import type { Context } from 'koa';
import type { Db } from '../../foundations/db/open';
import type { AdminSessions } from '../sessions/sessions';
import { unauthorized } from '../../foundations/errors';
import { dashboardCaller, teamsWithRole, type DashboardCaller } from './dashboard-caller';
import { ownerTeamsOf } from './owners-store';
import type { MemberRole } from '../teams/users-store';

/** What the dashboard's guard (http/admin/guard.ts) asks of people: who calls, their teams per role, whose a thing is. */
export function dashboardGuardDeps(db: Db) {
  return {
    callerOf(ctx: Context): DashboardCaller {
      if (!ctx.state.sessionId) throw unauthorized('Sign in to the dashboard');
      return dashboardCaller(db, ctx.state.sessionId, ctx.state.personId ?? null, ctx.state.bench === true);
    },
    teamsWith: (caller: DashboardCaller, role: MemberRole) => teamsWithRole(db, caller, role),
    ownerTeamsOf: (path: string, params: Record<string, string>, visibleTeams: readonly string[]) => ownerTeamsOf(db, path, params, visibleTeams),
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
