import { userInfo } from 'node:os';
import { PermanentPrintError, PrintSystemDownError, TransientPrintError, pdfOf, type DiscoveredPrinter, type OsJobReport, type PrintBackend, type SubmitRequest } from './backend';
import { failedReason, jobProblem, printerProblem, waitingReason } from './ipp-reasons';
import { IppAnswerLostError, IppStatusError, IppUnreachableError, ippCall } from './ipp/ipp-client';
import { groupsOf, stringOf, stringsOf, type IppGroup, type IppMessage } from './ipp/ipp-codec';
import { followCupsEvents, type EventFollower, type SchedulerChange } from './ipp/cups-events';
import { fetchQueuePpdOptions, type PpdOptions } from './ppd';
import { askableAddress } from './reach';
import { cupsTarget, type CupsTarget } from './cups-target';
import { HARD_STOPS, queueState, reasonsOf, toQueueState } from './cups-queue-state';

export { queueState } from './cups-queue-state';
import type { FollowedState } from './backend';

/** Why a CUPS job ends \`unknown\`: it is gone from the scheduler's history. */
export const FORGOTTEN_REASON = 'CUPS no longer has this job in its history, so whether it printed is not known: check the printer, then print it again or count it as printed';

/** The reason a job waits while cupsd is not running, in words an operator can act on. */
export const SCHEDULER_DOWN = 'The CUPS scheduler is not running (restarting or stopped); the job waits and prints as soon as CUPS answers again';

/** What the station reads of every queue in one CUPS-Get-Printers. */
const QUEUE_ATTRIBUTES = ['printer-name', 'printer-info', 'printer-state', 'printer-state-reasons', 'printer-state-message', 'printer-is-accepting-jobs', 'printer-make-and-model', 'device-uri'];

/**
 * CUPS (Linux, macOS) over IPP, the scheduler's own protocol: CUPS-Get-Printers and the
 * queue's PPD (served by CUPS over HTTP) for discovery, Print-Job held then Release-Job to
 * print (see PrintBackend.submit), Get-Jobs for job states, Get-Printer-Attributes for a
 * printer's words, and printer events by subscription (ipp/cups-events.ts). No tool is
 * spawned on the print path: a spawn runs on the event loop, and \`lp\` takes ~15 ms where an
 * IPP request takes 2–3 ms.
 */
export class CupsBackend implements PrintBackend {
  readonly findsSubmitted = true;
  readonly kind = 'cups';

  /**
   * \`server\`: the CUPS server (\`host:port\` or a socket path), or a function read before every
   * call (Settings may change it); unset: \`CUPS_SERVER\`, else the machine's CUPS.
   */
  constructor(private readonly options: { server?: string | (() => string | undefined) } = {}) {}

  /** Where this call's requests go, and the host part of the printer URIs it names (cups-target.ts). */
  private target(): CupsTarget {
    const { server } = this.options;
    return cupsTarget(typeof server === 'function' ? server() : server);
  }

  /** One IPP operation to the scheduler, with the charset, language and user every request carries. */
  private call(path: string, operation: string, attributes: IppGroup, extra: Omit<IppMessage, 'operation' | 'operation-attributes-tag'> = {}) {
    return ippCall(this.target().connection, path, {
      operation,
      'operation-attributes-tag': { 'attributes-charset': 'utf-8', 'attributes-natural-language': 'en', ...attributes, 'requesting-user-name': userName() },
      ...extra,
    });
  }

  private printerUri(vendorId: string): string {
    return `ipp://${this.target().uriHost}/printers/${encodeURIComponent(vendorId)}`;
  }

