import Database from 'better-sqlite3';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { TemplateEngine } from './engine';
import { DocumentRenderError, type RenderMessage, type RenderReply } from './render-thread';
import { createDocumentsService } from './service';

// A render thread (render-thread.ts): its own read-only connection to station.db and its
// own template engine; answers one request at a time, in order: documents to render for a
// print job, or an order to check before its write. The station may terminate
// it at any moment: it only reads.
const port = parentPort!;
const { file, nativeBinding, nice } = workerData as { file: string; nativeBinding?: string; nice: number };
const db = new Database(file, { readonly: true, fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
db.pragma('busy_timeout = 5000');
const documents = createDocumentsService(db, new TemplateEngine());

if (nice > 0) lowerThreadPriority(nice);

port.on('message', async (message: RenderMessage) => {
  const { id } = message;
  try {
    if ('draft' in message) reply({ id, checked: documents.checkAhead(message.draft) });
    else reply({ id, rendered: await documents.renderMany(message.requests) });
  } catch (error) {
    const documentId = error instanceof DocumentRenderError ? error.documentId : '';
    reply({ id, failed: { documentId, message: error instanceof Error ? error.message : String(error) } });
  }
});
port.postMessage({ ready: true });

function reply(message: RenderReply): void {
  port.postMessage(message);
}

/**
 * On Linux a thread has its own nice value: the print jobs' thread yields its core to the
 * event loop (order requests) and to the browser printing the chunk before. The check thread
 * works for order requests and keeps the process's priority. Elsewhere every thread keeps it.
 */
function lowerThreadPriority(nice: number): void {
  if (process.platform !== 'linux') return;
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    setPriority(threadId, nice);
  } catch {
    // Without /proc, the thread runs at the process's priority.
  }
}
