import { nowIso } from '../../../foundations/ids';
import type { PrintBackend } from '../../printers/backend';
import type { JobTransitions } from './job-transitions';
import type { QueueDeps } from '../deps';
import { getJob, listJobsInState, updateJob, type JobRow } from './store';

/**
 * A printer whose print system announces job changes (CUPS's subscription) has its jobs read
 * when an event came, and this often besides (an event the scheduler dropped, a clock).
 */
const ANNOUNCED_JOBS_READ_MS = 5_000;

/** Why a job sent to a backend that cannot look up its submissions was not resent after a crash. */
export const MAYBE_PRINTED_REASON =
  'The station stopped while sending this job to the printer, so it may have printed. Check the printer, and retry the job only if nothing came out.';

/** The OS job title: how a job held by CUPS is recognised after a crash. */
export const osJobTitle = (jobId: string): string => `station-job-${jobId}`;

/**
 * The queue's follow-up of the jobs it handed over (and, after a crash, of those it was handing over): each held job released once its OS job
 * id is on disk, then each submitted job read from its print system until it is done,
 * failed or lost, with "printing" and what it waits for (out of paper, a jam) as they come.
 */
export class JobFollowUp {
  private following = false;
  private lastFollowError: { message: string; at: number } | undefined;
  /** Whether a backend's job changes are announced now (its event subscription is in place). */
  private jobsAnnounced: (backend: PrintBackend) => boolean = () => false;
  /** A job change was announced since the jobs were last read. */
  private jobChangeAnnounced = false;
  /** When each printer's jobs were last read (ms), for the safety read of announced printers. */
  private readonly jobsReadAt = new Map<string, number>();
  /**
   * Jobs whose release is under way. Lanes hand jobs over side by side and each then releases
   * what is held: without this, two would release the same job, and CUPS refuses the second.
   */
  private readonly releasing = new Set<string>();

  constructor(
    private readonly deps: Pick<QueueDeps, 'db' | 'printers' | 'logger' | 'durable'> & {
      jobState: JobTransitions;
      /** Jobs an operator is taking back from their printer (cancel, move): not followed meanwhile. */
      takingBack: ReadonlySet<string>;
    },
  ) {}

  /** Whether a follow-up is under way (the queue's stop waits for it before the database closes). */
  get busy(): boolean {
    return this.following;
  }

  /** Which backends announce their job changes (register.ts hands it over as their subscriptions come and go). */
  announceJobsBy(announced: (backend: PrintBackend) => boolean): void {
    this.jobsAnnounced = announced;
  }

  /** A job change was announced: the next read reads every printer. */
  noteAnnounced(): void {
    this.jobChangeAnnounced = true;
  }

  /**
   * After a crash: a job caught rendering is queued again (nothing reached the OS); a job
   * caught submitting is looked for among the OS's held jobs and adopted if there, queued
   * again if not; a job submitted but not released is released. Never a second submit of
   * a job the OS has: where the backend cannot look (Electron), the job fails with a reason
   * that asks a person to check the printer and retry it if nothing came out.
   */
  async recover(): Promise<void> {
    const { db } = this.deps;
    for (const job of listJobsInState(db, ['rendering'])) this.deps.jobState.transition(job, 'queued', {});
    for (const job of listJobsInState(db, ['submitting'])) {
      const line = this.deps.printers.line(job.printer_id)!;
      if (!line.findsSubmitted) {
        this.deps.jobState.transition(job, 'failed', { reason: MAYBE_PRINTED_REASON, finished_at: nowIso(), awaiting_decision: 1 });
        continue;
      }
      const osJobId = await line.findSubmitted(osJobTitle(job.id));
      if (osJobId) this.deps.jobState.accepted(job, osJobId, false);
      else this.deps.jobState.transition(job, 'queued', {});
    }
    await this.releasePending();
  }

  /** Releases the jobs the print system holds for the station, once their OS job ids are on disk. */
  async releasePending(): Promise<void> {
    const { db } = this.deps;
    const held = listJobsInState(db, ['submitted']).filter((candidate) => !candidate.released && !this.releasing.has(candidate.id));
    if (held.length === 0) return;
    for (const job of held) this.releasing.add(job.id);
    try {
      // Released only once its OS job id is on disk: a held job lost in a power cut is found
      // again among the held ones (recover); a released one might already be on paper.
      await this.deps.durable();
      for (const job of held) {
        try {
          await this.deps.printers.line(job.printer_id)!.release(job.os_job_id!);
          updateJob(db, job.id, { released: 1, updated_at: nowIso() });
        } catch (error) {
          this.deps.logger.error('print job release failed', { jobId: job.id, error: String(error) });
        }
      }
    } finally {
      // Released or not (a failed release is tried again by the next follow-up), no longer under way.
      for (const job of held) this.releasing.delete(job.id);
    }
  }

  /** Follows submitted jobs until the OS says they are done (or cancelled/aborted). */
  async follow(running: boolean): Promise<void> {
    if (this.following || !running) return;
    this.following = true;
    try {
      // A release that failed (spooler busy) is tried again until it goes through.
      await this.releasePending();
      const { db } = this.deps;
      // Taken before reading: an announcement that comes while reading means one more read.
      const announced = this.jobChangeAnnounced;
      this.jobChangeAnnounced = false;
      const submitted = listJobsInState(db, ['submitted']).filter((job) => job.released);
      const byPrinter = new Map<string, JobRow[]>();
      for (const job of submitted) byPrinter.set(job.printer_id, [...(byPrinter.get(job.printer_id) ?? []), job]);
      for (const [printerId, jobs] of byPrinter) {
        const line = this.deps.printers.line(printerId)!;
        const readAt = this.jobsReadAt.get(printerId) ?? 0;
        if (!announced && this.jobsAnnounced(line.backend) && Date.now() - readAt < ANNOUNCED_JOBS_READ_MS) continue;
        this.jobsReadAt.set(printerId, Date.now());
        const states = await line.jobStates(jobs.map((job) => job.os_job_id!));
        for (const listed of jobs) {
          const report = states.get(listed.os_job_id!);
          // Read again: an operator may have cancelled or moved it while CUPS was asked.
          const job = getJob(db, listed.id);
          if (!report || this.deps.takingBack.has(listed.id) || job?.state !== 'submitted' || job.os_job_id !== listed.os_job_id) continue;
          const reason = report.reason ?? null;
          if (report.state === 'done' || report.state === 'unknown') this.deps.jobState.finished(job, report.state, reason);
          else if (report.state === 'failed') this.deps.jobState.transition(job, 'failed', { reason: reason ?? 'The printer system cancelled or aborted the job', finished_at: nowIso() });
          // Taken, then forgotten: it may be on paper. A person decides; it is never sent again on its own.
          else if (report.state === 'lost') this.deps.jobState.transition(job, 'failed', { reason, finished_at: nowIso(), awaiting_decision: 1 });
          else {
            // On its way: when the print system first says it prints it, and what it waits
            // for (out of paper, a jam) as that changes.
            if (report.printing && !job.printing_at) this.deps.jobState.printing(job);
            if (reason !== job.reason) this.deps.jobState.noteReason(job, reason);
          }
        }
      }
    } catch (error) {
      // Tried every 300 ms: a print system that is down for an hour logs once a minute, not 12,000 times.
      const message = String(error);
      if (message !== this.lastFollowError?.message || Date.now() - this.lastFollowError.at > 60_000) {
        this.deps.logger.error('print job follow-up failed', { error: message });
        this.lastFollowError = { message, at: Date.now() };
      }
    } finally {
      this.following = false;
    }
  }
}
