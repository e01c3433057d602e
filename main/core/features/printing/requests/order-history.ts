import type { Actor } from '../../../foundations/actor';
import type { Db } from '../../../foundations/db/open';
import { appendStatusHistory } from '../../orders/store';
import { requestTitleNaming } from './request-state';
import { batchOrdersInWords, getBatch, type JobRow, jobOrderStatuses, printerDisplayName } from '../jobs/store';

/**
 * The title of a job's print request as the Batches page shows it ("#2036 scanned",
 * "Auto-print #1001", "10 orders from the dashboard"), and its printer's name: the words an
 * order's history uses for a print, never a raw id.
 */
export function jobWords(db: Db, job: Pick<JobRow, 'batch_id' | 'printer_id'>): { title: string; printer: string; by: string } {
  const batch = getBatch(db, job.batch_id);
  // Every finished job of a batch says this: a 1,000-order batch is counted, not read order by order.
  const title = batch ? requestTitleNaming(batch, batchOrdersInWords(db, batch.orders)) : 'a print request';
  return { title, printer: printerDisplayName(db, job.printer_id), by: requestedByWords(batch?.requested_by ?? null) };
}

/** " by Ana", " by the key WMS": who asked for the print, for a history line; nothing for the station's own prints and those from before people were recorded. */
function requestedByWords(requestedBy: string | null): string {
  if (!requestedBy) return '';
  const actor = JSON.parse(requestedBy) as Actor;
  if (actor.kind === 'station') return '';
  return ` by ${actor.kind === 'key' ? `the key ${actor.name}` : actor.name}`;
}

/** A line in the history of each order of the job (its status unchanged): a cancel, a move, a print again. */
export function noteOnJobOrders(db: Db, job: Pick<JobRow, 'id' | 'batch_id' | 'printer_id'>, words: (said: { title: string; printer: string }) => string, at: string): void {
  const line = words(jobWords(db, job));
  for (const order of jobOrderStatuses(db, job.id)) appendStatusHistory(db, order.id, order.status, line, at);
}
