import type Router from '@koa/router';
import { callerOf } from '../teams/caller';
import { canAccessTeam, type Caller } from '../teams/caller';
import type { Db } from '../../foundations/db/open';
import { notFound } from '../../foundations/errors';
import { validate } from '../../foundations/validate';
import { linkErrorsQuerySchema, listLinksQuerySchema } from './schema';
import { linkErrorResource, linkResource, type LinksService } from './service';
import { findLinkInScope, listLinkErrors, listLinks, type LinkRow } from './store';

function linkOf(db: Db, caller: Caller, id: string): LinkRow {
  const link = findLinkInScope(db, id, caller.teamIds);
  if (!link) throw notFound('No link with that id');
  return link;
}

/** `/api/links`: per team; a 3PL key also sees and manages its merchants' links. */
export function linkRoutes(router: Router, db: Db, links: LinksService): void {
  router.get('/api/links', (ctx) => {
    const caller = callerOf(ctx);
    const query = validate(listLinksQuerySchema, ctx.query, 'The query is not valid');
    if (query.teamId !== undefined && !canAccessTeam(caller, query.teamId)) throw notFound('No team with that id in scope');
    const teamIds = query.teamId !== undefined ? [query.teamId] : caller.teamIds;
    // App UUIDs are stored lower case; manual sources and custom keys match exactly.
    const norm = (value: string | undefined) => (value !== undefined && /^[0-9a-f-]{36}$/i.test(value) ? value.toLowerCase() : value);
    ctx.body = listLinks(db, teamIds, { source: norm(query.source), target: norm(query.target) }).map(linkResource);
  });

  router.get('/api/links/:linkId', (ctx) => {
    ctx.body = linkResource(linkOf(db, callerOf(ctx), ctx.params.linkId!));
  });

  // 200, not 201: the contract gives "Response status 200 for link requests".
  router.post('/api/links', async (ctx) => {
    const caller = callerOf(ctx);
    const body = (ctx.request.body ?? {}) as { targetTeamId?: string | null };
    const teamId = links.owningTeamId(caller, typeof body === 'object' && body !== null ? body.targetTeamId : undefined);
    ctx.body = linkResource(await links.create(teamId, body));
  });

  router.put('/api/links/:linkId', async (ctx) => {
    const caller = callerOf(ctx);
    const link = linkOf(db, caller, ctx.params.linkId!);
    ctx.body = linkResource(await links.update(link, ctx.request.body, (targetTeamId) => links.owningTeamId(caller, targetTeamId)));
  });

  /** Why the link did not merge recent orders (an extension: integrators debug their resolvers). */
  router.get('/api/links/:linkId/errors', (ctx) => {
    const link = linkOf(db, callerOf(ctx), ctx.params.linkId!);
    const { limit } = validate(linkErrorsQuerySchema, ctx.query, 'The query is not valid');
    ctx.body = listLinkErrors(db, { linkId: link.id }, limit).map(linkErrorResource);
  });

  router.delete('/api/links/:linkId', (ctx) => {
    ctx.body = links.remove(linkOf(db, callerOf(ctx), ctx.params.linkId!));
  });
}
