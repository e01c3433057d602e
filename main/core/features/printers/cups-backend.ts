import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PermanentPrintError, PrintSystemDownError, TransientPrintError, pdfOf, type DiscoveredPrinter, type OsJobReport, type PrintBackend, type PrinterPaperSize, type SubmitRequest } from './backend';
import { run } from './exec';
import { GET_JOBS_TEST, GET_PRINTER_TEST, parseCsvLine } from './ipptool';
import { failedReason, jobProblem, printerProblem, reasonKeywords, waitingReason } from './ipp-reasons';
import { knownPaperSize, orderPaperSizes, parsePpdPaperDimensions, samePaper } from './paper-sizes';

/** Printer reasons that stop printing even without an \`-error\` suffix. */
const HARD_STOPS = new Set(['offline', 'shutdown', 'media-empty', 'media-jam', 'door-open', 'cover-open', 'toner-empty', 'marker-supply-empty']);

/** Why a CUPS job ends \`unknown\`: it is gone from the scheduler's history. */
export const FORGOTTEN_REASON = 'CUPS no longer has this job in its history, so whether it printed is not known';

/** The reason a job waits while cupsd is not running, in words an operator can act on. */
export const SCHEDULER_DOWN = 'The CUPS scheduler is not running (restarting or stopped); the job waits and prints as soon as CUPS answers again';

interface QueueLine {
  queue: string;
  enabled: boolean;
  printing: boolean;
  description: string;
  /** The line under a stopped queue's header: the reason it was paused (`cupsdisable -r`), or "Paused". */
  message: string;
  /** `Alerts:`: the queue's printer-state-reasons keywords. */
  alerts: string[];
}

interface IppJob {
  id: string;
  state: string;
  reasons: string[];
  name: string;
}

/**
 * CUPS (Linux, macOS) through its command-line tools: `lpstat`/`lpoptions` for discovery,
 * `lp` to print (held first, see PrintBackend.submit), `ipptool` Get-Jobs for job states.
 * Paper sizes come from the queue's PPD (`*PaperDimension`, points → mm) when readable.
 */
export class CupsBackend implements PrintBackend {
  readonly findsSubmitted = true;
  readonly kind = 'cups';
  private testDir: string | undefined;

  /**
   * `server`: the CUPS server (`host:port` or a socket path), or a function read before every
   * call (Settings may change it); unset: `CUPS_SERVER`, else the machine's CUPS.
   */
  constructor(private readonly options: { ppdDir?: string; server?: string | (() => string | undefined) } = {}) {}

  /** The server every CUPS tool of this call is aimed at, or undefined for the machine's own. */
  private get server(): string | undefined {
    const { server } = this.options;
    return (typeof server === 'function' ? server() : server) || process.env.CUPS_SERVER || undefined;
  }

  async discover(): Promise<DiscoveredPrinter[]> {
    let printers: QueueLine[];
    try {
      printers = await this.listQueues();
    } catch (error) {
      // No CUPS client tools on this machine: no CUPS printers. Any other failure keeps the
      // printers as they were (the service skips a backend that throws).
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const defaultQueue = await this.defaultQueue();
    const accepting = await this.acceptingQueues();
    const found: DiscoveredPrinter[] = [];
    for (const printer of printers) {
      const state = queueState(printer, accepting.has(printer.queue));
      const { trays, paperSizes, acceptsCustomPaper } = await this.queueOptions(printer.queue);
      const language = ZPL_MAKE_AND_MODEL.test(await this.makeAndModel(printer.queue)) ? ('zpl' as const) : undefined;
      found.push({
        vendorId: printer.queue,
        name: printer.description || printer.queue,
        status: state.status,
        ...(state.reason ? { statusReason: state.reason } : {}),
        trays,
        paperSizes,
        acceptsCustomPaper,
        isDefault: printer.queue === defaultQueue,
        ...(language ? { language } : {}),
      });
    }
    return found;
  }

  /** Every queue's state from two `lpstat` runs (what the station follows every few seconds). */
  async printerStates(): Promise<Map<string, { status: 'online' | 'busy' | 'offline'; reason?: string }>> {
    const [queues, accepting] = await Promise.all([this.listQueues(), this.acceptingQueues()]);
    return new Map(queues.map((queue) => [queue.queue, queueState(queue, accepting.has(queue.queue))]));
  }

  /** The queue's `printer-make-and-model` ("Zebra ZPL Label Printer"), or "" when CUPS does not say. */
  private async makeAndModel(queue: string): Promise<string> {
    const result = await this.exec('lpoptions', ['-p', queue]);
    return /printer-make-and-model=(?:'([^']*)'|(\S+))/.exec(result.stdout)?.slice(1).find((value) => value !== undefined) ?? '';
  }

