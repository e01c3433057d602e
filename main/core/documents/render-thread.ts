import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import { threadEntry } from '../thread-entry';
import type { Logger } from '../logger';
import type { OrderDraft } from '../hooks';
import type { CheckedDocument } from './checked-ahead';
import type { RenderedHtml } from './contract';

/** One document to render, with the template a print may put in its place. */
export interface RenderRequest {
  documentId: string;
  templateId?: string;
}

/** A document that cannot render (its template throws, it is gone): the same on any thread. */
export class DocumentRenderError extends Error {
  constructor(
    readonly documentId: string,
    message: string,
  ) {
    super(message);
  }
}

/** What the thread answers to one request (render-worker.ts). */
export type RenderReply =
  | { id: number; rendered: RenderedHtml[] }
  | { id: number; checked: CheckedDocument[] }
  | { id: number; failed: { documentId: string; message: string } };

/** What the thread is asked: documents to render, or an order to check before its write. */
export type RenderMessage = { id: number; requests: RenderRequest[] } | { id: number; draft: OrderDraft };

/** The thread is ended after this long without work: an idle station keeps no second copy of the template engine. */
const IDLE_MS = 30_000;
const STARTUP_TIMEOUT_MS = 30_000;

interface Started {
  worker: Worker;
  ready: Promise<void>;
  isReady: boolean;
  /** Requests sent to this thread and not answered yet. */
  waiting: Map<number, { resolve: (answer: RenderedHtml[] | CheckedDocument[]) => void; reject: (error: Error) => void }>;
}

/**
 * Renders documents (Liquid, barcodes, address formats: a few ms each) on a thread of its
 * own, with its own read-only connection to station.db, so a big print job's documents
 * never hold the event loop that answers order requests. The thread starts with the first
 * request and ends after 30 s without one. It reads what is committed, which is never older
 * than what the station saw when it asked.
 *
 * A station runs two: one for print jobs (`render`, at a lower priority) and one checking
 * orders' documents before their writes (`check`, checked-ahead.ts). Each takes its
 * requests one at a time, in order.
 *
 * Emits 'stopped' when it ended for want of work.
 */
export class RenderThread extends EventEmitter {
  private started: Started | undefined;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Documents rendered on the thread so far. */
  rendered = 0;

  constructor(private readonly options: { file: string; nativeBinding?: string; logger: Logger; idleMs?: number; nice?: number; name?: string }) {
    super();
  }

  /** What the log calls it ("render thread", "check thread"). */
  private get name(): string {
    return this.options.name ?? 'render thread';
  }

  /** Renders the documents in order; rejects with DocumentRenderError for the first that cannot render, or an Error when the thread failed. */
  async render(requests: RenderRequest[]): Promise<RenderedHtml[]> {
    const rendered = (await this.ask({ id: this.nextId++, requests })) as RenderedHtml[];
    this.rendered += rendered.length;
    return rendered;
  }

  /** Checks the completeness of the documents an order will have (`checkAhead`), before its write. */
  async check(draft: OrderDraft): Promise<CheckedDocument[]> {
    return (await this.ask({ id: this.nextId++, draft })) as CheckedDocument[];
  }

  /** Requests sent and not answered yet. */
  get outstanding(): number {
    return this.started?.waiting.size ?? 0;
  }

  private async ask(message: RenderMessage): Promise<RenderedHtml[] | CheckedDocument[]> {
    if (this.closed) throw new Error(`the ${this.name} is closed`);
    clearTimeout(this.idleTimer);
    const thread = (this.started ??= this.start());
    try {
      await thread.ready;
      return await new Promise<RenderedHtml[] | CheckedDocument[]>((resolve, reject) => {
        thread.waiting.set(message.id, { resolve, reject });
        thread.worker.postMessage(message);
      });
    } finally {
      this.armIdleTimer(thread);
    }
  }

  /** Whether a request now goes straight to a started thread (not waiting for one to start). */
  get ready(): boolean {
    return this.started?.isReady === true;
  }

