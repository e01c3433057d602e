import type { BatchRow, JobRow } from '../jobs/store';

/**
 * A print request as the Batches page shows it: one entry per request (a scan, an automatic
 * print, a dashboard print, an API call), whatever number of printers its batches went to,
 * with one state derived from all its jobs by one rule (`requestState`) and a title that says
 * what it was.
 */
export type RequestState = 'failed' | 'waiting' | 'printing' | 'done';

const OPEN: JobRow['state'][] = ['queued', 'rendering', 'submitting', 'submitted'];

/**
 * The one rule: failed when any job failed; waiting when a job not finished waits at a
 * printer that is offline (paused, refusing, erroring) or for a retry; printing while any
 * job is not finished; done when every job is done (or handed over where that counts).
 */
export function requestState(jobs: { state: string; reason: string | null; printerId: string }[], offlinePrinters: ReadonlySet<string>): RequestState {
  if (jobs.some((job) => job.state === 'failed')) return 'failed';
  const open = jobs.filter((job) => OPEN.includes(job.state as JobRow['state']));
  if (open.some((job) => offlinePrinters.has(job.printerId) || (job.state === 'queued' && job.reason))) return 'waiting';
  return open.length ? 'printing' : 'done';
}

/** What a request was, in words: "#2007 scanned", "Auto-print #1001", "10 orders from the dashboard", "API · wave 12". */
export function requestTitle(batch: Pick<BatchRow, 'name' | 'trigger'>, orderNumbers: string[]): string {
  return requestTitleNaming(batch, orderNumbers.length === 1 ? orderNumbers[0]! : `${orderNumbers.length} orders`);
}

/** `requestTitle` with its orders already in words: the one order's number, or "N orders". */
export function requestTitleNaming(batch: Pick<BatchRow, 'name' | 'trigger'>, which: string): string {
  const defaultName = /^Print \d{4}-\d\d-\d\d \d\d:\d\d$/.test(batch.name);
  if (batch.trigger === 'auto') return `Auto-print ${which}`;
  if (batch.trigger === 'admin') return defaultName ? `${which} from the dashboard` : batch.name;
  return `API · ${defaultName ? which : batch.name}`;
}
