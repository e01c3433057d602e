import type Router from '@koa/router';
import type { WalSync } from '../db/wal-sync';
import type { GroupCommitter } from '../db/group-commit';
import type { Db } from '../db/open';
import type { DocumentsApi, PdfRenderer } from '../documents/contract';
import type { StationEvents } from '../events';
import type { Logger } from '../logger';
import type { PrintBackend } from '../printers/backend';
import type { ContentStore } from '../render/content-store';
import { printerRoutes } from '../printers/routes';
import { createPrintersService } from '../printers/service';
import { printingAdminRoutes } from './admin-routes';
import { createAutoPrint } from './auto-print';
import { PrintQueue } from './queue';
import { RenderAhead } from './render-ahead';
import { hasOpenJobs } from './store';
import { repeat } from '../repeat';
import { printRoutes } from './routes';
import { createPrintingService } from './service';
import { createTestPrinter } from './test-print';

export interface PrintingDeps {
  db: Db;
  /** Print requests are recorded through the group commit, like orders. */
  writer: GroupCommitter;
  /** A job is handed to the OS only once its state is on disk. */
  walSync: WalSync;
  events: StationEvents;
  logger: Logger;
  dataDir: string;
  /** Read when first needed: documents and the renderer are built alongside printing. */
  documents: () => DocumentsApi;
  renderer: () => PdfRenderer;
  /** The print cache: each job's printed copy is kept there. */
  store: ContentStore;
  /** Render documents of orders still to print ahead (with background work). */
  renderAhead?: boolean;
  /** The print backends, in order of preference (station.ts builds them). */
  backends: PrintBackend[];
  /** False: automatic printing is paused for the whole station (flows keep their switch). */
  autoPrint?: boolean;
}

/** How often printer states are asked for: with jobs open, and without. */
const PRINTER_FOLLOW_BUSY_MS = 1_000;
const PRINTER_FOLLOW_IDLE_MS = 3_000;

/** Printers, printing and the print queue, built once at the composition root. */
export function createPrintingServices(deps: PrintingDeps) {
  const printers = createPrintersService({ db: deps.db, events: deps.events, backends: deps.backends });
  const queue = new PrintQueue({ db: deps.db, events: deps.events, printers, documents: deps.documents, renderer: deps.renderer, logger: deps.logger, store: deps.store, durable: () => deps.walSync.barrier() });
  const renderAhead = new RenderAhead({ db: deps.db, events: deps.events, documents: deps.documents, renderer: deps.renderer, logger: deps.logger, printing: () => queue.busy });
  const printing = createPrintingService({ db: deps.db, events: deps.events, printers, documents: deps.documents, wake: () => queue.wake(), writer: deps.writer });
  const testPrinter = createTestPrinter({ printers, renderer: deps.renderer });
  const autoPrint = createAutoPrint({ db: deps.db, printing, documents: deps.documents, logger: deps.logger, enabled: deps.autoPrint ?? true });
  return { printers, printing, queue, testPrinter, autoPrint, renderAhead, store: deps.store };
}

export type PrintingServices = ReturnType<typeof createPrintingServices>;

/**
 * Routes and (with `background`) the queue worker; the auto-print hooks are wired in station.ts. The worker is
 * started only by hosts that print; one-shot CLI commands never do.
 */
export function registerPrinting(
  services: PrintingServices,
  station: { api: Router; admin: Router; closers: Array<() => Promise<void> | void>; background: boolean; deps: PrintingDeps },
): void {
  printerRoutes(station.api, services.printers);
  printRoutes(station.api, services.printing);
  printingAdminRoutes(station.admin, {
    db: station.deps.db,
    events: station.deps.events,
    printers: services.printers,
    queue: services.queue,
    testPrinter: services.testPrinter,
    store: services.store,
    documents: station.deps.documents,
  });
  const { autoPrint } = services;
  // A discovery may still be running (start-up, or an API refresh): it writes to the database.
  station.closers.push(() => services.printers.settled());
  // Automatic prints of orders just taken are recorded before the last commit.
  station.closers.push(() => autoPrint.settled());
  if (station.background) {
    // Discover before the first job so the folder and OS printers exist; the queue waits for nothing else.
    void services.printers.refresh().catch((error) => station.deps.logger.error('printer discovery failed', { error: String(error) }));
    services.queue.start();
    // Printers' states are followed, not only asked for: a paused or erroring printer shows
    // within seconds, more often while jobs are open (each round is two `lpstat` runs).
    const following = repeat(async () => {
      try {
        for (const change of await services.printers.followStates()) {
          station.deps.logger.info(`printer ${change.name} is ${change.to.status}${change.to.reason ? `: ${change.to.reason}` : ''}`, { printerId: change.printerId, was: change.from.status });
        }
      } catch (error) {
        station.deps.logger.error('following printer states failed', { error: String(error) });
      }
      return services.queue.busy || hasOpenJobs(station.deps.db) ? PRINTER_FOLLOW_BUSY_MS : PRINTER_FOLLOW_IDLE_MS;
    }, PRINTER_FOLLOW_IDLE_MS);
    station.closers.push(() => following.stop());
    // Orders whose automatic print a crash or shutdown left unrecorded print now, once each.
    const owed = autoPrint
      .printOwed()
      .then((count) => {
        if (count) station.deps.logger.info('printed orders owed an automatic print', { count });
      })
      .catch((error) => station.deps.logger.error('printing owed automatic prints failed', { error: String(error) }));
    station.closers.push(() => {
      autoPrint.stop();
      return owed;
    });
    station.closers.push(() => services.queue.stop());
    void services.store.ready().catch((error) => station.deps.logger.error('opening the print cache failed', { error: String(error) }));
    if (station.deps.renderAhead ?? true) {
      services.renderAhead.start();
      station.closers.push(() => services.renderAhead.stop());
    }
  }
}
