import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

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

/**
 * The PDF Chromium's print stack handed to CUPS for a job: the scheduler keeps a job's
 * document in its spool (`PreserveJobFiles`, a day by default in CUPS 2.4) as `dNNNNN-001`.
 * It is what the printer's driver gets, before any filter of the queue touches it.
 */
export function chromiumPrintOutput(cupsJobId: string): string {
  const number = Number(cupsJobId.split('-').pop());
  const file = `/var/spool/cups/d${String(number).padStart(5, '0')}-001`;
  if (!existsSync(file)) throw new Error(`CUPS kept no document for ${cupsJobId} (${file}); is PreserveJobFiles off in cupsd.conf?`);
  return file;
}

/** CUPS job ids (`QUEUE-12`) of a queue, finished or not. */
export function cupsJobIds(queue: string): string[] {
  const out = execFileSync('lpstat', ['-W', 'all', '-o', queue], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.split(/\s+/)[0]!)
    .filter((id) => id.startsWith(`${queue}-`));
}

/**
 * Prints one HTML document with kiosk Chromium onto a CUPS queue and resolves with the new
 * CUPS job id once CUPS has it. The page is loaded from a file and printed from outside
 * (`window.print()` evaluated by the driver), so the document itself carries no script.
 */
export async function printWithKioskChromium(html: string, queue: string, display: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'station-kiosk-'));
  const before = new Set(cupsJobIds(queue));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: false,
    args: ['--kiosk-printing', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    env: { ...process.env, DISPLAY: display, PRINTER: queue },
  });
  try {
    const file = join(dir, 'job.html');
    writeFileSync(file, html);
    const page = await browser.newPage();
    await page.goto(`file://${file}`);
    // Kiosk printing returns from window.print() once the job is spooled to CUPS.
    await page.evaluate(() => window.print());
    const deadline = Date.now() + 60_000;
    for (;;) {
      const added = cupsJobIds(queue).filter((id) => !before.has(id));
      if (added.length === 1) return added[0]!;
      if (added.length > 1) throw new Error(`kiosk Chromium made ${added.length} CUPS jobs on ${queue}: ${added.join(', ')}`);
      if (Date.now() > deadline) throw new Error(`kiosk Chromium made no CUPS job on ${queue}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
