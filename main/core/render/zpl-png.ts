import { Worker } from 'node:worker_threads';
import type { PaperSpec } from '../documents/contract';
import { pageSizeMm } from '../documents/paper';

/** 8 dots per millimetre: the 203 dpi of the usual thermal label printer (and of the built-in label). */
const DOTS_PER_MM = 8;
/** A thread with nothing to render for this long is stopped, freeing its WASM memory. */
const IDLE_MS = 30_000;
const RENDER_TIMEOUT_MS = 20_000;

type Reply = { id: number; png?: string; error?: string };

/**
 * ZPL label previews as PNG, rendered locally by zpl-renderer-js on a worker thread
 * (zpl-png-worker.mjs). One thread, started on the first preview and stopped when idle.
 */
class ZplPreviewThread {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (png: Buffer) => void; reject: (error: Error) => void }>();
  private idle: NodeJS.Timeout | undefined;

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    const worker = new Worker(new URL('./zpl-png-worker.mjs', import.meta.url));
    // A preview thread never keeps the station's process alive.
    worker.unref();
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.on('message', (message: Reply | { ready: true }) => {
        if ('ready' in message) return resolve();
        const waiter = this.waiting.get(message.id);
        this.waiting.delete(message.id);
        if (message.png !== undefined) waiter?.resolve(Buffer.from(message.png, 'base64'));
        else waiter?.reject(new Error(message.error ?? 'the ZPL renderer gave no image'));
      });
    });
    // Only the current thread's end fails the waiting previews (a stopped one exits later).
    worker.on('error', (error) => this.worker === worker && this.stop(error));
    worker.on('exit', () => this.worker === worker && this.stop(new Error('the ZPL preview thread stopped')));
    return this.ready;
  }

  private stop(error: Error): void {
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    void worker?.terminate();
  }

  async render(zpl: string, paper: PaperSpec): Promise<Buffer> {
    clearTimeout(this.idle);
    await this.start();
    const { widthMm, heightMm } = pageSizeMm(paper);
    const id = this.nextId++;
    try {
      return await new Promise<Buffer>((resolve, reject) => {
        const timer = setTimeout(() => {
          this.waiting.delete(id);
          reject(new Error(`the ZPL preview took longer than ${RENDER_TIMEOUT_MS / 1000} s`));
          this.stop(new Error('the ZPL preview thread was restarted'));
        }, RENDER_TIMEOUT_MS);
        this.waiting.set(id, {
          resolve: (png) => (clearTimeout(timer), resolve(png)),
          reject: (error) => (clearTimeout(timer), reject(error)),
        });
        this.worker!.postMessage({ id, zpl, widthMm, heightMm, dpmm: DOTS_PER_MM });
      });
    } finally {
      if (this.waiting.size === 0) this.idle = setTimeout(() => this.stop(new Error('idle')), IDLE_MS).unref();
    }
  }
}

const thread = new ZplPreviewThread();

/** A ZPL label as the printer would lay it out on `paper` at 203 dpi, as a PNG. */
export const renderZplPng = (zpl: string, paper: PaperSpec): Promise<Buffer> => thread.render(zpl, paper);
