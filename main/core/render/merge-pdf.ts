import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { PDFDocument } from 'pdf-lib';

/**
 * PDFs one after the other as one PDF (pdf-lib), for a job that mixes rendered documents
 * with ready-made ones (carrier labels). Each part is copied in its own turn of the event
 * loop, so a long batch never holds it. Saved without object streams: the page count is
 * then read from the bytes (page-count.ts), as for Chromium's PDFs.
 */
export async function mergePdfs(parts: Uint8Array[]): Promise<Uint8Array> {
  const merged = await PDFDocument.create();
  for (const part of parts) {
    const source = await PDFDocument.load(part, { updateMetadata: false });
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
    await yieldToLoop();
  }
  return merged.save({ useObjectStreams: false });
}
