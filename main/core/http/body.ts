import type { Context, Next } from 'koa';
import getRawBody from 'raw-body';
import { badRequest, StationError } from '../foundations/errors';

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Objects and arrays inside one another, the body itself being the first. */
export const BODY_DEPTH_LIMIT = 32;

declare module 'koa' {
  interface Request {
    /** The parsed JSON body, or undefined when the request had none. */
    body?: unknown;
  }
}

/**
 * Reads a JSON body whatever the Content-Type says (curl -d sends a form type), with a
 * limit (1 MiB unless `limitFor` gives a route more): 413 past it, 400 for anything that is
 * not JSON.
 */
export function jsonBodyReader(limitFor: (path: string) => number = () => BODY_LIMIT_BYTES) {
  return (ctx: Context, next: Next) => readJsonBody(ctx, next, limitFor(ctx.path));
}

export const jsonBody = jsonBodyReader();

async function readJsonBody(ctx: Context, next: Next, limit: number): Promise<void> {
  if (ctx.method === 'GET' || ctx.method === 'HEAD' || ctx.method === 'DELETE' || ctx.method === 'OPTIONS') {
    return next();
  }
  let raw: string;
  try {
    raw = await getRawBody(ctx.req, { limit, encoding: 'utf8', length: ctx.get('content-length') || undefined });
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 413) throw new StationError('too_large', 'payload_too_large', `The body is larger than ${limit} bytes`);
    if (status === 400) throw badRequest('The body could not be read', undefined, 'malformed_body');
    throw error;
  }
  if (raw.trim() !== '') {
    try {
      ctx.request.body = JSON.parse(raw);
    } catch (error) {
      throw badRequest(`The body is not valid JSON: ${(error as Error).message}`, undefined, 'malformed_json');
    }
    const tooDeep = pathBeyondDepth(ctx.request.body, BODY_DEPTH_LIMIT);
    if (tooDeep !== undefined) {
      throw badRequest(`The body nests objects and arrays more than ${BODY_DEPTH_LIMIT} levels deep`, [{ path: tooDeep, message: `Deeper than ${BODY_DEPTH_LIMIT} levels` }], 'body_too_deep');
    }
  }
  await next();
}

/**
 * The path of the first value nested deeper than `limit`, or undefined. Iterative: a body
 * nested thousands of levels deep would overflow the stack of a recursive walk, as it did
 * `JSON.stringify` in the order store.
 */
export function pathBeyondDepth(body: unknown, limit: number): string | undefined {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value: body, depth: 1, path: '' }];
  while (stack.length) {
    const { value, depth, path } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > limit) return path;
    const entries = Array.isArray(value) ? value.map((item, index) => [`[${index}]`, item] as const) : Object.entries(value).map(([key, item]) => [path ? `.${key}` : key, item] as const);
    for (const [step, item] of entries) stack.push({ value: item, depth: depth + 1, path: `${path}${step}` });
  }
  return undefined;
}
