import Router from '@koa/router';
import Koa from 'koa';
import type { Checkpointer } from '../foundations/db/checkpointer';
import type { Db } from '../foundations/db/open';
import type { WalSync } from '../foundations/db/wal-sync';
import type { StationEvents } from '../foundations/events';
import type { Logger } from '../foundations/logger';
import { STATION_VERSION } from '../foundations/version';
import { mountAdminViews } from '../features/admin/mount';
import { mountApps } from '../features/apps/routes';
import { mountDocuments } from '../features/documents';
import { mountLinks } from '../features/links';
import { recordActivity, recordApiActivity } from '../features/people/activity';
import { mountPeople } from '../features/people/mount';
import { mountPrinters } from '../features/printers/routes';
import { BENCH_HEADER } from '../features/printing/benches/routes';
import { mountPrinting } from '../features/printing/mount';
import { mountTeams } from '../features/teams/mount';
import { authRoutes } from '../features/auth/routes';
import { apiKeyAuth } from '../features/auth/scope';
import { createStationMetrics } from '../features/health/metrics';
import { healthRoutes } from '../features/health/routes';
import { mailAdminRoutes } from '../features/mail/admin-routes';
import { allowedBrowserOrigins, behindProxy, configuredDashboardHosts, metricsForwardedAllowed, networkAdminRoutes, trustedProxies } from '../features/net/admin-routes';
import { clientAddress } from '../features/net/client-address';
import { adminManualOrderRoutes, CSV_BODY_LIMIT_BYTES, isCsvRoute } from '../features/new-orders/manual-orders';
import { orderRoutes } from '../features/orders/routes';
import { dashboardGuardDeps, isStationAdminSession, streamScopeOf } from '../features/people/guard-deps';
import { invitationPage } from '../features/people/invitation-page';
import { passwordResetPage } from '../features/people/reset-page';
import { retentionRoutes } from '../features/retention/routes';
import { sessionAdminRoutes } from '../features/sessions/session-routes';
import { adminAuth } from '../features/sessions/sessions';
import type { WebhookDispatcher } from '../features/webhooks/dispatcher';
import { webhookAdminRoutes } from '../features/webhooks/admin-routes';
import { adminDescriptionRoutes } from '../http/admin/description';
import { adminOperationGuard, assertAdminTableMatches } from '../http/admin/guard';
import { BODY_LIMIT_BYTES, jsonBody, jsonBodyReader } from '../http/body';
import { apiCors } from '../http/cors';
import { dashboardStatic } from '../http/dashboard-static';
import { durableAnswers } from '../http/durable-answers';
import { errorHandler } from '../http/error-handler';
import { adminHostGuard, stationHostNames } from '../http/host-guard';
import { openApiRoutes } from '../http/openapi/routes';
import { unknownMethods } from '../http/unknown-methods';
import type { StationHooks } from '../features/hooks';
import type { StationOptions } from './options';
import type { Platform } from './platform';
import type { Printing } from './printing';
import type { Services } from './services';
import type { StationThreads } from './threads';

interface HttpParts {
  db: Db;
  walSync: WalSync;
  events: StationEvents;
  hooks: StationHooks;
  logger: Logger;
  threads: StationThreads;
  checkpointer?: Checkpointer;
  platform: Platform;
  services: Services;
  printing: Printing;
  webhooks: () => WebhookDispatcher | undefined;
  listening: { url?: string };
}

/**
 * The station's HTTP: five routers, each with the checks every route of it passes, then every
 * feature's routes mounted on them in one place, then the Koa app in front of them.
 *
 * - `/api/openapi.json` and the reference: no key (an integrator reads them before having one);
 * - `/api/*`: an X-API-Key, scoped to the key's team (and a 3PL's merchants);
 * - the dashboard's sign-in and bench screens, then its signed-in API: a session token (a
 *   person's, or the station admin's own), acting on the teams where the person holds the
 *   role each operation needs, read from one table (http/admin/operations.ts). Both answer
 *   only for the station's own names, and take changes only from its own origin;
 * - health and metrics: no team data; the station's own names only.
 */
