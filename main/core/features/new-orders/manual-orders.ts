import { dashboardActor, inDashboardScope, requireDashboardTeam } from '../teams/dashboard-scope';
import type Router from '@koa/router';
import { z } from 'zod';
import type { Db } from '../../foundations/db/open';
import { conflict, notFound } from '../../foundations/errors';
import type { StationEvents } from '../../foundations/events';
import { validate } from '../../foundations/validate';
import type { OrdersService } from '../orders/service';
import { CSV_FIELDS, csvPreview } from './csv-import';
import { importPlan } from './csv-import-run';
import { planCsvImport } from './csv-orders';
import { operatorCallerFor } from '../teams/caller';

export const manualBody = z.object({
  teamId: z.string().min(1).max(100),
  sourceId: z.union([z.string(), z.number()]).optional(),
  order: z.looseObject({ orderNumber: z.union([z.string(), z.number()]) }),
});

/**
 * The largest CSV file the import takes: about 10,000 Shopify orders. Its JSON body is
 * parsed on the event loop in one step (about 20 ms at this size); a larger export is split
 * or exported by date range.
 */
export const CSV_MAX_CHARS = 8 * 1024 * 1024;
/** The body of a CSV route: the file, JSON-escaped (quotes double up), and the mapping. */
export const CSV_BODY_LIMIT_BYTES = 10 * 1024 * 1024;
export const isCsvRoute = (path: string) => path.startsWith('/admin/api/orders/csv/');

export const csvBody = z.object({
  csv: z.string().max(CSV_MAX_CHARS, 'The file is larger than 8 MB: export a shorter date range, or split the file'),
  delimiter: z.enum([',', ';', '\t']).optional(),
});

export const importBody = csvBody.extend({
  teamId: z.string().min(1).max(100),
  /** Order field (one of CSV_FIELDS) → CSV column header. */
  mapping: z.partialRecord(z.enum(CSV_FIELDS), z.string().max(200)),
  /** Say what the import would do and write nothing. */
  dryRun: z.boolean().optional(),
  /** Let the imported orders print automatically, as the team's flow says; default no. */
  print: z.boolean().default(false),
  /** The client's id for this import: its progress comes as `import` events, and `…/csv/imports/{importId}/cancel` stops it. */
  importId: z.uuid().optional(),
});

/**
 * Orders typed in by hand (source `web`) and imported from CSV files (source `csv`): the
 * seed's manual sources. Both go through the same ingestion service as the REST API, so
 * tags, links, documents and automatic printing behave the same.
 */
export function adminManualOrderRoutes(router: Router, db: Db, orders: OrdersService, events: StationEvents): void {
  /** Imports running now, by their client's id: cancelling sets the flag the import reads before each order. */
  const running = new Map<string, { cancelled: boolean; teamId: string }>();
  router.post('/admin/api/orders/manual', async (ctx) => {
    const body = validate(manualBody, ctx.request.body, 'The order is not valid');
    const caller = operatorCallerFor(db, requireDashboardTeam(ctx, body.teamId), dashboardActor(ctx));
    // A hand-typed order is known by its number: typing the same number again updates it.
    const sourceId = body.sourceId ?? body.order.orderNumber;
    ctx.status = 201;
    ctx.body = await orders.ingest(caller, { source: 'web', sourceId, order: body.order });
  });

  router.post('/admin/api/orders/csv/preview', async (ctx) => {
    const body = validate(csvBody, ctx.request.body, 'The CSV file could not be read');
    ctx.body = await csvPreview(body.csv, body.delimiter);
  });

  // One route for the preview (dryRun) and the import: both read the file the same way.
  router.post('/admin/api/orders/csv/import', async (ctx) => {
    const body = validate(importBody, ctx.request.body, 'The import is not valid');
    const caller = operatorCallerFor(db, requireDashboardTeam(ctx, body.teamId), dashboardActor(ctx));
    const importId = body.importId;
    if (importId && running.has(importId)) throw conflict('An import with that id is running');
    // Known as running from the moment it is asked for: Cancel pressed while the file is still
    // being read (seconds, for 10,000 orders) stops it before its first order.
    const state = { cancelled: false, teamId: caller.team.id };
    if (importId) running.set(importId, state);
    try {
      const plan = await planCsvImport(body.csv, body.mapping, body.delimiter);
      ctx.body = await importPlan(db, orders, caller, plan, body.dryRun ?? false, {
        print: body.print,
        cancelled: () => state.cancelled,
        onProgress: importId ? (progress) => events.emit('import', { importId, teamId: caller.team.id, ...progress }) : undefined,
      });
    } finally {
      if (importId) running.delete(importId);
    }
  });

  /** Stops a running import between two orders; the import's own answer lists what was written. 404 when none runs with that id. */
  router.post('/admin/api/orders/csv/imports/:importId/cancel', (ctx) => {
    const state = running.get(ctx.params.importId!);
    // Another team's import is none of this caller's: the same 404 as none at all.
    if (!state || !inDashboardScope(ctx, state.teamId)) throw notFound('No import with that id is running');
    state.cancelled = true;
    ctx.body = { cancelling: true };
  });
}
