import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Db } from '../../foundations/db/open';
import { validate } from '../../foundations/validate';
import type { DocumentsApi } from '../documents/contract';
import { scopedOrder } from '../orders/scoped-order';
import { printRequestSchema } from '../printing/requests/schema';
import type { PrintingService } from '../printing/requests/service';
import { operatorCallerFor } from '../teams/caller';
import { dashboardActor, dashboardTeamFilter } from '../teams/dashboard-scope';
import { orderDetail } from './order-detail-store';
import { listOrderSummaries } from './orders-query-store';
import { scannedOrder } from './scanned-code';

/** Orders a scan's code is looked for among (the order list's search): more than one is "pick one". */
const SCAN_CANDIDATES = 50;

export const scanBody = z.strictObject({
  code: z.string().trim().min(1, 'A scanned or typed order number or key').max(200, 'At most 200 characters'),
  reprint: z.boolean().default(false).describe('Print it even when it was printed before (the operator answered "print again")'),
  name: z.string().trim().min(1).max(200).regex(/\S/, 'Must not be blank').optional().describe('The batch’s name on the Batches page; default "<order number> scanned"'),
});

/**
 * `POST /admin/api/orders/scan`: a scan at the bench in one round trip. The station finds
 * the order the code means (as the order list's search, then the one exact number), decides
 * whether it was printed before, prints it at the screen's bench if not (or when `reprint`),
 * and answers everything the bench screen shows: the outcome, the order with its detail and
 * documents, the batches. Before, each scan was three calls and three more as the page
 * refreshed; with fifty screens, each call is the floor's cost.
 */
export function adminScanRoutes(router: Router, deps: { db: Db; printing: PrintingService; documents: Pick<DocumentsApi, 'listForOrder'>; benchOf: (ctx: Context) => string | undefined }): void {
  const { db } = deps;
  router.post('/admin/api/orders/scan', async (ctx) => {
    const { code, reprint, name } = validate(scanBody, ctx.request.body ?? {}, 'The scan is not valid');
    const found = listOrderSummaries(db, { q: code.replace(/^#/, ''), teamIds: dashboardTeamFilter(ctx) }, 0, SCAN_CANDIDATES);
    const match = scannedOrder(code, found.orders);
    const nothing = { code, total: found.total, totalCapped: found.totalCapped, order: null, detail: null, documents: [], results: [] };
    if (!match) {
      ctx.body = { outcome: found.orders.length > 0 ? 'several' : 'none', ...nothing };
      return;
    }
    const row = scopedOrder(db, ctx, match.id);
    const before = orderDetail(db, row);
    const printedBefore = before.printing.timesPrinted > 0 || before.printing.open.length > 0;
    if (printedBefore && !reprint) {
      ctx.body = { ...nothing, outcome: 'printedBefore', order: match, detail: before, documents: deps.documents.listForOrder(row.id) };
      return;
    }
    const request = validate(printRequestSchema, { orderIds: [row.id], name: name ?? `${match.orderNumber} scanned` }, 'The scan is not valid');
    const results = await deps.printing.print(operatorCallerFor(db, row.team_id, dashboardActor(ctx)), request, { strict: false, trigger: 'admin', copies: 1, bench: deps.benchOf(ctx) });
    // As the screen shows it now: its batch on the way.
    ctx.body = { ...nothing, outcome: 'printing', order: match, detail: orderDetail(db, scopedOrder(db, ctx, row.id)), documents: deps.documents.listForOrder(row.id), results };
  });
}