  async discover(): Promise<DiscoveredPrinter[]> {
    const [queues, defaultQueue] = await Promise.all([this.queues(QUEUE_ATTRIBUTES), this.defaultQueue()]);
    const found: DiscoveredPrinter[] = [];
    for (const queue of queues) {
      const name = stringOf(queue['printer-name']);
      const state = queueState(toQueueState(queue));
      const { trays, paperSizes, acceptsCustomPaper } = await this.ppdOptions(name);
      const zpl = ZPL_MAKE_AND_MODEL.test(stringOf(queue['printer-make-and-model']));
      found.push({
        vendorId: name,
        name: stringOf(queue['printer-info']) || name,
        status: state.status,
        ...(state.reason ? { statusReason: state.reason } : {}),
        ...(state.notAnswering ? { notAnswering: true } : {}),
        trays,
        paperSizes,
        acceptsCustomPaper,
        isDefault: name === defaultQueue,
        ...(zpl ? { language: 'zpl' as const } : {}),
      });
    }
    return found;
  }

  /** Every queue's state from one CUPS-Get-Printers (what the station follows), with its printer's network address where it has one. */
  async printerStates(): Promise<Map<string, FollowedState>> {
    const queues = await this.queues(QUEUE_ATTRIBUTES.filter((name) => name !== 'printer-info' && name !== 'printer-make-and-model'));
    return new Map(
      queues.map((queue) => {
        const address = askableAddress(stringOf(queue['device-uri']));
        return [stringOf(queue['printer-name']), { ...queueState(toQueueState(queue)), ...(address ? { address } : {}) }];
      }),
    );
  }

  /**
   * Calls \`onChange\` when CUPS says a printer changed (stopped, started, added, deleted,
   * media changed) or a job did (released, printing, completed, cancelled), from one printer
   * subscription: a paused printer shows within a second, and a printed job is known printed,
   * without asking CUPS every second. While it is not subscribed the caller polls.
   */
  followEvents(onChange: (change: SchedulerChange) => void): EventFollower {
    return followCupsEvents({ call: (operation, attributes, extra) => this.call('/', operation, attributes, extra), printersUri: `ipp://${this.target().uriHost}/` }, onChange);
  }

  /** Every CUPS queue (not the classes CUPS lists beside them: a class has no PPD of its own). */
  private async queues(requested: string[]): Promise<IppGroup[]> {
    try {
      const answer = await this.call('/', 'CUPS-Get-Printers', { 'requested-attributes': requested });
      return groupsOf(answer['printer-attributes-tag']);
    } catch (error) {
      // A scheduler without a single queue answers not-found.
      if (error instanceof IppStatusError && error.statusCode === 'client-error-not-found') return [];
      throw error;
    }
  }

  private async defaultQueue(): Promise<string | undefined> {
    try {
      const answer = await this.call('/', 'CUPS-Get-Default', { 'requested-attributes': ['printer-name'] });
      return stringOf(groupsOf(answer['printer-attributes-tag'])[0]?.['printer-name']) || undefined;
    } catch (error) {
      if (error instanceof IppStatusError) return undefined; // no default printer
      throw error;
    }
  }

  /** The queue's trays and papers from its PPD as CUPS serves it (ppd.ts); none for a queue without one. */
  private ppdOptions(queue: string): Promise<PpdOptions> {
    return fetchQueuePpdOptions(this.target().connection, queue);
  }

