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

/** Entries not taken (their write found other inputs, or failed) are dropped oldest first past this many. */
const CAPACITY = 1_000;

/**
 * Completeness checks done ahead of their write transactions (on the check thread). The
 * transaction takes a check whose fingerprint matches what it would render; anything else
 * it renders itself, so a check done ahead can never decide a document it did not see.
 */
export class CheckedAhead {
  private readonly entries = new Map<string, CompletenessCheck>();
  /** Checks taken by a transaction so far (not rendered on the event loop). */
  taken = 0;

  add(checked: CheckedDocument[]): void {
    for (const [fingerprint, result] of checked) {
      this.entries.delete(fingerprint);
      this.entries.set(fingerprint, result);
      if (this.entries.size > CAPACITY) this.entries.delete(this.entries.keys().next().value!);
    }
  }

  /** The check for exactly this fingerprint, once. */
  take(fingerprint: string): CompletenessCheck | undefined {
    const result = this.entries.get(fingerprint);
    if (result === undefined) return undefined;
    this.entries.delete(fingerprint);
    this.taken++;
    return result;
  }

  get size(): number {
    return this.entries.size;
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
 * transaction. An order that is alone (no other order request under way), and one that
 * finds `maxQueued` orders already waiting for the thread (the thread is the slower one:
 * the event loop takes a share of the checks), is checked in its transaction as before; so
 * is every order while the thread starts and for a minute after it failed.
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
    // An order alone gains nothing from the hop (nothing else waits for the event loop) but its cost.
    if (draft.ordersInFlight < 2) return;
    if (now() < retryAt || thread.outstanding >= maxQueued) return;
    if (!thread.ready) {
      thread.warm().catch(failed);
      return;
    }
    // Checks that come late are still kept: a transaction that has not started may use them.
    const checking = thread.check(draft).then((checked) => checkedAhead.add(checked), failed);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
    try {
      await Promise.race([checking, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
