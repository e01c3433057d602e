import { EventEmitter } from 'node:events';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { Logger } from '../logger';
import type { ThreadEntryName } from './entries';
import { threadEntry } from './entry';

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
 * - a thread may also speak of its own accord (`onEvent`: any message that is neither `ready`
 *   nor an answer), and may be asked to end itself on close (`farewell`), closing what it
 *   holds, rather than be terminated;
 * - `close()` ends it for good.
 */
export interface ThreadClientOptions {
  /** What the log and the errors call it ("the PDF merge thread"). */
  name: string;
  /** Which worker: a station thread by its name in threads/entries.ts (the one list), or a plain JavaScript file (the tests' fixtures). */
  entry: ThreadEntryName | URL;
  /** What the worker reads as `workerData` (an object). */
  workerData?: Record<string, unknown>;
  resourceLimits?: ResourceLimits;
  startTimeoutMs?: number;
  idleMs?: number;
  logger: Logger;
  /** Messages the thread sends of its own accord (neither `ready` nor an answer). */
  onEvent?: (message: unknown) => void;
  /** Told once for each thread that died (not one closed): what to do until the next call starts another. */
  onDeath?: (reason: string) => void;
  /** Posted on close: the thread ends itself; one that has not within 5 s is terminated. */
  farewell?: unknown;
}

/** How long a thread asked to end itself (`farewell`) has before it is terminated. */
const FAREWELL_MS = 5_000;

export class ThreadDeadlineError extends Error {
  constructor(
    message: string,
    /** The deadline that passed. */
    readonly ms: number,
  ) {
    super(message);
  }
}
/** A thread that died (not a request it refused): its calls fail with this. */
export class ThreadDiedError extends Error {}

interface Running {
  worker: Worker;
  ready: Promise<void>;
  isReady: boolean;
  waiting: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void; partial: (part: unknown) => void }>;
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

  /**
   * Sends a request and resolves with its answer. A thread may send parts of an answer first
   * (`{id, partial}`, given to `onPartial` in order); with a deadline given as a function of the
   * parts so far, each part starts a new countdown (a long request that keeps answering lives).
   */
  async call(
    request: Request,
    options: { deadlineMs?: number | ((partsSoFar: number) => number); transfer?: ArrayBuffer[]; onPartial?: (part: unknown) => void } = {},
  ): Promise<Result> {
    if (this.closed) throw new Error(`${this.options.name} is closed`);
    clearTimeout(this.idleTimer);
    const thread = (this.running ??= this.start());
    const id = this.nextId++;
    try {
      await thread.ready;
      return (await new Promise<unknown>((resolve, reject) => {
        let deadline: NodeJS.Timeout | undefined;
        let lastLook: NodeJS.Immediate | undefined;
        let parts = 0;
        const disarm = () => {
          clearTimeout(deadline);
          clearImmediate(lastLook);
        };
        const settle = <T>(then: (value: T) => void) => (value: T) => {
          disarm();
          then(value);
        };
        const arm = () => {
          disarm();
          const { deadlineMs } = options;
          if (deadlineMs === undefined) return;
          const ms = typeof deadlineMs === 'number' ? deadlineMs : deadlineMs(parts);
          // The deadline passes only if no answer has reached this thread by then: when this
          // thread was busy past it (a long synchronous step, a GC), the timer and the thread's
          // answer are due together and timers run first; the check phase runs after the
          // thread's messages were read, so an answer already here wins.
          deadline = setTimeout(() => {
            lastLook = setImmediate(() => {
              thread.waiting.delete(id);
              reject(new ThreadDeadlineError(`${this.options.name} took longer than ${ms} ms`, ms));
              // Its work cannot be stopped from outside otherwise; other calls it held fail too.
              this.kill(thread, `${this.options.name} was ended: a call passed its deadline`);
            });
          }, ms);
        };
        const partial = (part: unknown) => {
          parts++;
          options.onPartial?.(part);
          // A number is a deadline for the whole call; a function, one per part.
          if (typeof options.deadlineMs === 'function') arm();
        };
        thread.waiting.set(id, { resolve: settle(resolve), reject: settle(reject), partial });
        arm();
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
    if (!thread) return;
    this.fail(thread, `${this.options.name} is closed`);
    if (this.options.farewell === undefined) {
      await thread.worker.terminate();
      return;
    }
    // Held while it ends: with nothing else left, an unreferenced thread would let the
    // process exit before the station's close finished.
    thread.worker.ref();
    const ended = new Promise<void>((resolve) => thread.worker.once('exit', () => resolve()));
    thread.worker.postMessage(this.options.farewell);
    const late = setTimeout(() => void thread.worker.terminate(), FAREWELL_MS);
    await ended;
    clearTimeout(late);
  }

  private start(): Running {
    this.starts++;
    const { url, threadSource } = this.options.entry instanceof URL ? { url: this.options.entry, threadSource: undefined } : threadEntry(this.options.entry);
    // A built entry is plain JavaScript: it starts without the parent's loader flags (a TypeScript
    // loader inherited by every thread costs its start ~0.2 s of CPU); tsx-bootstrap registers its own.
    const worker = new Worker(url, { workerData: { ...this.options.workerData, ...(threadSource ? { threadSource } : {}) }, resourceLimits: this.options.resourceLimits, ...(threadSource ? {} : { execArgv: [] }) });
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
        if (!this.closed) this.options.onDeath?.(reason);
      };
      worker.on('message', (message: { ready?: true; id?: number; result?: unknown; partial?: unknown; error?: string }) => {
        if (message.ready) {
          clearTimeout(startTimer);
          thread.isReady = true;
          resolve();
          return;
        }
        if (message.id === undefined) {
          this.options.onEvent?.(message);
          return;
        }
        const waiter = thread.waiting.get(message.id);
        if ('partial' in message) {
          waiter?.partial(message.partial);
          return;
        }
        thread.waiting.delete(message.id);
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
