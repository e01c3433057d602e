import type { Db } from '../../../foundations/db/open';
import { statement } from '../../../foundations/db/statements';
import { requestFilterClauses, type RequestFilters } from './requests-store';

/** A print request's refused orders, as kept (migration 0030). */
export interface RefusalRow {
  id: string;
  request_id: string;
  team_id: string;
  name: string;
  ref: string | null;
  trigger: 'api' | 'auto' | 'admin';
  severity: 'warning' | 'error';
  reason: string;
  /** JSON [{id, orderKeys, reasons}]. */
  orders: string;
  created_at: string;
}

export function insertRefusal(db: Db, row: RefusalRow): void {
  statement(
    db,
    `INSERT INTO print_refusals (id, request_id, team_id, name, ref, trigger, severity, reason, orders, created_at)
     VALUES (@id, @request_id, @team_id, @name, @ref, @trigger, @severity, @reason, @orders, @created_at)`,
  ).run(row);
}

/** The refusals of the newest requests that match the Batches page's filters, newest first. */
export function listRequestRefusals(db: Db, filters: RequestFilters, limit: number): RefusalRow[] {
  // A refusal names no printer and no bench: filtering by either leaves refusals out.
  if (filters.printerId || filters.benchId) return [];
  const { where, params } = requestFilterClauses('r', filters);
  return statement(db, `SELECT r.* FROM print_refusals r ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY r.created_at DESC, r.rowid DESC LIMIT ?`).all(...params, limit) as RefusalRow[];
}

/** Refusals of a request. */
export function refusalsOfRequest(db: Db, requestId: string): RefusalRow[] {
  return statement(db, 'SELECT * FROM print_refusals WHERE request_id = ? ORDER BY rowid').all(requestId) as RefusalRow[];
}

/** Refusals with an `error` since `since` (the Overview's "Jobs failed today" and "Needs a look"). */
/** `teams`: only these teams' (JSON; null: every team). */
const IN_TEAMS = '(@teams IS NULL OR team_id IN (SELECT value FROM json_each(@teams)))';

export function errorRefusalsSince(db: Db, since: string, limit: number, teams: string | null = null): RefusalRow[] {
  return statement(db, `SELECT * FROM print_refusals WHERE severity = 'error' AND created_at >= @since AND ${IN_TEAMS} ORDER BY created_at DESC, rowid DESC LIMIT @limit`).all({
    since,
    limit,
    teams,
  }) as RefusalRow[];
}

export function countErrorRefusalsSince(db: Db, since: string, teams: string | null = null): number {
  return statement(db, `SELECT COUNT(*) FROM print_refusals WHERE severity = 'error' AND created_at >= @since AND ${IN_TEAMS}`).pluck().get({ since, teams }) as number;
}

/** Order numbers by order id, for the refused orders that exist (a requested id that matched no order has none). */
export function orderNumbersOf(db: Db, orderIds: string[]): Map<string, string> {
  const rows = statement(db, 'SELECT id, order_number AS number FROM orders WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(orderIds)) as { id: string; number: string }[];
  return new Map(rows.map((row) => [row.id, row.number]));
}
