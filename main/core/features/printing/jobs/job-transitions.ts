import type { Db } from '../../../foundations/db/open';
import type { StationEvents } from '../../../foundations/events';
import { nowIso } from '../../../foundations/ids';
import { appendStatusHistory, orderTeamId, setOrderStatus } from '../../orders/store';
import { ignoredOrders } from './job-documents';
import { jobWords } from '../requests/order-history';
import { enqueueJobStateEvent } from './job-state-event';
import { batchBenchId, ordersFullyPrinted, refreshBatchState, updateJob, type JobRow, type JobState } from './store';

/**
 * A print job's state changes (queue.ts decides them): each is committed with its webhook
 * event and its batch's state, then told to the dashboard. `finished` is where orders
 * become `printed`.
 */
export class JobTransitions {
  constructor(private readonly deps: { db: Db; events: StationEvents }) {}

  /** The OS has the job: record its id. Its orders are printed once the print system says the job is (`finished`). */
  accepted(job: JobRow, osJobId: string, released: boolean, pages: number | null = null): void {
    this.transition(job, 'submitted', { os_job_id: osJobId, released: released ? 1 : 0, submitted_at: nowIso(), reason: null, pages });
  }

  /**
   * The print system says the job is on paper (`done`), or the station cannot follow it past
   * the hand-off (`unknown`, where the hand-off counts): in the same transaction, orders whose
   * every job of this request is finished become `printed`. Printed means printed: an order
   * whose page waits at a paused printer stays `ready`, and says where it waits.
   * `countedBy`: a person counted a job that may have printed as printed; the history names
   * them, not who asked for the print.
   */
  finished(job: JobRow, state: 'done' | 'unknown', reason: string | null, fields: Partial<JobRow> = {}, countedBy?: string): void {
    const { db, events } = this.deps;
    const at = nowIso();
    const printed: string[] = [];
    db.transaction(() => {
      this.transition(job, state, { ...fields, reason, finished_at: at });
      const ignored = ignoredOrders(db, job);
      const fully = ordersFullyPrinted(db, job.id);
      if (fully.length) {
        // The history says which request printed it and where, in the Batches page's words.
        const { title, printer, by } = jobWords(db, job);
        const printedWords = countedBy ? `counted as printed (${title}) on ${printer} by ${countedBy}` : `printed (${title}) on ${printer}${by}`;
        for (const orderId of fully) {
          // An order ignored meanwhile was left out of the PDF (render-job.ts): it stays ignored.
          if (ignored.has(orderId)) continue;
          if (setOrderStatus(db, orderId, 'printed', printedWords, at)) printed.push(orderId);
          // Printed before (a reprint, a re-scan): the status stays, the print is still on record.
          else appendStatusHistory(db, orderId, 'printed', countedBy ? printedWords : `printed again (${title}) on ${printer}${by}`, at);
        }
      }
    })();
    for (const orderId of printed) {
      const teamId = orderTeamId(db, orderId)!;
      events.emit('order', { type: 'status', orderId, teamId });
    }
  }

  /**
   * The print system prints it now (its first word of it): when, kept. Not a state change, so
   * no event: the state stays `submitted`, and its `done` follows within seconds.
   */
  printing(job: JobRow): void {
    updateJob(this.deps.db, job.id, { printing_at: nowIso() });
  }

  /** What the printer says about a job it holds changed: kept and shown, the state stays. */
  noteReason(job: JobRow, reason: string | null): void {
    updateJob(this.deps.db, job.id, { reason, updated_at: nowIso() });
    this.deps.events.emit('job', { type: 'reason', jobId: job.id, batchId: job.batch_id, teamId: job.team_id, benchId: batchBenchId(this.deps.db, job.batch_id), state: job.state, reason });
  }

  /** A new state with its fields, in one write with its webhook event; the batch's state follows. */
  transition(job: JobRow, state: JobState, fields: Partial<JobRow>): void {
    const { db, events } = this.deps;
    const at = nowIso();
    const reason = fields.reason !== undefined ? fields.reason : job.reason;
    db.transaction(() => {
      updateJob(db, job.id, { ...fields, state, updated_at: at });
      if (state !== job.state) enqueueJobStateEvent(db, { ...job, ...fields, state, reason }, job.state, at);
    })();
    const benchId = batchBenchId(db, job.batch_id);
    events.emit('job', { type: 'updated', jobId: job.id, batchId: job.batch_id, teamId: job.team_id, benchId, state, reason });
    if (refreshBatchState(db, job.batch_id, at)) events.emit('batch', { type: 'updated', batchId: job.batch_id, teamId: job.team_id, benchId });
  }
}
