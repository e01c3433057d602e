import type { QueueDeps } from '../deps';
export type { QueueDeps } from '../deps';
import { nowIso } from '../../../foundations/ids';
import { notAZplPrinter, PermanentPrintError, PrintSystemDownError, UnconfirmedPrintError, type PrintBackend } from '../../printers/backend';
import { WaitingJobs } from './waiting-jobs';
import { choosePoolPrinter } from './pool';
import { WAITING_FOR_BROWSER, WAITING_FOR_PRINT_SYSTEM } from './job-words';
import { PermanentJobError } from './job-documents';
import { keepPrintedCopy } from './printed-copy';
import { JobRenderer, RendererMissingError, type JobPaper } from './render-job';
import { JobTransitions } from './job-transitions';
import { JobFollowUp, osJobTitle } from './follow-up';
export { MAYBE_PRINTED_REASON, osJobTitle } from './follow-up';
import {
  batchBenchId,
  earliestQueuedAt,
  getJob,
  nextDueJob,
  updateJob,
  type BusyLanes,
  type JobRow,
} from './store';

/** Attempts before a transiently failing job is given up as failed. */
export const MAX_ATTEMPTS = 5;
export { ALL_IGNORED_REASON, DOCUMENTS_PER_TURN } from './job-documents';
const BACKOFF_BASE_MS = 2_000;
const BACKOFF_MAX_MS = 60_000;
/**
 * While the print system is down a job is tried again every 2 s, doubling to this: a
 * restarting CUPS is back in seconds, and a job should not wait long after it is.
 */
export const PRINT_SYSTEM_BACKOFF_MAX_MS = 30_000;
const FOLLOW_INTERVAL_MS = 300;
const IDLE_POLL_MS = 1_000;
/**
 * Jobs in hand at once, never two for one printer and team: each printer gets a team's
 * pages in queue order, a job for one bench's printer never waits for another bench's job
 * to be handed over, and one team's job waiting on a slow image server never holds another
 * team's job for the same printer. The browser work of the jobs in hand is shared out by
 * the render gate (render/render-gate.ts: two renders at once), so more lanes cost waiting
 * promises, not cores; a job whose documents were rendered ahead goes straight to its printer.
 */
export const QUEUE_LANES = 8;
/** Lanes one team may hold at once, so that another team always finds one free. */
export const LANES_PER_TEAM = QUEUE_LANES - 1;

interface Lane {
  printerId: string;
  teamId: string;
  work: Promise<void>;
}



/**
 * The durable print queue. Jobs live in SQLite; this worker takes the oldest due job of
 * each printer and team (up to `QUEUE_LANES` at once), renders its documents into one PDF,
 * submits it held, records the OS job id, releases it, and then follows it to done or failed. Every state is committed before the next
 * step, so a crash at any point resumes without printing a page twice (see `recover`).
 */
export class PrintQueue {
  private running = false;
  private wakeUp: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private follower: NodeJS.Timeout | undefined;
  /** Jobs an operator cancels or moves; those being taken back from their printer are skipped by the follow-up. */
  private readonly waiting: WaitingJobs;
  /** The job in hand per lane (printer + team). */
  private readonly lanes = new Map<string, Lane>();
  /** Tries per job while the print system was down or no browser was installed (backoff only: a return starts again at 2 s). */
  private readonly downTries = new Map<string, number>();
  /** Whether the log has said that no browser is installed since a render last worked. */
  private saidRendererMissing = false;
  /** Releases held jobs and follows submitted ones to the paper (follow-up.ts). */
  private readonly followUp: JobFollowUp;
  /** Printers of its pool a job failed on, skipped at its next attempts. */
  private readonly failedOn = new Map<string, Set<string>>();
  private readonly jobs: JobRenderer;
  /** Every state change of a job: committed with its event, told to the dashboard. */
  private readonly jobState: JobTransitions;

  constructor(
    private readonly deps: QueueDeps,
  ) {
    this.jobs = new JobRenderer(deps);
    this.jobState = new JobTransitions(deps);
    this.waiting = new WaitingJobs({ db: deps.db, printers: deps.printers, transition: (job, state, fields) => this.jobState.transition(job, state, fields), wake: () => this.wake() });
    this.followUp = new JobFollowUp({ ...deps, jobState: this.jobState, takingBack: this.waiting.takingBack });
  }

  /** Whether a job is in hand: rendering ahead waits until none is. */
  get busy(): boolean {
    return this.lanes.size > 0;
  }

