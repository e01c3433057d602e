import { execFileSync } from 'node:child_process';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { testCups, type KeptJob } from '../../helpers/cups/test-cups';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The PDF a queue of this file's own CUPS received for an OS job (`PDF-12`), byte for byte as
 * the station sent it, once the queue's backend has it whole (useTestCups).
 */
export async function waitForPrintedPdf(osJobId: string, timeoutMs = 60_000): Promise<string> {
  return waitFor(() => testCups().keptJob(osJobId)?.file, timeoutMs, `the printed copy of ${osJobId}`);
}

/** The job a queue received under a title (the station's `station-job-<id>`), with the options CUPS gave it. */
export async function waitForKeptJob(queue: string, title: string, timeoutMs = 30_000): Promise<KeptJob> {
  return waitFor(() => testCups().keptJobs(queue).find((job) => job.title === title), timeoutMs, `${queue}'s job ${title}`);
}

/** Every job any standard queue received whose title starts with `prefix`. */
export function jobsTitled(prefix: string): KeptJob[] {
  return ['PDF', 'PAUSABLE', 'TRAYS', 'LABEL4x6'].flatMap((queue) => testCups().keptJobs(queue)).filter((job) => job.title.startsWith(prefix));
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

/**
 * Each page's paper: its size when it is within 0.5 mm of `paper` (then `paper` itself),
 * else its size in mm rounded. Chromium's PDF pages run a little over the size asked (a 4×6 in
 * label, 101.6 × 152.4 mm, comes out 288.96 × 432.96 pt = 101.9 × 152.7 mm), which whole-mm
 * rounding reads as 102 × 153; a different paper is still many millimetres off.
 */
export function pdfPapersNear(file: string, paper: { widthMm: number; heightMm: number }): { widthMm: number; heightMm: number }[] {
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '9999', file], { encoding: 'utf8' });
  return [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((match) => {
    const [widthMm, heightMm] = [(Number(match[1]) * 25.4) / 72, (Number(match[2]) * 25.4) / 72];
    return Math.abs(widthMm - paper.widthMm) <= 0.5 && Math.abs(heightMm - paper.heightMm) <= 0.5 ? paper : { widthMm: Math.round(widthMm), heightMm: Math.round(heightMm) };
  });
}

/** A 4×6 in label in millimetres. */
export const LABEL_4X6_MM = { widthMm: 101.6, heightMm: 152.4 };

/** Page sizes in millimetres, rounded. */
export function pdfPageSizesMm(file: string): { widthMm: number; heightMm: number }[] {
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '9999', file], { encoding: 'utf8' });
  return [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((match) => ({
    widthMm: Math.round((Number(match[1]) * 25.4) / 72),
    heightMm: Math.round((Number(match[2]) * 25.4) / 72),
  }));
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
