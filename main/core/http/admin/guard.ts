import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import { forbidden, notFound } from '../../foundations/errors';
import type { DashboardCaller } from '../../features/people/dashboard-caller';
import { adminOperation, tableDifferences, type AdminOperation } from './operations';

/** What the guard needs of the people room: who is calling, the teams they hold a role in, and the team a thing belongs to. */
export interface GuardDeps {
  callerOf(ctx: Context): DashboardCaller;
  /** The teams where the caller holds `role` or a stronger one, with a 3PL's merchants (every team for a station admin). */
  teamsWith(caller: DashboardCaller, role: 'admin' | 'operator' | 'viewer'): string[];
  /**
   * The teams of the things a request's path names (a team, a template, a job, an order
   * looked up in `visibleTeams`…), `null` for one that does not exist.
   */
  ownerTeamsOf(path: string, params: Record<string, string>, visibleTeams: readonly string[]): Array<string | null>;
  /** The 3PL team a merchant belongs to (null for a team that is no merchant). */
  parentTeamOf(teamId: string): string | null;
}

/**
 * The one check of who may call a dashboard operation. The operation `router` routes the
 * request to (its first route for the path and method: the one that answers) is read from
 * the table (http/admin/operations.ts), and its `needs` decides:
 * - a station admin may call anything, on every team;
 * - a team role (`viewer` < `operator` < `admin`) must be held in some team, else 403; the
 *   request's scope (`ctx.state.teamScope`) is the teams where it is held, and a thing the
 *   path names must belong to one of them: 404 when the caller cannot see it at all, 403
 *   when they can see it but not do this to it;
 * - `3pl-admin`: the thing's team must be a merchant whose 3PL the caller is an admin of
 *   (404 when they cannot see it, 403 when they can: its own admin, say);
 * - `station-admin` is for the station admin only (403).
 * An operation missing from the table is a 500 (start-up refuses such a station, so none is
 * served). A path no route takes passes on to the router's own 404 or 405.
 */
export function adminOperationGuard(router: () => Router, deps?: GuardDeps) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const route = router()
      .match(ctx.path, ctx.method)
      .pathAndMethod.find((layer) => layer.methods.length > 0);
    if (!route) return next();
    const path = String(route.path);
    const operation = adminOperation(ctx.method, path);
    if (!operation) throw new Error(`the dashboard operation ${ctx.method} ${path} is not in the table of operations (http/admin/operations.ts)`);
    if (operation.needs !== 'public') {
      if (!deps) throw new Error('a signed-in dashboard operation needs the guard of the signed-in router');
      const { teams, everyTeam, caller, owners } = authorise(ctx, operation, path, route.params(ctx.path, route.captures(ctx.path), {}), deps);
      ctx.state.teamScope = teams;
      ctx.state.everyTeam = everyTeam;
      ctx.state.operation = { summary: operation.summary, path, ownerTeam: owners.at(-1) ?? null };
      // Who the operation's writes (a print batch, a history note, the activity list) name.
      ctx.state.actor = caller.actor;
    }
    await next();
  };
}

interface Authorised {
  teams: readonly string[];
  everyTeam: boolean;
  caller: DashboardCaller;
  /** The teams of the things the path names (checked against the scope unless a station admin calls). */
  owners: Array<string | null>;
}

function authorise(ctx: Context, operation: AdminOperation, path: string, params: Record<string, string>, deps: GuardDeps): Authorised {
  const caller = deps.callerOf(ctx);
  const visible = deps.teamsWith(caller, 'viewer');
  // Whose the path's things are: checked for a team role; otherwise wanted only by a change's activity entry, not by a read.
  const ownersForActivity = () => (ctx.method === 'GET' || ctx.method === 'HEAD' ? [] : deps.ownerTeamsOf(path, params, visible));
  if (caller.stationAdmin) return { teams: visible, everyTeam: true, caller, owners: ownersForActivity() };
  if (operation.needs === 'signed-in') return { teams: visible, everyTeam: false, caller, owners: ownersForActivity() };
  const owners = deps.ownerTeamsOf(path, params, visible);
  if (operation.needs === 'station-admin') throw forbidden('This needs the station admin');
  if (operation.needs === '3pl-admin') return asThreePlAdmin(caller, owners, visible, deps);
  const role = operation.needs as Exclude<AdminOperation['needs'], 'public' | 'signed-in' | 'station-admin' | '3pl-admin'>;
  const scope = deps.teamsWith(caller, role);
  if (scope.length === 0) throw forbidden(`This needs the role ${role} (or a stronger one) in a team`);
  for (const owner of owners) {
    if (owner === null || !visible.includes(owner)) throw notFound('Not found in your teams');
    if (!scope.includes(owner)) throw forbidden(`This needs the role ${role} (or a stronger one) in that team`);
  }
  return { teams: scope, everyTeam: false, caller, owners };
}

/** A 3PL's decision about its merchant: an admin of that 3PL (a merchant's own admin is refused). */
function asThreePlAdmin(caller: DashboardCaller, owners: Array<string | null>, visible: readonly string[], deps: GuardDeps): Authorised {
  const adminOf = deps.teamsWith(caller, 'admin');
  for (const owner of owners) {
    if (owner === null || !visible.includes(owner)) throw notFound('Not found in your teams');
    const parent = deps.parentTeamOf(owner);
    if (parent === null || !adminOf.includes(parent)) throw forbidden('This needs an admin of the merchant’s 3PL team (or the station admin)');
  }
  return { teams: adminOf, everyTeam: false, caller, owners };
}

/** Each route of the routers under `/admin/api`, as `[method, path]` (HEAD is GET's). */
export function adminRoutesOf(routers: Router[]): Array<[string, string]> {
  return routers.flatMap((router) =>
    router.stack.flatMap((layer) => {
      const path = String(layer.path);
      if (layer.methods.length === 0 || !path.startsWith('/admin/api')) return [];
      return layer.methods.filter((method) => method !== 'HEAD').map((method): [string, string] => [method, path]);
    }),
  );
}

/** Start-up: the routers hold exactly the operations the table describes, or the station does not start. */
export function assertAdminTableMatches(routers: Router[]): void {
  const { undescribed, unrouted } = tableDifferences(adminRoutesOf(routers));
  if (undescribed.length || unrouted.length) {
    throw new Error(
      `The table of dashboard operations (http/admin/operations.ts) does not match the routes: ${[
        ...undescribed.map((entry) => `routed but not described: ${entry}`),
        ...unrouted.map((entry) => `described but not routed: ${entry}`),
      ].join('; ')}`,
    );
  }
}
