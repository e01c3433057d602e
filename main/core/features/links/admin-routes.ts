import type Router from '@koa/router';
import { z } from 'zod';
import type { Db } from '../../foundations/db/open';
import { notFound } from '../../foundations/errors';
import { validate } from '../../foundations/validate';
import { orderRequestSchema } from '../orders/schema';
import type { Sandbox } from '../sandbox/sandbox';
import { getTeam } from '../teams/store';
import type { Context } from 'koa';
import { dashboardTeams, requireDashboardTeam } from '../teams/dashboard-scope';
import { expressionInput, runLinks } from './resolve';
import { createLinkSchema, linkErrorsQuerySchema, listLinksQuerySchema, pointValue } from './schema';
import { linkErrorResource, linkResource, type LinksService } from './service';
import { findLinkInScope, linkErrorSummary, listLinkErrors, listLinks, type LinkRow } from './store';
import { listOrderKeys } from '../orders/store';

export const teamIdSchema = z.object({ teamId: z.string().min(1, 'Required').max(100) });
export const testSchema = z.object({ payload: z.unknown() });
export const draftTestSchema = z.object({ teamId: z.string().min(1).max(100), link: z.unknown(), payload: z.unknown() });

/** The dashboard's links API: every team of the station (the session is the station operator's). */
export function linkAdminRoutes(router: Router, db: Db, links: LinksService, sandbox: Sandbox): void {
  const linkOf = (ctx: Context, id: string): LinkRow => {
    const link = findLinkInScope(db, id, dashboardTeams(ctx));
    if (!link) throw notFound('No link with that id');
    return link;
  };
  const teamOf = (ctx: Context, teamId: string): string => {
    if (!getTeam(db, teamId)) throw notFound('No team with that id');
    return requireDashboardTeam(ctx, teamId);
  };

  router.get('/admin/api/links', (ctx) => {
    const query = validate(listLinksQuerySchema, ctx.query, 'The query is not valid');
    const teamIds = query.teamId !== undefined ? [teamOf(ctx, query.teamId)] : dashboardTeams(ctx);
    // With each link its recorded failures, so the list can show which links need a look.
    ctx.body = listLinks(db, teamIds, { source: query.source, target: query.target }).map((row) => ({ ...linkResource(row), errors: linkErrorSummary(db, row.id) }));
  });
  router.get('/admin/api/links/:linkId', (ctx) => {
    ctx.body = linkResource(linkOf(ctx, ctx.params.linkId!));
  });
  router.post('/admin/api/links', async (ctx) => {
    const { teamId } = validate(teamIdSchema, ctx.request.body, 'The link is not valid');
    ctx.body = linkResource(await links.create(teamOf(ctx, teamId), ctx.request.body));
  });
  router.put('/admin/api/links/:linkId', async (ctx) => {
    ctx.body = linkResource(await links.update(linkOf(ctx, ctx.params.linkId!), ctx.request.body));
  });
  router.delete('/admin/api/links/:linkId', (ctx) => {
    ctx.body = links.remove(linkOf(ctx, ctx.params.linkId!));
  });

  /** Recorded failures of a link's condition or resolver, newest first. */
  router.get('/admin/api/links/:linkId/errors', (ctx) => {
    const link = linkOf(ctx, ctx.params.linkId!);
    const { limit } = validate(linkErrorsQuerySchema, ctx.query, 'The query is not valid');
    ctx.body = listLinkErrors(db, { linkId: link.id }, limit).map(linkErrorResource);
  });

  /**
   * Runs a saved link against a sample order body, writing nothing: whether the condition
   * held, the resolved id, the key looked up and the order it would merge into.
   */
  router.post('/admin/api/links/:linkId/test', async (ctx) => {
    const link = linkOf(ctx, ctx.params.linkId!);
    const { payload } = validate(testSchema, ctx.request.body, 'The test is not valid');
    ctx.body = await trial(link, payload);
  });

  /** The same for a link being edited, before it is saved. */
  router.post('/admin/api/links/test', async (ctx) => {
    const body = validate(draftTestSchema, ctx.request.body, 'The test is not valid');
    const draft = validate(createLinkSchema, body.link, 'The link is not valid');
    await links.checkExpression('resolver', draft.resolver);
    if (draft.condition) await links.checkExpression('condition', draft.condition);
    const link: LinkRow = {
      id: 'draft',
      team_id: teamOf(ctx, body.teamId),
      type: draft.type,
      source_type: draft.source.type,
      source_value: pointValue(draft.source),
      target_type: draft.target.type,
      target_value: pointValue(draft.target),
      resolver: draft.resolver,
      condition: draft.condition || null,
      created_at: '',
      updated_at: '',
      heavy_faults: 0,
      suspended_at: null,
      suspended_reason: null,
    };
    ctx.body = await trial(link, body.payload);
  });

  async function trial(link: LinkRow, payload: unknown) {
    const order = validate(orderRequestSchema, payload, 'The sample payload is not a valid order body');
    const [trace] = await runLinks(db, sandbox, link.team_id, [link], expressionInput(payload, order.source, order.sourceId));
    const { linkId: _linkId, mergeInto, ...rest } = trace!;
    return {
      sourceMatches: order.source === link.source_value,
      ...rest,
      mergeInto: mergeInto ? { id: mergeInto, orderKeys: listOrderKeys(db, mergeInto) } : null,
    };
  }
}
