import type Router from '@koa/router';
import { z } from 'zod';
import type { Db } from '../../foundations/db/open';
import type { StationEvents } from '../../foundations/events';
import { validate } from '../../foundations/validate';
import { nowIso } from '../../foundations/ids';
import { listStatusHistory, setOrderStatus } from '../orders/store';
import { orderDetail, orderFacets } from './order-detail-store';
import { listOrderSummaries } from './orders-query-store';
import { dashboardActor, dashboardTeamFilter } from '../teams/dashboard-scope';
import { scopedOrder } from '../orders/scoped-order';
import { StationError } from '../../foundations/errors';
import { findBench } from '../printing/benches/store';

export const listQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(['ready', 'printed', 'ignored']).optional(),
  tag: z.string().max(100).optional(),
  source: z.string().max(100).optional(),
  team: z.string().max(100).optional(),
  /** A bench's id or name: only the orders printed at it. */
  bench: z.string().max(200).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const emptyToUndefined = (query: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '' && value !== undefined));



/** The order list, detail, and ignore/restore for the dashboard. */
export function adminOrderRoutes(router: Router, db: Db, events: StationEvents): void {
  router.get('/admin/api/orders', (ctx) => {
    const query = validate(listQuery, emptyToUndefined(ctx.query), 'The order filter is not valid');
    const bench = query.bench === undefined ? undefined : findBench(db, query.bench);
    if (query.bench !== undefined && !bench) {
      throw new StationError('invalid', 'bench_not_found', `No bench "${query.bench}" on this station`, [{ path: 'bench', message: 'Give a bench id or name (GET /admin/api/benches)' }]);
    }
    ctx.body = listOrderSummaries(
      db,
      { q: query.q || undefined, status: query.status, tag: query.tag, source: query.source, teamId: query.team, benchId: bench?.id, teamIds: dashboardTeamFilter(ctx) },
      query.offset,
      query.limit,
    );
  });

  router.get('/admin/api/orders/facets', (ctx) => {
    ctx.body = orderFacets(db, dashboardTeamFilter(ctx));
  });

  router.get('/admin/api/orders/:idOrKey', (ctx) => {
    ctx.body = orderDetail(db, scopedOrder(db, ctx, ctx.params.idOrKey!));
  });

  // Ignoring keeps an order out of printing; restoring puts back the status it had before.
  router.post('/admin/api/orders/:idOrKey/ignore', (ctx) => {
    const row = scopedOrder(db, ctx, ctx.params.idOrKey!);
    if (setOrderStatus(db, row.id, 'ignored', `ignored by ${dashboardActor(ctx).name}`, nowIso())) {
      events.emit('order', { type: 'status', orderId: row.id, teamId: row.team_id });
    }
    ctx.body = orderDetail(db, scopedOrder(db, ctx, row.id));
  });

  router.post('/admin/api/orders/:idOrKey/restore', (ctx) => {
    const row = scopedOrder(db, ctx, ctx.params.idOrKey!);
    if (row.status === 'ignored') {
      const before = listStatusHistory(db, row.id)
        .reverse()
        .find((entry) => entry.status !== 'ignored');
      const status = before?.status === 'printed' ? 'printed' : 'ready';
      setOrderStatus(db, row.id, status, `restored by ${dashboardActor(ctx).name}`, nowIso());
      events.emit('order', { type: 'status', orderId: row.id, teamId: row.team_id });
    }
    ctx.body = orderDetail(db, scopedOrder(db, ctx, row.id));
  });
}
