import type { PaperSpec } from './contract';
import { pageSizeMm } from './paper';

/**
 * A rendered template body as a full HTML document for its paper. Printing passes these
 * to a `PdfRenderer`, which may put many of them into one HTML.
 */
export function documentHtml(body: string, paper: PaperSpec): string {
  const { widthMm, heightMm } = pageSizeMm(paper);
  const m = paper.marginsMm;
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
    `<style>@page { size: ${widthMm}mm ${heightMm}mm; margin: ${m.top}mm ${m.right}mm ${m.bottom}mm ${m.left}mm; }` +
    ' html, body { margin: 0; padding: 0; } body { -webkit-print-color-adjust: exact; print-color-adjust: exact; }</style>' +
    `</head><body>${body}</body></html>`
  );
}
