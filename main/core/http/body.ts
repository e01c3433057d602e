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
 * `JSON.stringify` in the order store. It runs on every body: only objects and arrays are
 * visited, and the path is spelled out only for the one too deep.
 */
export function pathBeyondDepth(body: unknown, limit: number): string | undefined {
  interface Visit {
    value: object;
    depth: number;
    parent: Visit | undefined;
    step: string | number;
  }
  if (body === null || typeof body !== 'object') return undefined;
  const stack: Visit[] = [{ value: body, depth: 1, parent: undefined, step: '' }];
  while (stack.length) {
    const visit = stack.pop()!;
    if (visit.depth > limit) return pathOf(visit);
    const { value, depth } = visit;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const item: unknown = value[index];
        if (item !== null && typeof item === 'object') stack.push({ value: item, depth: depth + 1, parent: visit, step: index });
      }
    } else {
      for (const key in value) {
        const item: unknown = (value as Record<string, unknown>)[key];
        if (item !== null && typeof item === 'object') stack.push({ value: item, depth: depth + 1, parent: visit, step: key });
      }
    }
  }
  return undefined;

  function pathOf(visit: Visit): string {
    const steps: (string | number)[] = [];
    for (let at: Visit | undefined = visit; at?.parent; at = at.parent) steps.push(at.step);
    return steps.reverse().reduce<string>((path, step) => (typeof step === 'number' ? `${path}[${step}]` : path ? `${path}.${step}` : step), '');
  }
}
