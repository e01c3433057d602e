import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Db } from '../../foundations/db/open';
import type { StationEvents } from '../../foundations/events';
import type { PrintingService } from '../printing/requests/service';
import { adminEventRoutes } from './events-routes';
import type { StreamScope } from './events-routes';
import { adminKeyRoutes } from './keys-routes';
import { adminOrderRoutes } from './orders-routes';
import { overviewRoutes } from './overview-routes';
import { adminPrintRoutes } from './print-routes';
import { adminStationRoutes, type StationInfoSource } from './station-routes';

/**
 * The dashboard's own views over every feature: the order list and an order's detail,
 * printing from it (at the screen's bench), API keys, the station's page, live events and the
 * Overview. The live streams end when the station closes.
 */
export function mountAdminViews(
  admin: Router,
  deps: { db: Db; events: StationEvents; printing: PrintingService; benchOf: (ctx: Context) => string | undefined; station: StationInfoSource; streamScope: StreamScope },
): void {
  const { db, events } = deps;
  adminOrderRoutes(admin, db, events);
  adminPrintRoutes(admin, db, deps.printing, deps.benchOf);
  adminKeyRoutes(admin, db);
  adminStationRoutes(admin, db, deps.station);
  const live = adminEventRoutes(admin, events, deps.streamScope);
  events.on('closing', live.closeAll);
  overviewRoutes(admin, db);
}
