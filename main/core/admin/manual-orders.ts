import type Router from '@koa/router';
import { z } from 'zod';
import type { Db } from '../db/open';
import { StationError } from '../errors';
import { validate } from '../validate';
import type { OrdersService } from '../orders/service';
import { CSV_FIELDS, csvPreview, csvRowsToOrders } from './csv-import';
import { operatorCallerFor } from '../teams/caller';

const manualBody = z.object({
  teamId: z.string().min(1).max(100),
  sourceId: z.union([z.string(), z.number()]).optional(),
  order: z.looseObject({ orderNumber: z.union([z.string(), z.number()]) }),
});

const csvBody = z.object({
  csv: z.string().max(20 * 1024 * 1024),
  delimiter: z.enum([',', ';', '\t']).optional(),
});

const importBody = csvBody.extend({
  teamId: z.string().min(1).max(100),
  /** Order field (one of CSV_FIELDS) → CSV column header. */
  mapping: z.partialRecord(z.enum(CSV_FIELDS), z.string().max(200)),
});

/**
 * Orders typed in by hand (source `web`) and imported from CSV files (source `csv`): the
 * seed's manual sources. Both go through the same ingestion service as the REST API, so
 * tags, links, documents and automatic printing behave the same.
 */
export function adminManualOrderRoutes(router: Router, db: Db, orders: OrdersService): void {
  router.post('/admin/api/orders/manual', async (ctx) => {
    const body = validate(manualBody, ctx.request.body, 'The order is not valid');
    const caller = operatorCallerFor(db, body.teamId);
    // A hand-typed order is known by its number: typing the same number again updates it.
    const sourceId = body.sourceId ?? body.order.orderNumber;
    ctx.status = 201;
    ctx.body = await orders.ingest(caller, { source: 'web', sourceId, order: body.order });
  });

  router.post('/admin/api/orders/csv/preview', (ctx) => {
    const body = validate(csvBody, ctx.request.body, 'The CSV file could not be read');
    ctx.body = csvPreview(body.csv, body.delimiter);
  });

  router.post('/admin/api/orders/csv/import', async (ctx) => {
    const body = validate(importBody, ctx.request.body, 'The import is not valid');
    const caller = operatorCallerFor(db, body.teamId);
    const { orders: parsed, errors } = csvRowsToOrders(body.csv, body.mapping, body.delimiter);
    const results: { orderNumber: string; rows: number[]; id?: string }[] = [];
    for (const order of parsed) {
      try {
        const created = await orders.ingest(caller, { source: 'csv', sourceId: order.sourceId, order: order.order });
        results.push({ orderNumber: order.order.orderNumber, rows: order.rows, id: created.id });
      } catch (error) {
        if (!(error instanceof StationError)) throw error;
        const details = error.details?.map((detail) => `${detail.path.replace(/^order\./, '')}: ${detail.message}`).join('; ');
        for (const row of order.rows) errors.push({ row, orderNumber: order.order.orderNumber, message: details || error.message });
      }
    }
    errors.sort((a, b) => a.row - b.row);
    ctx.body = { imported: results.length, orders: results, errors };
  });
}
