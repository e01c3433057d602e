import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from '../foundations/logger';
import { RateLimitedError, StationError, statusOf } from '../foundations/errors';
import { HttpError } from './errors';

/**
 * The one place that shapes error answers: `{ error: { code, message, details? } }`.
 * A 5xx carries the request id and nothing of the internals; the log keeps the rest.
 */
export function errorHandler(logger: Logger) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const requestId = randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    try {
      // A broken percent-encoding anywhere in the path is the client's error, whatever the
      // route: the router would otherwise look the raw text up (an order key "%E0%A4%A").
      decodeURIComponent(ctx.path);
      await next();
      if (ctx.status === 404 && ctx.body == null) {
        throw new StationError('not_found', 'not_found', `No route for ${ctx.method} ${ctx.path}`);
      }
      // The router's own answers (405 wrong method, 501) come without a body: give them the one shape.
      if (ctx.status >= 400 && ctx.body == null) {
        throw new HttpError(ctx.status, ctx.status === 405 ? 'method_not_allowed' : 'error', `${ctx.method} is not supported on ${ctx.path}`);
      }
    } catch (error) {
      if (error instanceof HttpError) {
        ctx.status = error.status;
        ctx.body = { error: { code: error.code, message: error.message } };
        return;
      }
      // The station's own refusals: their kind decides the status (ERROR_KINDS), here only.
      if (error instanceof StationError) {
        ctx.status = statusOf(error);
        if (error instanceof RateLimitedError) ctx.set('Retry-After', String(error.retryAfterSeconds));
        ctx.body = {
          error: {
            code: error.code,
            message: error.message,
            ...(error.details ? { details: error.details } : {}),
            ...error.extra,
          },
        };
        return;
      }
      // decodeURIComponent on a path like `/%` or `/%E0%A4%A`: the client sent a broken URL.
      if (error instanceof URIError) {
        ctx.status = 400;
        ctx.body = { error: { code: 'malformed_path', message: 'The path is not valid percent-encoding' } };
        return;
      }
      if (isDiskFull(error)) {
        logger.error('disk full', { requestId, method: ctx.method, path: ctx.path, error: String(error) });
        ctx.status = 507;
        ctx.body = { error: { code: 'insufficient_storage', message: "The station's disk is full: nothing was written. Free some space (or let retention clear old files); the station goes on by itself", requestId } };
        return;
      }
      const status = (error as { status?: number; expose?: boolean }).status;
      if (status && status >= 400 && status < 500 && (error as { expose?: boolean }).expose) {
        ctx.status = status;
        ctx.body = { error: { code: 'bad_request', message: (error as Error).message } };
        return;
      }
      logger.error('request failed', { requestId, method: ctx.method, path: ctx.path, error: String((error as Error)?.stack ?? error) });
      ctx.status = 500;
      ctx.body = { error: { code: 'internal_error', message: 'The station could not complete the request; retry with backoff', requestId } };
    }
  };
}

/** SQLite's "database or disk is full" (its extended codes too) or the OS's ENOSPC. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'ENOSPC' || code === 'SQLITE_FULL' || code.startsWith('SQLITE_FULL_') || code === 'SQLITE_IOERR_WRITE');
}
