import { adminOperationGuard, assertAdminTableMatches } from './http/admin/guard';
import { adminDescriptionRoutes } from './http/admin/description';
import { join } from 'node:path';
import { scheduleDailyBackups } from './features/backup/daily';
import { createStationMetrics } from './features/health/metrics';
import { healthRoutes } from './features/health/routes';
import Router from '@koa/router';
import Koa from 'koa';
import { dashboardStatic } from './http/dashboard-static';
import { adminEventRoutes } from './features/admin/events-routes';
import { adminKeyRoutes } from './features/admin/keys-routes';
import { adminManualOrderRoutes, CSV_BODY_LIMIT_BYTES, isCsvRoute } from './features/new-orders/manual-orders';
import { adminOrderRoutes } from './features/admin/orders-routes';
import { adminPrintRoutes } from './features/admin/print-routes';
import { createBenches, type Benches } from './features/printing/benches/benches';
import { BENCH_HEADER, benchAdminRoutes, benchScreenRoutes, desktopWindowRoutes, requestBench } from './features/printing/benches/routes';
import { createDesktopWindow, type DesktopWindow } from './features/printing/benches/desktop-window';
import { adminStationRoutes } from './features/admin/station-routes';
import { adminHostGuard, stationHostNames } from './http/host-guard';
import { overviewRoutes } from './features/admin/overview-routes';
import { retentionRoutes } from './features/retention/routes';
import { scheduleRetentionSweeps } from './features/retention/sweep';
import { sessionAdminRoutes, sessionPolicy } from './features/sessions/session-routes';
import { peopleAdminRoutes, peoplePublicRoutes } from './features/people/routes';
import { createPasskeys } from './features/people/passkeys';
import { passkeyAdminRoutes } from './features/people/passkey-routes';
import { RequestRate, SecretThrottle } from './foundations/secret-throttle';
import { clientAddress } from './features/net/client-address';
import { dashboardGuardDeps, isStationAdminSession, streamScopeOf } from './features/people/guard-deps';
import { createPeople } from './features/people/people';
import { activityRoutes, recordActivity, recordApiActivity } from './features/people/activity';
import { passwordResetPage } from './features/people/reset-page';
import { adminAuth, createAdminSessions } from './features/sessions/sessions';
import { authRoutes } from './features/auth/routes';
import { apiKeyAuth } from './features/auth/scope';
import { logActivity } from './features/activity-log';
import { Checkpointer } from './foundations/db/checkpointer';
import { CarrierPdfs } from './features/carrier-labels/carrier-pdfs';
import { CarrierLabelPages } from './features/carrier-labels/pages';
import { GroupCommitter } from './foundations/db/group-commit';
import { WalSync, type SyncFile } from './foundations/db/wal-sync';
import { durableAnswers } from './http/durable-answers';
import { openDatabase, type Db } from './foundations/db/open';
import type { PdfRenderer } from './features/documents/contract';
import { createDocumentsCapability, documentAdminRoutes, documentRoutes, type DocumentThreads } from './features/documents';
import { seedTeamDocuments } from './features/documents/seed';
import { createSandbox, type Sandbox } from './features/sandbox/sandbox';
import { ZplPreviewThread } from './features/render/zpl-png';
import { RenderThread } from './features/documents/render-thread';
import { StationEvents } from './foundations/events';
import { createHooks, type StationHooks } from './features/hooks';
import { BODY_LIMIT_BYTES, jsonBody, jsonBodyReader } from './http/body';
import { apiCors } from './http/cors';
import { webhookAdminRoutes } from './features/webhooks/admin-routes';
import { WebhookDispatcher } from './features/webhooks/dispatcher';
import { openApiRoutes } from './http/openapi/routes';
import { errorHandler } from './http/error-handler';
import { createLinksCapability, linkAdminRoutes, linkRoutes } from './features/links';
import { linkMergeResolver } from './features/links/resolve';
import { consoleLogger, type Logger } from './foundations/logger';
import { appAdminRoutes, appRoutes } from './features/apps/routes';
import { mailAdminRoutes } from './features/mail/admin-routes';
import type { Mailer } from './features/mail/mailer';
import { configuredLinkBase, settingsMailer } from './features/mail/settings-mailer';
import { orderRoutes } from './features/orders/routes';
import type { PrintBackend } from './features/printers/backend';
import { createPrintingServices, printingLoops, printingSettles, type PrintingServices } from './features/printing/register';
import { printerRoutes, printServerAdminRoutes, printersByAddressAdminRoutes } from './features/printers/routes';
import { printingAdminRoutes } from './features/printing/admin-routes';
import { printRoutes } from './features/printing/routes';
import { allowedBrowserOrigins, allowedImageHosts, configuredDashboardHosts, metricsForwardedAllowed, networkAdminRoutes, behindProxy, trustedProxies } from './features/net/admin-routes';
import { ImageFetcher } from './features/net/image-fetcher';
import { ChromiumPdfRenderer } from './features/render/chromium';
import { withRenderedCache } from './features/render/cached-renderer';
import { ContentStore } from './features/render/content-store';
import { withImagePolicy } from './features/render/inline-images';
import { jsonFileSettings } from './foundations/settings/json-file-settings';
import { printServerResolver } from './features/printers/print-server';
import { unknownMethods } from './http/unknown-methods';
import type { SettingsStore } from './foundations/settings/settings-store';
import { teamAdminRoutes } from './features/teams/admin-routes';
import { invitationPage } from './features/people/invitation-page';
import { createInvitationsService } from './features/teams/invitations';
import { createMerchantsService } from './features/teams/merchants';
import { completeFirstOrderTask } from './features/teams/onboarding';
import { teamRoutes } from './features/teams/routes';
import { limitsAdminRoutes, threePlLimits } from './features/teams/rate-limits';
import { repeat } from './foundations/repeat';
import { createOrdersService } from './features/orders/service';
import { getSetting, setSetting } from './features/teams/users-store';
import { STATION_VERSION } from './foundations/version';
import { FolderBackend } from './features/printers/folder-backend';
import { CupsBackend } from './features/printers/cups-backend';

