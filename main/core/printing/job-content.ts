import type { PaperSpec, PdfRenderer, RenderedHtml } from '../documents/contract';
import type { JobContent } from '../printers/backend';
import { combineDocuments } from '../render/combine';

/**
 * Documents as a backend prints them: one PDF, or the one HTML document the PDF would be
 * made from (images inlined by the renderer's image policy where it has one).
 */
export async function renderJobContent(renderer: PdfRenderer, kind: JobContent['kind'], documents: RenderedHtml[], paper: PaperSpec): Promise<JobContent> {
  if (kind === 'html') return { kind, html: renderer.printableHtml ? await renderer.printableHtml(documents, paper) : combineDocuments(documents, paper) };
  return { kind, pdf: await renderer.render(documents, paper) };
}
