import type { Db } from '../../../foundations/db/open';
import type { DocumentsApi, PaperSpec, PdfRenderer } from '../../documents/contract';
import type { StationEvents } from '../../../foundations/events';
import { PermanentPrintError, TransientPrintError, type JobContent } from '../../printers/backend';
import { ChromiumMissingError } from '../../render/chromium-path';
import type { ContentStore } from '../../render/content-store';
import { pdfPageCount } from '../../render/page-count';
import { hasReadyPdf, renderJobContent } from './job-content';
import { PreparedDocuments, renderJobDocuments } from './job-documents';
import { reprintedContent } from './printed-copy';
import { nextQueuedChunk, type JobRow } from './store';

/**
 * No browser to render in (Chromium is not installed): not the job's fault, and no number
 * of attempts changes it. The queue keeps the job waiting for it, saying what to install.
 */
export class RendererMissingError extends Error {}

/** A job's paper as stored: the document's paper and the OS media name it prints on. */
export type JobPaper = PaperSpec & { mediaName: string | null };

/**
 * A job's content as its backend prints it (one PDF, one HTML document, or raw bytes). A
 * reprint sends its original's printed copy; any other job renders its documents, and while
 * one chunk of a big job is in the browser the next chunk's HTML renders beside it, so the
 * chunks flow as a pipeline.
 */
export class JobRenderer {
  /** The next chunk's documents, rendered while the chunk before it is in the browser. */
  private readonly prepared: PreparedDocuments;

  constructor(
    private readonly deps: {
      db: Db;
      events: StationEvents;
      documents: () => DocumentsApi;
      renderer: () => PdfRenderer;
      /** The print cache, where a reprint finds its original's bytes. */
      store: ContentStore;
    },
  ) {
    this.prepared = new PreparedDocuments(deps.db);
  }

  async render(job: JobRow, takes: (readyPdf: boolean) => 'pdf' | 'html'): Promise<{ content: JobContent; pages: number | null }> {
    const { db } = this.deps;
    if (job.reprint_of) return reprintedContent(this.deps.store, job, takes);
    const html = await (this.prepared.take(job.id) ?? renderJobDocuments(db, this.deps.documents(), job));
    const next = nextQueuedChunk(db, job);
    if (next) this.prepared.startAhead(next, () => renderJobDocuments(db, this.deps.documents(), next));
    const paper = JSON.parse(job.paper) as JobPaper;
    const started = performance.now();
    const rendered = (ok: boolean, pages: number | null) => this.deps.events.emit('rendered', { jobId: job.id, ok, seconds: (performance.now() - started) / 1000, pages });
    try {
      const content = await renderJobContent(this.deps.renderer(), takes(hasReadyPdf(html)), html, paper);
      const pages = content.kind === 'pdf' ? pdfPageCount(content.pdf) : null;
      rendered(true, pages);
      return { content, pages };
    } catch (error) {
      rendered(false, null);
      // A printer path that cannot take the job (a carrier PDF on an HTML path) will not change.
      if (error instanceof PermanentPrintError) throw error;
      if (error instanceof ChromiumMissingError) throw new RendererMissingError(error.message);
      // The renderer (a browser) can crash or time out: worth another attempt.
      throw new TransientPrintError(`Rendering failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Drops documents prepared for jobs not taken yet (the queue stopped). */
  clear(): void {
    this.prepared.clear();
  }
}