/** `station_settings` key: where the station last listened (for links made by CLI commands). */
const LAST_LISTENING_URL = 'last_listening_url';

/** Where a station on this data dir listens now or last listened (`station serve`), else the default. */
export const lastListeningUrl = (db: Db): string => getSetting(db, LAST_LISTENING_URL) ?? 'http://127.0.0.1:5717';

/** How often the invitation outbox looks for mails its 3PL's budget now lets go. */
const OUTBOX_EVERY_MS = 60_000;

/** The print cache's default size budget: a few thousand documents and a day's printed copies. */
export const DEFAULT_PRINT_CACHE_BYTES = 512 * 1024 * 1024;

export interface StationOptions {
  /** Where station.db and every file the station writes live. */
  dataDir: string;
  logger?: Logger;
  /** Flushes the WAL file to disk (default: fdatasync on the thread pool); tests hold it. */
  syncWal?: SyncFile;
  /**
   * Start background work (the print queue worker…). One-shot CLI commands open the
   * station without it so they never print.
   */
  background?: boolean;
  /**
   * A one-shot command (open, do one thing, close): it answers nobody, so its commits keep
   * syncing themselves (FULL) and SQLite checkpoints as it commits. A station that serves
   * commits without an fsync on its event loop and checkpoints on a thread of its own.
   */
  oneShot?: boolean;
  /** The built dashboard served at `/` (default: dist/renderer of the checkout). */
  dashboardDir?: string;
  /** Station-wide settings (mail…). Default: `settings.json` in the data dir. */
  settings?: SettingsStore;
  /** HTML → PDF. Default: the system Chromium (`STATION_CHROMIUM_PATH`), launched on first use. */
  pdfRenderer?: PdfRenderer;
  /** Print backends of the host beyond CUPS and the folder printer (Electron's). */
  printBackends?: PrintBackend[];
  /** Print through CUPS. Default: on every OS but Windows (no CUPS there). */
  cupsPrinting?: boolean;
  /**
   * The CUPS server (`host:port` or a socket path), fixed (`station serve --cups-server`).
   * Default: Settings → Print server, else the machine's (`CUPS_SERVER`, client.conf).
   */
  cupsServer?: string;
  /**
   * A backup into `<data-dir>/backups/` every day, the last 7 kept (with `background`).
   * Default true; the tests' stations turn it off unless they test it.
   */
  automaticBackups?: boolean;
  /** Send the invitation outbox's mails as 3PL budgets free, every minute (with `background`). Default true; off in the tests' stations. */
  invitationOutbox?: boolean;
  /** Retention sweeps at start and hourly (with `background`). Default true; off in the tests' stations. */
  retentionSweeps?: boolean;
  /** The first webhook retry's delay (default 5 s; each next one doubles, up to an hour). */
  webhookRetryBaseMs?: number;
  /** False pauses automatic printing for the whole station (`station serve --no-auto-print`). Default true. */
  autoPrint?: boolean;
  /**
   * The print cache's size budget in bytes (`<data-dir>/print-cache/`: documents rendered
   * ahead and each job's printed copy; least recently used go first). Default 512 MiB.
   */
  printCacheBytes?: number;
  /** Render the documents of orders still to print ahead, in the background (with `background`). Default true. */
  renderAhead?: boolean;
  /**
   * Follow printers by the print system's announcements (CUPS's printer subscription) as well
   * as by reading their states; false: by reading alone, every few seconds (default true).
   */
  printerEvents?: boolean;
  /**
   * The WAL's thresholds (docs/api.md, The write-ahead log's bound): frames past which a
   * RESTART checkpoint runs (default 16 MiB), and the file size it is cut back to (8 MiB).
   */
  wal?: { restartBytes?: number; sizeLimitBytes?: number };
  /** One log line per order written or refused, print request, job and printer state change (activity-log.ts). Default false; `station serve` turns it on unless `--quiet`. */
  activityLog?: boolean;
  /** better-sqlite3's native module to load instead of node_modules' (the desktop's Electron build). */
  sqliteNativeBinding?: string;
}

