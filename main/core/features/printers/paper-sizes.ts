import type { PrinterPaperSize } from './backend';

const POINTS_PER_MM = 72 / 25.4;

/** Millimetres, rounded to a tenth: PPDs give points, people read millimetres. */
export const pointsToMm = (points: number): number => Math.round((points / POINTS_PER_MM) * 10) / 10;

/**
 * Well-known sizes by their PPD name, for drivers whose PPD the station cannot read
 * (CUPS keeps PPDs readable by root only on some systems).
 */
const KNOWN_SIZES: Record<string, [number, number]> = {
  A3: [297, 420],
  A4: [210, 297],
  A5: [148, 210],
  A6: [105, 148],
  B5: [182, 257],
  Letter: [215.9, 279.4],
  Legal: [215.9, 355.6],
  Executive: [184.2, 266.7],
  Tabloid: [279.4, 431.8],
  Ledger: [279.4, 431.8],
  '4x6': [101.6, 152.4],
  w288h432: [101.6, 152.4],
  EnvDL: [110, 220],
  EnvC5: [162, 229],
  Env10: [104.8, 241.3],
};

export function knownPaperSize(name: string): PrinterPaperSize | undefined {
  const size = KNOWN_SIZES[name];
  return size ? { name, widthMm: size[0], heightMm: size[1] } : undefined;
}

/** `*PaperDimension Name/Text: "w h"` lines of a PPD, in millimetres. */
export function parsePpdPaperDimensions(ppd: string): Map<string, PrinterPaperSize> {
  const sizes = new Map<string, PrinterPaperSize>();
  for (const match of ppd.matchAll(/^\*PaperDimension\s+([^/:\s]+)(?:\/[^:]*)?:\s*"([\d.]+)\s+([\d.]+)"/gm)) {
    const name = match[1]!;
    sizes.set(name, { name, widthMm: pointsToMm(Number(match[2])), heightMm: pointsToMm(Number(match[3])) });
  }
  return sizes;
}

/** Same paper, either way round, allowing for the rounding of points to millimetres. */
export function samePaper(a: { widthMm: number; heightMm: number }, b: { widthMm: number; heightMm: number }): boolean {
  const close = (x: number, y: number) => Math.abs(x - y) <= 1.5;
  return (close(a.widthMm, b.widthMm) && close(a.heightMm, b.heightMm)) || (close(a.widthMm, b.heightMm) && close(a.heightMm, b.widthMm));
}

/** The printer's own name for a paper of these dimensions, if it has one. */
export function matchPaperSize(sizes: PrinterPaperSize[], paper: { widthMm: number; heightMm: number }): PrinterPaperSize | undefined {
  return sizes.find((size) => samePaper(size, paper));
}

export const mmText = (mm: number): string => `${Math.round(mm * 10) / 10}mm`;

/** Sizes a packing station uses most, in the order a list shows them after the printer's default. */
const COMMON_SIZES = ['4x6', 'w288h432', 'A4', 'Letter', 'A5', 'A6', 'Legal'];

/**
 * A printer's paper sizes as people look for them: the OS default first (a label queue's 4×6
 * in, not "11x14"), then the common sizes, then the rest by name (numbers in order).
 */
export function orderPaperSizes(sizes: PrinterPaperSize[], defaultName?: string): PrinterPaperSize[] {
  const rank = (size: PrinterPaperSize) => {
    if (defaultName && size.name === defaultName) return -1;
    const common = COMMON_SIZES.indexOf(size.name);
    return common >= 0 ? common : COMMON_SIZES.length;
  };
  return [...sizes].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, undefined, { numeric: true }));
}
