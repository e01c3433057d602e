import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IppStatusError, ippCall } from '../../../main/core/features/printers/ipp/ipp-client';

/** Where Debian's CUPS keeps its filters and backends: the private scheduler borrows them. */
const CUPS_SERVER_BIN = '/usr/lib/cups';
const KEEP_BACKEND = join(dirname(fileURLToPath(import.meta.url)), 'keep-backend.sh');

/** The kinds of queue the suite prints on (see `addQueue`). */
export type QueueKind = 'documents' | 'trays' | 'label4x6';

/** A job the private scheduler's `keep:` backend wrote: the bytes as the queue received them. */
export interface KeptJob {
  /** The job's file (a PDF for a document queue, the raw bytes for a raw job). */
  file: string;
  title: string;
  /** The job's options as CUPS handed them to the backend (`InputSlot`, `media`, `PageSize`…). */
  options: Record<string, string>;
}

/**
 * A CUPS scheduler of the suite's own: its own port on loopback, configuration, spool,
 * cache, logs and queues, so no test reads or changes the machine's CUPS (its default
 * printer, its queues), and no test file sees another's queues (`useTestCups` starts one per
 * file). CUPS's own test suite runs a private scheduler the same way.
 *
 * Queues print through `keep:` (keep-backend.sh), which keeps every job as the queue received
 * it. The queues' PPDs let PDF through unfiltered (`*cupsFilter: "application/pdf 0 -"`), so
 * a test reads the PDF the station sent, not what Ghostscript or the machine's fonts made of
 * it; the options CUPS passed (tray, paper) are kept beside it.
 */
export class PrivateCupsd {
  readonly dir = mkdtempSync(join(tmpdir(), 'station-private-cupsd-'));
  /** Where `file:` and `keep:` queues of this scheduler write. */
  readonly outputDir = join(this.dir, 'output');
  server = '';
  private child: ChildProcess | undefined;

