import type { OrderAhead } from '../orders/order-hooks';
import type { RenderedHtml } from './contract';

/** Whether a template renders for an order: the completeness a document is stored with. */
export type CompletenessCheck = { ok: true } | { error: string };

/** What was checked ahead of an order's write (checks-ahead.ts): the scope it was checked in, and each template's result. */
export interface DocumentChecks {
  scope: string;
  /** By `checkKey`. */
  results: Record<string, CompletenessCheck>;
  /** What the checks cost on the thread (ms). */
  ms: number;
}

/** One document to render, with the template a print may put in its place. */
export interface RenderRequest {
  documentId: string;
  templateId?: string;
}

/** What the render thread is asked (render-worker.ts): a print job's documents, in order; or an order's documents checked ahead of its write. */
export type RenderThreadRequest = { requests: RenderRequest[] } | { checkAhead: OrderAhead };

/** What it answers: the documents' HTML, or the first document that cannot render and why; or the checks (none when the team has no flow yet). */
export type RenderThreadResult = { rendered: RenderedHtml[] } | { failed: { documentId: string; message: string } } | { checked: DocumentChecks | null };

/** A document that cannot render (its template throws, it is gone): the same on any thread. */
export class DocumentRenderError extends Error {
  constructor(
    readonly documentId: string,
    message: string,
  ) {
    super(message);
  }
}
