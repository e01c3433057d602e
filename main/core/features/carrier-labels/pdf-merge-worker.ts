// The PDF merge thread (carrier-pdfs.ts): a job's rendered documents and its carrier labels
// (already read and written anew by the reader process) as one PDF, off the event loop.
import { PDFDocument } from 'pdf-lib';
import { serveRequests } from '../../foundations/threads/serve';

/** PDFs one after the other as one PDF; saved without object streams, so the page count can be read from the bytes. */
async function merge(parts: Uint8Array[]): Promise<Uint8Array> {
  const merged = await PDFDocument.create();
  for (const part of parts) {
    const source = await PDFDocument.load(part, { updateMetadata: false });
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  return merged.save({ useObjectStreams: false });
}

// The merged PDF moves to the station, not copied.
serveRequests<{ merge: Uint8Array[] }, Uint8Array>(({ merge: parts }) => merge(parts), { transfer: (bytes) => [bytes.buffer as ArrayBuffer] });
