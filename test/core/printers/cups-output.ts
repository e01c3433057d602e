import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** Where cups-pdf writes the jobs of the user running the tests (`Out ${HOME}/PDF`). */
export const CUPS_PDF_DIR = join(homedir(), 'PDF');
/** The TRAYS queue's `file:` device: each job replaces it. */
export const TRAYS_OUTPUT = '/var/spool/station-trays/TRAYS.ps';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The PDF cups-pdf wrote for an OS job (`PDF-12` → `…-job_12.pdf`), once it is complete. */
export async function waitForCupsPdf(osJobId: string, timeoutMs = 60_000): Promise<string> {
  const number = osJobId.split('-').pop();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const name = existsSync(CUPS_PDF_DIR) ? readdirSync(CUPS_PDF_DIR).find((file) => file.endsWith(`-job_${number}.pdf`)) : undefined;
    if (name) {
      const file = join(CUPS_PDF_DIR, name);
      // cups-pdf writes in place: wait until the job left CUPS so the file is whole.
      if (!execFileSync('lpstat', ['-W', 'not-completed', '-o'], { encoding: 'utf8' }).includes(`${osJobId} `)) return file;
    }
    await sleep(100);
  }
  throw new Error(`cups-pdf wrote no output for ${osJobId}`);
}

export const pdfText = (file: string): string => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

/** The text of each page (pdftotext ends every page with a form feed). */
export const pdfPageTexts = (file: string): string[] => pdfText(file).split('\f').slice(0, -1);

/** The order number printed on each page, from the templates' "Order <number>" line. */
export const orderNumbersByPage = (file: string, numbers: string[]): (string | undefined)[] =>
  pdfPageTexts(file).map((text) => numbers.find((number) => new RegExp(`Order ${number.replace(/[-#]/g, '\\$&')}\\b`).test(text)));

export function pdfPages(file: string): number {
  return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
}

/** Page sizes in millimetres, rounded. */
export function pdfPageSizesMm(file: string): { widthMm: number; heightMm: number }[] {
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '9999', file], { encoding: 'utf8' });
  return [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((match) => ({
    widthMm: Math.round((Number(match[1]) * 25.4) / 72),
    heightMm: Math.round((Number(match[2]) * 25.4) / 72),
  }));
}

/** The `*InputSlot` feature a PostScript job from the tray queue asks for. */
export function inputSlotOf(postScript: string): string | undefined {
  return /%%BeginFeature: \*InputSlot (\S+)/.exec(postScript)?.[1];
}

/** A PDF of one page per text, on paper of the given size in millimetres. */
export async function makePdf(texts: string[], widthMm = 210, heightMm = 297): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const text of texts) {
    const page = document.addPage([(widthMm * 72) / 25.4, (heightMm * 72) / 25.4]);
    page.drawText(text, { x: 30, y: page.getHeight() - 60, size: 18, font });
  }
  return document.save();
}

export async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const TRAYS_LOCK = '/tmp/station-test-trays.lock';

/**
 * The tray queue writes every job to the same file: every test that prints on it takes this
 * lock (a directory: mkdir is atomic, and it works across test processes) and holds it until
 * its job is done, so no job overwrites the file while another test reads it.
 */
export async function withTraysQueue<T>(fn: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(TRAYS_LOCK);
      break;
    } catch {
      // A lock left by a killed run is stale after two minutes.
      if (Date.now() - (statSync(TRAYS_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 120_000) rmSync(TRAYS_LOCK, { recursive: true, force: true });
      await sleep(50);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(TRAYS_LOCK, { recursive: true, force: true });
  }
}

/** Waits for the tray queue's output of an OS job (its title is in the PostScript header). */
export async function waitForTraysOutput(title: string, timeoutMs = 30_000): Promise<string> {
  return waitFor(
    () => {
      if (!existsSync(TRAYS_OUTPUT)) return undefined;
      const text = readFileSync(TRAYS_OUTPUT, 'latin1');
      return text.includes(title) && text.includes('%%EOF') ? text : undefined;
    },
    timeoutMs,
    `tray queue output of ${title}`,
  );
}
