import { createHmac } from 'node:crypto';
import type { Db } from '../../foundations/db/open';
import type { StationEvents } from '../../foundations/events';
import { nowIso } from '../../foundations/ids';
import { OutboundRefused, requestVetted } from '../net/outbound';
import type { Logger } from '../../foundations/logger';
import { STATION_VERSION } from '../../foundations/version';
import { dueDeliveries, nextDueAt, outboxWritesOf, recordAttempt, type DeliveryRow } from './store';

export interface DispatcherOptions {
  db: Db;
  events: StationEvents;
  logger: Logger;
  /** The first retry's delay; each next one doubles, up to an hour. */
  retryBaseMs?: number;
  /** Attempts before a delivery is given up (`failed`; an admin can send it again). */
  maxAttempts?: number;
  timeoutMs?: number;
  /** Hosts an admin allowed although they are not public (Settings → Network): the outbound policy's list. */
  allowedHosts?: () => string[];
}

const MAX_DELAY_MS = 60 * 60 * 1000;
/** Deliveries tried at once: a slow receiver must not hold every other one up. */
const CONCURRENCY = 4;

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (Stripe's scheme): the receiver
 * recomputes it with the webhook's secret, and refuses an old `t` so a captured delivery
 * cannot be replayed later.
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

function describeFailure(error: unknown): string {
  const failure = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const coded = failure.code ? failure : failure.cause;
  return coded?.code ? `${coded.code}: ${coded.message ?? ''}`.trim() : String(failure.message ?? error);
}

/**
 * Sends the outbox: every pending delivery whose time has come, signed, retried with
 * backoff. Woken by order and job events that wrote deliveries (committed with them), by a
 * timer for the next retry and by the admin; a restart finds pending deliveries on disk.
 */
export class WebhookDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** Outbox writes already looked for: an order or job event without a new delivery costs no query. */
  private seenWrites = 0;
  private readonly wakeUp = () => {
    const writes = outboxWritesOf(this.options.db);
    if (writes === this.seenWrites) return;
    this.seenWrites = writes;
    this.wake();
  };

  constructor(private readonly options: DispatcherOptions) {}

  start(): void {
    this.seenWrites = outboxWritesOf(this.options.db);
    this.options.events.on('order', this.wakeUp);
    this.options.events.on('job', this.wakeUp);
    this.wake();
  }

  /** Looks for due deliveries now (coalesced: one pass at a time, another after if woken meanwhile). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      } else this.scheduleNext();
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.options.events.off('order', this.wakeUp);
    this.options.events.off('job', this.wakeUp);
    clearTimeout(this.timer);
    await this.running;
  }

  private scheduleNext(): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    const at = nextDueAt(this.options.db);
    if (at === undefined) return;
    const delay = Math.max(0, Date.parse(at) - Date.now());
    this.timer = setTimeout(() => this.wake(), Math.min(delay, MAX_DELAY_MS));
    this.timer.unref();
  }

  private async pass(): Promise<void> {
    for (;;) {
      const due = dueDeliveries(this.options.db, nowIso(), CONCURRENCY);
      if (due.length === 0 || this.stopped) return;
      await Promise.all(due.map((delivery) => this.deliver(delivery)));
    }
  }

  private async deliver(delivery: DeliveryRow & { url: string; secret: string }): Promise<void> {
    const { db, events, logger, retryBaseMs = 5_000, maxAttempts = 15, timeoutMs = 10_000 } = this.options;
    const attempts = delivery.attempts + 1;
    let status: number | null = null;
    let error: string | null = null;
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      // Under the station's outbound policy (net/outbound.ts): a loopback or private receiver
      // only when an admin allowed its host; no redirect is followed.
      const response = await requestVetted(delivery.url, this.options.allowedHosts?.() ?? [], {
        method: 'POST',
        signal,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': `OrderPrintStation/${STATION_VERSION}`,
          'X-Station-Event': delivery.event_type,
          'X-Station-Delivery': delivery.id,
          'X-Station-Signature': signatureHeader(delivery.secret, delivery.payload, Math.floor(Date.now() / 1000)),
        },
        body: delivery.payload,
      });
      status = response.statusCode ?? 0;
      response.resume();
      if (status < 200 || status > 299) error = `The receiver answered HTTP ${status}`;
    } catch (failure) {
      error = failure instanceof OutboundRefused ? `Not sent: ${failure.message}` : signal.aborted ? 'No answer within the time limit' : describeFailure(failure);
    }
    const at = nowIso();
    const state = error === null ? 'delivered' : attempts >= maxAttempts ? 'failed' : 'pending';
    const delay = Math.min(retryBaseMs * 2 ** (attempts - 1), MAX_DELAY_MS);
    recordAttempt(db, delivery.id, {
      state,
      attempts,
      next_attempt_at: state === 'pending' ? new Date(Date.now() + delay).toISOString() : delivery.next_attempt_at,
      last_attempt_at: at,
      last_status: status,
      last_error: error,
      delivered_at: state === 'delivered' ? at : null,
    });
    if (state === 'failed') logger.error('webhook delivery given up', { deliveryId: delivery.id, url: delivery.url, attempts, error });
    events.emit('webhook', { deliveryId: delivery.id, webhookId: delivery.webhook_id, state, attempts, status, error });
  }
}
