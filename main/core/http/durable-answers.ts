import type { Context, Next } from 'koa';
import type { WalSync } from '../foundations/db/wal-sync';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A change is answered only once it is on disk: after the route ran, the answer waits for
 * the WAL's sync (wal-sync.ts), off the event loop and shared with every other request
 * waiting at the same moment. A read answers at once.
 */
export function durableAnswers(walSync: WalSync) {
  return async (ctx: Context, next: Next) => {
    await next();
    if (!READS.has(ctx.method)) await walSync.barrier();
  };
}
