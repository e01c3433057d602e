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

/**
 * Rasterises every page at 200 dpi and decodes the barcodes zbarimg finds (`CODE-128:#1001`, …).
 * 200 dpi is a scanner's coarse end (the built-in slips' Code 128 no longer reads at 150), and
 * rasterising and reading an A4 page costs half what it does at 300. A badge card's dense code
 * (a long token on 85 mm) is read at 300, as a handheld scanner held to the card reads it.
 */
export function pdfBarcodes(pdf: Uint8Array, dpi = 200): string[] {
  return withPdf(pdf, (file, dir) => {
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', file, join(dir, 'page')]);
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

/** The fonts embedded in a PDF: name without subset prefix (`[none]` for Type 3) and type. */
export function pdfFonts(pdf: Uint8Array): { name: string; type: string }[] {
  const out = withPdf(pdf, (file) => execFileSync('pdffonts', [file], { encoding: 'utf8' }));
  return out
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((line) => ({ name: line.slice(0, 36).trim().replace(/^[A-Z]{6}\+/, ''), type: line.slice(37, 54).trim() }));
}

/**
 * Where each occurrence of a word is drawn, in points from the page's top left (pdftotext
 * -bbox). Right-to-left words come back in visual order: they match reversed too.
 */
export function pdfWordBoxes(pdf: Uint8Array, word: string): { xMin: number; xMax: number; yMin: number }[] {
  const xhtml = withPdf(pdf, (file) => execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' }));
  return [...xhtml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)]
    .filter((match) => match[4] === word || match[4] === [...word].reverse().join(''))
    .map((match) => ({ xMin: Number(match[1]), yMin: Number(match[2]), xMax: Number(match[3]) }));
}
