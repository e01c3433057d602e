import type { Context, Next } from 'koa';
import getRawBody from 'raw-body';
import { HttpError, badRequest } from './errors';

export const BODY_LIMIT_BYTES = 1024 * 1024;

declare module 'koa' {
  interface Request {
    /** The parsed JSON body, or undefined when the request had none. */
    body?: unknown;
  }
}

/**
 * Reads a JSON body whatever the Content-Type says (curl -d sends a form type), with a
 * 1 MiB limit: 413 past it, 400 for anything that is not JSON.
 */
export async function jsonBody(ctx: Context, next: Next): Promise<void> {
  if (ctx.method === 'GET' || ctx.method === 'HEAD' || ctx.method === 'DELETE' || ctx.method === 'OPTIONS') {
    return next();
  }
  let raw: string;
  try {
    raw = await getRawBody(ctx.req, { limit: BODY_LIMIT_BYTES, encoding: 'utf8', length: ctx.get('content-length') || undefined });
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 413) throw new HttpError(413, 'payload_too_large', `The body is larger than ${BODY_LIMIT_BYTES} bytes`);
    if (status === 400) throw badRequest('The body could not be read', undefined, 'malformed_body');
    throw error;
  }
  if (raw.trim() !== '') {
    try {
      ctx.request.body = JSON.parse(raw);
    } catch (error) {
      throw badRequest(`The body is not valid JSON: ${(error as Error).message}`, undefined, 'malformed_json');
    }
  }
  await next();
}
