import { setImmediate as yieldToLoop } from 'node:timers/promises';

/**
 * pdf-lib, loaded once on demand: ~14 MB that a station which never prints does not need.
 * Loading it compiles the module synchronously (~200 ms here), so the renderer starts it
 * beside its first browser launch (chromium.ts) rather than in the middle of a batch.
 */
export const loadPdfLib = (() => {
  let loading: Promise<typeof import('pdf-lib')> | undefined;
  return () => (loading ??= import('pdf-lib'));
})();

/**
 * PDFs one after the other as one PDF (pdf-lib), for a job that mixes rendered documents
 * with ready-made ones (carrier labels). Each part is copied in its own turn of the event
 * loop, so a long batch never holds it. Saved without object streams: the page count is
 * then read from the bytes (page-count.ts), as for Chromium's PDFs.
 */
export async function mergePdfs(parts: Uint8Array[]): Promise<Uint8Array> {
  const { PDFDocument } = await loadPdfLib();
  const merged = await PDFDocument.create();
  for (const part of parts) {
    const source = await PDFDocument.load(part, { updateMetadata: false });
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
    await yieldToLoop();
  }
  return merged.save({ useObjectStreams: false });
}

/**
 * Documents in order as one PDF, where some of them already are PDFs (`ready` gives their
 * bytes, undefined for the others): the documents between ready ones are rendered together,
 * run by run, and every part is merged in the documents' order.
 */
export async function renderAroundReady<T>(
  documents: T[],
  ready: (document: T, index: number) => Uint8Array | undefined | Promise<Uint8Array | undefined>,
  render: (run: T[]) => Promise<Uint8Array>,
  merge: (parts: Uint8Array[]) => Promise<Uint8Array> = mergePdfs,
): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let run: T[] = [];
  for (const [index, document] of documents.entries()) {
    const bytes = await ready(document, index);
    if (!bytes) {
      run.push(document);
      continue;
    }
    if (run.length) parts.push(await render(run));
    run = [];
    parts.push(bytes);
  }
  if (run.length) parts.push(await render(run));
  return parts.length === 1 ? parts[0]! : merge(parts);
}