  /** Whether the worker is taking jobs (started and not stopped): for the health check. */
  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.followUp.recover()
      .catch((error) => this.deps.logger.error('print queue recovery failed', { error: String(error) }))
      .then(() => this.work());
    this.follower = setInterval(() => void this.followUp.follow(this.running), FOLLOW_INTERVAL_MS);
  }

  async stop(): Promise<void> {
    this.running = false;
    clearInterval(this.follower);
    this.wake();
    await this.loop;
    this.jobs.clear();
    // The database closes after this: let a follow-up in flight finish first.
    while (this.followUp.busy) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /**
   * Job changes of these backends are announced (register.ts hands over whether each one's
   * subscription is in place): their jobs are read on an announcement, not every 300 ms.
   */
  announceJobsBy(announced: (backend: PrintBackend) => boolean): void {
    this.followUp.announceJobsBy(announced);
  }

  /** The print system said a job changed: the submitted jobs are read now (or right after the read in hand). */
  jobsChanged(): void {
    this.followUp.noteAnnounced();
    void this.followUp.follow(this.running);
  }

  wake(): void {
    this.wakeUp?.();
  }

  /** A failed job goes back to the queue (the admin's "retry"; for a job awaiting a decision, "print again"). */
  retry(jobId: string): JobRow | undefined {
    const job = getJob(this.deps.db, jobId);
    if (!job || job.state !== 'failed') return undefined;
    this.jobState.transition(job, 'queued', { attempts: 0, next_attempt_at: nowIso(), os_job_id: null, released: 0, reason: null, finished_at: null, rendered_at: null, printing_at: null, awaiting_decision: 0 });
    this.wake();
    return getJob(this.deps.db, jobId);
  }

  /**
   * A person looked at the printer and found the pages of a job that may have printed: it
   * counts as printed (its orders become printed), with who said so. Only for a job awaiting
   * that decision; any other job is left as it is (undefined).
   */
  countAsPrinted(jobId: string, by: string): JobRow | undefined {
    const job = getJob(this.deps.db, jobId);
    if (!job || job.state !== 'failed' || !job.awaiting_decision) return undefined;
    this.jobState.finished(job, 'done', `Counted as printed by ${by}`, { awaiting_decision: 0 }, by);
    return getJob(this.deps.db, jobId);
  }

  /** Cancels a job that waits (to print, or at its printer): waiting-jobs.ts. */
  cancelWaiting(jobId: string): Promise<{ job: JobRow } | { refused: string }> {
    return this.waiting.cancel(jobId);
  }

  /** Sends a job that waits to another printer (the route checks its paper and tray): waiting-jobs.ts. */
  moveWaiting(jobId: string, printerId: string): Promise<{ job: JobRow } | { refused: string }> {
    return this.waiting.move(jobId, printerId);
  }

  private async work(): Promise<void> {
    while (this.running) {
      const busy = this.busyLanes();
      const free = this.lanes.size < QUEUE_LANES;
      const job = free ? nextDueJob(this.deps.db, nowIso(), busy) : undefined;
      if (job) {
        this.startLane(job);
        continue;
      }
      // A lane that finishes wakes the loop, so busy printers need no polling.
      const next = free ? earliestQueuedAt(this.deps.db, busy) : undefined;
      const wait = next ? Math.max(10, Math.min(IDLE_POLL_MS, Date.parse(next) - Date.now())) : IDLE_POLL_MS;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = undefined;
    }
    // Stopping: the jobs in hand finish their step (each state is committed as it goes).
    await Promise.all([...this.lanes.values()].map((lane) => lane.work));
  }

  private busyLanes(): BusyLanes {
    const perTeam = new Map<string, number>();
    for (const lane of this.lanes.values()) perTeam.set(lane.teamId, (perTeam.get(lane.teamId) ?? 0) + 1);
    return {
      lanes: [...this.lanes.values()].map(({ printerId, teamId }) => ({ printerId, teamId })),
      fullTeams: [...perTeam].filter(([, count]) => count >= LANES_PER_TEAM).map(([teamId]) => teamId),
    };
  }

  /** Processes a job beside the others; its lane (printer + team) takes no other job until it is through. */
  private startLane(job: JobRow): void {
    const key = `${job.printer_id}\u0000${job.team_id}`;
    const work = this.process(job)
      .catch((error: unknown) => this.deps.logger.error('print job processing failed', { jobId: job.id, error: String(error) }))
      .finally(() => {
        this.lanes.delete(key);
        this.wake();
      });
    this.lanes.set(key, { printerId: job.printer_id, teamId: job.team_id, work });
  }

  private async process(job: JobRow): Promise<void> {
    const { db, logger } = this.deps;
    this.jobState.transition(job, 'rendering', { attempts: job.attempts + 1 });
    const attempt = job.attempts + 1;
    try {
      const { printer, failover, exhausted } = await choosePoolPrinter(this.deps, job, this.failedOn.get(job.id) ?? new Set());
      // Every printer of the pool failed it or is away: the next attempts start the pool over.
      if (exhausted) this.failedOn.delete(job.id);
      if (printer.id !== job.printer_id || failover !== job.failover) {
        updateJob(db, job.id, { printer_id: printer.id, failover, updated_at: nowIso() });
        job = { ...job, printer_id: printer.id, failover };
        if (failover) this.deps.events.emit('job', { type: 'reason', jobId: job.id, batchId: job.batch_id, teamId: job.team_id, benchId: batchBenchId(db, job.batch_id), state: 'rendering', reason: failover });
      }
      const line = this.deps.printers.line(printer.id)!;
      // Asked before rendering: a stopped scheduler must not cost a render per retry.
      const down = await line.printSystemDown();
      if (down) throw new PrintSystemDownError(down);
      const { content, pages } = await this.jobs.render(job, (readyPdf) => line.takes(job.tray, { readyPdf }));
      this.saidRendererMissing = false;
      // Raw printer language reaches only a printer marked as taking it: elsewhere it prints
      // garbage, or (PJL, PostScript) changes the printer's settings for every team.
      if (content.kind === 'raw' && !printer.takesZpl) throw new PermanentPrintError(notAZplPrinter(printer.nickname ?? printer.name));
      const paper = JSON.parse(job.paper) as JobPaper;
      // Kept before it is handed over, so a crash after the handover still has it.
      const copy = job.printed_copy ? null : await keepPrintedCopy(this.deps.store, content).catch((error: unknown) => {
        // A full disk costs the copy, never the print.
        logger.error('keeping a printed copy failed', { jobId: job.id, error: String(error) });
        return null;
      });
      this.jobState.transition(job, 'submitting', { rendered_at: nowIso(), ...(copy ? { printed_copy: JSON.stringify(copy) } : {}) });
      await this.deps.durable();
      const { osJobId, held } = await line.submit({
        content,
        title: osJobTitle(job.id),
        copies: job.copies,
        paper: { name: paper.mediaName, widthMm: paper.widthMm, heightMm: paper.heightMm, landscape: paper.orientation === 'landscape' },
        tray: job.tray,
        fitToPage: job.fit_to_page === 1,
      });
      this.downTries.delete(job.id);
      this.failedOn.delete(job.id);
      this.jobState.accepted(job, osJobId, !held, pages === null ? null : pages * job.copies);
      if (held) await this.followUp.releasePending();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof PrintSystemDownError || error instanceof RendererMissingError) {
        // Not the job's fault: no attempt counted, however long the print system or the
        // browser is away; the job prints once it is back (or installed).
        const tries = (this.downTries.get(job.id) ?? 0) + 1;
        this.downTries.set(job.id, tries);
        const delay = Math.min(PRINT_SYSTEM_BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (tries - 1));
        const waitingFor = error instanceof RendererMissingError ? WAITING_FOR_BROWSER : WAITING_FOR_PRINT_SYSTEM;
        if (error instanceof RendererMissingError && !this.saidRendererMissing) {
          // Said once, not at every retry of every job: the words do not change until it is installed.
          this.saidRendererMissing = true;
          logger.error('print jobs wait: no browser to render documents in', { install: reason });
        }
        this.jobState.transition(job, 'queued', { attempts: job.attempts, reason: `${waitingFor}: ${reason}`, next_attempt_at: new Date(Date.now() + delay).toISOString() });
        return;
      }
      this.downTries.delete(job.id);
      // In a pool, the next attempt goes to the next printer rather than this one again.
      if (job.fallback_printer_ids) this.failedOn.set(job.id, new Set([...(this.failedOn.get(job.id) ?? []), job.printer_id]));
      // An unconfirmed print may be on paper already: a person checks before it is sent again.
      if (error instanceof PermanentJobError || error instanceof PermanentPrintError || error instanceof UnconfirmedPrintError || attempt >= MAX_ATTEMPTS) {
        logger.error('print job failed', { jobId: job.id, reason });
        this.jobState.transition(job, 'failed', { reason, finished_at: nowIso(), awaiting_decision: error instanceof UnconfirmedPrintError ? 1 : 0 });
      } else {
        const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
        this.jobState.transition(job, 'queued', { reason: `Attempt ${attempt} failed, retrying: ${reason}`, next_attempt_at: new Date(Date.now() + delay).toISOString() });
      }
    }
  }
}