export interface Station {
  /** The Koa app. The host listens on it (`app.callback()`); the station never does. */
  app: Koa;
  db: Db;
  dataDir: string;
  hooks: StationHooks;
  events: StationEvents;
  services: ReturnType<typeof createServices>;
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

interface Platform {
  settings: SettingsStore;
  mailer: Mailer;
  /** Base of links the station hands out (invitation mails). */
  linkBaseUrl: () => string;
  pdfRenderer: PdfRenderer;
  carrierPdfs: CarrierPdfs;
  /** Carrier-label pages read at ingest, for the documents built in the same write. */
  labelPages: CarrierLabelPages;
  sandbox: Sandbox;
}

function createServices(db: Db, writer: GroupCommitter, hooks: StationHooks, events: StationEvents, platform: Platform, threads?: DocumentThreads) {
  const invitations = createInvitationsService({ db, mailer: platform.mailer, linkBaseUrl: platform.linkBaseUrl });
  const adminSessions = createAdminSessions(db, () => sessionPolicy(platform.settings), events);
  // One throttle for every check of a secret at the station (docs/api/dashboard.md, Who may try what, how often).
  const secretThrottle = new SecretThrottle();
  return {
    secretThrottle,
    settings: platform.settings,
    mailer: platform.mailer,
    invitations,
    merchants: createMerchantsService(db, hooks, invitations),
    orders: createOrdersService({ db, writer, hooks, events, carrierPdfs: platform.carrierPdfs, labelPages: platform.labelPages }),
    adminSessions,
    people: createPeople({ db, sessions: adminSessions, invitations, mailer: platform.mailer, linkBaseUrl: platform.linkBaseUrl, throttle: secretThrottle, events }),
    passkeys: createPasskeys({ db, sessions: adminSessions, throttle: secretThrottle }),
    ...createDocumentsCapability(db, platform.pdfRenderer, { events, threaded: threads, labelPages: platform.labelPages }),
    ...createLinksCapability(db, platform.sandbox),
  };
}

/** The one composition root: storage, services, hooks between capabilities, HTTP routes. */
export function createStation(options: StationOptions): Station {
  const logger = options.logger ?? consoleLogger();
  const db = openDatabase(options.dataDir, { nativeBinding: options.sqliteNativeBinding });
  // A serving station commits without an fsync on the event loop; answers, print handovers
  // and order groups wait for the WAL's sync on the thread pool instead (oneShot: FULL).
  const walSync = new WalSync(db, options.syncWal, { commitWithoutSync: !options.oneShot });
  const writer = new GroupCommitter(db, walSync);

  // The station's threads (docs/api.md, Threads): built here and nowhere else, each with what
  // happens when it fails, and ended by the station's one close (`threads.close`). All but the
  // checkpoint thread start with their first use; a one-shot command starts none of its own.
  const stationThreads = {
    // A failed checkpoint round is retried by the next; the WAL keeps to its bound meanwhile.
    checkpointer: options.oneShot ? undefined : new Checkpointer(db, { nativeBinding: options.sqliteNativeBinding, logger, ...options.wal }),
    // A thread that fails leaves print jobs to render on the event loop, in slices.
    render: options.oneShot ? undefined : new RenderThread({ file: db.name, nativeBinding: options.sqliteNativeBinding, logger }),
    // A label that ends the thread is refused; one read beside it is read again once.
    carrierPdfs: new CarrierPdfs(logger),
    // A preview that ends the thread answers 500; the next preview starts another.
    zplPreview: new ZplPreviewThread(logger),
    // An expression that ends its thread fails its link alone (the link's error log says why).
    sandbox: createSandbox(logger),
    async close() {
      await Promise.all([this.render?.close(), this.carrierPdfs.close(), this.zplPreview.close(), this.sandbox.close()]);
      await this.checkpointer?.close();
    },
  };
  const { checkpointer, carrierPdfs } = stationThreads;
  const hooks = createHooks();
  const events = new StationEvents();
  const settings = options.settings ?? jsonFileSettings(options.dataDir);
  // Links in mails: the configured public address, else where this station listens, else
  // where the last `station serve` on this data dir listened (a CLI command does not listen).
  const linkBaseUrl = () => configuredLinkBase(settings) ?? listeningUrl ?? getSetting(db, LAST_LISTENING_URL) ?? 'http://127.0.0.1:5717';
  // Every renderer gets its documents' images fetched by the station under its outbound
  // policy (public hosts only, unless an admin allows one), never by the browser itself.
  const imageFetcher = new ImageFetcher({ allowedHosts: () => allowedImageHosts(settings) });
  // Documents rendered ahead print from the cache; images are inlined first, so they are part of the key.
  const printCache = new ContentStore(join(options.dataDir, 'print-cache'), options.printCacheBytes ?? DEFAULT_PRINT_CACHE_BYTES);
  // Opened as a serving station starts: a cache an older version left readable is made private
  // at once, not at the first print (a failure here is the first print's to report).
  if (!options.oneShot) printCache.ready().catch(() => undefined);
  const pdfRenderer = withImagePolicy(withRenderedCache(options.pdfRenderer ?? new ChromiumPdfRenderer({ logger }), printCache, { mergePdfs: (parts) => carrierPdfs.merge(parts) }), imageFetcher);
  // Big print jobs render their documents off the event loop (a one-shot command prints nothing).
  const documentThreads = stationThreads.render && { thread: stationThreads.render, logger };
  const services = createServices(db, writer, hooks, events, { settings, mailer: settingsMailer(settings), linkBaseUrl, pdfRenderer, carrierPdfs, labelPages: new CarrierLabelPages(), sandbox: stationThreads.sandbox }, documentThreads);

  // The API's own description needs no key: an integrator reads it before having one.
  const apiPublic = new Router();
  openApiRoutes(apiPublic);

  // The public REST API: X-API-Key, scoped to the key's team (and a 3PL's merchants).
  const api = new Router();
  api.use(apiKeyAuth(db), jsonBody, recordApiActivity(db));
  authRoutes(api, STATION_VERSION);
  orderRoutes(api, db, services.orders, options.activityLog ? logger : undefined);
  // A 3PL key's invitation mails are paced by its hourly budget (Settings → Limits), never refused.
  teamRoutes(api, services.merchants, () => threePlLimits(settings).invitationsPerHour);
  appRoutes(api, db);
  documentRoutes(api, services.orders, services.documents, services.pdfRenderer);
  linkRoutes(api, db, services.links);

  // The dashboard's API: a session token, a person's (or the station admin's own), acting
  // on the teams where the person holds the role each operation needs. Both routers answer
  // only for the station's own names, and take changes only from its own origin.
  const hostGuard = adminHostGuard(stationHostNames(() => configuredDashboardHosts(settings)));
  const adminPublic = new Router();
  // Who may call each dashboard operation is read from one table (http/admin/operations.ts).
  adminPublic.use(hostGuard, jsonBody, adminOperationGuard(() => adminPublic));
  // Benches are built with printing (below); a sign-in at a paired screen is recorded there.
  const benchesForSignIn: { current?: Benches } = {};
  peoplePublicRoutes(adminPublic, services.adminSessions, services.people, {
    signedIn: (ctx, sessionToken) => benchesForSignIn.current?.sessionOpened(ctx.get(BENCH_HEADER) || undefined, sessionToken),
    atPairedScreen: (ctx) => benchesForSignIn.current?.screenBench(ctx.get(BENCH_HEADER) || undefined) !== undefined,
    passkeys: services.passkeys,
    // A challenge costs a little work and two minutes of memory: 30 a minute per address.
    passkeyOptionsRate: new RequestRate(30, 60_000),
  });
  const admin = new Router();
  const guardDeps = dashboardGuardDeps(db);
  // A CSV export is larger than any order: its routes read up to 10 MiB (after auth).
  admin.use(
    hostGuard,
    adminAuth(services.adminSessions),
    adminOperationGuard(() => admin, guardDeps),
    jsonBodyReader((path) => (isCsvRoute(path) ? CSV_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES)),
    // Every change made here, with who made it (Activity).
    recordActivity(db),
  );
  sessionAdminRoutes(admin, services.adminSessions, settings);
  peopleAdminRoutes(admin, db, services.people);
  passkeyAdminRoutes(admin, services.passkeys, services.people);
  activityRoutes(admin, db);
  let listeningUrl: string | undefined;
  // Manual/CSV routes first: `/admin/api/orders/manual` must not be read as an order id.
  adminManualOrderRoutes(admin, db, services.orders, events);
  adminOrderRoutes(admin, db, events);
  adminKeyRoutes(admin, db);
  adminStationRoutes(admin, db, { dataDir: options.dataDir, listeningUrl: () => listeningUrl });
  const live = adminEventRoutes(admin, events, streamScopeOf(db));
  events.on('closing', live.closeAll);
  teamAdminRoutes(admin, db, services.merchants, services.invitations, hooks);
  appAdminRoutes(admin, db);
  mailAdminRoutes(admin, services.settings, services.mailer);
  networkAdminRoutes(admin, services.settings);
  // The printing capability is built below; the editor's test print reaches it when first asked.
  documentAdminRoutes(admin, { db, documents: services.documents, templates: services.templates, renderer: services.pdfRenderer, zplPreview: stationThreads.zplPreview, testPrint: () => printing.testPrinter });
  linkAdminRoutes(admin, db, services.links, services.sandbox);

  // Health and metrics for monitoring: no team data; the station's own names only.
  const health = new Router();
  health.use(hostGuard);

  const app = new Koa();
  app.proxy = false;
  app.use(errorHandler(logger));
  // Who the client is, for every throttle: the socket's peer, or a trusted proxy's X-Forwarded-For.
  app.use(clientAddress(() => trustedProxies(settings)));
  app.use(durableAnswers(walSync));
  app.use(apiCors(() => allowedBrowserOrigins(settings)));
  const routers = [apiPublic, api, adminPublic, admin, health];
  app.use(unknownMethods(routers));
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  app.use(invitationPage(services.invitations, services.people, services.secretThrottle));
  app.use(passwordResetPage(services.people, services.secretThrottle));
  app.use(dashboardStatic(options.dashboardDir));

  const closers: Array<() => Promise<unknown> | void> = [];
  if (options.activityLog) closers.push(logActivity({ db, events, logger }));
  closers.push(() => pdfRenderer.close());
  const printServer = printServerResolver(options.cupsServer, settings);
  const printingDeps = {
    db,
    writer,
    walSync,
    events,
    logger,
    dataDir: options.dataDir,
    documents: () => services.documents,
    renderer: () => pdfRenderer,
    store: printCache,
    renderAhead: options.renderAhead ?? true,
    printerEvents: options.printerEvents ?? true,
    // In order of preference: a queue two backends see is printed by the first (printers/service.ts).
    backends: [
      new FolderBackend(join(options.dataDir, 'printed')),
      // CUPS on every OS but Windows, which has none.
      ...((options.cupsPrinting ?? process.platform !== 'win32') ? [new CupsBackend({ server: () => printServer().server })] : []),
      ...(options.printBackends ?? []),
    ],
    autoPrint: options.autoPrint,
  };
  const printing = createPrintingServices(printingDeps);
  printServerAdminRoutes(admin, { settings, resolve: printServer, printers: printing.printers });
  printersByAddressAdminRoutes(admin, { settings, resolve: printServer, printers: printing.printers });
  printerRoutes(api, printing.printers);
  printRoutes(api, printing.printing);
  printingAdminRoutes(admin, { db, events, printers: printing.printers, queue: printing.queue, testPrinter: printing.testPrinter, store: printing.store, documents: printingDeps.documents });
  closers.push(...printingSettles(printing));
  // Printing's loops run only on hosts that print (one-shot CLI commands never start them); each is stopped on close.
  if (options.background) {
    for (const loop of printingLoops(printing, printingDeps)) {
      const stop = loop.start();
      if (stop) closers.push(stop);
    }
  }

  // The hooks between capabilities, each list in the order it runs. Where the order carries
  // meaning it is said here: a capability registers none of its own.
  hooks.teamCreated.push((db, team) => seedTeamDocuments(db, team.id));
  hooks.resolveMergeTarget.push(linkMergeResolver({ db, writer, logger, sandbox: services.sandbox }));
  hooks.orderWritten.push(
    completeFirstOrderTask,
    // May set the order `ignored` (a flow rule) and replaces `event.order` with the stored row…
    (_db, event) => services.documents.rebuildForOrder(event),
    // …so the auto-print decision, which skips ignored orders and needs complete documents, comes after it.
    (_db, event) => printing.autoPrint.recordDecision(event),
  );
  hooks.orderCommitted.push((event) => printing.autoPrint.afterCommit(event));
  // Webhooks: the outbox is written with each change; the dispatcher sends it from here.
  const webhooks = options.background ? new WebhookDispatcher({ db, events, logger, retryBaseMs: options.webhookRetryBaseMs, allowedHosts: () => allowedImageHosts(settings) }) : undefined;
  webhookAdminRoutes(admin, db, () => webhooks);
  if (webhooks) {
    webhooks.start();
    closers.push(() => webhooks.stop());
  }
  const benches = createBenches({ db, printers: printing.printers, sessionTimes: () => sessionPolicy(settings), events });
  benchesForSignIn.current = benches;
  benchAdminRoutes(admin, benches);
  const desktopWindow = createDesktopWindow({ db, settings, events });
  desktopWindowRoutes(admin, desktopWindow);
  benchScreenRoutes(adminPublic, benches, services.secretThrottle);
  adminPrintRoutes(admin, db, printing.printing, (ctx) => requestBench(ctx, benches)?.id);
  overviewRoutes(admin, db);
  retentionRoutes(admin, { db, dataDir: options.dataDir, settings, checkpointer });
  if (options.background && (options.retentionSweeps ?? true)) {
    const sweeps = scheduleRetentionSweeps({ db, dataDir: options.dataDir, settings, logger });
    closers.push(() => sweeps.stop());
  }
  limitsAdminRoutes(admin, settings);
  if (options.background && (options.invitationOutbox ?? true)) {
    // The invitation outbox: mails past a 3PL's hourly budget go out as it frees (a minute late at most).
    const outbox = repeat(async () => {
      await services.invitations.drainOutbox(() => threePlLimits(settings).invitationsPerHour).catch((error: unknown) => logger.error(`invitation outbox: ${(error as Error).message}`));
      return OUTBOX_EVERY_MS;
    }, OUTBOX_EVERY_MS);
    closers.push(() => outbox.stop());
  }
  if (options.background && (options.automaticBackups ?? true)) {
    const backups = scheduleDailyBackups({ db, dataDir: options.dataDir, events, logger });
    // Before the database closes: a backup in flight finishes first.
    closers.push(() => backups.stop());
  }
  adminDescriptionRoutes(admin);
  // Every dashboard route is in the table of operations, and every operation is routed.
  assertAdminTableMatches([adminPublic, admin]);
  healthRoutes(health, { db, events, queueRunning: () => printing.queue.isRunning, metrics: createStationMetrics(db, events, checkpointer), stationAdminSession: (token) => isStationAdminSession(db, services.adminSessions, token), forwardedMetricsAllowed: () => metricsForwardedAllowed(settings), behindProxy: () => behindProxy(settings) });
  let closed = false;
  return {
    app,
    db,
    dataDir: options.dataDir,
    hooks,
    events,
    services,
    printing,
    desktopWindow,
    checkpointer,
    onListening(url) {
      listeningUrl = url;
      setSetting(db, LAST_LISTENING_URL, url);
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const close of closers.reverse()) await close();
      await writer.close();
      await walSync.close();
      await stationThreads.close();
      db.close();
    },
  };
}
