import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { chromium, type Browser } from 'playwright-core';
import { GET_JOBS_TEST, parseCsvLine } from './ipptool';

/**
 * Chromium's own print stack, driven silently: `webContents.print({ silent: true })` in
 * Electron is this code. A headed Debian Chromium on a virtual display with
 * `--kiosk-printing` prints `window.print()` without a dialog to the CUPS queue named by
 * `PRINTER`, through the same printing code an Electron window uses.
 *
 * What it cannot take is Electron's explicit `pageSize`: kiosk printing uses the queue's
 * default media, so each test queue's default media is the paper its jobs are printed on.
 */

/** A virtual X display for headed Chromium; `-displayfd` says when it is ready (no polling). */
export async function startXvfb(): Promise<{ display: string; stop(): void }> {
  const xvfb: ChildProcess = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  const display = await new Promise<string>((resolve, reject) => {
    let text = '';
    let errors = '';
    xvfb.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    (xvfb.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(`:${text.trim()}`);
    });
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}: ${errors}`)));
  });
  return { display, stop: () => xvfb.kill() };
}

/** The CUPS job id (`QUEUE-12`) of the job named `name` on a queue, finished or not. */
function cupsJobNamed(server: string, queue: string, name: string, testFile: string): string | undefined {
  const csv = execFileSync('ipptool', ['-c', '-d', 'which=all', `ipp://${server}/printers/${queue}`, testFile], { encoding: 'utf8' });
  // Columns of GET_JOBS_TEST: job-id, job-state, job-state-reasons, job-name.
  const row = csv.split('\n').map(parseCsvLine).find((fields) => fields.slice(3).join(',') === name);
  return row ? `${queue}-${row[0]}` : undefined;
}

/**
 * A headed kiosk Chromium whose printer is one CUPS queue (`PRINTER`: kiosk printing prints on
 * the default printer), started before the station prints and kept for the file: Electron's
 * window is already there when `webContents.print` is called, so the backend's deadline for
 * a print (60 s) measures the print, not a browser starting on a loaded machine.
 */
export class KioskChromium {
  private constructor(
    private readonly browser: Browser,
    private readonly queue: string,
    private readonly server: string,
    private readonly dir: string,
  ) {}

  static async launch(queue: string, display: string): Promise<KioskChromium> {
    // The test file's own CUPS (useTestCups): Chromium prints there (through CUPS_SERVER) and the job is looked for there.
    const server = process.env.CUPS_SERVER!;
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: false,
      args: ['--kiosk-printing', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      env: { ...process.env, CUPS_SERVER: server, DISPLAY: display, PRINTER: queue },
    });
    const dir = mkdtempSync(join(tmpdir(), 'station-kiosk-'));
    writeFileSync(join(dir, 'get-jobs.test'), GET_JOBS_TEST);
    return new KioskChromium(browser, queue, server, dir);
  }

  /**
   * Prints one HTML document silently onto the queue and resolves with its CUPS job id once
   * CUPS has it. The page is loaded from a file and printed from outside (`window.print()`
   * evaluated by the driver), so the document itself carries no script. The file's name is
   * unique and Chromium names the job after it: other jobs on the same queue meanwhile cannot
   * be mistaken for this one.
   */
  async print(html: string): Promise<string> {
    const name = `kiosk-${randomUUID()}.html`;
    const file = join(this.dir, name);
    writeFileSync(file, html);
    const page = await this.browser.newPage();
    try {
      await page.goto(`file://${file}`);
      // Kiosk printing returns from window.print() once the job is spooled to CUPS.
      await page.evaluate(() => window.print());
      const deadline = Date.now() + 60_000;
      for (;;) {
        const id = cupsJobNamed(this.server, this.queue, name, join(this.dir, 'get-jobs.test'));
        if (id) return id;
        if (Date.now() > deadline) throw new Error(`kiosk Chromium made no CUPS job named ${name} on ${this.queue}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await page.close();
    }
  }

  async close(): Promise<void> {
    await this.browser.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
