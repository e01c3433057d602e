import { stringOf, stringsOf, type IppGroup } from './ipp/ipp-codec';
import { printerProblem } from './ipp-reasons';
import type { FollowedState } from './backend';

/** Printer reasons that stop printing even without an \`-error\` suffix. */
export const HARD_STOPS = new Set(['offline', 'shutdown', 'media-empty', 'media-jam', 'door-open', 'cover-open', 'toner-empty', 'marker-supply-empty']);

/** A CUPS queue as CUPS-Get-Printers says it is. */
export interface QueueState {
  queue: string;
  enabled: boolean;
  printing: boolean;
  /** \`printer-state-message\`: the reason it was paused (\`cupsdisable -r\`), or what the backend says. */
  message: string;
  /** \`printer-state-reasons\` keywords (none: \`none\`). */
  alerts: string[];
}

/** `printer-state-reasons` keywords but `none`. */
export const reasonsOf = (printer: IppGroup): string[] => stringsOf(printer['printer-state-reasons']).filter((reason) => reason !== 'none');

/** A queue's state as CUPS-Get-Printers answers it. */
export function toQueueState(queue: IppGroup): QueueState & { accepting: boolean } {
  const state = stringOf(queue['printer-state']);
  return {
    queue: stringOf(queue['printer-name']),
    enabled: state !== 'stopped',
    printing: state === 'processing',
    message: stringOf(queue['printer-state-message']),
    alerts: reasonsOf(queue),
    accepting: queue['printer-is-accepting-jobs'] !== false,
  };
}

/**
 * A queue's station status and why, in words: `offline` when CUPS stopped it (paused, with
 * the reason it was given), when it refuses new jobs, when the printer reports an error
 * (out of paper, a jam), or when CUPS cannot reach the printer with a job (`notAnswering`);
 * `busy` while it prints; otherwise `online`.
 */
export function queueState(queue: Pick<QueueState, 'enabled' | 'printing' | 'message' | 'alerts'> & { accepting: boolean }): Omit<FollowedState, 'address'> {
  const problem = printerProblem(queue.alerts.filter((alert) => alert !== 'paused' && !alert.endsWith('-report') && !alert.endsWith('-warning')));
  if (!queue.enabled) {
    const said = queue.message && !/^(paused|rejecting jobs)$/i.test(queue.message) ? `: ${queue.message}` : '';
    return { status: 'offline', reason: `paused${said}${problem ? `; ${problem}` : ''}` };
  }
  if (!queue.accepting) return { status: 'offline', reason: `not accepting jobs${problem ? `; ${problem}` : ''}` };
  if (queue.alerts.some((alert) => alert.endsWith('-error')) && problem) return { status: 'offline', reason: problem };
  // Printing, a backend that cannot reach its printer says so in the queue's message ("The
  // printer may not exist or is unavailable at this time", "Unable to connect…") and may
  // report the printer offline: the printer is not answering, and its jobs wait for it.
  if (queue.printing && (NOT_ANSWERING_MESSAGE.test(queue.message) || queue.alerts.includes('offline-report'))) {
    return { status: 'offline', reason: queue.message || 'the printer is not answering', notAnswering: true };
  }
  // Other words of a backend at work that name a problem ("Connecting to printer…" for long)
  // are kept as the reason, so jobs that wait there are shown with them.
  const unreachable = queue.printing && UNREACHABLE_MESSAGE.test(queue.message) ? queue.message : undefined;
  const reason = problem ?? unreachable;
  return { status: queue.printing ? 'busy' : 'online', ...(reason ? { reason } : {}) };
}

/** What CUPS's backends say when the printer itself does not answer (ipp, socket, lpd). */
const NOT_ANSWERING_MESSAGE = /may not exist|unavailable at this time|unable to (connect|locate)|not responding|no route to host|connection refused|host is down/i;

/** Messages of a CUPS backend that cannot get a job to its printer. */
const UNREACHABLE_MESSAGE = /not exist|unavailable|unable to|cannot|can't|not respond|connect|refused|timed? ?out|error|fail/i;
