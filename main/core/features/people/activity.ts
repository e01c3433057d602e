import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import { z } from 'zod';
import type { Db } from '../../foundations/db/open';
import { nowIso } from '../../foundations/ids';
import { validate } from '../../foundations/validate';
import { dashboardTeamFilter, requireDashboardTeam } from '../teams/dashboard-scope';
import type { Caller } from '../teams/caller';
import { insertActivity, listActivity, type ActivityRow } from './activity-store';

/**
 * Records who did what: every dashboard change (any operation but a read) that succeeded,
 * with the person who made it (or "Station admin"), the operation's words in the table of
 * operations, the things its path named and the team they belong to. One middleware on the
 * dashboard's router, after the guard (which says who calls and what team the thing is
 * of); a route does nothing for it. A team named in the body (a key, a webhook) counts when
 * the path names none, and only a team the caller may act on: anything else (another
 * team's id, a made-up one) is recorded as the station's, never written into another team's list.
 */
export function recordActivity(db: Db) {
  return async (ctx: Context, next: Next): Promise<void> => {
    await next();
    const operation = ctx.state.operation;
    const actor = ctx.state.actor;
    if (!operation || !actor || ctx.method === 'GET' || ctx.method === 'HEAD' || ctx.status >= 400) return;
    const bodyTeam = (ctx.request.body as { teamId?: unknown } | undefined)?.teamId;
    const namedTeam = typeof bodyTeam === 'string' && (ctx.state.teamScope ?? []).includes(bodyTeam) ? bodyTeam : null;
    insertActivity(db, {
      at: nowIso(),
      team_id: operation.ownerTeam ?? namedTeam,
      actor_kind: actor.kind,
      actor_id: actor.id,
      actor_name: actor.name,
      action: operation.summary,
      operation: `${ctx.method} ${operation.path}`,
      subject: JSON.stringify(ctx.params ?? {}),
      status: ctx.status,
    });
  };
}

/**
 * The changes an API key makes that an admin would look for (a 3PL's integration creating a
 * merchant, a link changed), in the same activity list, by the key's name. Orders and print
 * requests are not listed here: their own history and batches name the key, and an
 * integration posts thousands of them.
 */
const API_CHANGES: Record<string, string> = {
  'POST /api/teams/merchants': 'Create a merchant',
  'PUT /api/teams/merchants/:merchantTeamId': 'Change a merchant',
  'POST /api/teams/merchants/:merchantTeamId/invitations': 'Invite to a merchant',
  'POST /api/teams/merchants/:merchantTeamId/go-live': 'Take a merchant live',
  'POST /api/links': 'Create a link',
  'PUT /api/links/:linkId': 'Change a link',
  'DELETE /api/links/:linkId': 'Delete a link',
};

/** Records an API key's successful change (API_CHANGES) as who did what; one middleware on the API's router. */
export function recordApiActivity(db: Db) {
  return async (ctx: Context, next: Next): Promise<void> => {
    await next();
    const caller = ctx.state.caller as Caller | undefined;
    const operation = `${ctx.method} ${(ctx as Context & { _matchedRoute?: string })._matchedRoute ?? ''}`;
    const action = API_CHANGES[operation];
    if (!caller || !action || ctx.status >= 400) return;
    const params = (ctx.params ?? {}) as Record<string, string>;
    // What a create made: its id (a link's), or its team's (a merchant's answer is {team, …}).
    const answer = ctx.body as { id?: unknown; team?: { id?: unknown } } | undefined;
    const created = answer?.id ?? answer?.team?.id;
    insertActivity(db, {
      at: nowIso(),
      team_id: caller.team.id,
      actor_kind: caller.actor.kind,
      actor_id: caller.actor.id,
      actor_name: caller.actor.name,
      action,
      operation,
      subject: JSON.stringify(typeof created === 'string' && !Object.keys(params).length ? { id: created } : params),
      status: ctx.status,
    });
  };
}

export const activityQuery = z.object({
  person: z.string().max(100).optional().describe('Only what this person (or API key) did: their id'),
  teamId: z.string().max(100).optional(),
  before: z.coerce.number().int().min(1).optional().describe('The id of the last entry of the previous page'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const entryView = (row: ActivityRow) => ({
  id: row.id,
  at: row.at,
  teamId: row.team_id,
  by: { kind: row.actor_kind, id: row.actor_id, name: row.actor_name },
  action: row.action,
  operation: row.operation,
  subject: JSON.parse(row.subject) as Record<string, string>,
});

/** `GET /admin/api/activity`: who did what, newest first, in the caller's teams. */
export function activityRoutes(router: Router, db: Db): void {
  router.get('/admin/api/activity', (ctx) => {
    const query = validate(activityQuery, Object.fromEntries(Object.entries(ctx.query).filter(([, value]) => value !== '')), 'The activity filter is not valid');
    const teams = dashboardTeamFilter(ctx);
    // A team outside the caller's is not found, as everywhere else (not an empty list).
    if (query.teamId !== undefined) requireDashboardTeam(ctx, query.teamId);
    ctx.body = listActivity(db, { teams: teams ? JSON.stringify(teams) : null, actorId: query.person, teamId: query.teamId, before: query.before, limit: query.limit }).map(entryView);
  });
}

export const activityAnswer = z.strictObject({
  id: z.number().int(),
  at: z.string(),
  teamId: z.string().nullable(),
  by: z.strictObject({ kind: z.enum(['person', 'station-admin', 'key', 'station']), id: z.string().nullable(), name: z.string() }),
  action: z.string(),
  operation: z.string(),
  subject: z.record(z.string(), z.string()),
});
