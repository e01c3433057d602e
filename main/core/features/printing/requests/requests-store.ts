import { statement } from '../../../foundations/db/statements';
import type { Db } from '../../../foundations/db/open';
import type { BatchRow } from '../jobs/store';


export interface RequestFilters {
  trigger?: string;
  printerId?: string;
  /** Only what was asked for at this bench. */
  benchId?: string;
  /** Local day, `YYYY-MM-DD`. */
  day?: string;
  /** An order number (with or without `#`). */
  q?: string;
  /** Only these teams' (a dashboard person's scope); every team when absent. */
  teamIds?: readonly string[];
}

/**
 * The WHERE clauses and parameters of the Batches page's filters for a table aliased `alias`
 * with `trigger`, `created_at` and `orders` (JSON [{id}]) columns: print batches and refusals.
 * The printer filter is the caller's (a refusal names no printer).
 */
export function requestFilterClauses(alias: string, filters: Omit<RequestFilters, 'printerId' | 'benchId'>): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filters.trigger) {
    where.push(`${alias}.trigger = ?`);
    params.push(filters.trigger);
  }
  if (filters.day) {
    const start = new Date(`${filters.day}T00:00:00`);
    const end = new Date(start);
    end.setDate(end.getDate() + 1);
    where.push(`${alias}.created_at >= ? AND ${alias}.created_at < ?`);
    params.push(start.toISOString(), end.toISOString());
  }
  if (filters.teamIds) {
    where.push(`${alias}.team_id IN (SELECT value FROM json_each(?))`);
    params.push(JSON.stringify(filters.teamIds));
  }
  if (filters.q) {
    const bare = filters.q.trim().replace(/^#/, '');
    where.push(`EXISTS (SELECT 1 FROM json_each(${alias}.orders) e JOIN orders o ON o.id = json_extract(e.value, '$.id') WHERE o.order_number IN (?, ?))`);
    params.push(bare, `#${bare}`);
  }
  return { where, params };
}

/** The batches of the newest requests that match, newest first (at most `limit` batches). */
export function listRequestBatches(db: Db, filters: RequestFilters, limit: number): BatchRow[] {
  const { where, params } = requestFilterClauses('b', filters);
  if (filters.printerId) {
    where.push('EXISTS (SELECT 1 FROM print_jobs j WHERE j.batch_id = b.id AND j.printer_id = ?)');
    params.push(filters.printerId);
  }
  if (filters.benchId) {
    where.push('b.bench_id = ?');
    params.push(filters.benchId);
  }
  return statement(db, `SELECT b.* FROM print_batches b ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY b.created_at DESC, b.rowid DESC LIMIT ?`).all(...params, limit) as BatchRow[];
}

/** Printers the station follows as offline now. */
export function offlinePrinterIds(db: Db): Set<string> {
  return new Set(statement(db, "SELECT id FROM printers WHERE status = 'offline'").pluck().all() as string[]);
}

/** Each batch's jobs as the rule reads them, for many batches in one query. */
export function jobStatesOf(db: Db, batchIds: string[]): Map<string, { state: string; reason: string | null; printerId: string }[]> {
  const rows = statement(db, 'SELECT batch_id AS batchId, state, reason, printer_id AS printerId FROM print_jobs WHERE batch_id IN (SELECT value FROM json_each(?))').all(JSON.stringify(batchIds)) as {
    batchId: string;
    state: string;
    reason: string | null;
    printerId: string;
  }[];
  const byBatch = new Map<string, { state: string; reason: string | null; printerId: string }[]>();
  for (const { batchId, ...job } of rows) byBatch.set(batchId, [...(byBatch.get(batchId) ?? []), job]);
  return byBatch;
}
