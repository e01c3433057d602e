import Router from '@koa/router';
import Koa from 'koa';
import type { Checkpointer } from '../foundations/db/checkpointer';
import type { Db } from '../foundations/db/open';
import type { WalSync } from '../foundations/db/wal-sync';
import type { StationEvents } from '../foundations/events';
import type { Logger } from '../foundations/logger';
import { RequestRate } from '../foundations/secret-throttle';
import { STATION_VERSION } from '../foundations/version';
import { adminEventRoutes } from '../features/admin/events-routes';
import { adminKeyRoutes } from '../features/admin/keys-routes';
import { adminOrderRoutes } from '../features/admin/orders-routes';
import { overviewRoutes } from '../features/admin/overview-routes';
import { adminPrintRoutes } from '../features/admin/print-routes';
import { adminStationRoutes } from '../features/admin/station-routes';
import { appAdminRoutes, appRoutes } from '../features/apps/routes';
import { authRoutes } from '../features/auth/routes';
import { apiKeyAuth } from '../features/auth/scope';
import { documentAdminRoutes, documentRoutes } from '../features/documents';
import { createStationMetrics } from '../features/health/metrics';
import { healthRoutes } from '../features/health/routes';
import { linkAdminRoutes, linkRoutes } from '../features/links';
import { mailAdminRoutes } from '../features/mail/admin-routes';
import { allowedBrowserOrigins, behindProxy, configuredDashboardHosts, metricsForwardedAllowed, networkAdminRoutes, trustedProxies } from '../features/net/admin-routes';
import { clientAddress } from '../features/net/client-address';
import { adminManualOrderRoutes, CSV_BODY_LIMIT_BYTES, isCsvRoute } from '../features/new-orders/manual-orders';
import { orderRoutes } from '../features/orders/routes';
import { activityRoutes, recordActivity, recordApiActivity } from '../features/people/activity';
import { dashboardGuardDeps, isStationAdminSession, streamScopeOf } from '../features/people/guard-deps';
import { invitationPage } from '../features/people/invitation-page';
import { passkeyAdminRoutes } from '../features/people/passkey-routes';
import { passwordResetPage } from '../features/people/reset-page';
import { peopleAdminRoutes, peoplePublicRoutes } from '../features/people/routes';
import { printerRoutes, printersByAddressAdminRoutes, printServerAdminRoutes } from '../features/printers/routes';
import { printingAdminRoutes } from '../features/printing/admin-routes';
import { BENCH_HEADER, benchAdminRoutes, benchScreenRoutes, desktopWindowRoutes, requestBench } from '../features/printing/benches/routes';
import { printRoutes } from '../features/printing/requests/routes';
import { retentionRoutes } from '../features/retention/routes';
import { sessionAdminRoutes } from '../features/sessions/session-routes';
import { adminAuth } from '../features/sessions/sessions';
import { teamAdminRoutes } from '../features/teams/admin-routes';
import { limitsAdminRoutes, threePlLimits } from '../features/teams/rate-limits';
import { teamRoutes } from '../features/teams/routes';
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

  // Every route of the station, feature by feature.
  openApiRoutes(apiPublic);
  authRoutes(api, STATION_VERSION);
  // Sessions and people: sign-in (recorded at a paired screen's bench), people, passkeys, who did what.
  const { benches } = printing;
  sessionAdminRoutes(admin, services.adminSessions, settings);
  peoplePublicRoutes(adminPublic, services.adminSessions, services.people, {
    signedIn: (ctx, sessionToken) => benches.sessionOpened(ctx.get(BENCH_HEADER) || undefined, sessionToken),
    atPairedScreen: (ctx) => benches.screenBench(ctx.get(BENCH_HEADER) || undefined) !== undefined,
    passkeys: services.passkeys,
    // A challenge costs a little work and two minutes of memory: 30 a minute per address.
    passkeyOptionsRate: new RequestRate(30, 60_000),
  });
  peopleAdminRoutes(admin, db, services.people);
  passkeyAdminRoutes(admin, services.passkeys, services.people);
  activityRoutes(admin, db);
  // Orders: the API's, then the dashboard's (manual and CSV first: `/admin/api/orders/manual` is no order id).
  orderRoutes(api, db, services.orders, options.logLines ? logger : undefined);
  adminManualOrderRoutes(admin, db, services.orders, events);
  adminOrderRoutes(admin, db, events);
  // Teams: a 3PL key's invitation mails are paced by its hourly budget (Settings → Limits), never refused.
  teamRoutes(api, services.merchants, () => threePlLimits(settings).invitationsPerHour);
  teamAdminRoutes(admin, db, services.merchants, services.invitations, parts.hooks);
  limitsAdminRoutes(admin, settings);
  adminKeyRoutes(admin, db);
  appRoutes(api, db);
  appAdminRoutes(admin, db);
  documentRoutes(api, services.orders, services.documents, services.pdfRenderer);
  documentAdminRoutes(admin, { db, documents: services.documents, templates: services.templates, renderer: services.pdfRenderer, zplPreview: threads.zplPreview, testPrint: () => printing.printing.testPrinter });
  linkRoutes(api, db, services.links);
  linkAdminRoutes(admin, db, services.links, services.sandbox);
  // Printers, print requests, the queue and the benches.
  const { printers } = printing.printing;
  printerRoutes(api, printers);
  printServerAdminRoutes(admin, { settings, resolve: printing.printServer, printers });
  printersByAddressAdminRoutes(admin, { settings, resolve: printing.printServer, printers });
  printRoutes(api, printing.printing.printing);
  printingAdminRoutes(admin, { db, events, printers, queue: printing.printing.queue, testPrinter: printing.printing.testPrinter, store: printing.printing.store, documents: printing.deps.documents });
  adminPrintRoutes(admin, db, printing.printing.printing, (ctx) => requestBench(ctx, benches)?.id);
  benchAdminRoutes(admin, benches);
  benchScreenRoutes(adminPublic, benches, services.secretThrottle);
  desktopWindowRoutes(admin, printing.desktopWindow);
  // The station itself: mail, network, webhooks, retention, its own page, live events, the Overview.
  mailAdminRoutes(admin, settings, services.mailer);
  networkAdminRoutes(admin, settings);
  webhookAdminRoutes(admin, db, parts.webhooks);
  retentionRoutes(admin, { db, dataDir: options.dataDir, settings, checkpointer: parts.checkpointer });
  adminStationRoutes(admin, db, { dataDir: options.dataDir, listeningUrl: () => parts.listening.url });
  const live = adminEventRoutes(admin, events, streamScopeOf(db));
  events.on('closing', live.closeAll);
  overviewRoutes(admin, db);
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