  async submit(request: SubmitRequest): Promise<{ osJobId: string; held: boolean }> {
    const job: IppGroup = { copies: request.copies, 'job-hold-until': 'indefinite' };
    let data: Uint8Array;
    let format: string;
    if (request.content.kind === 'raw') {
      // The printer's own language: no filter, no paper or tray options (the ZPL sets them).
      format = 'application/vnd.cups-raw';
      data = request.content.data;
    } else {
      format = 'application/pdf';
      data = pdfOf(request);
      if (request.paper.name) job.media = request.paper.name;
      else job.PageSize = `Custom.${round(request.paper.widthMm)}x${round(request.paper.heightMm)}mm`;
      // The PPD's tray by its own name, as \`lp -o InputSlot=…\` sends it (CUPS maps it to the driver).
      if (request.tray) job.InputSlot = request.tray;
      if (request.fitToPage) job['fit-to-page'] = true;
    }
    try {
      const answer = await this.call(
        `/printers/${encodeURIComponent(request.vendorId)}`,
        'Print-Job',
        { 'printer-uri': this.printerUri(request.vendorId), 'job-name': request.title, 'document-format': format },
        { 'job-attributes-tag': job, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) },
      );
      const jobId = groupsOf(answer['job-attributes-tag'])[0]?.['job-id'];
      if (jobId === undefined) throw new TransientPrintError('CUPS took the job but did not say its id');
      return { osJobId: `${request.vendorId}-${jobId}`, held: true };
    } catch (error) {
      if (error instanceof IppAnswerLostError) {
        // The job went out and no answer came back: CUPS may hold it. It was sent held, so
        // whether CUPS has it is asked by its name; never sent a second time on a guess.
        const found = await this.findSubmitted(request.vendorId, request.title).catch(() => undefined);
        if (found) return { osJobId: found, held: true };
        throw new TransientPrintError(`CUPS's answer was lost and it holds no such job, so it is sent again: ${error.message}`);
      }
      throw this.refusal(request.vendorId, error);
    }
  }

  /** What a failed request means for the job: the scheduler away (it waits), the queue gone or the format refused (it fails), anything else (it is tried again). */
  private refusal(vendorId: string, error: unknown): Error {
    if (error instanceof IppUnreachableError) return new PrintSystemDownError(SCHEDULER_DOWN);
    if (error instanceof IppStatusError) {
      if (error.statusCode === 'client-error-not-found') return new PermanentPrintError(`CUPS has no printer queue "${vendorId}" any more (deleted or renamed): ${error.message}`);
      if (error.statusCode === 'client-error-document-format-not-supported') return new PermanentPrintError(`The printer cannot take this document: ${error.message}`);
    }
    return new TransientPrintError(`CUPS refused the job: ${error instanceof Error ? error.message : String(error)}`);
  }

  async printSystemDown(): Promise<string | undefined> {
    try {
      await this.defaultQueue();
      return undefined;
    } catch (error) {
      return error instanceof IppUnreachableError ? SCHEDULER_DOWN : undefined;
    }
  }

  async printerAvailability(vendorId: string): Promise<{ available: boolean; reason?: string }> {
    let printer: IppGroup;
    try {
      printer = await this.printerAttributes(vendorId, ['printer-state', 'printer-state-reasons', 'printer-is-accepting-jobs']);
    } catch (error) {
      if (error instanceof IppStatusError && error.statusCode === 'client-error-not-found') return { available: false, reason: 'is not a CUPS queue any more' };
      throw error;
    }
    if (stringOf(printer['printer-state']) === 'stopped') return { available: false, reason: 'is paused' };
    if (printer['printer-is-accepting-jobs'] === false) return { available: false, reason: 'is not accepting jobs' };
    // A printer that reports an error (out of paper, jammed, offline) would only hold the job.
    const problem = printerProblem(reasonsOf(printer).filter((reason) => reason.endsWith('-error') || HARD_STOPS.has(reason)));
    return problem ? { available: false, reason: `says ${problem}` } : { available: true };
  }

  async takesPdf(vendorId: string): Promise<boolean> {
    return stringsOf((await this.printerAttributes(vendorId, ['document-format-supported']))['document-format-supported']).includes('application/pdf');
  }

  private async printerAttributes(vendorId: string, requested: string[]): Promise<IppGroup> {
    const answer = await this.call(`/printers/${encodeURIComponent(vendorId)}`, 'Get-Printer-Attributes', { 'printer-uri': this.printerUri(vendorId), 'requested-attributes': requested });
    return groupsOf(answer['printer-attributes-tag'])[0] ?? {};
  }

  async release(vendorId: string, osJobId: string): Promise<void> {
    try {
      await this.call('/jobs', 'Release-Job', { 'printer-uri': this.printerUri(vendorId), 'job-id': jobNumber(osJobId) });
    } catch (error) {
      // A job released before a crash may be printed already ("not held"): only a job still
      // held needs the release.
      const state = await this.ippJobs(vendorId, 'not-completed').then((jobs) => jobs.find((job) => `${vendorId}-${job.id}` === osJobId)?.state);
      if (state === 'pending-held') throw new TransientPrintError(`CUPS did not release ${osJobId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async cancel(vendorId: string, osJobId: string): Promise<void> {
    await this.call('/jobs', 'Cancel-Job', { 'printer-uri': this.printerUri(vendorId), 'job-id': jobNumber(osJobId) }).catch(() => undefined);
  }

  async findSubmitted(vendorId: string, title: string): Promise<string | undefined> {
    const jobs = await this.ippJobs(vendorId, 'not-completed');
    const job = jobs.find((candidate) => candidate.name === title && candidate.state === 'pending-held');
    return job ? `${vendorId}-${job.id}` : undefined;
  }

  /**
   * Each job's IPP state with the printer's words: \`completed\` → done (with a reason when it
   * completed with errors), \`canceled\`/\`aborted\` → failed with the job's and the printer's
   * reasons, still held or printing → pending with what the printer waits for (out of paper,
   * jam, door open…). A job gone from the history cannot be followed: lost, for a person to decide.
   */
  async jobStates(vendorId: string, osJobIds: string[]): Promise<Map<string, OsJobReport>> {
    const jobs = new Map((await this.ippJobs(vendorId, 'all')).map((job) => [`${vendorId}-${job.id}`, job]));
    let printerReasons: string[] | undefined;
    const printer = async () => (printerReasons ??= await this.printerAttributes(vendorId, ['printer-state-reasons']).then(reasonsOf, () => []));
    const states = new Map<string, OsJobReport>();
    for (const id of osJobIds) {
      const job = jobs.get(id);
      if (!job) states.set(id, { state: 'lost', reason: FORGOTTEN_REASON });
      else if (job.state === 'completed') states.set(id, { state: 'done', reason: jobProblem(job.reasons) });
      // Just cancelled, CUPS says \`processing-to-stop-point\` before the reason why: asked again next time.
      else if ((job.state === 'canceled' || job.state === 'aborted') && !job.reasons.includes('processing-to-stop-point')) {
        states.set(id, { state: 'failed', reason: failedReason(job.reasons, job.state === 'aborted' ? await printer() : [], 'The printer system cancelled or aborted the job') });
      } else states.set(id, { state: 'pending', reason: waitingReason(job.reasons, await printer()), ...(job.state === 'processing' ? { printing: true } : {}) });
    }
    return states;
  }

  /**
   * The queue's jobs with their names. CUPS shows a job's name only to its owner
   * (JobPrivateValues): the requesting user is the one every print of this station names.
   */
  private async ippJobs(vendorId: string, which: 'all' | 'not-completed'): Promise<Array<{ id: string; state: string; reasons: string[]; name: string }>> {
    let answer;
    try {
      answer = await this.call(`/printers/${encodeURIComponent(vendorId)}`, 'Get-Jobs', {
        'printer-uri': this.printerUri(vendorId),
        'which-jobs': which,
        'requested-attributes': ['job-id', 'job-state', 'job-state-reasons', 'job-name'],
      });
    } catch (error) {
      throw new TransientPrintError(`CUPS job list unavailable: ${error instanceof Error ? error.message : String(error)}`);
    }
    return groupsOf(answer['job-attributes-tag']).map((job) => ({
      id: stringOf(job['job-id']),
      state: stringOf(job['job-state']),
      reasons: stringsOf(job['job-state-reasons']).filter((reason) => reason !== 'none'),
      name: stringOf(job['job-name']),
    }));
  }
}

/** Who asks, as CUPS records it (a user without a passwd entry, in a container, is "station"). */
function userName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'station';
  }
}

/** CUPS's job number in an OS job id (`PDF-12` → 12), and a millimetre figure to a tenth. */
const jobNumber = (osJobId: string): number => Number(/-(\d+)$/.exec(osJobId)?.[1] ?? Number.NaN);
const round = (mm: number): number => Math.round(mm * 10) / 10;

/** A queue whose driver speaks ZPL: CUPS's Zebra drivers, and any make and model that names ZPL. */
const ZPL_MAKE_AND_MODEL = /\bzebra\b|\bzpl\b/i;
