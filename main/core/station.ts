import type Koa from 'koa';
import type { Checkpointer } from './foundations/db/checkpointer';
import { GroupCommitter } from './foundations/db/group-commit';
import { openDatabase, type Db } from './foundations/db/open';
import { WalSync } from './foundations/db/wal-sync';
import { StationEvents } from './foundations/events';
import { consoleLogger } from './foundations/logger';
import { createHooks, type StationHooks } from './features/hooks';
import type { PrintingServices } from './features/printing/register';
import type { DesktopWindow } from './features/printing/benches/desktop-window';
import { allowedImageHosts } from './features/net/admin-routes';
import { WebhookDispatcher } from './features/webhooks/dispatcher';
import { registerHooks } from './station/hooks';
import { createHttp } from './station/http';
import { recordListeningUrl } from './station/listening';
import { startLoops } from './station/loops';
import type { StationOptions } from './station/options';
import { createPlatform } from './station/platform';
import { createPrinting } from './station/printing';
import { createServices, type Services } from './station/services';
import { createStationThreads } from './station/threads';

export { lastListeningUrl } from './station/listening';
export { DEFAULT_PRINT_CACHE_BYTES, type StationOptions } from './station/options';

/** A built station: what its host serves, and the one way to stop it. */
export interface Station {
  /** The Koa app. The host listens on it (`app.callback()`); the station never does. */
  app: Koa;
  db: Db;
  dataDir: string;
  hooks: StationHooks;
  events: StationEvents;
  services: Services;
  /** Called by the host once it listens, with the base URL (e.g. to print a login link). */
  onListening?: (url: string) => void;
  /** Printers, print requests and the print queue. */
  printing: PrintingServices;
  /** Whether the desktop app's window is the station's own or a bench's (the desktop host asks at each window start). */
  desktopWindow: DesktopWindow;
  /** The WAL checkpoint thread (none in a one-shot command, whose connection checkpoints itself). */
  checkpointer?: Checkpointer;
  /** Stops background work, commits queued writes and closes the database. */
  close(): Promise<void>;
}

/**
 * The one composition root, built in the order each part needs the last: storage, threads,
 * the platform, services, printing, the hooks between capabilities, HTTP, then background
 * work. Each step's file under station/ says what it builds and why.
 */
export function createStation(options: StationOptions): Station {
  const logger = options.logger ?? consoleLogger();

  // Storage. A serving station commits without an fsync on the event loop; answers, print
  // handovers and order groups wait for the WAL's sync on the thread pool instead (oneShot: FULL).
  const db = openDatabase(options.dataDir, { nativeBinding: options.sqliteNativeBinding });
  const walSync = new WalSync(db, options.syncWal, { commitWithoutSync: !options.oneShot });
  const writer = new GroupCommitter(db, walSync);

  const threads = createStationThreads(db, options, logger);
  const { checkpointer } = threads;
  const hooks = createHooks();
  const events = new StationEvents();
  // Where the host listens, once it says so (onListening).
  const listening: { url?: string } = {};
  const platform = createPlatform(db, options, logger, threads, listening);
  const documentThreads = threads.render && { thread: threads.render, checks: threads.checks, checkAheadFrom: options.checkDocumentsAheadFrom, logger };
  const services = createServices(db, writer, hooks, events, platform, documentThreads);
  const printing = createPrinting(options, { db, writer, walSync, events, logger, platform, services });
  registerHooks(hooks, { db, writer, logger, services, printing: printing.printing });
  const webhooks = options.background ? new WebhookDispatcher({ db, events, logger, retryBaseMs: options.webhookRetryBaseMs, allowedHosts: () => allowedImageHosts(platform.settings) }) : undefined;
  const app = createHttp(options, { db, walSync, events, hooks, logger, threads, checkpointer, platform, services, printing, webhooks: () => webhooks, listening });
  const closers = startLoops(options, { db, events, logger, platform, services, printing, webhooks });

  let closed = false;
  return {
    app,
    db,
    dataDir: options.dataDir,
    hooks,
    events,
    services,
    printing: printing.printing,
    desktopWindow: printing.desktopWindow,
    checkpointer,
    onListening(url) {
      listening.url = url;
      recordListeningUrl(db, url);
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const close of closers.reverse()) await close();
      await writer.close();
      await walSync.close();
      await threads.close();
      db.close();
    },
  };
}