  async submit(request: SubmitRequest): Promise<{ osJobId: string; held: boolean }> {
    const args = ['-d', request.vendorId, '-t', request.title, '-n', String(request.copies), '-H', 'indefinite'];
    if (request.content.kind === 'raw') {
      // The printer's own language: no filter, no paper or tray options (the ZPL sets them).
      args.push('-o', 'raw', '--', '-');
      return this.submitted(request.vendorId, await this.exec('lp', args, request.content.data));
    }
    if (request.paper.name) args.push('-o', `media=${request.paper.name}`);
    else args.push('-o', `PageSize=Custom.${round(request.paper.widthMm)}x${round(request.paper.heightMm)}mm`);
    if (request.tray) args.push('-o', `InputSlot=${request.tray}`);
    if (request.fitToPage) args.push('-o', 'fit-to-page');
    args.push('--', '-');
    return this.submitted(request.vendorId, await this.exec('lp', args, pdfOf(request)));
  }

  private async submitted(vendorId: string, result: { code: number | null; stdout: string; stderr: string }): Promise<{ osJobId: string; held: boolean }> {
    const match = /request id is (\S+)/.exec(result.stdout);
    if (result.code === 0 && match) return { osJobId: match[1]!, held: true };
    throw await this.refusal(vendorId, (result.stderr || result.stdout).trim() || `lp exited ${result.code}`);
  }

  async printSystemDown(): Promise<string | undefined> {
    let result;
    try {
      result = await this.exec('lpstat', ['-r']);
    } catch {
      return undefined; // no CUPS client tools: nothing to wait for
    }
    return /scheduler is not running/i.test(result.stdout) ? SCHEDULER_DOWN : undefined;
  }

  async printerAvailability(vendorId: string): Promise<{ available: boolean; reason?: string }> {
    const status = await this.exec('lpstat', ['-p', vendorId]);
    if (status.code !== 0) return { available: false, reason: 'is not a CUPS queue any more' };
    if (/\bdisabled\b/.test(status.stdout)) return { available: false, reason: 'is paused' };
    const accepting = await this.exec('lpstat', ['-a', vendorId]);
    if (/not accepting/.test(accepting.stdout) || !/accepting requests/.test(accepting.stdout)) return { available: false, reason: 'is not accepting jobs' };
    // A printer that reports an error (out of paper, jammed, offline) would only hold the job.
    const problem = printerProblem((await this.printerReasons(vendorId)).filter((reason) => reason.endsWith('-error') || HARD_STOPS.has(reason)));
    return problem ? { available: false, reason: `says ${problem}` } : { available: true };
  }

  /**
   * What a failed \`lp\` means. With the scheduler down, \`lp\` says "The printer or class does
   * not exist." for every queue, so the scheduler is asked first: only a running scheduler
   * that has no such queue means the queue is gone.
   */
  private async refusal(vendorId: string, message: string): Promise<Error> {
    const down = await this.printSystemDown();
    if (down) return new PrintSystemDownError(down);
    if (/does not exist/i.test(message)) return new PermanentPrintError(`CUPS has no printer queue "${vendorId}" any more (deleted or renamed): ${message}`);
    if (/unsupported (document-)?format|document-format-not-supported/i.test(message)) return new PermanentPrintError(`The printer cannot take this document: ${message}`);
    return new TransientPrintError(`CUPS refused the job: ${message}`);
  }

  /** A CUPS tool, aimed at the configured server when there is one. */
  private exec(command: string, args: string[], input?: Uint8Array) {
    const server = this.server;
    return run(command, args, input, undefined, server ? { CUPS_SERVER: server } : {});
  }

  async release(vendorId: string, osJobId: string): Promise<void> {
    const result = await this.exec('lp', ['-i', osJobId, '-H', 'resume']);
    if (result.code === 0) return;
    // A job released before a crash may be printed already ("Job #12 is finished and cannot
    // be altered"): only a job still held needs the release.
    const state = await this.ippJobs(vendorId, 'not-completed').then((jobs) => jobs.find((job) => `${vendorId}-${job.id}` === osJobId)?.state);
    if (state === 'pending-held') throw new TransientPrintError(`CUPS did not release ${osJobId}: ${result.stderr.trim()}`);
  }

