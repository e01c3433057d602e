import { EventEmitter } from 'node:events';
import type { Logger } from '../../foundations/logger';
import { ThreadClient } from '../../foundations/threads/thread-client';
import type { OrderAhead } from '../orders/order-hooks';
import type { RenderedHtml } from './contract';
import { DocumentRenderError, type DocumentChecks, type RenderRequest, type RenderThreadRequest, type RenderThreadResult } from './render-protocol';

export type { RenderRequest } from './render-protocol';


/** The thread is ended after this long without work: an idle station keeps no second copy of the template engine. */
const IDLE_MS = 30_000;
const STARTUP_TIMEOUT_MS = 30_000;

/**
 * Renders documents (Liquid, barcodes, address formats: a few ms each) on a thread of its
 * own, with its own read-only connection to station.db, so a big print job's documents
 * never hold the event loop that answers order requests. A `ThreadClient` (the station's one
 * thread model): it starts with the first request, ends after 30 s without one, and one
 * that dies fails its requests and is started again by the next. It reads what is
 * committed, which is never older than what the station saw when it asked.
 *
 * Emits 'stopped' when it ended for want of work.
 */
export class RenderThread extends EventEmitter {
  private readonly client: ThreadClient<RenderThreadRequest, RenderThreadResult>;
  /** Documents rendered on the thread so far. */
  rendered = 0;

  constructor(options: { file: string; nativeBinding?: string; logger: Logger; idleMs?: number; nice?: number; name?: string }) {
    super();
    this.client = new ThreadClient({
      name: options.name ?? 'the render thread',
      entry: 'render-worker',
      workerData: { file: options.file, nativeBinding: options.nativeBinding, nice: options.nice ?? 10 },
      idleMs: options.idleMs ?? IDLE_MS,
      startTimeoutMs: STARTUP_TIMEOUT_MS,
      logger: options.logger,
    });
    this.client.on('stopped', () => this.emit('stopped'));
  }

  /** Renders the documents in order; rejects with DocumentRenderError for the first that cannot render, or an Error when the thread failed. */
  async render(requests: RenderRequest[]): Promise<RenderedHtml[]> {
    const answer = await this.client.call({ requests });
    if ('failed' in answer) throw new DocumentRenderError(answer.failed.documentId, answer.failed.message);
    if (!('rendered' in answer)) throw new Error('the render thread answered a render with something else');
    this.rendered += answer.rendered.length;
    return answer.rendered;
  }

  /** Checks an order's documents ahead of its write (checks-ahead.ts); undefined when its team has no flow yet. */
  async checkAhead(ahead: OrderAhead): Promise<DocumentChecks | undefined> {
    const answer = await this.client.call({ checkAhead: ahead });
    if (!('checked' in answer)) throw new Error('the check thread answered a check with something else');
    return answer.checked ?? undefined;
  }

  /** Whether a request now goes straight to a started thread (not waiting for one to start). */
  get ready(): boolean {
    return this.client.isReady;
  }

  /** Starts the thread unless it runs; resolves when it can take requests (rejects if it cannot start). */
  warm(): Promise<void> {
    return this.client.warm();
  }

  /** Whether the thread is running now (it starts with a request and ends when idle). */
  get running(): boolean {
    return this.client.isRunning;
  }

  close(): Promise<void> {
    return this.client.close();
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
