import { Worker } from 'node:worker_threads';
import { threadEntry } from '../thread-entry';
import type { EvalItem, EvalOutcome, ExpressionInput, ItemResult } from './engine';
import { SANDBOX_LIMITS } from './limits';
import { PROGRESS, STAGE_CODE, type SandboxReply, type SandboxRequest } from './protocol';

export type SandboxLane = 'shared' | 'slow';

export interface Sandbox {
  /**
   * Evaluates each item (condition, then resolver) against the input in `realm` — the
   * team's own QuickJS realm, shared with no other team; never rejects.
   */
  evaluate(realm: string, input: ExpressionInput, items: EvalItem[]): Promise<ItemResult[]>;
  /** The QuickJS compile error of an expression, or undefined when it compiles. */
  compileError(code: string, as: 'condition' | 'resolver'): Promise<string | undefined>;
  /** Which thread a realm's evaluations go to now: `slow` after one of its items was slow. */
  laneOf(realm: string): SandboxLane;
  /** How many sandbox threads were terminated or lost and replaced. */
  readonly restarts: number;
  close(): Promise<void>;
}

const STARTUP_TIMEOUT_MS = 30_000;

interface Thread {
  worker: Worker;
  progress: Int32Array;
  ready: Promise<void>;
  /** Set while a request is in flight; called with every reply and on the thread's death. */
  listener?: (event: SandboxReply | { kind: 'died'; reason: string }) => void;
}

type SendOutcome = { ok: true } | { ok: false; fault: 'timeout' | 'crash'; reason: string; item: number; stage: number };

/**
 * One sandbox thread and the requests waiting for it, run one at a time in order. QuickJS's
 * interrupt handler stops runaway bytecode after the time limit; the watchdog here, outside
 * the evaluating thread, terminates the whole thread when something does not stop (a native
 * built-in grinding on a huge value, a crash) and starts its replacement.
 */
class SandboxThread {
  private thread: Thread | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  started = 0;
  closed = false;

  /** Runs `task` after every task queued before it on this thread. */
  enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private start(): Thread {
    this.started++;
    const progress = new SharedArrayBuffer(PROGRESS.length * Int32Array.BYTES_PER_ELEMENT);
    const worker = new Worker(threadEntry(import.meta.url, 'sandbox-worker.js', 'worker-bootstrap.mjs'), { workerData: { progress } });
    worker.unref();
    const started: Thread = { worker, progress: new Int32Array(progress), ready: Promise.resolve() };
    started.ready = new Promise<void>((resolve, reject) => {
      // A thread that never got ready is ended (not left running beside its replacement).
      const timer = setTimeout(() => {
        die('the sandbox thread did not start in time');
        void worker.terminate();
      }, STARTUP_TIMEOUT_MS);
      timer.unref();
      const die = (reason: string) => {
        clearTimeout(timer);
        reject(new Error(reason));
        if (this.thread === started) this.thread = undefined;
        started.listener?.({ kind: 'died', reason });
      };
      worker.on('message', (message: SandboxReply) => {
        if (message.kind === 'ready') {
          clearTimeout(timer);
          resolve();
        } else started.listener?.(message);
      });
      worker.on('error', (error) => die(`the sandbox thread failed: ${error.message}`));
      worker.on('exit', (code) => die(`the sandbox thread exited (code ${code})`));
    });
    started.ready.catch(() => undefined);
    return started;
  }

  /** Terminates a stuck thread and starts its replacement at once: a thread takes ~1 s to warm up. */
  private stop(victim: Thread): void {
    if (this.thread === victim) this.thread = this.closed ? undefined : this.start();
    void victim.worker.terminate();
  }

  /** Asks the thread to end request `id` before its next item (it answers `stopped`). */
  requestStop(id: number): void {
    if (this.thread) Atomics.store(this.thread.progress, PROGRESS.stop, id);
  }

