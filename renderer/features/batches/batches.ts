import type { Schemas } from '../../app/api';
import { WAITING_FOR_BROWSER, WAITING_FOR_PRINT_SYSTEM } from '../../../main/core/features/printing/jobs/job-words';

export type PrintJob = Schemas['Job'];

export type PrintBatch = Schemas['Batch'];

/** One print request (`/admin/api/print-requests`): its batches (one per printer), state by one rule from all its jobs. */
/** Orders a print request refused (kept by the station with each order's reasons). */
export type PrintRefusal = Schemas['PrintRequest']['refused'][number];

export type PrintRequest = Schemas['PrintRequest'];

const WITH_THE_PRINTER: PrintJob['state'][] = ['submitted', 'done', 'unknown'];

/**
 * How far a batch still printing is: jobs finished out of all, and in words. A big job prints
 * in chunks, so its progress is counted in chunks handed to the printer: the first pages come
 * out while the rest renders.
 */
export function batchProgress(batch: PrintBatch): { finished: number; total: number; percent: number; words: string } {
  const total = batch.jobs.length;
  const finished = batch.jobs.filter((job) => job.state === 'done' || job.state === 'unknown' || job.state === 'failed').length;
  const chunks = batch.jobs.filter((job) => job.chunk);
  if (chunks.length) {
    const handed = chunks.filter((job) => WITH_THE_PRINTER.includes(job.state)).length;
    return { finished: handed, total: chunks.length, percent: Math.round((handed / chunks.length) * 100), words: `${handed} of ${chunks.length} chunks with the printer` };
  }
  return { finished, total, percent: total ? Math.round((finished / total) * 100) : 100, words: `${finished} of ${total} jobs finished` };
}

/** A job's name in its batch: its chunk when it is one. */
export const jobChunkLabel = (job: PrintJob): string | null => (job.chunk ? `chunk ${job.chunk.index} of ${job.chunk.count}` : null);

/** The chip a batch gets: done is green, failing red, anything in progress amber/blue. */
export const batchChip = (batch: PrintBatch): string => ({ queued: 'queued', printing: 'printing', done: 'done', failed: 'failed' })[batch.state];

/** A job's state in words an operator acts on. */
export function jobSentence(job: PrintJob): string {
  switch (job.state) {
    case 'queued':
      // A print system that is down, or a browser not installed, is waited for without
      // spending attempts: say so, in its words (what to install).
      if (job.reason?.startsWith(WAITING_FOR_PRINT_SYSTEM) || job.reason?.startsWith(WAITING_FOR_BROWSER)) return job.reason;
      return job.attempts > 0 ? `Waiting to retry (attempt ${job.attempts + 1})` : 'Waiting to print';
    case 'rendering':
      return 'Making the PDF';
    case 'submitting':
    case 'submitted':
      if (!job.osJobId) return 'Sending to the printer';
      // What the printer waits for (out of paper, a jam) when it says.
      return job.reason ? `With the printer (job ${job.osJobId}). ${job.reason}` : `With the printer (job ${job.osJobId})`;
    case 'done':
      return job.reason ?? 'Printed';
    case 'unknown':
      return job.reason ? `Not known whether it printed: ${job.reason}` : 'Handed to the printer; not known whether it printed';
    case 'failed':
      // It may be on paper: the person at the printer decides (print again, or count it as printed).
      if (job.awaitingDecision) return `May have printed: ${job.reason ?? 'check the printer'}`;
      return job.reason ? `Failed: ${job.reason}` : 'Failed';
  }
}
