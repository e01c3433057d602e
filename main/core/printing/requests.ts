import { statement } from '../db/statements';
import type { Db } from '../db/open';
import type { BatchRow, JobRow } from './store';

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
export function requestState(jobs: Pick<JobRow, 'state' | 'reason' | 'printer_id'>[], offlinePrinters: ReadonlySet<string>): RequestState {
  if (jobs.some((job) => job.state === 'failed')) return 'failed';
  const open = jobs.filter((job) => OPEN.includes(job.state));
  if (open.some((job) => offlinePrinters.has(job.printer_id) || (job.state === 'queued' && job.reason))) return 'waiting';
  return open.length ? 'printing' : 'done';
}

/** What a request was, in words: "#2007 scanned", "Auto-print #1001", "10 orders from the dashboard", "API · wave 12". */
export function requestTitle(batch: Pick<BatchRow, 'name' | 'trigger'>, orderNumbers: string[]): string {
  const which = orderNumbers.length === 1 ? orderNumbers[0]! : `${orderNumbers.length} orders`;
  const defaultName = /^Print \d{4}-\d\d-\d\d \d\d:\d\d$/.test(batch.name);
  if (batch.trigger === 'auto') return `Auto-print ${which}`;
  if (batch.trigger === 'admin') return defaultName ? `${which} from the dashboard` : batch.name;
  return `API · ${defaultName ? which : batch.name}`;
}

export interface RequestFilters {
  trigger?: string;
  printerId?: string;
  /** Local day, `YYYY-MM-DD`. */
  day?: string;
  /** An order number (with or without `#`). */
  q?: string;
}

/** The batches of the newest requests that match, newest first (at most `limit` batches). */
export function listRequestBatches(db: Db, filters: RequestFilters, limit: number): BatchRow[] {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filters.trigger) {
    where.push('b.trigger = ?');
    params.push(filters.trigger);
  }
  if (filters.printerId) {
    where.push('EXISTS (SELECT 1 FROM print_jobs j WHERE j.batch_id = b.id AND j.printer_id = ?)');
    params.push(filters.printerId);
  }
  if (filters.day) {
    const start = new Date(`${filters.day}T00:00:00`);
    const end = new Date(start);
    end.setDate(end.getDate() + 1);
    where.push('b.created_at >= ? AND b.created_at < ?');
    params.push(start.toISOString(), end.toISOString());
  }
  if (filters.q) {
    const bare = filters.q.trim().replace(/^#/, '');
    where.push(`EXISTS (SELECT 1 FROM json_each(b.orders) e JOIN orders o ON o.id = json_extract(e.value, '$.id') WHERE o.order_number IN (?, ?))`);
    params.push(bare, `#${bare}`);
  }
  return statement(db, `SELECT b.* FROM print_batches b ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY b.created_at DESC, b.rowid DESC LIMIT ?`).all(...params, limit) as BatchRow[];
}

/** Printers the station follows as offline now. */
export function offlinePrinterIds(db: Db): Set<string> {
  return new Set(statement(db, "SELECT id FROM printers WHERE status = 'offline'").pluck().all() as string[]);
}