export function createHttp(options: StationOptions, parts: HttpParts): Koa {
  const { db, events, logger, platform, services, printing, threads } = parts;
  const { settings } = platform;
  const hostGuard = adminHostGuard(stationHostNames(() => configuredDashboardHosts(settings)));

  const apiPublic = new Router();
  const api = new Router();
  api.use(apiKeyAuth(db), jsonBody, recordApiActivity(db));
  const adminPublic = new Router();
  adminPublic.use(hostGuard, jsonBody, adminOperationGuard(() => adminPublic));
  const admin = new Router();
  admin.use(
    hostGuard,
    adminAuth(services.adminSessions),
    adminOperationGuard(() => admin, dashboardGuardDeps(db)),
    // A CSV export is larger than any order: its routes read up to 10 MiB (after auth).
    jsonBodyReader((path) => (isCsvRoute(path) ? CSV_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES)),
    // Every change made here, with who made it (Activity).
    recordActivity(db),
  );
  const health = new Router();
  health.use(hostGuard);

  // Every route of the station, each feature's at once, lowest feature first.
  const { benches } = printing;
  openApiRoutes(apiPublic);
  authRoutes(api, STATION_VERSION);
  sessionAdminRoutes(admin, services.adminSessions, settings);
  mountTeams({ api, admin }, { db, merchants: services.merchants, invitations: services.invitations, hooks: parts.hooks, settings });
  mountApps({ api, admin }, db);
  webhookAdminRoutes(admin, db, parts.webhooks);
  orderRoutes(api, db, services.orders, options.logLines ? logger : undefined);
  // Manual and CSV orders before the order list's `/admin/api/orders/:idOrKey` (admin views, below).
  adminManualOrderRoutes(admin, db, services.orders, events);
  mountPeople({ adminPublic, admin }, {
    db,
    sessions: services.adminSessions,
    people: services.people,
    passkeys: services.passkeys,
    // A sign-in at a paired bench screen is recorded there.
    atBench: {
      signedIn: (ctx, sessionToken) => benches.sessionOpened(ctx.get(BENCH_HEADER) || undefined, sessionToken),
      atPairedScreen: (ctx) => benches.screenBench(ctx.get(BENCH_HEADER) || undefined) !== undefined,
    },
  });
  mountLinks({ api, admin }, { db, links: services.links, sandbox: services.sandbox });
  mountDocuments({ api, admin }, { db, orders: services.orders, documents: services.documents, templates: services.templates, renderer: services.pdfRenderer, zplPreview: threads.zplPreview, testPrint: () => printing.printing.testPrinter });
  mountPrinters({ api, admin }, { settings, resolve: printing.printServer, printers: printing.printing.printers });
  mountPrinting({ api, admin, adminPublic }, { db, events, services: printing.printing, documents: printing.deps.documents, benches, desktopWindow: printing.desktopWindow, throttle: services.secretThrottle });
  retentionRoutes(admin, { db, dataDir: options.dataDir, settings, checkpointer: parts.checkpointer });
  mountAdminViews(admin, {
    db,
    events,
    printing: printing.printing.printing,
    documents: services.documents,
    screenBench: (token) => benches.screenBench(token)?.id,
    station: { dataDir: options.dataDir, listeningUrl: () => parts.listening.url },
    streamScope: streamScopeOf(db),
  });
  // The station's own settings: mail and the network.
  mailAdminRoutes(admin, settings, services.mailer);
  networkAdminRoutes(admin, settings);
  adminDescriptionRoutes(admin);
  healthRoutes(health, {
    db,
    events,
    queueRunning: () => printing.printing.queue.isRunning,
    metrics: createStationMetrics(db, events, parts.checkpointer),
    stationAdminSession: (token) => isStationAdminSession(db, services.adminSessions, token),
    forwardedMetricsAllowed: () => metricsForwardedAllowed(settings),
    behindProxy: () => behindProxy(settings),
  });
  // Every dashboard route is in the table of operations, and every operation is routed.
  assertAdminTableMatches([adminPublic, admin]);

  const app = new Koa();
  app.proxy = false;
  app.use(errorHandler(logger));
  // Who the client is, for every throttle: the socket's peer, or a trusted proxy's X-Forwarded-For.
  app.use(clientAddress(() => trustedProxies(settings)));
  app.use(durableAnswers(parts.walSync));
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
  return app;
}

