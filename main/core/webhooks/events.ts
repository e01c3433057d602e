import type { Db } from '../db/open';
import { statement } from '../db/statements';
import type { JobRow } from '../printing/store';
import { enqueueWebhookEvent } from './store';

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
      const orderIds = statement(db, 'SELECT order_id FROM print_job_documents WHERE job_id = ? GROUP BY order_id ORDER BY MIN(position)').pluck().all(job.id) as string[];
      const printer = statement(db, 'SELECT id, name FROM printers WHERE id = ?').get(job.printer_id) as { id: string; name: string } | undefined;
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
          updatedAt: at,
        },
      };
    },
    at,
  );
}
