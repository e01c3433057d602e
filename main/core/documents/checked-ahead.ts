import type { OrderDraft } from '../hooks';
import type { Logger } from '../logger';
import type { RenderThread } from './render-thread';

/** Whether a template renders for an order: the completeness a document is stored with. */
export type CompletenessCheck = { ok: true } | { error: string };

/** A completeness found ahead, under the fingerprint of what was rendered. */
export type CheckedDocument = [fingerprint: string, result: CompletenessCheck];

/**
 * What a completeness check rendered: the template's version and the whole scope. Two
 * checks with the same fingerprint render the same text through the same parsed template,
 * so they succeed or fail alike, whichever thread ran them.
 */
export function checkFingerprint(template: { id: string; version: number; kind?: string }, scope: object): string {
  return `${template.id}@${template.version}:${template.kind ?? 'html'}:${JSON.stringify(scope)}`;
}

/** Orders whose checks no transaction claimed (their write failed) are dropped oldest first past this many. */
const CAPACITY = 1_000;

/** A check found ahead for exactly this template and scope, if there is one. */
export type CheckLookup = (template: { id: string; version: number; kind?: string }, scope: object) => CompletenessCheck | undefined;

/**
 * Completeness checks done ahead of their write transactions (on the check thread), kept
 * per order. The order's transaction claims them once and takes a check whose fingerprint
 * matches what it would render; anything else it renders itself, so a check done ahead can
 * never decide a document it did not see. An order with no checks waiting costs its
 * transaction no fingerprint.
 */
export class CheckedAhead {
  private readonly byOrder = new Map<string, Map<string, CompletenessCheck>>();
  /** Checks taken by a transaction so far (not rendered on the event loop). */
  taken = 0;

  add(orderId: string, checked: CheckedDocument[]): void {
    const waiting = this.byOrder.get(orderId) ?? new Map<string, CompletenessCheck>();
    for (const [fingerprint, result] of checked) waiting.set(fingerprint, result);
    this.byOrder.delete(orderId);
    this.byOrder.set(orderId, waiting);
    if (this.byOrder.size > CAPACITY) this.byOrder.delete(this.byOrder.keys().next().value!);
  }

  /** Hands the order's checks to its transaction, once (undefined: none are waiting). */
  claim(orderId: string): CheckLookup | undefined {
    const waiting = this.byOrder.get(orderId);
    if (!waiting) return undefined;
    this.byOrder.delete(orderId);
    return (template, scope) => {
      const result = waiting.get(checkFingerprint(template, scope));
      if (result) this.taken++;
      return result;
    };
  }

  /** Orders with checks waiting. */
  get size(): number {
    return this.byOrder.size;
  }
}

/** After the check thread failed, order writes check in place this long before it is started again. */
const CHECK_RETRY_MS = 60_000;
/**
 * An order whose checks take longer than this on the thread (a template running to Liquid's
 * 2 s limit) is checked in its transaction instead: orders enter their transactions in
 * order, so one slow check must not hold those after it for long.
 */
const CHECK_WAIT_MS = 2_500;

/**
 * The `orderDrafted` hook: the check thread checks the order's documents while the event
 * loop goes on parsing other requests; its checks wait in `checkedAhead` for the write
 * transaction (orders alone are not drafted at all: StationHooks.orderDrafted). An order
 * that finds `maxQueued` orders already waiting for the thread (the thread is the slower
 * one: the event loop takes a share of the checks) is checked in its transaction as before;
 * so is every order while the thread starts and for a minute after it failed.
 */
export function checkAheadOnThread(
  thread: Pick<RenderThread, 'ready' | 'outstanding' | 'warm' | 'check'>,
  checkedAhead: Pick<CheckedAhead, 'add'>,
  options: { logger: Logger; maxQueued?: number; now?: () => number; waitMs?: number },
): (draft: OrderDraft) => Promise<void> {
  const { logger, maxQueued = 16, now = Date.now, waitMs = CHECK_WAIT_MS } = options;
  let retryAt = 0;
  const failed = (error: unknown) => {
    retryAt = now() + CHECK_RETRY_MS;
    logger.error('the check thread failed; orders check their documents in their write transaction for a minute', { error: String(error) });
  };
  return async (draft) => {
    if (now() < retryAt || thread.outstanding >= maxQueued) return;
    if (!thread.ready) {
      thread.warm().catch(failed);
      return;
    }
    // Checks that come late are still kept: a transaction that has not started may use them.
    const checking = thread.check(draft).then((checked) => checkedAhead.add(draft.order.id, checked), failed);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
    try {
      await Promise.race([checking, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