  /** Starts the thread unless it runs; resolves when it can take requests (rejects if it cannot start). */
  warm(): Promise<void> {
    if (this.closed) return Promise.reject(new Error(`the ${this.name} is closed`));
    const thread = (this.started ??= this.start());
    this.armIdleTimer(thread);
    return thread.ready;
  }

  /** (Re)starts the countdown to ending the thread, unless it has requests in hand. */
  private armIdleTimer(thread: Started): void {
    clearTimeout(this.idleTimer);
    if (thread.waiting.size === 0 && this.started === thread) this.idleTimer = setTimeout(() => this.stopIdle(thread), this.options.idleMs ?? IDLE_MS).unref();
  }

  private start(): Started {
    const { file, nativeBinding } = this.options;
    const worker = new Worker(threadEntry(import.meta.url, 'render-worker.js', 'render-worker-bootstrap.mjs'), { workerData: { file, nativeBinding, nice: this.options.nice ?? 10 } });
    // Never what keeps the station's process alive.
    worker.unref();
    const started: Started = { worker, ready: Promise.resolve(), isReady: false, waiting: new Map() };
    started.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        // A thread that never got ready is ended; the next request starts another.
        die(`the ${this.name} did not start in time`);
        void worker.terminate();
      }, STARTUP_TIMEOUT_MS).unref();
      const die = (reason: string) => {
        clearTimeout(timer);
        reject(new Error(reason));
        if (this.started === started) this.started = undefined;
        for (const { reject: refuse } of started.waiting.values()) refuse(new Error(reason));
        started.waiting.clear();
      };
      worker.on('message', (message: RenderReply | { ready: true }) => {
        if ('ready' in message) {
          clearTimeout(timer);
          started.isReady = true;
          resolve();
          return;
        }
        const waiter = started.waiting.get(message.id);
        started.waiting.delete(message.id);
        if ('failed' in message) waiter?.reject(new DocumentRenderError(message.failed.documentId, message.failed.message));
        else waiter?.resolve('checked' in message ? message.checked : message.rendered);
      });
      worker.on('error', (error) => die(`the ${this.name} failed: ${error.message}`));
      worker.on('exit', (code) => die(`the ${this.name} exited (code ${code})`));
    });
    started.ready.catch(() => undefined);
    return started;
  }

  private stopIdle(thread: Started): void {
    if (this.started !== thread || thread.waiting.size > 0) return;
    this.started = undefined;
    void thread.worker.terminate().then(() => this.emit('stopped'));
  }

  /** Whether the thread is running now (it starts with a request and ends when idle). */
  get running(): boolean {
    return this.started !== undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    const current = this.started;
    this.started = undefined;
    if (current) await current.worker.terminate();
  }
}

/**
 * `renderMany` on the render thread where that is worth it. A job of one turn's documents
 * (one order's) renders in place: no copy across. While the thread starts (about a second:
 * it loads the template engine), documents render in place and the thread warms for the
 * next job, so the first chunk of a batch never waits for it. Should the thread fail (it
 * could not start, it crashed), the documents render in place, in slices, as before:
 * printing never depends on it.
 */
export function renderManyOnThread(
  thread: RenderThread,
  inPlace: (requests: RenderRequest[]) => Promise<RenderedHtml[]>,
  options: { inPlaceUpTo: number; logger: Logger },
): (requests: RenderRequest[]) => Promise<RenderedHtml[]> {
  const failed = (error: unknown) => options.logger.error('the render thread failed; documents render on the event loop, in slices', { error: String(error) });
  return async (requests) => {
    if (requests.length <= options.inPlaceUpTo) return inPlace(requests);
    if (!thread.ready) {
      thread.warm().catch(failed);
      return inPlace(requests);
    }
    try {
      return await thread.render(requests);
    } catch (error) {
      if (error instanceof DocumentRenderError) throw error;
      failed(error);
      return inPlace(requests);
    }
  };
}