  async start(): Promise<void> {
    if (!this.server) {
      this.server = `127.0.0.1:${await freePort()}`;
      for (const sub of ['spool', 'cache', 'state', 'log', 'output', 'ppd-source', 'server-bin/backend']) mkdirSync(join(this.dir, sub), { recursive: true });
      // Backends run as the `lp` user under a root scheduler: they must reach and write the
      // output folder (mkdtemp makes the folder private).
      chmodSync(this.dir, 0o755);
      chmodSync(this.outputDir, 0o777);
      this.serverBin();
      writeFileSync(
        join(this.dir, 'cupsd.conf'),
        [`Listen ${this.server}`, 'LogLevel info', 'Browsing No', 'IdleExitTimeout 0', 'JobRetryInterval 2', 'DefaultAuthType None', '<Location />', '  Order allow,deny', '  Allow all', '</Location>', '<Policy default>', '  <Limit All>', '    Order deny,allow', '  </Limit>', '</Policy>', ''].join('\n'),
      );
      writeFileSync(
        join(this.dir, 'cups-files.conf'),
        [
          `ServerRoot ${this.dir}`,
          `ServerBin ${this.dir}/server-bin`,
          `RequestRoot ${this.dir}/spool`,
          `TempDir ${this.dir}/spool`,
          `CacheDir ${this.dir}/cache`,
          `StateDir ${this.dir}/state`,
          `ErrorLog ${this.dir}/log/error_log`,
          `AccessLog ${this.dir}/log/access_log`,
          `PageLog ${this.dir}/log/page_log`,
          'FileDevice Yes',
          'SystemGroup root',
          '',
        ].join('\n'),
      );
    }
    const child = spawn('/usr/sbin/cupsd', ['-f', '-c', join(this.dir, 'cupsd.conf'), '-s', join(this.dir, 'cups-files.conf')], { stdio: 'ignore' });
    this.child = child;
    // Ready when it answers over IPP: asked until then, without blocking the worker (a refused
    // connection answers at once), within a deadline.
    const deadline = Date.now() + 20_000;
    while (!(await this.answers())) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the private cupsd did not start (see ${this.dir}/log/error_log)`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Whether the scheduler answers an IPP request: any IPP answer (even "no default printer") is one. */
  private async answers(): Promise<boolean> {
    const [host, port] = this.server.split(':');
    try {
      await ippCall({ kind: 'tcp', host: host!, port: Number(port), secure: false }, '/', { operation: 'CUPS-Get-Default', 'operation-attributes-tag': { 'attributes-charset': 'utf-8', 'attributes-natural-language': 'en' } }, { timeoutMs: 2_000 });
      return true;
    } catch (error) {
      return error instanceof IppStatusError;
    }
  }

  /**
   * The scheduler's ServerBin: Debian's filters and backends, plus `keep`. A copy, not a
   * link: CUPS runs a backend only when it and its folder are not writable by others.
   */
  private serverBin(): void {
    const bin = join(this.dir, 'server-bin');
    for (const sub of ['cgi-bin', 'daemon', 'driver', 'filter', 'monitor', 'notifier']) {
      if (existsSync(join(CUPS_SERVER_BIN, sub))) symlinkSync(join(CUPS_SERVER_BIN, sub), join(bin, sub));
    }
    for (const backend of readdirSync(join(CUPS_SERVER_BIN, 'backend'))) symlinkSync(join(CUPS_SERVER_BIN, 'backend', backend), join(bin, 'backend', backend));
    copyFileSync(KEEP_BACKEND, join(bin, 'backend', 'keep'));
    chmodSync(join(bin, 'backend', 'keep'), 0o755);
  }

  /** Stops the scheduler as a restart would, and waits until it is gone. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    this.child = undefined;
  }


  /**
   * A queue that keeps its jobs (see the class): `documents` takes A4 (its default), Letter,
   * A5, A6 and the other sizes of cups-pdf's PPD; `label4x6` the same with a 4×6 in label as
   * its default paper (Chromium's kiosk printing prints on a queue's default paper);
   * `trays` is a PostScript printer's PPD with trays (`InputSlot` Default, Upper, Manual)
   * and Letter by default, no A6.
   */
  addQueue(name: string, kind: QueueKind = 'documents'): void {
    execFileSync('lpadmin', ['-h', this.server, '-p', name, '-E', '-v', `keep:${this.outputDir}`, '-P', this.ppd(kind)], { stdio: 'pipe' });
  }

  /** A documents queue (A4 and the rest) whose printer is a JetDirect socket nobody answers: its jobs stay at the printer, "connecting". */
  addUnreachableQueue(name: string, port: number): void {
    execFileSync('lpadmin', ['-h', this.server, '-p', name, '-E', '-v', `socket://127.0.0.1:${port}`, '-P', this.ppd('documents')], { stdio: 'pipe' });
  }

  /** A PostScript queue with trays (the sample driver), printing into `outputDir/<name>.ps`: each job replaces the file. */
  addFileQueue(name: string): string {
    const output = join(this.outputDir, `${name}.ps`);
    execFileSync('lpadmin', ['-h', this.server, '-p', name, '-E', '-v', `file://${output}`, '-m', 'drv:///sample.drv/generic.ppd'], { stdio: 'pipe' });
    return output;
  }

  /** A Zebra ZPL label printer as a packing station has one: CUPS's Zebra driver on a JetDirect socket on loopback. */
  addZplQueue(name: string, port: number): void {
    execFileSync('lpadmin', ['-h', this.server, '-p', name, '-E', '-v', `socket://127.0.0.1:${port}`, '-m', 'drv:///sample.drv/zebra.ppd'], { stdio: 'pipe' });
  }

  /** The queues every printing test file finds: PDF, PAUSABLE (its own to pause), TRAYS and LABEL4x6. No default printer. */
  addStandardQueues(): void {
    this.addQueue('PDF');
    this.addQueue('PAUSABLE');
    this.addQueue('TRAYS', 'trays');
    this.addQueue('LABEL4x6', 'label4x6');
  }