  /** Runs one request on a live thread; on a watchdog or a dead thread, reports where it stopped. */
  async send(request: SandboxRequest, onReply: (reply: SandboxReply) => boolean, watchdogMs: (repliesSoFar: number) => number): Promise<SendOutcome> {
    if (!this.thread) this.thread = this.start();
    const current = this.thread;
    try {
      await current.ready;
    } catch (error) {
      if (this.thread === current) this.thread = undefined;
      return { ok: false, fault: 'crash', reason: `the sandbox is unavailable: ${(error as Error).message}`, item: -1, stage: 0 };
    }
    Atomics.store(current.progress, PROGRESS.item, -1);
    Atomics.store(current.progress, PROGRESS.stage, 0);
    Atomics.store(current.progress, PROGRESS.stop, 0);
    return new Promise((resolve) => {
      let replies = 0;
      let timer: NodeJS.Timeout;
      const finish = (outcome: SendOutcome) => {
        clearTimeout(timer);
        current.listener = undefined;
        resolve(outcome);
      };
      const where = () => ({ item: Atomics.load(current.progress, PROGRESS.item), stage: Atomics.load(current.progress, PROGRESS.stage) });
      const arm = () => {
        clearTimeout(timer);
        const ms = watchdogMs(replies);
        timer = setTimeout(() => {
          this.stop(current);
          finish({ ok: false, fault: 'timeout', reason: `stopped after ${ms} ms (the sandbox thread was restarted)`, ...where() });
        }, ms);
      };
      current.listener = (event) => {
        if (event.kind === 'died') return finish({ ok: false, fault: 'crash', reason: event.reason, ...where() });
        replies++;
        if (onReply(event)) finish({ ok: true });
        else arm();
      };
      arm();
      current.worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const current = this.thread;
    this.thread = undefined;
    if (current) await current.worker.terminate();
  }
}

/**
 * The station's side of the expression sandbox: two threads. Every team's evaluations go
 * to the shared thread until one of its items takes longer than `slowItemMs` (ordinary
 * expressions take microseconds); from then on, for `slowTeamHoldMs`, they go to the slow
 * thread, and the rest of the request that was slow moves there at once. So a team whose
 * expressions grind (ten links that each run to the time limit) waits behind itself, and
 * never holds another team's ingest for more than one item, once.
 */
export function createSandbox(): Sandbox {
  const threads: Record<SandboxLane, SandboxThread> = { shared: new SandboxThread(), slow: new SandboxThread() };
  const slowUntil = new Map<string, number>();
  let nextId = 1;
  let closed = false;

  function laneOf(realm: string): SandboxLane {
    const until = slowUntil.get(realm);
    if (until === undefined) return 'shared';
    if (until > Date.now()) return 'slow';
    slowUntil.delete(realm);
    return 'shared';
  }

  function noteCost(realm: string, elapsedMs: number): void {
    if (elapsedMs > SANDBOX_LIMITS.slowItemMs) slowUntil.set(realm, Date.now() + SANDBOX_LIMITS.slowTeamHoldMs);
  }

  async function evaluateNow(realm: string, json: string, items: EvalItem[]): Promise<ItemResult[]> {
    const results: ItemResult[] = [];
    while (results.length < items.length) {
      if (closed) {
        results.push(failedItem(items[results.length]!, 0, 'the station is shutting down', 'crash'));
        continue;
      }
      const lane = laneOf(realm);
      const thread = threads[lane];
      const offset = results.length;
      const batch = items.slice(offset);
      const id = nextId++;
      const outcome = await thread.enqueue(() =>
        thread.send(
          { id, kind: 'evaluate', realm, input: json, items: batch },
          (reply) => {
            if (reply.kind === 'stopped') return true;
            if (reply.kind !== 'item') return false;
            results[offset + reply.index] = reply.result;
            noteCost(realm, reply.elapsedMs);
            // Slow on the shared thread: the rest of this request goes to the slow one.
            if (lane === 'shared' && laneOf(realm) === 'slow') thread.requestStop(id);
            return results.length === items.length;
          },
          (done) => SANDBOX_LIMITS.watchdogMs * (batch[done]?.condition ? 2 : 1) + (done === 0 ? SANDBOX_LIMITS.inputTimeLimitMs : 0),
        ),
      );
      if (outcome.ok) continue;
      // Blame the item the thread was on (or the first unanswered one) and go on with the rest.
      noteCost(realm, SANDBOX_LIMITS.watchdogMs);
      const blamed = Math.max(outcome.item, results.length - offset);
      results.length = offset + blamed;
      results.push(failedItem(batch[blamed]!, outcome.item === blamed ? outcome.stage : 0, outcome.reason, outcome.fault));
    }
    return results;
  }

  return {
    get restarts() {
      return Object.values(threads).reduce((sum, thread) => sum + Math.max(0, thread.started - 1), 0);
    },
    laneOf,
    evaluate(realm, input, items) {
      if (items.length === 0) return Promise.resolve([]);
      return evaluateNow(realm, JSON.stringify(input), items);
    },
    compileError(code, as) {
      const thread = threads.shared;
      return thread.enqueue(async () => {
        let error: string | undefined;
        const outcome = await thread.send(
          { id: nextId++, kind: 'compile', code, as },
          (reply) => {
            if (reply.kind === 'compiled') error = reply.error;
            return true;
          },
          () => SANDBOX_LIMITS.watchdogMs + STARTUP_TIMEOUT_MS / 10,
        );
        return outcome.ok ? error : outcome.reason;
      });
    },
    async close() {
      closed = true;
      await Promise.all(Object.values(threads).map((thread) => thread.close()));
    },
  };
}

function failedItem(item: EvalItem, stage: number, reason: string, fault: 'timeout' | 'crash'): ItemResult {
  const failure: EvalOutcome = { ok: false, error: reason.slice(0, SANDBOX_LIMITS.maxErrorLength), fault };
  // Stopped in the resolver: the condition had held, or the resolver would not have started.
  if (stage === STAGE_CODE.resolver) {
    return { ...(item.condition ? { condition: { ok: true, value: { type: 'boolean', value: true } } } : {}), resolver: failure };
  }
  return item.condition ? { condition: failure } : { resolver: failure };
}
