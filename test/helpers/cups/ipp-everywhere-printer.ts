import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ippCall } from '../../../main/core/features/printers/ipp/ipp-client';
import { freePort } from './private-cupsd';

/**
 * An IPP Everywhere printer on loopback only (`-n localhost`: without it, it listens on every
 * interface): CUPS's `ippeveprinter` (cups-ipp-utils), keeping
 * every document it receives (`-k -d DIR`) and done with each at once (`-c /bin/true`). Its trays are `auto`, `main`, `manual`,
 * `by-pass-tray`; it takes PDF and PWG raster. It registers itself by DNS-SD, so dbus and
 * avahi-daemon must run (scripts/install-system-deps.sh starts them).
 */
export class IppEverywherePrinter {
  readonly spool = mkdtempSync(join(tmpdir(), 'station-ippeve-'));
  port = 0;
  private child: ChildProcess | undefined;
  private log = '';

  constructor(readonly name: string) {}

  get uri(): string {
    return `ipp://127.0.0.1:${this.port}/ipp/print`;
  }

  async start(): Promise<void> {
    if (!this.port) this.port = await freePort();
    // `-c /bin/true`: each job is done as soon as it is kept; without a command ippeveprinter
    // pretends to print for 5-15 s a job, and CUPS holds the queue's next job meanwhile.
    const child = spawn('ippeveprinter', ['-vvv', '-n', 'localhost', '-p', String(this.port), '-c', '/bin/true', '-k', '-d', this.spool, '-f', 'application/pdf,image/pwg-raster', '-M', 'Station Test', '-m', `IPP Everywhere ${this.name}`, this.name], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    this.child = child;
    const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`ippeveprinter exited ${code}: ${this.log}`))));
    // Ready when it answers Get-Printer-Attributes (asked until then; an exit fails at once).
    for (let attempt = 0; ; attempt++) {
      const answered = await Promise.race([this.answers(), exited]);
      if (answered) return;
      if (attempt > 200) throw new Error(`ippeveprinter did not answer: ${this.log}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private async answers(): Promise<boolean> {
    try {
      await ippCall({ kind: 'tcp', host: '127.0.0.1', port: this.port, secure: false }, '/ipp/print', { operation: 'Get-Printer-Attributes', 'operation-attributes-tag': { 'attributes-charset': 'utf-8', 'attributes-natural-language': 'en', 'printer-uri': this.uri } }, { timeoutMs: 1000 });
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return false;
    }
  }

  /**
   * The documents it kept, oldest first (`-k`: each job's file in the spool folder). The print
   * command's output beside each (`N-name.prn`, empty from /bin/true) is not a document.
   */
  documents(): Array<{ file: string; bytes: Buffer }> {
    return readdirSync(this.spool)
      .filter((file) => /\.(pdf|pwg|ps|urf)$/i.test(file))
      .sort((a, b) => Number(/^(\d+)/.exec(a)?.[1] ?? 0) - Number(/^(\d+)/.exec(b)?.[1] ?? 0))
      .map((file) => ({ file, bytes: readFileSync(join(this.spool, file)) }));
  }

  /** What it printed to its log: each job's attributes as received (media, media-source…). */
  output(): string {
    return this.log;
  }

  /** Freezes it (SIGSTOP): connections are taken by the kernel, and nothing answers them. */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  /** Thaws it after `pause` (SIGCONT): it answers what waited, and anything new. */
  resume(): void {
    this.child?.kill('SIGCONT');
  }

  /** Kills it as a power cut would (no goodbye to anyone). */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.child = undefined;
  }

  async dispose(): Promise<void> {
    await this.kill();
    rmSync(this.spool, { recursive: true, force: true });
  }
}

/** A raw label printer on loopback: a TCP listener on a port, keeping every connection's bytes (a JetDirect/9100 printer). */
export class SocketPrinter {
  readonly received: Buffer[] = [];
  /** Every connection made to it, with bytes or without (a knock to see it is there). */
  connections = 0;
  private server: Server | undefined;
  private readonly waiters: Array<() => void> = [];
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((socket: Socket) => {
      this.connections++;
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('end', () => {
        if (chunks.length) this.received.push(Buffer.concat(chunks));
        for (const wake of this.waiters.splice(0)) wake();
      });
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  get uri(): string {
    return `socket://127.0.0.1:${this.port}`;
  }

  /** Resolves once `count` jobs have arrived (each a connection that sent bytes). */
  async jobs(count: number): Promise<Buffer[]> {
    while (this.received.length < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.received;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