  async cancel(_vendorId: string, osJobId: string): Promise<void> {
    await this.exec('cancel', [osJobId]);
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
   * jam, door open…). A job gone from the history cannot be followed: unknown, not done.
   */
  async jobStates(vendorId: string, osJobIds: string[]): Promise<Map<string, OsJobReport>> {
    const jobs = new Map((await this.ippJobs(vendorId, 'all')).map((job) => [`${vendorId}-${job.id}`, job]));
    let printerReasons: string[] | undefined;
    const printer = async () => (printerReasons ??= await this.printerReasons(vendorId));
    const states = new Map<string, OsJobReport>();
    for (const id of osJobIds) {
      const job = jobs.get(id);
      if (!job) states.set(id, { state: 'unknown', reason: FORGOTTEN_REASON });
      else if (job.state === 'completed') states.set(id, { state: 'done', reason: jobProblem(job.reasons) });
      // Just cancelled, CUPS says \`processing-to-stop-point\` before the reason why: asked again next time.
      else if ((job.state === 'canceled' || job.state === 'aborted') && !job.reasons.includes('processing-to-stop-point')) {
        states.set(id, { state: 'failed', reason: failedReason(job.reasons, job.state === 'aborted' ? await printer() : [], 'The printer system cancelled or aborted the job') });
      } else states.set(id, { state: 'pending', reason: waitingReason(job.reasons, await printer()) });
    }
    return states;
  }

  /** The queue's \`printer-state-reasons\` keywords (none when CUPS cannot say). */
  private async printerReasons(vendorId: string): Promise<string[]> {
    const result = await this.exec('ipptool', ['-c', this.printerUri(vendorId), this.testFile('get-printer.test', GET_PRINTER_TEST)]);
    if (result.code !== 0) return [];
    const [, reasons] = parseCsvLine(result.stdout.split('\n')[1] ?? '');
    return reasonKeywords(reasons);
  }

  private printerUri(vendorId: string): string {
    return `ipp://${this.serverHost() ?? 'localhost'}/printers/${encodeURIComponent(vendorId)}`;
  }

  /** The server as `host[:port]` for an HTTP or IPP address; undefined for the machine's own or a socket path. */
  private serverHost(): string | undefined {
    const server = this.server;
    return server && !server.startsWith('/') ? server : undefined;
  }

  private async ippJobs(vendorId: string, which: 'all' | 'not-completed'): Promise<IppJob[]> {
    const result = await this.exec('ipptool', ['-c', '-d', `which=${which}`, this.printerUri(vendorId), this.testFile('get-jobs.test', GET_JOBS_TEST)]);
    if (result.code !== 0) throw new TransientPrintError(`CUPS job list unavailable: ${(result.stderr || result.stdout).trim()}`);
    return result.stdout
      .split('\n')
      .slice(1)
      .filter((line) => line.trim())
      .map((line) => {
        const [id = '', state = '', reasons = '', ...name] = parseCsvLine(line);
        return { id, state, reasons: reasonKeywords(reasons), name: name.join(',') };
      });
  }

  /** An ipptool test file, written once per backend into its own temp folder. */
  private testFile(name: string, content: string): string {
    if (!this.testDir || !existsSync(this.testDir)) this.testDir = mkdtempSync(join(tmpdir(), 'station-cups-'));
    const file = join(this.testDir, name);
    if (!existsSync(file)) writeFileSync(file, content);
    return file;
  }

  private async listQueues(): Promise<QueueLine[]> {
    const result = await this.exec('lpstat', ['-l', '-p']);
    if (result.code !== 0 && !/No destinations/i.test(result.stderr)) throw new Error(result.stderr);
    const queues: QueueLine[] = [];
    for (const line of result.stdout.split('\n')) {
      const head = /^printer (\S+) (.*)$/.exec(line);
      if (head) {
        queues.push({ queue: head[1]!, enabled: !/disabled/.test(head[2]!), printing: /now printing/.test(head[2]!), description: '', message: '', alerts: [] });
        continue;
      }
      const current = queues[queues.length - 1];
      if (!current) continue;
      const description = /^\s+Description: (.*)$/.exec(line);
      if (description) current.description = description[1]!.trim();
      const alerts = /^\s+Alerts: (.*)$/.exec(line);
      if (alerts) current.alerts = reasonKeywords(alerts[1]);
      // The first indented line that is not a "Key: value" pair is the queue's message.
      else if (!current.message && !current.description && /^\s+\S/.test(line) && !/^\s+[A-Z][\w ]*:/.test(line)) current.message = line.trim();
    }
    return queues;
  }

  private async defaultQueue(): Promise<string | undefined> {
    const result = await this.exec('lpstat', ['-d']);
    return /system default destination: (\S+)/.exec(result.stdout)?.[1];
  }

  private async acceptingQueues(): Promise<Set<string>> {
    const result = await this.exec('lpstat', ['-a']);
    return new Set(
      result.stdout
        .split('\n')
        .map((line) => /^(\S+) accepting requests/.exec(line)?.[1])
        .filter((queue): queue is string => !!queue),
    );
  }

