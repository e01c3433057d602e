import { EventEmitter } from 'node:events';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { Logger } from '../logger';

/**
 * The one way the station talks to a worker thread of its own:
 * - the thread starts with the first call (lazy), and says `{ready: true}` once it takes
 *   requests; a thread that does not say so within `startTimeoutMs` is terminated and the
 *   waiting calls fail (the next call starts another);
 * - each request carries an id; the thread answers `{id, result}` or `{id, error}`;
 * - a thread that dies (exits, throws, runs out of its `resourceLimits`) fails every call it
 *   held at once, is logged once, and the next call starts another;
 * - a call with a deadline that passes terminates the thread (its work cannot be
 *   interrupted otherwise) and fails with `ThreadDeadlineError`;
 * - with `idleMs`, a thread without work for that long is ended (and 'stopped' is emitted);
 * - `close()` ends it for good.
 */
export interface ThreadClientOptions {
  /** What the log and the errors call it ("the carrier-label PDF thread"). */
  name: string;
  entry: URL;
  workerData?: unknown;
  resourceLimits?: ResourceLimits;
  startTimeoutMs?: number;
  idleMs?: number;
  logger: Logger;
}

export class ThreadDeadlineError extends Error {}
/** A thread that died (not a request it refused): its calls fail with this. */
export class ThreadDiedError extends Error {}

interface Running {
  worker: Worker;
  ready: Promise<void>;
  isReady: boolean;
  waiting: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
  /** Marks the thread dead: its start and every call it holds fail with `reason`. */
  die: (reason: string) => void;
}

export class ThreadClient<Request, Result> extends EventEmitter {
  private running: Running | undefined;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Threads started so far (a restart after a death counts). */
  starts = 0;

  constructor(private readonly options: ThreadClientOptions) {
    super();
  }

  async call(request: Request, options: { deadlineMs?: number; transfer?: ArrayBuffer[] } = {}): Promise<Result> {
    if (this.closed) throw new Error(`${this.options.name} is closed`);
    clearTimeout(this.idleTimer);
    const thread = (this.running ??= this.start());
    const id = this.nextId++;
    try {
      await thread.ready;
      return (await new Promise<unknown>((resolve, reject) => {
        let deadline: NodeJS.Timeout | undefined;
        const settle = <T>(then: (value: T) => void) => (value: T) => {
          clearTimeout(deadline);
          then(value);
        };
        thread.waiting.set(id, { resolve: settle(resolve), reject: settle(reject) });
        if (options.deadlineMs !== undefined) {
          deadline = setTimeout(() => {
            thread.waiting.delete(id);
            reject(new ThreadDeadlineError(`${this.options.name} took longer than ${options.deadlineMs} ms`));
            // Its work cannot be stopped from outside otherwise; other calls it held fail too.
            this.kill(thread, `${this.options.name} was ended: a call passed its deadline`);
          }, options.deadlineMs);
        }
        thread.worker.postMessage({ id, request }, options.transfer ?? []);
      })) as Result;
    } finally {
      this.armIdle(thread);
    }
  }

  /** Whether a thread runs now. */
  get isRunning(): boolean {
    return this.running !== undefined;
  }

  /** Whether a call now goes straight to a started thread (not waiting for one to start). */
  get isReady(): boolean {
    return this.running?.isReady === true;
  }

  /** Calls sent and not answered yet. */
  get outstanding(): number {
    return this.running?.waiting.size ?? 0;
  }

  /** Starts the thread unless it runs; resolves when it takes calls (rejects if it cannot start). */
  warm(): Promise<void> {
    if (this.closed) return Promise.reject(new Error(`${this.options.name} is closed`));
    const thread = (this.running ??= this.start());
    this.armIdle(thread);
    return thread.ready;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    const thread = this.running;
    this.running = undefined;
    if (thread) {
      this.fail(thread, `${this.options.name} is closed`);
      await thread.worker.terminate();
    }
  }

  private start(): Running {
    this.starts++;
    const worker = new Worker(this.options.entry, { workerData: this.options.workerData, resourceLimits: this.options.resourceLimits });
    // Never what keeps the station's process alive.
    worker.unref();
    const thread: Running = { worker, ready: Promise.resolve(), isReady: false, waiting: new Map(), die: () => undefined };
    thread.ready = new Promise<void>((resolve, reject) => {
      const startTimer = setTimeout(() => this.kill(thread, `${this.options.name} did not start within ${this.options.startTimeoutMs ?? 30_000} ms`), this.options.startTimeoutMs ?? 30_000);
      startTimer.unref();
      let dead = false;
      const die = (reason: string) => {
        if (dead) return;
        dead = true;
        clearTimeout(startTimer);
        reject(new ThreadDiedError(reason));
        if (this.running === thread) this.running = undefined;
        if (!this.closed && thread.waiting.size > 0) this.options.logger.error(`${this.options.name} stopped`, { reason, calls: thread.waiting.size });
        this.fail(thread, reason);
      };
      worker.on('message', (message: { ready?: true; id?: number; result?: unknown; error?: string }) => {
        if (message.ready) {
          clearTimeout(startTimer);
          thread.isReady = true;
          resolve();
          return;
        }
        const waiter = thread.waiting.get(message.id!);
        thread.waiting.delete(message.id!);
        if (message.error !== undefined) waiter?.reject(new Error(message.error));
        else waiter?.resolve(message.result);
      });
      worker.on('error', (error) => die(`${this.options.name} failed: ${error.message}`));
      worker.on('exit', (code) => die(`${this.options.name} exited (code ${code})`));
      thread.die = die;
    });
    thread.ready.catch(() => undefined);
    return thread;
  }

  /** Terminates the thread; its calls fail with `reason` (a deadline's call has failed already). */
  private kill(thread: Running, reason: string): void {
    thread.die(reason);
    void thread.worker.terminate();
  }

  private fail(thread: Running, reason: string): void {
    for (const { reject } of thread.waiting.values()) reject(new ThreadDiedError(reason));
    thread.waiting.clear();
  }

  private armIdle(thread: Running): void {
    clearTimeout(this.idleTimer);
    const { idleMs } = this.options;
    if (idleMs === undefined || this.running !== thread || thread.waiting.size > 0) return;
    this.idleTimer = setTimeout(() => {
      if (this.running !== thread || thread.waiting.size > 0) return;
      this.running = undefined;
      void thread.worker.terminate().then(() => this.emit('stopped'));
    }, idleMs);
    this.idleTimer.unref();
  }
}
