import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import { StationError } from '../foundations/errors';
import { HttpError } from './errors';

/** The methods the station's routes are written with; a request with any other never reaches them. */
const ROUTED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * A method no route is written with (TRACE, PROPFIND, MKCOL…): 405 with the path's `Allow`
 * where some router has the path, else 404, as for any unknown path. The router alone would
 * answer 501 for every path, known or not, and only the first router's methods in `Allow`.
 */
export function unknownMethods(routers: Router[]) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ROUTED_METHODS.has(ctx.method)) return next();
    const allowed = new Set<string>();
    for (const router of routers) {
      for (const layer of router.match(ctx.path, 'GET').path) for (const method of layer.methods) allowed.add(method);
    }
    if (allowed.size === 0) throw new StationError('not_found', 'not_found', `No route for ${ctx.method} ${ctx.path}`);
    ctx.set('Allow', [...allowed].join(', '));
    throw new HttpError(405, 'method_not_allowed', `${ctx.method} is not supported on ${ctx.path}; it takes ${[...allowed].join(', ')}`);
  };
}
