import { consoleLogger, type Logger } from '../../foundations/logger';
import { ThreadClient, ThreadDeadlineError } from '../../foundations/threads/thread-client';
import type { EvalItem, EvalOutcome, ExpressionInput, ItemResult } from './engine';
import { SANDBOX_LIMITS } from './limits';
import { PROGRESS, STAGE_CODE, type SandboxAnswer, type SandboxItemPart, type SandboxRequest } from './protocol';

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
  /** How many items ran out of their time and were tried once more (a loaded machine, or a runaway expression). */
  readonly triedAgain: number;
  close(): Promise<void>;
}

const STARTUP_TIMEOUT_MS = 30_000;

type SendOutcome = { ok: true } | { ok: false; fault: 'timeout' | 'crash'; reason: string; item: number; stage: number };

/**
 * One sandbox thread and the requests waiting for it, run one at a time in order, on the
 * station's thread model (threads/thread-client.ts). QuickJS's interrupt handler stops
 * runaway bytecode after the time limit; the watchdog here (a deadline per item answered),
 * outside the evaluating thread, terminates the whole thread when something does not stop (a
 * native built-in grinding on a huge value, a crash) and starts its replacement at once.
 */
class SandboxThread {
  private readonly client: ThreadClient<SandboxRequest, SandboxAnswer>;
  private readonly progress: Int32Array;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(logger: Logger) {
    // One buffer for every thread this client starts (one at a time): where it is, and which request to stop.
    const progress = new SharedArrayBuffer(PROGRESS.length * Int32Array.BYTES_PER_ELEMENT);
    this.progress = new Int32Array(progress);
    this.client = new ThreadClient({
      name: 'the sandbox thread',
      entry: 'sandbox-worker',
      workerData: { progress },
      startTimeoutMs: STARTUP_TIMEOUT_MS,
      logger,
    });
  }

  /** Threads started so far. */
  get started(): number {
    return this.client.starts;
  }

  /** Runs `task` after every task queued before it on this thread. */
  enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Asks the thread to end request `requestId` before its next item (it answers `stopped`). */
  requestStop(requestId: number): void {
    Atomics.store(this.progress, PROGRESS.stop, requestId);
  }

  /** Runs one request; on a watchdog or a dead thread, reports where it stopped. */
  async send(request: SandboxRequest, onPart: (part: SandboxItemPart) => void, watchdogMs: (partsSoFar: number) => number): Promise<SendOutcome & { answer?: SandboxAnswer }> {
    Atomics.store(this.progress, PROGRESS.item, -1);
    Atomics.store(this.progress, PROGRESS.stage, 0);
    Atomics.store(this.progress, PROGRESS.stop, 0);
    const where = () => ({ item: Atomics.load(this.progress, PROGRESS.item), stage: Atomics.load(this.progress, PROGRESS.stage) });
    try {
      await this.client.warm();
    } catch (error) {
      return { ok: false, fault: 'crash', reason: `the sandbox is unavailable: ${(error as Error).message}`, item: -1, stage: 0 };
    }
    try {
      const answer = await this.client.call(request, { onPartial: (part) => onPart(part as SandboxItemPart), deadlineMs: watchdogMs });
      return { ok: true, answer };
    } catch (error) {
      if (error instanceof ThreadDeadlineError) {
        // A thread takes ~1 s to warm up: its replacement starts now, not with the next request.
        this.client.warm().catch(() => undefined);
        return { ok: false, fault: 'timeout', reason: `stopped after ${error.ms} ms (the sandbox thread was restarted)`, ...where() };
      }
      return { ok: false, fault: 'crash', reason: (error as Error).message, ...where() };
    }
  }

  close(): Promise<void> {
    return this.client.close();
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
export function createSandbox(logger: Logger = consoleLogger()): Sandbox {
  const threads: Record<SandboxLane, SandboxThread> = { shared: new SandboxThread(logger), slow: new SandboxThread(logger) };
  const slowUntil = new Map<string, number>();
  let nextId = 1;
  let triedAgain = 0;
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
          { kind: 'evaluate', requestId: id, realm, input: json, items: batch },
          (part) => {
            results[offset + part.index] = part.result;
            noteCost(realm, part.elapsedMs);
            // Slow on the shared thread: the rest of this request goes to the slow one.
            if (lane === 'shared' && laneOf(realm) === 'slow') thread.requestStop(id);
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
    get triedAgain() {
      return triedAgain;
    },
    get restarts() {
      return Object.values(threads).reduce((sum, thread) => sum + Math.max(0, thread.started - 1), 0);
    },
    laneOf,
    async evaluate(realm, input, items) {
      if (items.length === 0) return [];
      const json = JSON.stringify(input);
      const results = await evaluateNow(realm, json, items);
      // An item that ran out of its time is tried once more (on the slow lane, where its first
      // try sent its team) before its link fails: the limit is wall time (Node 20 gives a
      // thread no CPU clock of its own), and a loaded machine can stretch a short expression
      // past it; a link that fails there leaves the order unmerged. A runaway expression
      // fails again. A thread the watchdog replaced is not tried again.
      const outOfTime = results.flatMap((result, index) => (ranOutOfTime(result) ? [index] : []));
      if (outOfTime.length === 0) return results;
      triedAgain += outOfTime.length;
      const again = await evaluateNow(realm, json, outOfTime.map((index) => items[index]!));
      for (const [k, index] of outOfTime.entries()) results[index] = again[k]!;
      return results;
    },
    compileError(code, as) {
      const thread = threads.shared;
      return thread.enqueue(async () => {
        const outcome = await thread.send({ kind: 'compile', code, as }, () => undefined, () => SANDBOX_LIMITS.watchdogMs + STARTUP_TIMEOUT_MS / 10);
        if (!outcome.ok) return outcome.reason;
        return outcome.answer?.kind === 'compiled' ? outcome.answer.error : undefined;
      });
    },
    async close() {
      closed = true;
      await Promise.all(Object.values(threads).map((thread) => thread.close()));
    },
  };
}

/** QuickJS stopped the item at its time limit (not the watchdog, which replaced the thread). */
const ranOutOfTime = (result: ItemResult): boolean =>
  [result.condition, result.resolver].some((outcome) => outcome !== undefined && !outcome.ok && outcome.fault === 'timeout' && !/thread was restarted/.test(outcome.error));

function failedItem(item: EvalItem, stage: number, reason: string, fault: 'timeout' | 'crash'): ItemResult {
  const failure: EvalOutcome = { ok: false, error: reason.slice(0, SANDBOX_LIMITS.maxErrorLength), fault };
  // Stopped in the resolver: the condition had held, or the resolver would not have started.
  if (stage === STAGE_CODE.resolver) {
    return { ...(item.condition ? { condition: { ok: true, value: { type: 'boolean', value: true } } } : {}), resolver: failure };
  }
  return item.condition ? { condition: failure } : { resolver: failure };
}
