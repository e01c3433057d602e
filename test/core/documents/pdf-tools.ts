import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Poppler and zbar, the system tools that read PDFs the way a person would. */
function withPdf<T>(pdf: Uint8Array, fn: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'station-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return fn(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function pdfText(pdf: Uint8Array): string {
  return withPdf(pdf, (file) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
}

/** Page count and the first page's size in PDF points. */
export function pdfInfo(pdf: Uint8Array): { pages: number; widthPt: number; heightPt: number } {
  const out = withPdf(pdf, (file) => execFileSync('pdfinfo', [file], { encoding: 'utf8' }));
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(out)!;
  return { pages: Number(/Pages:\s+(\d+)/.exec(out)![1]), widthPt: Number(size[1]), heightPt: Number(size[2]) };
}

/** Rasterises every page at 300 dpi and decodes the barcodes zbarimg finds (`CODE-128:#1001`, …). */
export function pdfBarcodes(pdf: Uint8Array): string[] {
  return withPdf(pdf, (file, dir) => {
    execFileSync('pdftoppm', ['-r', '300', '-png', file, join(dir, 'page')]);
    const pages = readdirSync(dir).filter((name) => name.startsWith('page')).map((name) => join(dir, name));
    try {
      return execFileSync('zbarimg', ['-q', ...pages], { encoding: 'utf8' }).split('\n').filter(Boolean);
    } catch (error) {
      // zbarimg exits 4 when it finds no symbol at all.
      if ((error as { status?: number }).status === 4) return [];
      throw error;
    }
  });
}

export const mmToPt = (mm: number) => (mm * 72) / 25.4;
