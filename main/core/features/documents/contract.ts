/**
 * What printing needs from documents. The documents capability implements it; printing
 * depends only on this file, so the two evolve separately.
 */
import type { z } from 'zod';
import type { documentAnswer, paperAnswer } from './answers';

/** Paper in millimetres, always portrait dimensions; `orientation` says how it is used (answers.ts). */
export type PaperSpec = z.output<typeof paperAnswer>;

/** One document of an order, as the team's flow built it: the API's answer (answers.ts). */
export type DocumentRecord = z.output<typeof documentAnswer>;

export interface RenderedHtml {
  /** A full HTML document for one printed document (may span several pages). */
  html: string;
  paper: PaperSpec;
  /** A ZPL template's output, printed raw as is; `html` then shows it as text. */
  zpl?: string;
  /**
   * The ZPL template's admin allowed printer commands in it: its output is not held to the
   * label policy (carrier-labels/zpl-policy.ts) when it prints. Absent for every other document.
   */
  printerCommandsAllowed?: true;
  /** A carrier label's own bytes, printed as they are (a PDF merged into the job, ZPL raw); `html` only describes it. */
  ready?: { format: 'pdf' | 'zpl'; bytes: Uint8Array };
}

export interface DocumentsApi {
  /** The order's current documents, in flow order. */
  listForOrder(orderId: string): DocumentRecord[];
  /** Many orders' documents at once, by order id (an order with none is absent). */
  listForOrders(orderIds: readonly string[]): Map<string, DocumentRecord[]>;
  /**
   * Renders one document to HTML. With `templateId` (a print-time override) that template
   * is used instead, with its own paper. Throws when the template cannot render.
   */
  renderHtml(documentId: string, options?: { templateId?: string }): Promise<RenderedHtml>;
  /**
   * Renders documents in order (a print job's). Rejects with `DocumentRenderError`
   * (render-thread.ts) naming the first that cannot render. Never holds the event loop for
   * long: a few documents per turn, or (many, on a station with one) on the render thread.
   */
  renderMany(requests: Array<{ documentId: string; templateId?: string }>): Promise<RenderedHtml[]>;
  /** A template of the team (or its 3PL parent's base templates) by id or name. */
  findTemplate(teamId: string, idOrName: string): { id: string; name: string; tag: string; paper: PaperSpec; kind: 'html' | 'zpl' } | undefined;
  /** The templates the team's flow prints under `tag` (its `addDocument` actions with that tag): what a routing rule for the tag must print. */
  templatesForTag(teamId: string, tag: string): { id: string; name: string; paper: PaperSpec; kind: 'html' | 'zpl' }[];
  /** The document tags the team's flow makes (an action's tag, or else its template's), sorted. */
  flowTags(teamId: string): string[];
  /** How a document's own template prints: `zpl` is sent raw (one lookup by id: the print path asks per document). */
  templateKind(templateId: string): 'html' | 'zpl' | undefined;
  /** The team flow's "print automatically" switch (read by automatic printing). */
  autoPrintEnabled(teamId: string): boolean;
}

/**
 * Prints one rendered document on a printer, outside any batch: the template editor's "Test
 * print" (printing/jobs/test-print.ts). No order is marked printed; nothing is recorded.
 */
export interface DocumentTestPrint {
  printDocument(printerId: string, document: RenderedHtml, options: { tray: string | null; title: string }): Promise<{ printerId: string; osJobId: string }>;
}

/** HTML → PDF. Many documents go into ONE HTML with CSS page breaks: far faster than one by one. */
export interface PdfRenderer {
  render(documents: RenderedHtml[], paper: PaperSpec): Promise<Uint8Array>;
  /** The first page of one document as a PNG (template previews, thumbnails). Optional. */
  renderPng?(document: RenderedHtml, options?: { scale?: number }): Promise<Uint8Array>;
  /**
   * The documents as the one HTML document `render` would print (page breaks, the paper's
   * `@page`), for backends that print HTML themselves. Optional: without it, the documents
   * are combined as they are.
   */
  printableHtml?(documents: RenderedHtml[], paper: PaperSpec): Promise<string>;
  /**
   * Renders one document on its own paper into the render-ahead cache, unless its PDF is
   * there already (render/cached-renderer.ts). Optional: a renderer without a cache has none.
   */
  renderAhead?(document: RenderedHtml): Promise<'cached' | 'rendered'>;
  /**
   * PDFs one after the other as one PDF (a job's documents around its carrier labels), off
   * the event loop (the PDF merge thread). Optional: without it they are merged in
   * turns of the event loop (render/merge-pdf.ts).
   */
  mergePdfs?(parts: Uint8Array[]): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** Renders a ZPL label as the printer lays it out, as a PNG (render/zpl-png.ts: a thread of its own). */
export interface ZplPreview {
  render(zpl: string, paper: PaperSpec): Promise<Buffer>;
}