  private async queueOptions(queue: string): Promise<{ trays: string[]; paperSizes: PrinterPaperSize[]; acceptsCustomPaper: boolean }> {
    const result = await this.exec('lpoptions', ['-p', queue, '-l']);
    const choices = (option: string): string[] => {
      const line = result.stdout.split('\n').find((candidate) => candidate.startsWith(`${option}/`) || candidate.startsWith(`${option}:`));
      if (!line) return [];
      return line
        .slice(line.indexOf(':') + 1)
        .trim()
        .split(/\s+/)
        .map((choice) => choice.replace(/^\*/, ''))
        .filter(Boolean);
    };
    const pageSizes = choices('PageSize');
    // The queue's default paper: the choice lpoptions marks with `*`.
    const defaultPage = /^PageSize\/[^:]*:.*\*(\S+)/m.exec(result.stdout)?.[1];
    const dimensions = await this.ppdDimensions(queue);
    const paperSizes = pageSizes
      .filter((name) => !name.startsWith('Custom.'))
      .map((name) => {
        // PPDs round to whole points (A4 is 209.9 mm there): the exact size when it is that size.
        const fromPpd = dimensions.get(name);
        const known = knownPaperSize(name);
        return fromPpd && known && !samePaper(fromPpd, known) ? fromPpd : (known ?? fromPpd);
      })
      .filter((size): size is PrinterPaperSize => !!size);
    return { trays: choices('InputSlot'), paperSizes: orderPaperSizes(paperSizes, defaultPage), acceptsCustomPaper: pageSizes.some((name) => name.startsWith('Custom.')) };
  }

  /**
   * The queue's PPD paper sizes: from the file on this machine, or, for a CUPS server at an
   * address, as that server serves it (`GET /printers/NAME.ppd`). Unreadable: none.
   */
  private async ppdDimensions(queue: string): Promise<Map<string, PrinterPaperSize>> {
    const host = this.serverHost();
    try {
      if (!host || this.options.ppdDir) return parsePpdPaperDimensions(readFileSync(join(this.options.ppdDir ?? '/etc/cups/ppd', `${queue}.ppd`), 'utf8'));
      const response = await fetch(`http://${host}/printers/${encodeURIComponent(queue)}.ppd`, { signal: AbortSignal.timeout(PPD_FETCH_TIMEOUT_MS) });
      return response.ok ? parsePpdPaperDimensions(await response.text()) : new Map();
    } catch {
      return new Map();
    }
  }
}

/** A PPD is a few kilobytes: a server that takes longer is treated as having none to give. */
const PPD_FETCH_TIMEOUT_MS = 5_000;

const round = (mm: number): number => Math.round(mm * 10) / 10;

/**
 * A queue's station status and why, in words: `offline` when CUPS stopped it (paused, with
 * the reason it was given), when it refuses new jobs, or when the printer reports an error
 * (out of paper, a jam); `busy` while it prints; otherwise `online`.
 */
export function queueState(queue: Pick<QueueLine, 'enabled' | 'printing' | 'message' | 'alerts'>, accepting: boolean): { status: 'online' | 'busy' | 'offline'; reason?: string } {
  const problem = printerProblem(queue.alerts.filter((alert) => alert !== 'paused' && !alert.endsWith('-report') && !alert.endsWith('-warning')));
  if (!queue.enabled) {
    const said = queue.message && !/^(paused|rejecting jobs)$/i.test(queue.message) ? `: ${queue.message}` : '';
    return { status: 'offline', reason: `paused${said}${problem ? `; ${problem}` : ''}` };
  }
  if (!accepting) return { status: 'offline', reason: `not accepting jobs${problem ? `; ${problem}` : ''}` };
  if (queue.alerts.some((alert) => alert.endsWith('-error')) && problem) return { status: 'offline', reason: problem };
  // Printing, a backend that cannot reach its printer says so only in the queue's message
  // ("The printer may not exist or is unavailable at this time", "Unable to connect…"): kept
  // as the reason, so jobs that wait there are shown with it. Progress messages are not.
  const unreachable = queue.printing && UNREACHABLE_MESSAGE.test(queue.message) ? queue.message : undefined;
  const reason = problem ?? unreachable;
  return { status: queue.printing ? 'busy' : 'online', ...(reason ? { reason } : {}) };
}

/** Messages of a CUPS backend that cannot get a job to its printer. */
const UNREACHABLE_MESSAGE = /not exist|unavailable|unable to|cannot|can't|not respond|connect|refused|timed? ?out|error|fail/i;

/** A queue whose driver speaks ZPL: CUPS's Zebra drivers, and any make and model that names ZPL. */
const ZPL_MAKE_AND_MODEL = /\bzebra\b|\bzpl\b/i;
