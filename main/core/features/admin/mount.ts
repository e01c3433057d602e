import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Db } from '../../foundations/db/open';
import type { StationEvents } from '../../foundations/events';
import { BENCH_HEADER } from '../printing/benches/routes';
import type { PrintingService } from '../printing/requests/service';
import type { DocumentsApi } from '../documents/contract';
import { adminEventRoutes } from './events-routes';
import type { StreamScope } from './events-routes';
import { adminKeyRoutes } from './keys-routes';
import { adminOrderRoutes } from './orders-routes';
import { overviewRoutes } from './overview-routes';
import { adminPrintRoutes } from './print-routes';
import { adminScanRoutes } from './scan-routes';
import { adminStationRoutes, type StationInfoSource } from './station-routes';

/**
 * The dashboard's own views over every feature: the order list and an order's detail,
 * printing from it and scanning at a bench (at the screen's bench), API keys, the station's page, live events and the
 * Overview. The live streams end when the station closes.
 */
export function mountAdminViews(
  admin: Router,
  deps: { db: Db; events: StationEvents; printing: PrintingService; documents: Pick<DocumentsApi, 'listForOrder'>; screenBench: (token: string | undefined) => string | undefined; station: StationInfoSource; streamScope: StreamScope },
): void {
  const { db, events } = deps;
  // The bench of a paired screen: its token in X-Station-Bench, or (an EventSource sends no headers) in the stream's query.
  const benchOf = (ctx: Context) => deps.screenBench(ctx.get(BENCH_HEADER) || undefined);
  const streamBenchOf = (ctx: Context) => deps.screenBench(ctx.get(BENCH_HEADER) || (typeof ctx.query.bench === 'string' ? ctx.query.bench : undefined));
  adminOrderRoutes(admin, db, events);
  adminPrintRoutes(admin, db, deps.printing, benchOf);
  adminScanRoutes(admin, { db, printing: deps.printing, documents: deps.documents, benchOf });
  adminKeyRoutes(admin, db);
  adminStationRoutes(admin, db, deps.station);
  const live = adminEventRoutes(admin, events, deps.streamScope, streamBenchOf);
  events.on('closing', live.closeAll);
  overviewRoutes(admin, db);
}
