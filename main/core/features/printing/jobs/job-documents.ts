import type { Db } from '../../../foundations/db/open';
import type { DocumentsApi, RenderedHtml } from '../../documents/contract';
import { DocumentRenderError } from '../../documents/render-protocol';
import { ignoredOrdersOfJob, jobDocumentsFingerprint, type JobRow, listJobDocuments } from './store';

export { DOCUMENTS_PER_TURN } from '../../documents/service';

/** Why a job whose every order was ignored after it was queued printed nothing. */
export const ALL_IGNORED_REASON = 'Every order in this job was ignored after it was queued, so nothing was printed';

/** A failure that will not go away by trying again (a template that cannot render). */
export class PermanentJobError extends Error {}

/** The job's orders ignored now, which it leaves out; none when the request forced them. */
export function ignoredOrders(db: Db, job: JobRow): Set<string> {
  return job.forced ? new Set() : new Set(ignoredOrdersOfJob(db, job.id));
}

/**
 * A job's documents as HTML, in the job's order. `ignored` means intentionally excluded from
 * printing: an order ignored since the job was queued is left out, unless the request
 * printed ignored orders on purpose (force). Documents render synchronously (Liquid,
 * barcodes: a few ms each), so a big job's documents render on the render thread, or a few per turn
 * of the event loop: orders keep being taken while it renders (DocumentsApi.renderMany).
 */
export async function renderJobDocuments(db: Db, documents: DocumentsApi, job: JobRow): Promise<RenderedHtml[]> {
  const ignored = ignoredOrders(db, job);
  const rows = listJobDocuments(db, job.id).filter((row) => !ignored.has(row.order_id));
  if (rows.length === 0) throw new PermanentJobError(ALL_IGNORED_REASON);
  try {
    return await documents.renderMany(rows.map((row) => ({ documentId: row.document_id, ...(row.template_id ? { templateId: row.template_id } : {}) })));
  } catch (error) {
    if (error instanceof DocumentRenderError) throw new PermanentJobError(`The document ${error.documentId} cannot render: ${error.message}`);
    throw error;
  }
}


/**
 * Documents prepared ahead of their job: while one chunk of a big job is in the browser, the
 * next chunk's HTML renders beside it (the browser and Node use different cores), so the
 * chunks flow as a pipeline. An entry is taken once, and only if no order of the job changed
 * (or was ignored) since: otherwise the job renders afresh, so nothing outdated prints.
 */
export class PreparedDocuments {
  private readonly entries = new Map<string, { fingerprint: string; html: Promise<RenderedHtml[]> }>();

  constructor(private readonly db: Db) {}

  startAhead(job: JobRow, render: () => Promise<RenderedHtml[]>): void {
    if (this.entries.has(job.id)) return;
    const fingerprint = jobDocumentsFingerprint(this.db, job.id);
    const html = render();
    // Awaited when the job is taken; a failure then is the job's own failure, as if rendered there.
    html.catch(() => undefined);
    this.entries.set(job.id, { fingerprint, html });
  }

  /** The job's prepared documents if they are still true, else undefined. */
  take(jobId: string): Promise<RenderedHtml[]> | undefined {
    const prepared = this.entries.get(jobId);
    this.entries.delete(jobId);
    if (!prepared || prepared.fingerprint !== jobDocumentsFingerprint(this.db, jobId)) return undefined;
    return prepared.html;
  }

  clear(): void {
    this.entries.clear();
  }
}
