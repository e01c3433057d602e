import type { Context, Next } from 'koa';
import { StationError } from '../foundations/errors';

/** What a page on an allowed origin may send and read (docs/api.md, Browser integrations). */
const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';
const ALLOWED_HEADERS = 'X-API-Key, Content-Type, Idempotency-Key';
const EXPOSED_HEADERS = 'X-Request-Id, Idempotent-Replayed';
/** Seconds a browser may keep a preflight answer: an origin removed from the list is refused within this. */
const PREFLIGHT_MAX_AGE = '600';

const originRefused = () =>
  new StationError('forbidden', 'origin_not_allowed', 'Pages on this origin may not call the station; an admin can allow it in Settings → Network (browser origins)');

/**
 * CORS for `/api/*`, for web pages in the operator's browser that post to the station
 * (QZ Tray's model). Only origins an admin listed get CORS headers; a request carrying any
 * other `Origin` is refused with 403 before a route runs, so a page cannot even trigger a
 * print with a simple request whose answer it could not read. Requests without `Origin`
 * (servers, curl) and from the station's own pages are not affected.
 *
 * The preflight also answers Chrome's Private Network Access question
 * (`Access-Control-Request-Private-Network: true` → `Access-Control-Allow-Private-Network: true`):
 * a page on a public origin may then reach the station on localhost or the LAN.
 */
export function apiCors(allowedOrigins: () => string[]) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const origin = ctx.get('Origin');
    if (!origin || !ctx.path.startsWith('/api/')) return next();
    ctx.vary('Origin');
    // Not `ctx.origin`: Koa 3 reads that from the request's own Origin header.
    if (origin === `${ctx.protocol}://${ctx.host}`) return next();
    if (!allowedOrigins().includes(origin)) throw originRefused();

    ctx.set('Access-Control-Allow-Origin', origin);
    const preflight = ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method') !== '';
    if (!preflight) {
      ctx.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
      return next();
    }
    ctx.set('Access-Control-Allow-Methods', ALLOWED_METHODS);
    ctx.set('Access-Control-Allow-Headers', ALLOWED_HEADERS);
    ctx.set('Access-Control-Max-Age', PREFLIGHT_MAX_AGE);
    if (ctx.get('Access-Control-Request-Private-Network') === 'true') ctx.set('Access-Control-Allow-Private-Network', 'true');
    ctx.status = 204;
  };
}
