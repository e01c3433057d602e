import Database from 'better-sqlite3';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { TemplateEngine } from './engine';
import { DocumentRenderError, type RenderReply, type RenderRequest } from './render-thread';
import { createDocumentsService } from './service';

// The render thread (render-thread.ts): its own read-only connection to station.db and its
// own template engine; answers one request at a time, in order. The station may terminate
// it at any moment: it only reads.
const port = parentPort!;
const { file, nativeBinding } = workerData as { file: string; nativeBinding?: string };
const db = new Database(file, { readonly: true, fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
db.pragma('busy_timeout = 5000');
const documents = createDocumentsService(db, new TemplateEngine());

lowerThreadPriority();

port.on('message', async ({ id, requests }: { id: number; requests: RenderRequest[] }) => {
  try {
    reply({ id, rendered: await documents.renderMany(requests) });
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
 * On Linux a thread has its own nice value: this one yields its core to the event loop
 * (order requests) and to the browser printing the chunk before. Elsewhere it keeps the
 * process's priority.
 */
function lowerThreadPriority(): void {
  if (process.platform !== 'linux') return;
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    setPriority(threadId, 10);
  } catch {
    // Without /proc, the thread runs at the process's priority.
  }
}
