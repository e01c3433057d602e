import type { PaperSpec, PdfRenderer, RenderedHtml } from '../../documents/contract';
import { PermanentPrintError, type JobContent } from '../../printers/backend';
import { checkZplLabel } from '../../carrier-labels/zpl-policy';
import { combineDocuments } from '../../render/combine';
import { renderAroundReady } from '../../render/merge-pdf';

/** Why a printer path that prints HTML (Electron's `webContents.print` without CUPS) refuses a carrier PDF. */
export const READY_PDF_NOT_TAKEN =
  'This printer prints HTML through the desktop app, which cannot print a ready-made PDF: route carrier PDF labels to a printer CUPS (or, on Windows, pdf-to-printer) prints';

/** A document's bytes for the printer's own language (a ZPL template's output, a ZPL carrier label), or undefined. */
function rawBytesOf(document: RenderedHtml): Uint8Array | undefined {
  if (document.ready?.format === 'zpl') return document.ready.bytes;
  return document.zpl === undefined ? undefined : Buffer.from(document.zpl, 'utf8');
}

/**
 * The bytes that go to a shared label printer are held to the label policy as they are, once
 * Liquid and the order's data made them: a template that passed its check on the sample order
 * can still assemble `^JUS` from a real order. Only a template whose admin allowed printer
 * commands is let through.
 */
function checkRawDocument(document: RenderedHtml, bytes: Uint8Array): void {
  if (document.printerCommandsAllowed) return;
  const issue = checkZplLabel(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (issue) throw new PermanentPrintError(`The ZPL of this job was not sent: ${issue.message}. A ZPL template may send printer commands only if an admin allows them (printerCommandsAllowed)`);
}

/** Whether a job's documents include a ready-made PDF: such a job must print as a PDF. */
export const hasReadyPdf = (documents: RenderedHtml[]): boolean => documents.some((document) => document.ready?.format === 'pdf');

/**
 * Documents as a backend prints them: one PDF, or the one HTML document the PDF would be
 * made from (images inlined by the renderer's image policy where it has one). ZPL documents
 * are the printer's own language: their bytes, one after the other, never through Chromium.
 * Ready-made PDFs (carrier labels) keep their place: the rendered documents around them are
 * rendered in runs and everything is merged in the job's order.
 */
export async function renderJobContent(renderer: PdfRenderer, kind: 'pdf' | 'html', documents: RenderedHtml[], paper: PaperSpec): Promise<JobContent> {
  const raw = documents.map(rawBytesOf);
  if (raw.some((bytes) => bytes !== undefined)) {
    // Planning keeps ZPL and PDF documents in separate jobs; a mix here is a wiring error.
    if (raw.some((bytes) => bytes === undefined)) throw new Error('a job mixes ZPL and HTML documents');
    documents.forEach((document, index) => checkRawDocument(document, raw[index]!));
    return { kind: 'raw', data: Buffer.concat(raw as Uint8Array[]) };
  }
  if (!hasReadyPdf(documents)) {
    if (kind === 'html') return { kind, html: renderer.printableHtml ? await renderer.printableHtml(documents, paper) : combineDocuments(documents, paper) };
    return { kind, pdf: await renderer.render(documents, paper) };
  }
  if (kind === 'html') throw new PermanentPrintError(READY_PDF_NOT_TAKEN);
  return { kind: 'pdf', pdf: await renderAroundReady(documents, (document) => document.ready?.bytes, (run) => renderer.render(run, paper), renderer.mergePdfs?.bind(renderer)) };
}
