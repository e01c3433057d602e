import type { IppAnswer, IppGroup, IppMessage } from './ipp-codec';
import { groupsOf, stringOf } from './ipp-codec';
import { IppStatusError } from './ipp-client';

/** A running follower of a scheduler's events; `stop` ends it and cancels the subscription. */
export interface EventFollower {
  stop(): Promise<void>;
  /** Whether a subscription is in place now (while not, the caller's slow poll is all there is). */
  readonly subscribed: boolean;
}

/** The printer events that change what the station shows (state, queues added or deleted, papers and trays). */
const PRINTER_EVENTS = ['printer-state-changed', 'printer-added', 'printer-deleted', 'printer-modified', 'printer-config-changed'];
/**
 * The job events that move a job the station follows (held, released, printing, completed,
 * cancelled, aborted). On a subscription to the scheduler's printers URI they cover every
 * queue's jobs.
 */
const JOB_EVENTS = ['job-created', 'job-state-changed', 'job-completed'];

/** What a batch of events was about: the printers' states, and the jobs'. */
export interface SchedulerChange {
  printers: boolean;
  jobs: boolean;
}
/** The subscription ends by itself this long after the station stops renewing it (a crashed station leaves none behind for long). */
const LEASE_SECONDS = 600;
/** Renewed (a new subscription) well before the lease ends. */
const RENEW_AFTER_MS = (LEASE_SECONDS / 2) * 1000;
/**
 * How often the scheduler is asked for new events. CUPS answers Get-Notifications at once
 * (it does not hold the request open), so the events are fetched: one small request, no
 * tool spawned, and nothing read unless something happened.
 */
export const EVENT_FETCH_MS = 250;
/** After a failure (CUPS restarting), how long before subscribing again. */
const RETRY_MS = 2_000;

interface Scheduler {
  call(operation: string, attributes: IppGroup, extra?: Omit<IppMessage, 'operation' | 'operation-attributes-tag'>): Promise<IppAnswer>;
  /** The scheduler's printers URI (`ipp://host:631/`): subscriptions on it cover every queue. */
  printersUri: string;
}

/**
 * Follows a CUPS scheduler's printer and job events by an `ippget` subscription
 * (Create-Printer-Subscriptions, then Get-Notifications from the last sequence number).
 * `onChange` runs once per batch of events, saying whether printers or jobs (or both)
 * changed, and once after every (re)subscription for both, since events from before it
 * were not seen. Events dropped by the scheduler (it keeps the last 100 per subscription)
 * lose nothing: any event makes the caller read the states whole.
 */
export function followCupsEvents(scheduler: Scheduler, onChange: (change: SchedulerChange) => void): EventFollower {
  let stopped = false;
  let subscriptionId: number | undefined;
  let subscribedAt = 0;
  let sequence = 1;
  let timer: NodeJS.Timeout | undefined;

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => void round(), ms);
    timer.unref();
  };

  async function subscribe(): Promise<void> {
    const answer = await scheduler.call(
      'Create-Printer-Subscriptions',
      { 'printer-uri': scheduler.printersUri },
      { 'subscription-attributes-tag': { 'notify-pull-method': 'ippget', 'notify-events': [...PRINTER_EVENTS, ...JOB_EVENTS], 'notify-lease-duration': LEASE_SECONDS } },
    );
    const id = Number(groupsOf(answer['subscription-attributes-tag'])[0]?.['notify-subscription-id']);
    if (!Number.isInteger(id)) throw new Error('the scheduler gave no subscription id');
    const previous = subscriptionId;
    subscriptionId = id;
    subscribedAt = Date.now();
    sequence = 1;
    // Events from before this subscription were not seen: the states are read once now.
    onChange({ printers: true, jobs: true });
    if (previous !== undefined) void cancel(previous);
  }

  async function cancel(id: number): Promise<void> {
    await scheduler.call('Cancel-Subscription', { 'printer-uri': scheduler.printersUri, 'notify-subscription-id': id }).catch(() => undefined);
  }

  async function fetchEvents(): Promise<void> {
    const answer = await scheduler.call('Get-Notifications', { 'printer-uri': scheduler.printersUri, 'notify-subscription-ids': subscriptionId!, 'notify-sequence-numbers': sequence });
    const events = groupsOf(answer['event-notification-attributes-tag']).filter((event) => stringOf(event['notify-subscribed-event']));
    if (events.length === 0) return;
    sequence = Math.max(sequence, ...events.map((event) => Number(event['notify-sequence-number']) + 1).filter(Number.isFinite));
    const names = events.map((event) => stringOf(event['notify-subscribed-event']));
    onChange({ printers: names.some((name) => name.startsWith('printer-')), jobs: names.some((name) => name.startsWith('job-')) });
  }

  async function round(): Promise<void> {
    try {
      if (subscriptionId === undefined || Date.now() - subscribedAt > RENEW_AFTER_MS) await subscribe();
      else await fetchEvents();
      schedule(EVENT_FETCH_MS);
    } catch (error) {
      // The lease ended or CUPS restarted (its subscriptions with it): subscribe again.
      if (error instanceof IppStatusError || subscriptionId !== undefined) subscriptionId = undefined;
      schedule(RETRY_MS);
    }
  }

  void round();
  return {
    get subscribed() {
      return subscriptionId !== undefined;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const id = subscriptionId;
      subscriptionId = undefined;
      if (id !== undefined) await cancel(id);
    },
  };
}
