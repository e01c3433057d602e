import type { Db } from '../../../foundations/db/open';
import { nowIso } from '../../../foundations/ids';
import type { PrintersService } from '../../printers/service';
import { getJob, type JobRow, type JobState } from './store';

/** How often the print system is asked whether a cancelled job stopped (200 ms apart). */
const CANCEL_CONFIRM_TRIES = 15;

/** Why a job an operator cancelled did not print. */
export const CANCELLED_REASON = 'Cancelled by an operator';

/**
 * What an operator does with a job that waits (to print, or at its printer): cancel it, or
 * send it to another printer. A job at its printer is taken back first (IPP Cancel-Job),
 * and only a job the print system says did not print is cancelled or moved. The queue's
 * follow-up skips a job while it is being taken back (`takingBack`).
 */
export class WaitingJobs {
  readonly takingBack = new Set<string>();

  constructor(
    private readonly deps: {
      db: Db;
      printers: PrintersService;
      transition(job: JobRow, state: JobState, fields: Partial<JobRow>): void;
      wake(): void;
    },
  ) {}

  /**
   * An operator cancels a job that waits: one not sent yet (`queued`) fails at once; one at
   * its printer (`submitted`) is cancelled there first (IPP Cancel-Job) and fails only if the
   * print system then says it did not print. A job in hand (rendering, sending) is not
   * cancelled: it is about to be at the printer, where it can be.
   */
  async cancel(jobId: string): Promise<{ job: JobRow } | { refused: string }> {
    const job = getJob(this.deps.db, jobId);
    if (!job) return { refused: 'No print job with that id' };
    if (job.state === 'queued') {
      this.deps.transition(job, 'failed', { reason: CANCELLED_REASON, finished_at: nowIso() });
      return { job: getJob(this.deps.db, jobId)! };
    }
    if (job.state !== 'submitted' || !job.os_job_id) return { refused: `A job that is ${job.state} cannot be cancelled: only one waiting to print or waiting at its printer` };
    const taken = await this.takeBackFromPrinter(job);
    if ('refused' in taken) return taken;
    this.deps.transition(taken.job, 'failed', { reason: CANCELLED_REASON, finished_at: nowIso() });
    return { job: getJob(this.deps.db, jobId)! };
  }

  /**
   * An operator sends a waiting job to another printer (the route checks its paper and tray):
   * a job at its printer is cancelled there first, and moves only if it did not print.
   */
  async move(jobId: string, printerId: string): Promise<{ job: JobRow } | { refused: string }> {
    const job = getJob(this.deps.db, jobId);
    if (!job) return { refused: 'No print job with that id' };
    if (job.state !== 'queued' && job.state !== 'submitted') return { refused: `A job that is ${job.state} cannot be moved: only one waiting to print or waiting at its printer` };
    let current = job;
    if (job.state === 'submitted') {
      const taken = await this.takeBackFromPrinter(job);
      if ('refused' in taken) return taken;
      current = taken.job;
    }
    this.deps.transition(current, 'queued', { printer_id: printerId, attempts: 0, next_attempt_at: nowIso(), os_job_id: null, released: 0, reason: null, submitted_at: null });
    this.deps.wake();
    return { job: getJob(this.deps.db, jobId)! };
  }

  /** Cancels a job at its printer; answers it (still `submitted` here) unless it printed or went meanwhile. */
  private async takeBackFromPrinter(job: JobRow): Promise<{ job: JobRow } | { refused: string }> {
    // The follow-up leaves it alone meanwhile: its cancellation is this operator's to record.
    this.takingBack.add(job.id);
    try {
      return await this.cancelAtPrinter(job);
    } finally {
      this.takingBack.delete(job.id);
    }
  }

  private async cancelAtPrinter(job: JobRow): Promise<{ job: JobRow } | { refused: string }> {
    const line = this.deps.printers.line(job.printer_id)!;
    await line.cancel(job.os_job_id!);
    // Just cancelled, CUPS may still say the job is stopping (pending) for a moment: asked
    // again a few times, 200 ms apart, before its word counts.
    let report = (await line.jobStates([job.os_job_id!])).get(job.os_job_id!);
    for (let asked = 1; report?.state === 'pending' && asked < CANCEL_CONFIRM_TRIES; asked++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      report = (await line.jobStates([job.os_job_id!])).get(job.os_job_id!);
    }
    const now = getJob(this.deps.db, job.id)!;
    if (report?.state === 'done') return { refused: 'It printed before it could be cancelled' };
    if (now.state !== 'submitted' || now.os_job_id !== job.os_job_id) return { refused: `It is ${now.state} now` };
    if (report?.state === 'pending') return { refused: `The print system did not cancel it${report.reason ? ` (${report.reason})` : ''}` };
    return { job: now };
  }
}
