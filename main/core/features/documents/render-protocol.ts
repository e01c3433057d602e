import type { RenderedHtml } from './contract';

/** One document to render, with the template a print may put in its place. */
export interface RenderRequest {
  documentId: string;
  templateId?: string;
}

/** What the render thread is asked (render-worker.ts): a print job's documents, in order. */
export interface RenderThreadRequest {
  requests: RenderRequest[];
}

/** What it answers: the documents' HTML, or the first document that cannot render and why. */
export type RenderThreadResult = { rendered: RenderedHtml[] } | { failed: { documentId: string; message: string } };

/** A document that cannot render (its template throws, it is gone): the same on any thread. */
export class DocumentRenderError extends Error {
  constructor(
    readonly documentId: string,
    message: string,
  ) {
    super(message);
  }
}
