import type { Db } from '../../foundations/db/open';
import { statement } from '../../foundations/db/statements';

/** Rows per transaction: each slice is a short write, and the event loop turns between slices. */
export const SWEEP_SLICE = 500;

/**
 * What the retention sweep removes, one slice of at most `SWEEP_SLICE` rows per run, each
 * older than the cutoff it is given (sweep.ts decides the cutoffs).
 */
const SWEEPS = {
  /** Answers kept for print retries, past their window (printing/requests/idempotency.ts). */
  idempotencyKeys: `DELETE FROM idempotency_keys WHERE rowid IN (SELECT rowid FROM idempotency_keys WHERE created_at < ? LIMIT ${SWEEP_SLICE})`,
  finishedJobs: `DELETE FROM print_jobs WHERE rowid IN (SELECT rowid FROM print_jobs WHERE state IN ('done', 'unknown', 'failed') AND finished_at < ? LIMIT ${SWEEP_SLICE})`,
  /** Deliveries sent or given up. */
  webhookDeliveries: `DELETE FROM webhook_deliveries WHERE rowid IN (SELECT rowid FROM webhook_deliveries WHERE state IN ('delivered', 'failed') AND created_at < ? LIMIT ${SWEEP_SLICE})`,
  /** Print requests refused at the door (printing/requests/refusals-store.ts): kept as long as finished jobs, the Batches page's other record. */
  refusals: `DELETE FROM print_refusals WHERE rowid IN (SELECT rowid FROM print_refusals WHERE created_at < ? LIMIT ${SWEEP_SLICE})`,
  /** Who did what (people/activity.ts): kept as long as finished jobs, the record it goes with. */
  activity: `DELETE FROM activity WHERE id IN (SELECT id FROM activity WHERE at < ? LIMIT ${SWEEP_SLICE})`,
  /** Batches their jobs' removal left empty. */
  emptyBatches: `DELETE FROM print_batches WHERE rowid IN (SELECT b.rowid FROM print_batches b WHERE b.updated_at < ? AND NOT EXISTS (SELECT 1 FROM print_jobs j WHERE j.batch_id = b.id) LIMIT ${SWEEP_SLICE})`,
  /** Raw source payloads, replaced by null (the order keeps its fields). */
  sourcePayloads: `UPDATE order_sources SET payload = 'null' WHERE rowid IN (SELECT rowid FROM order_sources WHERE updated_at < ? AND payload <> 'null' LIMIT ${SWEEP_SLICE})`,
  /** Orders, never one with a job still printing. */
  orders: `DELETE FROM orders WHERE rowid IN (
     SELECT o.rowid FROM orders o WHERE o.updated_at < ?
       AND NOT EXISTS (SELECT 1 FROM print_job_documents d JOIN print_jobs j ON j.id = d.job_id
                       WHERE d.order_id = o.id AND j.state NOT IN ('done', 'unknown', 'failed'))
     LIMIT ${SWEEP_SLICE})`,
} as const;
export type SweepKind = keyof typeof SWEEPS;

/** Runs one slice; the number of rows it removed (or cleared). */
export function sweepSlice(db: Db, kind: SweepKind, cutoff: string): number {
  return statement(db, SWEEPS[kind]).run(cutoff).changes;
}
