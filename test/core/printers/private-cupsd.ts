import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A CUPS scheduler of the test's own (its own port, spool and configuration), so a test can
 * stop and start it without touching the machine's CUPS that other tests print through.
 */
export class PrivateCupsd {
  readonly dir = mkdtempSync(join(tmpdir(), 'station-private-cupsd-'));
  /** Where `file:` queues of this scheduler write (each job replaces its file). */
  readonly outputDir = join(this.dir, 'output');
  server = '';
  private child: ChildProcess | undefined;

  async start(): Promise<void> {
    if (!this.server) {
      this.server = `127.0.0.1:${await freePort()}`;
      for (const sub of ['spool', 'cache', 'state', 'log', 'output']) mkdirSync(join(this.dir, sub), { recursive: true });
      // Backends run as the `lp` user: the output folder must be theirs to write.
      chmodSync(this.outputDir, 0o777);
      writeFileSync(
        join(this.dir, 'cupsd.conf'),
        [`Listen ${this.server}`, 'LogLevel warn', 'Browsing No', 'IdleExitTimeout 0', 'DefaultAuthType None', '<Location />', '  Order allow,deny', '  Allow all', '</Location>', '<Policy default>', '  <Limit All>', '    Order deny,allow', '  </Limit>', '</Policy>', ''].join('\n'),
      );
      writeFileSync(
        join(this.dir, 'cups-files.conf'),
        [`ServerRoot ${this.dir}`, `RequestRoot ${this.dir}/spool`, `TempDir ${this.dir}/spool`, `CacheDir ${this.dir}/cache`, `StateDir ${this.dir}/state`, `ErrorLog ${this.dir}/log/error_log`, `AccessLog ${this.dir}/log/access_log`, `PageLog ${this.dir}/log/page_log`, 'FileDevice Yes', 'SystemGroup root', ''].join('\n'),
      );
    }
    const child = spawn('/usr/sbin/cupsd', ['-f', '-c', join(this.dir, 'cupsd.conf'), '-s', join(this.dir, 'cups-files.conf')], { stdio: 'ignore' });
    this.child = child;
    // Ready when it answers: asked until then (each answer is an event of the scheduler, not a sleep).
    for (let tries = 0; !this.running(); tries++) {
      if (tries > 200 || child.exitCode !== null) throw new Error(`the private cupsd did not start (see ${this.dir}/log/error_log)`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
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

  running(): boolean {
    return execFileSync('lpstat', ['-h', this.server, '-r'], { encoding: 'utf8' }).includes('scheduler is running');
  }

  /** A PostScript queue with trays (the sample driver), printing into `outputDir/<name>.ps`. */
  addQueue(name: string): string {
    const output = join(this.outputDir, `${name}.ps`);
    execFileSync('lpadmin', ['-h', this.server, '-p', name, '-E', '-v', `file://${output}`, '-m', 'drv:///sample.drv/generic.ppd'], { stdio: 'pipe' });
    return output;
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
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
