import { statement } from '../../../foundations/db/statements';
import type { Db } from '../../../foundations/db/open';
import type { OrderStatus } from '../../orders/schema';

import type { BatchRow, BatchState, JobDocumentRow, JobRow, JobState } from './rows';
export type { BatchRow, BatchState, JobDocumentRow, JobRow, JobState, PrintedCopy } from './rows';

/** The fields of a job that has not been tried yet, queued at `at`. */
export function freshJobFields(at: string) {
  return {
    state: 'queued' as const,
    attempts: 0,
    next_attempt_at: at,
    os_job_id: null,
    released: 0,
    reason: null,
    created_at: at,
    updated_at: at,
    submitted_at: null,
    finished_at: null,
  };
}

export function insertBatch(db: Db, row: BatchRow): void {
  statement(db, 
    `INSERT INTO print_batches (id, request_id, team_id, printer_id, name, ref, trigger, state, orders, created_at, updated_at, requested_by, bench_id)
     VALUES (@id, @request_id, @team_id, @printer_id, @name, @ref, @trigger, @state, @orders, @created_at, @updated_at, @requested_by, @bench_id)`,
  ).run({ bench_id: null, ...row });
}

export function insertJob(db: Db, row: JobRow, documents: Omit<JobDocumentRow, 'job_id'>[]): void {
  statement(db, 
    `INSERT INTO print_jobs (id, batch_id, request_id, team_id, printer_id, tray, paper, fit_to_page, copies, state, attempts,
       next_attempt_at, os_job_id, released, reason, created_at, updated_at, submitted_at, finished_at, forced,
       fallback_printer_ids, planned_printer_id, failover, chunk_index, chunk_count, chunk_group, printed_copy, reprint_of)
     VALUES (@id, @batch_id, @request_id, @team_id, @printer_id, @tray, @paper, @fit_to_page, @copies, @state, @attempts,
       @next_attempt_at, @os_job_id, @released, @reason, @created_at, @updated_at, @submitted_at, @finished_at, @forced,
       @fallback_printer_ids, @planned_printer_id, @failover, @chunk_index, @chunk_count, @chunk_group, @printed_copy, @reprint_of)`,
  ).run({ chunk_index: null, chunk_count: null, chunk_group: null, printed_copy: null, reprint_of: null, ...row });
  const insert = statement(db, 'INSERT INTO print_job_documents (job_id, position, document_id, order_id, template_id) VALUES (?, ?, ?, ?, ?)');
  for (const document of documents) insert.run(row.id, document.position, document.document_id, document.order_id, document.template_id);
}

export function getJob(db: Db, id: string): JobRow | undefined {
  return statement(db, 'SELECT * FROM print_jobs WHERE id = ?').get(id) as JobRow | undefined;
}

export function getBatch(db: Db, id: string): BatchRow | undefined {
  return statement(db, 'SELECT * FROM print_batches WHERE id = ?').get(id) as BatchRow | undefined;
}

/** Where a page of batches starts: after a batch (exact), or before a moment. */
export type BatchCursor = { createdAt: string; rowid: number } | { createdBefore: string };

/** The bench a batch was asked for at, or null (its events say it: a bench screen hears its own). */
export function batchBenchId(db: Db, batchId: string): string | null {
  return (statement(db, 'SELECT bench_id FROM print_batches WHERE id = ?').pluck().get(batchId) as string | null | undefined) ?? null;
}

/** A batch as a paging cursor (one request's batches share a timestamp: rowid breaks the tie). */
export function batchCursor(db: Db, batchId: string): BatchCursor | undefined {
  const row = statement(db, 'SELECT created_at, rowid FROM print_batches WHERE id = ?').get(batchId) as { created_at: string; rowid: number } | undefined;
  return row && { createdAt: row.created_at, rowid: row.rowid };
}

