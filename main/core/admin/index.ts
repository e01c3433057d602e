import type Router from '@koa/router';
import type { Db } from '../db/open';
import type { StationEvents } from '../events';
import type { OrdersService } from '../orders/service';
import { adminEventRoutes } from './events-routes';
import { adminKeyRoutes } from './keys-routes';
import { adminManualOrderRoutes } from './manual-orders';
import { adminOrderRoutes } from './orders-routes';
import { adminStationRoutes, type StationInfoSource } from './station-routes';

export { dashboardStatic } from './dashboard-static';
export { adminPrintRoutes } from './print-routes';

/** The dashboard's own admin routes (orders, keys, station, live events). */
export function dashboardAdminRoutes(
  router: Router,
  deps: { db: Db; events: StationEvents; orders: OrdersService; info: StationInfoSource },
) {
  // Manual/CSV routes first: `/admin/api/orders/manual` must not be read as an order id.
  adminManualOrderRoutes(router, deps.db, deps.orders, deps.events);
  adminOrderRoutes(router, deps.db, deps.events);
  adminKeyRoutes(router, deps.db);
  adminStationRoutes(router, deps.db, deps.info);
  const live = adminEventRoutes(router, deps.events);
  deps.events.on('closing', live.closeAll);
}
