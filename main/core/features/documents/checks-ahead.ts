import type { Logger } from '../../foundations/logger';
import type { OrderAhead } from '../orders/order-hooks';
import type { OrderRow } from '../orders/store';
import type { DocumentChecks } from './render-protocol';
import type { RenderThread } from './render-thread';
import type { TemplateRow } from './templates-store';

/**
 * Checking an order's documents (a whole Liquid render of each template, to know whether it
 * is complete) was more than half of what an order cost the event loop as served (~2.6 of
 * ~4.9 ms an order, four templates). A serving station now checks them ahead of the write,
 * on a thread of its own, while the event loop answers other requests; the write's
 * transaction uses those results where nothing they depend on changed, and checks anything
 * else itself, as it always did. So the stored completeness is the same either way: a check
 * done ahead is only ever a check the write would have made.
 */

/** A template as it was checked: its id, the time of its last change, and the tag it renders for. */
export const checkKey = (template: Pick<TemplateRow, 'id' | 'updated_at'>, tag: string): string => `${template.id}\u0000${template.updated_at}\u0000${tag}`;

/**
 * Everything a check's scope is built from but the template: the order's stored row (its
 * data, status, times), its tags, keys and its team as templates see it. Equal strings, equal scopes.
 */
export const checksScope = (row: OrderRow, tags: unknown, keys: string[], team: unknown): string => JSON.stringify([row, tags, keys, team]);

/** Checks waiting on the thread past which an order is checked in its write instead: a backlog would only delay answers. */
const MAX_WAITING = 32;
/**
 * Orders a second from which the thread is started: below it, checking in the write costs
 * the event loop little, and an idle station (or a test's) keeps no thread for it. Once
 * started it takes every order until it ends, 10 s after the last.
 */
export const CHECK_AHEAD_FROM_PER_SECOND = 10;
/**
 * What an order's checks must cost (ms, a running average) for the thread to take them: a
 * one-line order's checks cost the loop less than sending them across (a WAL soak of such
 * orders ran 30% slower with every order checked on the thread).
 */
export const CHECK_AHEAD_FROM_MS = 1.5;
/** Results kept for writes still to come; a write takes its own (or never comes: refused). */
const REMEMBERED = 1_000;

/**
 * The serving station's side: asks the check thread (a `RenderThread` of its own, so checks
 * never queue behind a print job's renders) and keeps each answer for the order's write.
 * Until orders arrive fast enough and their checks cost enough, while it starts, or when too
 * many checks already wait, the write checks in place.
 */
export class ChecksAhead {
  private readonly remembered = new Map<string, DocumentChecks>();
  private waiting = 0;
  private readonly fromPerSecond: number;
  private windowStarted = 0;
  private inWindow = 0;
  private startFailureLogged = false;
  /** An order's checks lately (ms, a running average), wherever they ran: `noteCost`. */
  private costMs = 0;
  /** Orders checked on the thread so far. */
  checked = 0;

  constructor(
    private readonly thread: RenderThread,
    private readonly logger: Logger,
    options: { fromPerSecond?: number } = {},
  ) {
    this.fromPerSecond = options.fromPerSecond ?? CHECK_AHEAD_FROM_PER_SECOND;
  }

  /** `ahead` is worked out only when the thread will take the check. */
  async check(ahead: () => OrderAhead | undefined): Promise<void> {
    if (!this.worthIt()) return;
    if (!this.thread.ready) {
      if (this.busy()) this.thread.warm().catch((error: unknown) => this.startFailed(error));
      return;
    }
    if (this.waiting >= MAX_WAITING) return;
    const order = ahead();
    if (!order) return;
    this.waiting++;
    try {
      const checks = await this.thread.checkAhead(order);
      if (!checks) return;
      this.checked++;
      this.noteCost(checks.ms);
      this.remembered.set(order.row.id, checks);
      while (this.remembered.size > REMEMBERED) this.remembered.delete(this.remembered.keys().next().value!);
    } finally {
      this.waiting--;
    }
  }

  /** What checking an order's documents just cost (in its write, or on the thread). */
  noteCost(ms: number): void {
    this.costMs += (ms - this.costMs) * 0.2;
  }

  /** Whether checks cost enough to send them across; with `fromPerSecond` 0, always. */
  private worthIt(): boolean {
    return this.fromPerSecond === 0 || this.costMs >= CHECK_AHEAD_FROM_MS;
  }

  private startFailed(error: unknown): void {
    if (this.startFailureLogged) return;
    this.startFailureLogged = true;
    this.logger.error('the document check thread could not start; orders check their documents in their writes', { error: String(error) });
  }

  /** Whether orders arrive at `fromPerSecond` or more (counted in one-second windows). */
  private busy(): boolean {
    const now = Date.now();
    if (now - this.windowStarted >= 1_000) {
      this.windowStarted = now;
      this.inWindow = 0;
    }
    return ++this.inWindow >= this.fromPerSecond;
  }

  /** Starts the thread now, whatever the rate (the tests; a host expecting a burst). */
  warm(): Promise<void> {
    return this.thread.warm();
  }

  /** The checks made for this order, once: a later write of it is checked ahead anew. */
  take(orderId: string): DocumentChecks | undefined {
    const checks = this.remembered.get(orderId);
    if (checks) this.remembered.delete(orderId);
    return checks;
  }
}