export function listBatches(db: Db, options: { teamId?: string; benchId?: string; teamIds?: readonly string[]; limit: number; after?: BatchCursor }): BatchRow[] {
  const where: string[] = [];
  const params: unknown[] = [];
  if (options.benchId) {
    where.push('bench_id = ?');
    params.push(options.benchId);
  }
  if (options.teamId) {
    where.push('team_id = ?');
    params.push(options.teamId);
  }
  if (options.teamIds) {
    where.push('team_id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(options.teamIds));
  }
  const cursor = options.after;
  if (cursor && 'rowid' in cursor) {
    where.push('(created_at < ? OR (created_at = ? AND rowid < ?))');
    params.push(cursor.createdAt, cursor.createdAt, cursor.rowid);
  } else if (cursor) {
    where.push('created_at < ?');
    params.push(cursor.createdBefore);
  }
  return statement(db, `SELECT * FROM print_batches ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC, rowid DESC LIMIT ?`)
    .all(...params, options.limit) as BatchRow[];
}

export function listBatchJobs(db: Db, batchId: string): JobRow[] {
  return statement(db, 'SELECT * FROM print_jobs WHERE batch_id = ? ORDER BY created_at, rowid').all(batchId) as JobRow[];
}

/** The chunk after `job` in its group, while it is still queued: its documents can be prepared early. */
export function nextQueuedChunk(db: Db, job: JobRow): JobRow | undefined {
  if (!job.chunk_group) return undefined;
  return statement(db, "SELECT * FROM print_jobs WHERE chunk_group = ? AND chunk_index = ? AND state = 'queued'").get(job.chunk_group, (job.chunk_index ?? 0) + 1) as JobRow | undefined;
}

export function listJobDocuments(db: Db, jobId: string): JobDocumentRow[] {
  return statement(db, 'SELECT * FROM print_job_documents WHERE job_id = ? ORDER BY position').all(jobId) as JobDocumentRow[];
}

/** Whether any job is still on its way to paper (queued, in hand, or waiting at its printer). */
export function hasOpenJobs(db: Db): boolean {
  return statement(db, "SELECT 1 FROM print_jobs WHERE state IN ('queued', 'rendering', 'submitting', 'submitted') LIMIT 1").get() !== undefined;
}

/** Jobs not finished at one printer: a printer with any cannot be removed. */
export function openJobCountAt(db: Db, printerId: string): number {
  return statement(db, "SELECT count(*) FROM print_jobs WHERE printer_id = ? AND state IN ('queued', 'rendering', 'submitting', 'submitted')").pluck().get(printerId) as number;
}

export function listJobsInState(db: Db, states: JobState[]): JobRow[] {
  return statement(db, `SELECT * FROM print_jobs WHERE state IN (${states.map(() => '?').join(', ')}) ORDER BY created_at, rowid`).all(...states) as JobRow[];
}

/**
 * What the queue is already working on: one job per lane, a lane being one printer for one
 * team; and the teams holding as many lanes as one team may.
 */
export interface BusyLanes {
  lanes: Array<{ printerId: string; teamId: string }>;
  fullTeams: string[];
}

/** ` AND NOT (printer_id = ? AND team_id = ?) … AND team_id NOT IN (…)`, and its parameters. */
function notBusy(busy: BusyLanes): { sql: string; params: string[] } {
  const lanes = busy.lanes.map(() => ' AND NOT (printer_id = ? AND team_id = ?)').join('');
  const teams = busy.fullTeams.length ? ` AND team_id NOT IN (${busy.fullTeams.map(() => '?').join(', ')})` : '';
  return { sql: lanes + teams, params: [...busy.lanes.flatMap((lane) => [lane.printerId, lane.teamId]), ...busy.fullTeams] };
}

const NOTHING_BUSY: BusyLanes = { lanes: [], fullTeams: [] };

/**
 * A chunk is due only after every earlier chunk of its job reached the printer system (or
 * failed for good): a chunk retrying holds the ones after it, so pages come out in order.
 */
const EARLIER_CHUNKS_THROUGH = `
  AND (chunk_group IS NULL OR NOT EXISTS (
    SELECT 1 FROM print_jobs earlier WHERE earlier.chunk_group = print_jobs.chunk_group
      AND earlier.chunk_index < print_jobs.chunk_index AND earlier.state IN ('queued', 'rendering', 'submitting')))`;

/** The oldest due job for a lane that is free. */
export function nextDueJob(db: Db, now: string, busy: BusyLanes = NOTHING_BUSY): JobRow | undefined {
  const filter = notBusy(busy);
  const sql = `SELECT * FROM print_jobs WHERE state = 'queued' AND next_attempt_at <= ?${filter.sql}${EARLIER_CHUNKS_THROUGH} ORDER BY created_at, rowid LIMIT 1`;
  return statement(db, sql).get(now, ...filter.params) as JobRow | undefined;
}

/** When the next job for a lane that is free is due. */
export function earliestQueuedAt(db: Db, busy: BusyLanes = NOTHING_BUSY): string | undefined {
  const filter = notBusy(busy);
  const sql = `SELECT MIN(next_attempt_at) AS at FROM print_jobs WHERE state = 'queued'${filter.sql}${EARLIER_CHUNKS_THROUGH}`;
  return (statement(db, sql).get(...filter.params) as { at: string | null }).at ?? undefined;
}

export function updateJob(db: Db, id: string, fields: Partial<Omit<JobRow, 'id'>>): void {
  const keys = Object.keys(fields);
  statement(db, `UPDATE print_jobs SET ${keys.map((key) => `${key} = @${key}`).join(', ')} WHERE id = @id`).run({ ...fields, id });
}

/** The orders of a job whose status is `ignored` now. */
export function ignoredOrdersOfJob(db: Db, jobId: string): string[] {
  return (
    statement(db, "SELECT DISTINCT d.order_id AS id FROM print_job_documents d JOIN orders o ON o.id = d.order_id WHERE d.job_id = ? AND o.status = 'ignored'").all(
      jobId,
    ) as { id: string }[]
  ).map((row) => row.id);
}

/**
 * The orders of this job whose every job of the same print request is finished on paper:
 * `done` (the print system said it completed) or `unknown` (a path the station cannot
 * follow past the hand-off, where the hand-off counts). An order waiting at a paused
 * printer is not among them.
 */
export function ordersFullyPrinted(db: Db, jobId: string): string[] {
  return (
    statement(db, 
        `SELECT DISTINCT d.order_id AS id FROM print_job_documents d JOIN print_jobs j ON j.id = d.job_id
         WHERE d.job_id = ? AND NOT EXISTS (
           SELECT 1 FROM print_job_documents d2 JOIN print_jobs j2 ON j2.id = d2.job_id
           WHERE d2.order_id = d.order_id AND j2.request_id = j.request_id AND j2.state NOT IN ('done', 'unknown'))`,
      )
      .all(jobId) as { id: string }[]
  ).map((row) => row.id);
}

/** Recomputes a batch's state from its jobs; returns it when it changed. */
export function refreshBatchState(db: Db, batchId: string, at: string): BatchState | undefined {
  const counts = statement(db, 
      `SELECT SUM(state = 'failed') AS failed, SUM(state IN ('done', 'unknown')) AS done, SUM(state = 'queued') AS queued, COUNT(*) AS total
       FROM print_jobs WHERE batch_id = ?`,
    )
    .get(batchId) as { failed: number; done: number; queued: number; total: number };
  const state: BatchState =
    counts.failed > 0 && counts.failed + counts.done === counts.total
      ? 'failed'
      : counts.done === counts.total
        ? 'done'
        : counts.queued === counts.total
          ? 'queued'
          : 'printing';
  const changed = statement(db, 'UPDATE print_batches SET state = ?, updated_at = ? WHERE id = ? AND state <> ?').run(state, at, batchId, state).changes === 1;
  return changed ? state : undefined;
}

/** The orders of a job, in the order of their first document in it. */
export function jobOrderIds(db: Db, jobId: string): string[] {
  return statement(db, 'SELECT order_id FROM print_job_documents WHERE job_id = ? GROUP BY order_id ORDER BY MIN(position)').pluck().all(jobId) as string[];
}

/**
 * What a job's documents are made of now: each order's and document's last change, the
 * order's status and the last template change anywhere. Documents prepared earlier are used
 * only while it is unchanged.
 */
export function jobDocumentsFingerprint(db: Db, jobId: string): string {
  const row = statement(
    db,
    `SELECT coalesce((SELECT MAX(updated_at) FROM document_templates), '') || ';' || group_concat(o.id || ':' || o.updated_at || ':' || o.status || ':' || d.updated_at, ',') AS fingerprint
     FROM print_job_documents jd JOIN orders o ON o.id = jd.order_id JOIN documents d ON d.id = jd.document_id WHERE jd.job_id = ?`,
  ).get(jobId) as { fingerprint: string | null };
  return row.fingerprint ?? '';
}

/** The number of each order a batch's stored order list names: one query over the list (a batch may hold thousands). */
export function batchOrderNumbers(db: Db, ordersJson: string): { id: string; order_number: string }[] {
  return statement(db, "SELECT o.id, o.order_number FROM json_each(?) AS entry JOIN orders o ON o.id = json_extract(entry.value, '$.id')").all(ordersJson) as {
    id: string;
    order_number: string;
  }[];
}

/** A batch's orders as its title names them: its one order's number (its id if the order is gone), or "N orders". */
export function batchOrdersInWords(db: Db, ordersJson: string): string {
  const { count, only } = statement(
    db,
    "SELECT json_array_length(@orders) AS count, coalesce((SELECT order_number FROM orders WHERE id = json_extract(@orders, '$[0].id')), json_extract(@orders, '$[0].id')) AS only",
  ).get({ orders: ordersJson }) as { count: number; only: string | null };
  return count === 1 && only ? only : `${count} orders`;
}

/** Each order of a job with its status now (the order's history is written in its words). */
export function jobOrderStatuses(db: Db, jobId: string): { id: string; status: OrderStatus }[] {
  return statement(db, 'SELECT DISTINCT o.id, o.status FROM print_job_documents d JOIN orders o ON o.id = d.order_id WHERE d.job_id = ?').all(jobId) as { id: string; status: OrderStatus }[];
}

/** A printer's name as the dashboard shows it (its nickname first). */
export function printerDisplayName(db: Db, printerId: string): string {
  return (statement(db, 'SELECT coalesce(nickname, name) FROM printers WHERE id = ?').pluck().get(printerId) as string | undefined) ?? printerId;
}
