import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Registry } from 'prom-client';
import type { Db } from '../../foundations/db/open';
import type { StationEvents } from '../../foundations/events';
import { forbidden } from '../../foundations/errors';
import { STATION_VERSION } from '../../foundations/version';
import { databaseAnswers } from '../../foundations/db/open';

interface Check {
  up: boolean;
  detail: string;
}

/** The last render's outcome, from the queue's events: a renderer that failed last is down. */
function rendererWatch(events: StationEvents) {
  let last: { ok: boolean; at: string } | null = null;
  events.on('rendered', (event) => {
    last = { ok: event.ok, at: new Date().toISOString() };
  });
  return (): Check =>
    last === null
      ? { up: true, detail: 'no job rendered since the station started' }
      : last.ok
        ? { up: true, detail: `last job rendered at ${last.at}` }
        : { up: false, detail: `the last job failed to render at ${last.at}; it is retried` };
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const fromLoopback = (ctx: Context) => LOOPBACK.test(ctx.req.socket.remoteAddress ?? '');
/**
 * Header names by which proxies say who the real caller was: the standard `Forwarded` and
 * `Via`, every `X-Forwarded-*`, `X-Real-IP`, and the vendors' `*-Client-IP` and
 * `*-Connecting-IP` (`True-Client-IP`, `X-Client-IP`, `CF-Connecting-IP`,
 * `X-Cluster-Client-IP`, …), by their shape rather than a list of names.
 */
const FORWARDING_HEADER = /^(forwarded|via|x-forwarded-.+|x-real-ip|x-original-forwarded-for|.*-client-ip|.*-connecting-ip)$/;

/** A request a proxy on this computer passed on: its real caller may be anywhere. */
const forwarded = (ctx: Context) => Object.keys(ctx.headers).some((name) => FORWARDING_HEADER.test(name));

/**
 * `GET /healthz` (no key; 200 when every part is up, else 503) says whether the database,
 * the print queue worker and the renderer work, with no team's data. `GET /metrics` is
 * Prometheus text: without a key only for callers on this computer (loopback); from
 * elsewhere it needs a dashboard session (`Authorization: Bearer …`).
 */
export function healthRoutes(
  router: Router,
  deps: { db: Db; events: StationEvents; queueRunning(): boolean; metrics: Registry; stationAdminSession: (token: string) => boolean; forwardedMetricsAllowed?: () => boolean; behindProxy?: () => boolean },
): void {
  const renderer = rendererWatch(deps.events);
  router.get('/healthz', (ctx) => {
    let database: Check;
    try {
      databaseAnswers(deps.db);
      database = { up: true, detail: 'answers queries' };
    } catch (error) {
      database = { up: false, detail: error instanceof Error ? error.message : String(error) };
    }
    const printQueue: Check = deps.queueRunning() ? { up: true, detail: 'taking jobs' } : { up: false, detail: 'not running' };
    const checks = { database, printQueue, renderer: renderer() };
    const up = Object.values(checks).every((check) => check.up);
    ctx.status = up ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: up ? 'ok' : 'degraded', version: STATION_VERSION, checks };
  });
  router.get('/metrics', async (ctx) => {
    // Behind a proxy on this computer (Settings → Network), every loopback request may come
    // from anywhere, with or without a header that says so.
    const proxied = forwarded(ctx) || deps.behindProxy?.() === true;
    const local = fromLoopback(ctx) && (!proxied || deps.forwardedMetricsAllowed?.() === true);
    if (!local) {
      const header = ctx.get('authorization');
      // The station's figures are the station admin's: a team's person may not read every team's counts.
      const session = header.startsWith('Bearer ') && deps.stationAdminSession(header.slice(7));
      if (!session && fromLoopback(ctx)) {
        throw forbidden('This request came through a proxy (it carries a forwarding header, or Settings → Network says the station is behind one), so its caller may be anywhere: send a station admin’s dashboard session as Authorization: Bearer, or allow forwarded metrics in Settings → Network');
      }
      if (!session) throw forbidden('Metrics answer without a key only on this computer (loopback); from elsewhere send a station admin’s dashboard session as Authorization: Bearer');
    }
    ctx.set('Content-Type', deps.metrics.contentType);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await deps.metrics.metrics();
  });
}
