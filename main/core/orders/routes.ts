import type Router from '@koa/router';
import { callerOf } from '../auth/scope';
import type { Db } from '../db/open';
import { orderStatusResource, type OrdersService } from './service';

export function orderRoutes(router: Router, db: Db, orders: OrdersService): void {
  router.post('/api/orders', async (ctx) => {
    ctx.status = 201;
    ctx.body = await orders.ingest(callerOf(ctx), ctx.request.body);
  });

  router.get('/api/orders/:orderIdOrKey/status', (ctx) => {
    const row = orders.findForCaller(callerOf(ctx), ctx.params.orderIdOrKey!);
    ctx.body = orderStatusResource(db, row);
  });
}
