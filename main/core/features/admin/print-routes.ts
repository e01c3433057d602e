import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Db } from '../../foundations/db/open';
import { badRequest } from '../../foundations/errors';
import { validate } from '../../foundations/validate';
import type { PrintingService } from '../printing/requests/service';
import { printRequestSchema } from '../printing/requests/schema';
import { operatorCallerFor } from '../teams/caller';
import { dashboardActor } from '../teams/dashboard-scope';
import { scopedOrder } from '../orders/scoped-order';

export const adminPrintBody = z
  .object({
    orderIds: z.array(z.string().min(1).max(500)).min(1, 'Choose at least one order').max(10_000),
    /** Copies of each job (the print dialog's Copies). */
    copies: z.number().int().min(1, 'At least 1 copy').max(100, 'At most 100 copies').default(1),
  })
  .passthrough();

/**
 * `POST /admin/api/orders/print`: the dashboard prints the orders an operator selected,
 * with the same body as `POST /api/orders/print` (overrides, force, filters…). The orders
 * may belong to several teams; each team's orders are printed as that team, so routing
 * and templates are each team's own. The answer is every batch result, as the API gives.
 * From a screen paired with a bench, the bench's routing applies first.
 */
export function adminPrintRoutes(router: Router, db: Db, printing: PrintingService, benchOf: (ctx: Context) => string | undefined = () => undefined): void {
  router.post('/admin/api/orders/print', async (ctx) => {
    const { orderIds, copies } = validate(adminPrintBody, ctx.request.body ?? {}, 'The print request is not valid');
    const { copies: _copies, ...body } = (ctx.request.body ?? {}) as Record<string, unknown>;
    const request = validate(printRequestSchema, body, 'The print request is not valid');
    // A paired screen's print (a scan at the bench) prints at that bench's printers.
    const bench = benchOf(ctx);
    const byTeam = new Map<string, string[]>();
    for (const idOrKey of orderIds) {
      const order = scopedOrder(db, ctx, idOrKey);
      byTeam.set(order.team_id, [...(byTeam.get(order.team_id) ?? []), order.id]);
    }
    if (byTeam.size === 0) throw badRequest('Choose at least one order');
    const results = [];
    for (const [teamId, ids] of byTeam) {
      results.push(...(await printing.print(operatorCallerFor(db, teamId, dashboardActor(ctx)), { ...request, orderIds: ids }, { strict: request.strict === true, trigger: 'admin', copies, bench })));
    }
    ctx.body = results;
  });
}
