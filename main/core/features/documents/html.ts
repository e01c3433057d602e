import { escapeHtml } from '../../foundations/text';
import type { DocumentRecord, PaperSpec, RenderedHtml } from './contract';
import type { TemplateRow } from './templates-store';
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

/** A rendered body as a document: ZPL keeps its text (shown as a text page), HTML gets its page. */
export function zplOrHtml(template: Pick<TemplateRow, 'kind' | 'printer_commands_allowed'>, body: string, paper: PaperSpec): RenderedHtml {
  if (template.kind === 'zpl') {
    return { html: documentHtml(`<pre>${escapeHtml(body)}</pre>`, paper), paper, zpl: body, ...(template.printer_commands_allowed === 1 ? { printerCommandsAllowed: true as const } : {}) };
  }
  return { html: documentHtml(body, paper), paper };
}

/** A carrier label printed as the carrier made it: its bytes; the HTML only shows what it is (ZPL as text). */
export function carrierLabelAsPrinted(doc: DocumentRecord, bytes: Buffer): RenderedHtml {
  const { index, format, name } = doc.carrierLabel!;
  const shown =
    format === 'zpl'
      ? `<pre>${escapeHtml(bytes.toString('latin1'))}</pre>`
      : `<p>Carrier label ${escapeHtml(name ?? `#${index + 1}`)} (PDF, ${Math.ceil(bytes.length / 1024)} KB), printed as the carrier made it.</p>`;
  return { html: documentHtml(shown, doc.paper), paper: doc.paper, ready: { format, bytes } };
}
