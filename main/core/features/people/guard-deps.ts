import type { Context } from 'koa';
import type { Db } from '../../foundations/db/open';
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