  /** A job kept by a `keep:` queue, by its OS job id (`PDF-12`), or undefined while it is not written. */
  keptJob(osJobId: string): KeptJob | undefined {
    const base = join(this.outputDir, osJobId.replace(/-(\d+)$/, '-job_$1'));
    if (!existsSync(`${base}.job`)) return undefined;
    return { file: `${base}.job`, ...readOptions(`${base}.options`) };
  }

  /** Every job a queue kept, oldest first. */
  keptJobs(queue: string): KeptJob[] {
    return readdirSync(this.outputDir)
      .map((file) => new RegExp(`^${queue}-job_(\\d+)\\.job$`).exec(file)?.[1])
      .filter((id): id is string => id !== undefined)
      .sort((a, b) => Number(a) - Number(b))
      .map((id) => this.keptJob(`${queue}-${id}`)!);
  }

  lpadmin(...args: string[]): void {
    this.cups('lpadmin', ...args);
  }

  /** A CUPS admin tool (`cupsdisable`, `cupsreject`…) aimed at this scheduler. */
  cups(tool: string, ...args: string[]): void {
    execFileSync(tool, ['-h', this.server, ...args], { stdio: 'pipe' });
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** The PPD of a kind of queue, written into this scheduler's folder from the process's copy. */
  private ppd(kind: QueueKind): string {
    const file = join(this.dir, 'ppd-source', `${kind}.ppd`);
    if (!existsSync(file)) writeFileSync(file, ppdText(kind));
    return file;
  }
}

/** Each kind's PPD, made once per process (cups-driverd takes half a second to make the trays' one). */
const ppdTexts = new Map<QueueKind, string>();

/** The PPD of a kind of queue, made from the PPDs Debian's CUPS packages ship. */
function ppdText(kind: QueueKind): string {
  let ppd = ppdTexts.get(kind);
  if (ppd === undefined) {
    const source =
      kind === 'trays'
        ? // Its DEBUG2 chatter on stderr is kept from the test output (an error still carries it).
          execFileSync(join(CUPS_SERVER_BIN, 'daemon', 'cups-driverd'), ['cat', 'drv:///sample.drv/generic.ppd'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
        : readFileSync('/usr/share/ppd/cups-pdf/CUPS-PDF_opt.ppd', 'utf8');
    ppd = passPdfThrough(source);
    if (kind === 'label4x6') ppd = withDefault4x6Label(ppd);
    ppdTexts.set(kind, ppd);
  }
  return ppd;
}

/** The queue takes PDF as it comes: CUPS hands the document to the backend with no filter. */
function passPdfThrough(ppd: string): string {
  return ppd.replace(/^\*cupsFilter2?:.*\n/gm, '').replace(/^\*PCFileName:/m, '*cupsFilter: "application/pdf 0 -"\n*PCFileName:');
}

/** cups-pdf's PPD with one more page size, a 4×6 in label, made the default. */
function withDefault4x6Label(ppd: string): string {
  return ppd
    .replace(/^\*Default(PageSize|PageRegion|ImageableArea|PaperDimension): A4/gm, '*Default$1: w288h432')
    .replace(/^(\*PageSize A5\/.*)$/m, '$1\n*PageSize w288h432/4x6in: "<</PageSize[288 432]/ImagingBBox null>>setpagedevice"')
    .replace(/^(\*PageRegion A5\/.*)$/m, '$1\n*PageRegion w288h432/4x6in: "<</PageSize[288 432]/ImagingBBox null>>setpagedevice"')
    .replace(/^(\*ImageableArea A5\/.*)$/m, '$1\n*ImageableArea w288h432/4x6in: "0 0 288 432"')
    .replace(/^(\*PaperDimension A5\/.*)$/m, '$1\n*PaperDimension w288h432/4x6in: "288 432"');
}

/** The `.options` file keep-backend.sh writes: the title, then CUPS's `name=value` options. */
function readOptions(file: string): { title: string; options: Record<string, string> } {
  const [title = '', line = ''] = readFileSync(file, 'utf8').split('\n');
  const options: Record<string, string> = {};
  for (const pair of line.split(' ')) {
    const at = pair.indexOf('=');
    if (at > 0) options[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return { title, options };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
