import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { EvalItem, EvalOutcome, ExpressionInput, ItemResult } from './engine';
import { SANDBOX_LIMITS } from './limits';
import { PROGRESS, STAGE_CODE, type SandboxReply, type SandboxRequest } from './protocol';

export interface Sandbox {
  /** Evaluates each item (condition, then resolver) against the input; never rejects. */
  evaluate(input: ExpressionInput, items: EvalItem[]): Promise<ItemResult[]>;
  /** The QuickJS compile error of an expression, or undefined when it compiles. */
  compileError(code: string, as: 'condition' | 'resolver'): Promise<string | undefined>;
  /** How many sandbox threads were terminated or lost and replaced. */
  readonly restarts: number;
  close(): Promise<void>;
}

const STARTUP_TIMEOUT_MS = 30_000;

/**
 * The thread's entry: a bundled host ships `sandbox-worker.js` (worker.ts built as its own
 * entry) beside the bundle; a checkout runs worker.ts through tsx. The names are variables
 * so bundlers leave the URLs alone.
 */
function workerEntry(): URL {
  const names = ['sandbox-worker.js', 'worker-bootstrap.mjs'];
  const urls = names.map((name) => new URL(`./${name}`, import.meta.url));
  return urls.find((url) => existsSync(fileURLToPath(url))) ?? urls[urls.length - 1]!;
}

interface Thread {
  worker: Worker;
  progress: Int32Array;
  ready: Promise<void>;
  /** Set while a request is in flight; called with every reply and on the thread's death. */
  listener?: (event: SandboxReply | { kind: 'died'; reason: string }) => void;
}

/**
 * The station's side of the expression sandbox. QuickJS runs on its own thread: its
 * interrupt handler stops runaway bytecode after the time limit, and a watchdog here
 * terminates the whole thread when something does not stop (a native built-in grinding on
 * a huge value, a crash), so the station's event loop is never held by integrator code.
 * Requests run one at a time, in order.
 */
export function createSandbox(): Sandbox {
  let thread: Thread | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let nextId = 1;
  let threadsStarted = 0;
  let closed = false;

  function start(): Thread {
    threadsStarted++;
    const progress = new SharedArrayBuffer(PROGRESS.length * Int32Array.BYTES_PER_ELEMENT);
    const worker = new Worker(workerEntry(), { workerData: { progress } });
    worker.unref();
    const started: Thread = { worker, progress: new Int32Array(progress), ready: Promise.resolve() };
    started.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the sandbox thread did not start in time')), STARTUP_TIMEOUT_MS);
      timer.unref();
      const die = (reason: string) => {
        clearTimeout(timer);
        reject(new Error(reason));
        if (thread === started) thread = undefined;
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
  function stop(victim: Thread): void {
    if (thread === victim) thread = closed ? undefined : start();
    void victim.worker.terminate();
  }

  /** Runs one request on a live thread; on a watchdog or a dead thread, reports where it stopped. */
  async function send(
    request: SandboxRequest,
    onReply: (reply: SandboxReply) => boolean,
    watchdogMs: (repliesSoFar: number) => number,
  ): Promise<SendOutcome> {
    if (!thread) thread = start();
    const current = thread;
    try {
      await current.ready;
    } catch (error) {
      if (thread === current) thread = undefined;
      return { ok: false, fault: 'crash', reason: `the sandbox is unavailable: ${(error as Error).message}`, item: -1, stage: 0 };
    }
    Atomics.store(current.progress, PROGRESS.item, -1);
    Atomics.store(current.progress, PROGRESS.stage, 0);
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
          stop(current);
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

  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  }

  async function evaluateNow(json: string, items: EvalItem[]): Promise<ItemResult[]> {
    const results: ItemResult[] = [];
    while (results.length < items.length) {
      if (closed) {
        results.push(failedItem(items[results.length]!, 0, 'the station is shutting down', 'crash'));
        continue;
      }
      const offset = results.length;
      const batch = items.slice(offset);
      const outcome = await send(
        { id: nextId++, kind: 'evaluate', input: json, items: batch },
        (reply) => {
          if (reply.kind === 'item') results[offset + reply.index] = reply.result;
          return results.length === items.length;
        },
        (done) => SANDBOX_LIMITS.watchdogMs * (batch[done]?.condition ? 2 : 1) + (done === 0 ? SANDBOX_LIMITS.inputTimeLimitMs : 0),
      );
      if (outcome.ok) break;
      // Blame the item the thread was on (or the first unanswered one) and go on with the rest.
      const blamed = Math.max(outcome.item, results.length - offset);
      results.length = offset + blamed;
      results.push(failedItem(batch[blamed]!, outcome.item === blamed ? outcome.stage : 0, outcome.reason, outcome.fault));
    }
    return results;
  }

  return {
    get restarts() {
      return Math.max(0, threadsStarted - 1);
    },
    evaluate(input, items) {
      if (items.length === 0) return Promise.resolve([]);
      const json = JSON.stringify(input);
      return enqueue(() => evaluateNow(json, items));
    },
    compileError(code, as) {
      return enqueue(async () => {
        let error: string | undefined;
        const outcome = await send(
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
      const current = thread;
      thread = undefined;
      if (current) await current.worker.terminate();
    },
  };
}

type SendOutcome = { ok: true } | { ok: false; fault: 'timeout' | 'crash'; reason: string; item: number; stage: number };

function failedItem(item: EvalItem, stage: number, reason: string, fault: 'timeout' | 'crash'): ItemResult {
  const failure: EvalOutcome = { ok: false, error: reason.slice(0, SANDBOX_LIMITS.maxErrorLength), fault };
  // Stopped in the resolver: the condition had held, or the resolver would not have started.
  if (stage === STAGE_CODE.resolver) {
    return { ...(item.condition ? { condition: { ok: true, value: { type: 'boolean', value: true } } } : {}), resolver: failure };
  }
  return item.condition ? { condition: failure } : { resolver: failure };
}
