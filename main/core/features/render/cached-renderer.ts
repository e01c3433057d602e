import type { PaperSpec, PdfRenderer, RenderedHtml } from '../documents/contract';
import { STATION_VERSION } from '../../foundations/version';
import { contentKey, type ContentStore } from './content-store';
import { renderAroundReady } from './merge-pdf';
import { RenderGate } from './render-gate';

/**
 * The key of one document's PDF: its complete HTML (order data, template, images already
 * inlined) and the paper it is laid on, and the station's version (how documents are laid
 * out on pages may change with it). Whatever changes what would print changes the key, so a
 * cached PDF can never print an outdated document: it is simply not found.
 */
export function documentPdfKey(html: string, paper: PaperSpec): string {
  const { widthMm, heightMm, orientation, marginsMm: m } = paper;
  return contentKey('document-pdf', STATION_VERSION, JSON.stringify([widthMm, heightMm, orientation, m.top, m.right, m.bottom, m.left]), html);
}

/**
 * A renderer that prints documents rendered ahead from the cache. A job whose documents are
 * all there is their PDFs merged (pdf-lib), with no browser at all; a job with at least half
 * of them there renders only the runs in between; otherwise the whole job renders in one
 * browser pass as before (one pass over many documents is far faster than many small ones).
 * Only rendering ahead fills the cache: a printed job's bytes are kept as its printed copy.
 * Both share the browser through one gate (render-gate.ts): a print's render goes before
 * every document waiting to be rendered ahead.
 */
export function withRenderedCache(renderer: PdfRenderer, store: ContentStore, options: { mergePdfs?: (parts: Uint8Array[]) => Promise<Uint8Array>; gate?: RenderGate } = {}): PdfRenderer {
  let closed = false;
  const gate = options.gate ?? new RenderGate();
  const renderForPrint = (documents: RenderedHtml[], paper: PaperSpec) => gate.run('print', () => renderer.render(documents, paper));
  const mergePdfs = options.mergePdfs ?? renderer.mergePdfs?.bind(renderer);
  return {
    async render(documents, paper) {
      if (closed) throw new Error('the PDF renderer is closed');
      // What a previous run kept counts from the first print after a start; a cache that
      // cannot open (a full or read-only disk) costs the speed, never the print.
      await store.ready().catch(() => undefined);
      const keys = documents.map((document) => documentPdfKey(document.html, paper));
      const hits = keys.filter((key) => store.has(key)).length;
      if (hits > 0 && hits * 2 >= documents.length) {
        // One evicted since it was counted is simply rendered with its neighbours.
        return renderAroundReady(documents, (_document, index) => store.get(keys[index]!), (run) => renderForPrint(run, paper), mergePdfs);
      }
      return renderForPrint(documents, paper);
    },
    async renderAhead(document) {
      if (closed) throw new Error('the PDF renderer is closed');
      await store.ready();
      const key = documentPdfKey(document.html, document.paper);
      if (store.has(key)) return 'cached';
      await store.put(key, await gate.run('ahead', () => renderer.render([document], document.paper)));
      return 'rendered';
    },
    ...(renderer.renderPng ? { renderPng: (document, options) => renderer.renderPng!(document, options) } : {}),
    ...(renderer.printableHtml ? { printableHtml: (documents, paper) => renderer.printableHtml!(documents, paper) } : {}),
    ...(mergePdfs ? { mergePdfs } : {}),
    close() {
      closed = true;
      return renderer.close();
    },
  } satisfies PdfRenderer;
}
