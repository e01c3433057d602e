import type Router from '@koa/router';
import type { Db } from '../../foundations/db/open';
import type { StationEvents } from '../../foundations/events';
import type { SecretThrottle } from '../../foundations/secret-throttle';
import type { DocumentsApi } from '../documents/contract';
import { printingAdminRoutes } from './admin-routes';
import type { Benches } from './benches/benches';
import type { DesktopWindow } from './benches/desktop-window';
import { benchAdminRoutes, benchScreenRoutes, desktopWindowRoutes } from './benches/routes';
import type { PrintingServices } from './register';
import { printRoutes } from './requests/routes';

/**
 * Printing's routes: print requests in the API; batches, jobs, routing and printer settings
 * in the dashboard; the benches, their paired screens and the desktop window.
 */
export function mountPrinting(
  routers: { api: Router; admin: Router; adminPublic: Router },
  deps: { db: Db; events: StationEvents; services: PrintingServices; documents: () => DocumentsApi; benches: Benches; desktopWindow: DesktopWindow; throttle: SecretThrottle },
): void {
  const { services } = deps;
  printRoutes(routers.api, services.printing);
  printingAdminRoutes(routers.admin, { db: deps.db, events: deps.events, printers: services.printers, queue: services.queue, testPrinter: services.testPrinter, store: services.store, documents: deps.documents });
  benchAdminRoutes(routers.admin, deps.benches);
  benchScreenRoutes(routers.adminPublic, deps.benches, deps.throttle);
  desktopWindowRoutes(routers.admin, deps.desktopWindow);
}
