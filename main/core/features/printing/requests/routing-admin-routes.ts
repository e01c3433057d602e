import type Router from '@koa/router';
import { z } from 'zod';
import type { Db } from '../../../foundations/db/open';
import { badRequest, notFound, StationError } from '../../../foundations/errors';
import { nowIso } from '../../../foundations/ids';
import { validate } from '../../../foundations/validate';
import type { DocumentsApi } from '../../documents/contract';
import { matchPaperSize } from '../../printers/paper-sizes';
import type { PrintersService } from '../../printers/service';
import type { Printer } from '../../printers/store';
import { dashboardTeamFilter } from '../../teams/dashboard-scope';
import { getTeam, listTeams } from '../../teams/store';
import { routablePrinter } from './routable-printer';
import { deleteTagRoute, listTagRoutes, setTeamDefaultPrinter, teamDefaultPrinterId, upsertTagRoute } from './routing-store';

export const routeBody = z.strictObject({
  printerId: z.string().min(1).max(200).nullable().default(null),
  /** The pool after `printerId`, in order (ids or queue names). */
  fallbackPrinterIds: z.array(z.string().min(1).max(200)).max(5, 'At most 5 printers to fall back on').default([]),
  tray: z.string().min(1).max(200).nullable().default(null),
  template: z.string().min(1).max(200).nullable().default(null),
  /** Saves a rule whose printer cannot print every document of its tag (409 `route_cannot_print` otherwise). */
  saveAnyway: z.boolean().default(false),
});

export const defaultPrinterBody = z.strictObject({ printerId: z.string().min(1).max(200).nullable() });

/** Why `printer` cannot print some of the templates a tag prints: a paper it does not have (and does not fit to page). */
function routeProblems(printer: Printer, templates: ReturnType<DocumentsApi['templatesForTag']>): { path: string; message: string }[] {
  return templates
    // ZPL sets its own label size: the paper list does not apply.
    .filter((template) => template.kind === 'html' && !printer.acceptsCustomPaper && !printer.fitToPage && !matchPaperSize(printer.paperSizes, template.paper))
    .map((template) => ({
      path: 'printerId',
      message: `"${template.name}" is ${template.paper.name} (${template.paper.widthMm}×${template.paper.heightMm} mm), and the printer has no such paper (papers: ${printer.paperSizes.map((size) => size.name).join(', ') || 'none'})`,
    }));
}

/** The Routing page of a team: its default printer and a rule per tag (printer, pool, tray, template). */
export function routingAdminRoutes(router: Router, deps: { db: Db; printers: PrintersService; documents: () => DocumentsApi }): void {
  const { db, printers } = deps;
  const teamOr404 = (teamId: string) => {
    const team = getTeam(db, teamId);
    if (!team) throw notFound('No team with that id');
    return team;
  };

  // What a route's tag can be: the tags the flows of the caller's teams make (Routing, Benches).
  router.get('/admin/api/document-tags', (ctx) => {
    const scope = dashboardTeamFilter(ctx);
    const teams = listTeams(db).filter((team) => !scope || scope.includes(team.id));
    const byTag = new Map<string, { id: string; name: string }[]>();
    for (const team of teams) {
      for (const tag of deps.documents().flowTags(team.id)) byTag.set(tag, [...(byTag.get(tag) ?? []), { id: team.id, name: team.name }]);
    }
    ctx.body = [...byTag].sort(([a], [b]) => a.localeCompare(b)).map(([tag, withTag]) => ({ tag, teams: withTag }));
  });

  router.get('/admin/api/teams/:teamId/routing', (ctx) => {
    const team = teamOr404(ctx.params.teamId!);
    const defaultId = teamDefaultPrinterId(db, team.id);
    ctx.body = {
      teamId: team.id,
      defaultPrinterId: defaultId ?? null,
      effectiveDefaultPrinterId: (defaultId && printers.find(defaultId)?.id) || printers.stationDefault().id,
      routes: listTagRoutes(db, team.id),
    };
  });
  router.put('/admin/api/teams/:teamId/routing/default-printer', (ctx) => {
    const team = teamOr404(ctx.params.teamId!);
    const body = validate(defaultPrinterBody, ctx.request.body, 'The default printer is not valid');
    setTeamDefaultPrinter(db, team.id, routablePrinter(printers, body.printerId)?.id ?? null, nowIso());
    ctx.body = { teamId: team.id, defaultPrinterId: teamDefaultPrinterId(db, team.id) ?? null };
  });
  router.put('/admin/api/teams/:teamId/routing/tags/:tag', (ctx) => {
    const team = teamOr404(ctx.params.teamId!);
    const body = validate(routeBody, ctx.request.body, 'The routing rule is not valid');
    const printer = routablePrinter(printers, body.printerId);
    if (printer && body.tray && !printer.trays.includes(body.tray)) {
      throw badRequest("The tray is not one of the printer's trays", [{ path: 'tray', message: `Trays: ${printer.trays.join(', ') || 'none'}` }]);
    }
    if (body.fallbackPrinterIds.length && !printer) throw badRequest('A pool needs its first printer', [{ path: 'printerId', message: 'Name the printer to try first' }]);
    // A pool shares the tray the route asks for: a member without it would print from the wrong paper.
    const fallbacks = body.fallbackPrinterIds.map((id, index) => {
      const path = `fallbackPrinterIds.${index}`;
      const fallback = routablePrinter(printers, id, path)!;
      if (fallback.id === printer!.id) throw badRequest('The first printer is already in the pool', [{ path, message: 'Same as printerId' }]);
      if (body.tray && !fallback.trays.includes(body.tray)) {
        throw badRequest(`The printer "${fallback.name}" has no tray "${body.tray}": a pool's printers must take the route's tray`, [{ path, message: `Trays: ${fallback.trays.join(', ') || 'none'}` }]);
      }
      return fallback.id;
    });
    if (new Set(fallbacks).size !== fallbacks.length) throw badRequest('A printer is named twice in the pool', [{ path: 'fallbackPrinterIds', message: 'Each printer once' }]);
    const tag = ctx.params.tag!.trim();
    // The first scan should not be where an admin learns that the printer has no A6 paper.
    const problems = printer ? routeProblems(printer, deps.documents().templatesForTag(team.id, tag)) : [];
    if (problems.length && !body.saveAnyway) {
      throw new StationError(
        'conflict',
        'route_cannot_print',
        `${printer!.nickname ?? printer!.name} cannot print every document tagged "${tag}": ${problems.map((problem) => problem.message).join('; ')}. Choose another printer, or save anyway (saveAnyway: true)`,
        problems,
      );
    }
    upsertTagRoute(db, team.id, { tag, printerId: printer?.id ?? null, fallbackPrinterIds: fallbacks, tray: body.tray, template: body.template }, nowIso());
    ctx.body = { ...listTagRoutes(db, team.id).find((route) => route.tag === tag), warnings: problems };
  });
  router.delete('/admin/api/teams/:teamId/routing/tags/:tag', (ctx) => {
    const team = teamOr404(ctx.params.teamId!);
    if (!deleteTagRoute(db, team.id, ctx.params.tag!)) throw notFound('No routing rule for that tag');
    ctx.body = { success: true };
  });
}
