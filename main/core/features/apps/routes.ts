import type Router from '@koa/router';
import { z } from 'zod';
import { callerOf } from '../teams/caller';
import { inDashboardTeams, requireDashboardTeam } from '../teams/dashboard-scope';
import type { Db } from '../../foundations/db/open';
import { forbidden, notFound } from '../../foundations/errors';
import { validate } from '../../foundations/validate';
import { isUuid } from '../../foundations/ids';
import { getTeam } from '../teams/store';
import { createSourceApp, listSourceAppViews, setSourceAppState } from './service';
import { findSourceAppInScope } from './store';

const validateQuery = z.object({ appId: z.string({ message: 'appId is required' }).refine(isUuid, 'appId must be a source-app UUID') });

/**
 * One answer for "belongs to another team" and "does not exist": the body must not tell
 * them apart, or the route would let anyone probe for other teams' app ids.
 */
const appNotAccessible = () => forbidden('This API key cannot validate that app');

/** Spec: GET /api/apps/validate. Read-only: looks up, never writes. */
export function appRoutes(router: Router, db: Db): void {
  router.get('/api/apps/validate', (ctx) => {
    const caller = callerOf(ctx);
    const { appId } = validate(validateQuery, { appId: ctx.query.appId }, 'appId must be a source-app UUID');
    // UUIDs are case-insensitive; the station hands them out in lower case.
    const app = findSourceAppInScope(db, appId.toLowerCase(), caller.teamIds);
    if (!app) throw appNotAccessible();
    ctx.body = { valid: app.active === 1 };
  });
}

export const appListQuery = z.object({ teamId: z.string().max(100).optional().transform((id) => id || undefined) });
export const createAppSchema = z.object({ teamId: z.string().min(1).max(100), name: z.string().trim().min(1).max(100) });
export const updateAppSchema = z.object({ name: z.string().trim().min(1).max(100).optional(), active: z.boolean().optional() });

/** Dashboard: register, rename, turn on and off the source apps of the caller's teams. */
export function appAdminRoutes(router: Router, db: Db): void {
  router.get('/admin/api/apps', (ctx) => {
    const { teamId } = validate(appListQuery, ctx.query, 'The app filter is not valid');
    if (teamId && !getTeam(db, teamId)) throw notFound('No team with that id');
    if (teamId) requireDashboardTeam(ctx, teamId);
    ctx.body = inDashboardTeams(ctx, listSourceAppViews(db, teamId), (app) => app.teamId);
  });

  router.post('/admin/api/apps', (ctx) => {
    const { teamId, name } = validate(createAppSchema, ctx.request.body, 'The app is not valid');
    ctx.status = 201;
    ctx.body = createSourceApp(db, requireDashboardTeam(ctx, teamId), name);
  });

  router.put('/admin/api/apps/:appId', (ctx) => {
    const changes = validate(updateAppSchema, ctx.request.body, 'The app is not valid');
    ctx.body = setSourceAppState(db, ctx.params.appId!, changes);
  });
}

/** Source apps' routes: `POST /api/apps/validate`, and the dashboard's list. */
export function mountApps(routers: { api: Router; admin: Router }, db: Db): void {
  appRoutes(routers.api, db);
  appAdminRoutes(routers.admin, db);
}
