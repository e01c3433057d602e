import type Router from '@koa/router';
import { StationError, statusOf } from '../../foundations/errors';
import type { Logger } from '../../foundations/logger';
import { callerOf } from '../teams/caller';
import type { Db } from '../../foundations/db/open';
import { ignoredFieldsLog } from './ignored-fields-log';
import { orderStatusResource, type OrdersService } from './service';

export function orderRoutes(router: Router, db: Db, orders: OrdersService, logger?: Logger): void {
  const logIgnoredFields = logger ? ignoredFieldsLog(logger) : undefined;
  router.post('/api/orders', async (ctx) => {
    try {
      const caller = callerOf(ctx);
      const order = await orders.ingest(caller, ctx.request.body);
      ctx.body = order;
      ctx.status = 201;
      if (order.warnings) logIgnoredFields?.(caller.keyId, caller.team.slug, order.orderNumber, order.warnings);
    } catch (error) {
      // The terminal says why an order was refused, as it says when one is written.
      if (logger && error instanceof StationError && statusOf(error) < 500) {
        const detail = error.details?.[0];
        logger.info(`order refused (${statusOf(error)} ${error.code}): ${error.message}${detail ? `; ${detail.path}: ${detail.message}` : ''}`, { team: callerOf(ctx).team.slug });
      }
      throw error;
    }
  });

  router.get('/api/orders/:orderIdOrKey/status', (ctx) => {
    const row = orders.findForCaller(callerOf(ctx), ctx.params.orderIdOrKey!);
    ctx.body = orderStatusResource(db, row);
  });
}
