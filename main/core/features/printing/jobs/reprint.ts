import type { Actor } from '../../../foundations/actor';
import type { Db } from '../../../foundations/db/open';
import type { StationEvents } from '../../../foundations/events';
import { conflict } from '../../../foundations/errors';
import { newId, nowIso } from '../../../foundations/ids';
import { listOrderKeys } from '../../orders/store';
import type { ContentStore } from '../../render/content-store';
import { COPY_GONE_REASON, parsePrintedCopy } from './printed-copy';
import { freshJobFields, getBatch, insertBatch, insertJob, listJobDocuments, type JobRow } from './store';

/**
 * A reprint of a job: a new batch of one job on the same printer, tray and paper that sends
 * the bytes the job handed to the printer system, byte for byte, whatever changed since (an
 * order edited, a template replaced). Refused (409) for a job with no copy: one not printed
 * yet, one printed as HTML by the desktop app, or one whose copy the cache no longer keeps.
 */
export async function reprintJob(deps: { db: Db; events: StationEvents; store: ContentStore; wake: () => void }, job: JobRow, by: Actor): Promise<string> {
  const { db } = deps;
  const copy = parsePrintedCopy(job.printed_copy);
  if (!copy) {
    throw conflict(
      job.state === 'queued' || job.state === 'rendering'
        ? 'This job has not been printed yet: there is nothing to print again'
        : 'This job was printed as HTML by the desktop app, so no copy of its bytes was kept: print its orders again instead',
    );
  }
  await deps.store.ready();
  if (!deps.store.has(copy.key)) throw conflict(COPY_GONE_REASON);
  const original = getBatch(db, job.batch_id)!;
  const documents = listJobDocuments(db, job.id);
  const orderIds = [...new Set(documents.map((document) => document.order_id))];
  const at = nowIso();
  const batchId = newId();
  db.transaction(() => {
    insertBatch(db, {
      id: batchId,
      request_id: newId(),
      team_id: job.team_id,
      printer_id: job.printer_id,
      name: `Reprint of ${original.name}`,
      ref: original.ref,
      trigger: 'admin',
      state: 'queued',
      orders: JSON.stringify(orderIds.map((id) => ({ id, orderKeys: listOrderKeys(db, id) }))),
      created_at: at,
      updated_at: at,
      requested_by: JSON.stringify(by),
      // Printed again where it printed: a bench's reprint shows on that bench's screen.
      bench_id: original.bench_id ?? null,
    });
    insertJob(
      db,
      {
        ...job,
        id: newId(),
        batch_id: batchId,
        request_id: newId(),
        ...freshJobFields(at),
        pages: null,
        // The bytes are whole: a chunk's reprint is that chunk's pages, on its own.
        chunk_group: null,
        chunk_index: null,
        chunk_count: null,
        reprint_of: job.id,
      },
      documents.map(({ position, document_id, order_id, template_id }) => ({ position, document_id, order_id, template_id })),
    );
  })();
  deps.events.emit('batch', { type: 'created', batchId, teamId: job.team_id, benchId: original.bench_id ?? null, by });
  deps.wake();
  return batchId;
}
