import Database from 'better-sqlite3';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { serveRequests } from '../../foundations/threads/serve';
import { TemplateEngine } from './engine';
import { DocumentRenderError, type RenderThreadRequest, type RenderThreadResult } from './render-protocol';
import { createDocumentsService } from './service';

// The render thread (render-thread.ts): its own read-only connection to station.db and its
// own template engine; renders a print job's documents, or checks an order's documents ahead
// of its write (the check thread, checks-ahead.ts), one request at a time, in order.
// The station may terminate it at any moment: it only reads.
const { file, nativeBinding, nice } = workerData as { file: string; nativeBinding?: string; nice: number };
const db = new Database(file, { readonly: true, fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
db.pragma('busy_timeout = 5000');
const documents = createDocumentsService(db, new TemplateEngine());

if (nice > 0) lowerThreadPriority(nice);

serveRequests<RenderThreadRequest, RenderThreadResult>(async (request) => {
  if ('checkAhead' in request) return { checked: documents.checkAhead(request.checkAhead) ?? null };
  try {
    return { rendered: await documents.renderMany(request.requests) };
  } catch (error) {
    if (!(error instanceof DocumentRenderError)) throw error;
    return { failed: { documentId: error.documentId, message: error.message } };
  }
});

/**
 * On Linux a thread has its own nice value: the print jobs' thread yields its core to the
 * event loop (order requests) and to the browser printing the chunk before. Elsewhere it
 * keeps the process's priority.
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
