import { PermanentPrintError, type JobContent } from '../../printers/backend';
import { contentKey, type ContentStore } from '../../render/content-store';
import { pdfPageCount } from '../../render/page-count';
import { READY_PDF_NOT_TAKEN } from './job-content';
import { PermanentJobError } from './job-documents';
import type { JobRow, PrintedCopy } from './store';

/** Why a reprint cannot send the same bytes again. */
export const COPY_GONE_REASON =
  'The copy of what this job printed is no longer kept (the print cache keeps the most recent within its size budget): print its orders again instead';

/**
 * Keeps exactly what a job hands to the printer system, keyed by the hash of its bytes (two
 * jobs that printed the same bytes share one copy). A job printed as HTML (the desktop app's
 * path) has no such bytes: null.
 */
export async function keepPrintedCopy(store: ContentStore, content: JobContent): Promise<PrintedCopy | null> {
  if (content.kind === 'html') return null;
  const bytes = content.kind === 'pdf' ? content.pdf : content.data;
  const key = contentKey('printed-copy', bytes);
  await store.put(key, bytes);
  return { format: content.kind, key, bytes: bytes.byteLength };
}

/** A job's printed copy as content to print again; undefined when the cache no longer keeps it. */
export async function printedCopyContent(store: ContentStore, copy: PrintedCopy): Promise<JobContent | undefined> {
  const bytes = await store.get(copy.key);
  if (!bytes) return undefined;
  return copy.format === 'pdf' ? { kind: 'pdf', pdf: bytes } : { kind: 'raw', data: bytes };
}

export const parsePrintedCopy = (json: string | null | undefined): PrintedCopy | null => (json ? (JSON.parse(json) as PrintedCopy) : null);

/** A reprint's content: the very bytes the job it reprints handed to the printer system. */
export async function reprintedContent(store: ContentStore, job: JobRow, takes: (readyPdf: boolean) => 'pdf' | 'html'): Promise<{ content: JobContent; pages: number | null }> {
  const copy = parsePrintedCopy(job.printed_copy);
  const content = copy && (await printedCopyContent(store, copy));
  if (!content) throw new PermanentJobError(COPY_GONE_REASON);
  if (content.kind === 'pdf' && takes(true) === 'html') throw new PermanentPrintError(READY_PDF_NOT_TAKEN);
  return { content, pages: content.kind === 'pdf' ? pdfPageCount(content.pdf) : null };
}
