import type { Db } from '../../../foundations/db/open';
import { getPrinter } from '../../printers/store';
import { enqueueWebhookEvent } from '../../webhooks/store';
import { getBatch, jobOrderIds, type JobRow } from './store';
import type { Actor } from '../../../foundations/actor';

const requestedByOf = (db: Db, batchId: string): Actor | null => {
  const requestedBy = getBatch(db, batchId)?.requested_by;
  return requestedBy ? (JSON.parse(requestedBy) as Actor) : null;
};

/**
 * The `print_job.state_changed` delivery of a job, written with its state change. The body
 * names the job's orders and printer, so a receiver need not call back to know what printed;
 * they are read only when a webhook listens.
 */
export function enqueueJobStateEvent(db: Db, job: JobRow, previousState: string, at: string): void {
  enqueueWebhookEvent(
    db,
    job.team_id,
    'print_job.state_changed',
    () => {
      const orderIds = jobOrderIds(db, job.id);
      const stored = getPrinter(db, job.printer_id);
      const printer = stored && { id: stored.id, name: stored.name };
      return {
        job: {
          id: job.id,
          batchId: job.batch_id,
          state: job.state,
          previousState,
          reason: job.reason,
          attempts: job.attempts,
          printer: printer ?? { id: job.printer_id, name: null },
          tray: job.tray,
          orderIds,
          // When it passed each stage on its way to paper (null: not yet, or not seen).
          times: { received: job.created_at, rendered: job.rendered_at ?? null, submitted: job.submitted_at, printing: job.printing_at ?? null, finished: job.finished_at },
          updatedAt: at,
          // Who asked for the print (a person, an API key, the station); null before people were recorded.
          requestedBy: requestedByOf(db, job.batch_id),
        },
      };
    },
    at,
  );
}
