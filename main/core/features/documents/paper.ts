import type { PaperSpec } from './contract';

/** Named paper sizes in millimetres, portrait (width ≤ height). */
export const NAMED_PAPERS: Record<string, { widthMm: number; heightMm: number }> = {
  A4: { widthMm: 210, heightMm: 297 },
  A5: { widthMm: 148, heightMm: 210 },
  A6: { widthMm: 105, heightMm: 148 },
  Letter: { widthMm: 215.9, heightMm: 279.4 },
  Legal: { widthMm: 215.9, heightMm: 355.6 },
  '4x6in': { widthMm: 101.6, heightMm: 152.4 },
  '4x4in': { widthMm: 101.6, heightMm: 101.6 },
  // Continuous 62 mm label rolls (Brother QL and the like) cut at 100 mm.
  '62mm-roll': { widthMm: 62, heightMm: 100 },
};

export const PAPER_NAMES = Object.keys(NAMED_PAPERS);

/** The page's size as laid out: landscape swaps the portrait dimensions. */
export function pageSizeMm(paper: PaperSpec): { widthMm: number; heightMm: number } {
  return paper.orientation === 'landscape'
    ? { widthMm: paper.heightMm, heightMm: paper.widthMm }
    : { widthMm: paper.widthMm, heightMm: paper.heightMm };
}

/** Two papers print in the same job when their sizes, orientation and margins agree. */
export function samePaper(a: PaperSpec, b: PaperSpec): boolean {
  const close = (x: number, y: number) => Math.abs(x - y) < 0.05;
  const [pa, pb] = [pageSizeMm(a), pageSizeMm(b)];
  return (
    close(pa.widthMm, pb.widthMm) &&
    close(pa.heightMm, pb.heightMm) &&
    close(a.marginsMm.top, b.marginsMm.top) &&
    close(a.marginsMm.right, b.marginsMm.right) &&
    close(a.marginsMm.bottom, b.marginsMm.bottom) &&
    close(a.marginsMm.left, b.marginsMm.left)
  );
}
