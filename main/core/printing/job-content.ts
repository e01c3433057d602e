import type { PaperSpec, PdfRenderer, RenderedHtml } from '../documents/contract';
import type { JobContent } from '../printers/backend';
import { combineDocuments } from '../render/combine';

/**
 * Documents as a backend prints them: one PDF, or the one HTML document the PDF would be
 * made from (images inlined by the renderer's image policy where it has one). ZPL documents
 * are the printer's own language: their bytes, one after the other, never through Chromium.
 */
export async function renderJobContent(renderer: PdfRenderer, kind: 'pdf' | 'html', documents: RenderedHtml[], paper: PaperSpec): Promise<JobContent> {
  const zpl = documents.filter((document) => document.zpl !== undefined);
  if (zpl.length > 0) {
    // Planning keeps ZPL and PDF documents in separate jobs; a mix here is a wiring error.
    if (zpl.length !== documents.length) throw new Error('a job mixes ZPL and HTML documents');
    return { kind: 'raw', data: Buffer.from(zpl.map((document) => document.zpl!).join(''), 'utf8') };
  }
  if (kind === 'html') return { kind, html: renderer.printableHtml ? await renderer.printableHtml(documents, paper) : combineDocuments(documents, paper) };
  return { kind, pdf: await renderer.render(documents, paper) };
}
