import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten';
import { HARDEN_SOURCE, wrapExpression } from './harden';
import { SANDBOX_LIMITS } from './limits';

/** What an expression returned: primitives by value, anything else only by its type. */
export type SandboxValue =
  | { type: 'string'; value: string }
  | { type: 'number'; value: number }
  | { type: 'boolean'; value: boolean }
  | { type: 'undefined' | 'null' | 'object' | 'function' | 'symbol' | 'bigint' };

/** `fault` marks failures that made the engine throw its context away. */
export type EvalOutcome = { ok: true; value: SandboxValue } | { ok: false; error: string; fault?: 'timeout' | 'memory' | 'stack' | 'crash' };

/** The documented inputs of every expression. */
export interface ExpressionInput {
  payload: unknown;
  order: unknown;
  source: string;
  sourceId: string;
}

export interface EvalItem {
  condition?: string | null;
  resolver: string;
}

/** `condition` is absent when the item has none; `resolver` is absent when the condition was false or failed. */
export interface ItemResult {
  condition?: EvalOutcome;
  resolver?: EvalOutcome;
}

interface Live {
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  parseInput: QuickJSHandle;
  describeError: QuickJSHandle;
  compiled: Map<string, QuickJSHandle>;
  /** The current evaluation's frozen inputs (payload, order, source, sourceId). */
  input?: QuickJSHandle[];
}

/**
 * Evaluates integrator expressions in QuickJS. One runtime and context are reused — a
 * fresh context costs several times an evaluation — because the context is hardened
 * (see harden.ts) and inputs are frozen. A context that faulted (time, memory or stack
 * limit, or left pending jobs behind) is thrown away and the next evaluation gets a new one.
 * Synchronous: it runs on the sandbox thread, whose host can terminate it (sandbox.ts).
 */
export class ExpressionEngine {
  private live: Live | undefined;
  private deadline = 0;
  private interrupted = false;
  /** How many contexts were discarded (observable in tests and benchmarks). */
  discarded = 0;

  constructor(private readonly quickjs: QuickJSWASMModule) {}

  /** Evaluates each item against one input: condition first, resolver only if it held. */
  evaluate(
    input: ExpressionInput | string,
    items: EvalItem[],
    onStage?: (index: number, stage: 'condition' | 'resolver') => void,
    onResult?: (index: number, result: ItemResult) => void,
  ): ItemResult[] {
    const json = typeof input === 'string' ? input : JSON.stringify(input);
    const results: ItemResult[] = [];
    try {
      for (const [index, item] of items.entries()) {
        const result: ItemResult = {};
        if (item.condition) {
          onStage?.(index, 'condition');
          result.condition = this.run(json, item.condition, 'condition');
          const holds = result.condition.ok && result.condition.value.type === 'boolean' && result.condition.value.value;
          if (!holds) {
            results.push(result);
            onResult?.(index, result);
            continue;
          }
        }
        onStage?.(index, 'resolver');
        result.resolver = this.run(json, item.resolver, 'resolver');
        results.push(result);
        onResult?.(index, result);
      }
    } finally {
      this.releaseInput();
    }
    return results;
  }

  /** The QuickJS compile error of an expression, or undefined when it compiles. */
  compileError(code: string, kind: 'condition' | 'resolver' = 'resolver'): string | undefined {
    const live = this.ensureLive();
    this.startClock(SANDBOX_LIMITS.timeLimitMs);
    const result = live.context.evalCode(wrapExpression(code, kind), `${kind}.js`, { compileOnly: true });
    if (result.error) {
      const message = this.describe(result.error);
      result.error.dispose();
      return message;
    }
    result.value.dispose();
    return undefined;
  }

  dispose(): void {
    this.discard(false);
  }

  /** One evaluation; the input is parsed into the (possibly new) context on first use. */
  private run(json: string, code: string, kind: 'condition' | 'resolver'): EvalOutcome {
    const live = this.ensureLive();
    if (!live.input) {
      const parsed = this.parseInput(live, json);
      if (!parsed.ok) return parsed.outcome;
      live.input = parsed.args;
    }
    return this.call(live, code, kind, live.input);
  }

  private releaseInput(): void {
    if (!this.live?.input) return;
    for (const handle of this.live.input) handle.dispose();
    this.live.input = undefined;
  }

  private parseInput(live: Live, json: string): { ok: true; args: QuickJSHandle[] } | { ok: false; outcome: EvalOutcome } {
    const { context } = live;
    this.startClock(SANDBOX_LIMITS.inputTimeLimitMs);
    const text = context.newString(json);
    const result = context.callFunction(live.parseInput, context.undefined, text);
    text.dispose();
    if (result.error) return { ok: false, outcome: this.failure(result.error, 'the order payload could not be handed to the sandbox') };
    const input = result.value;
    const args = (['payload', 'order', 'source', 'sourceId'] as const).map((name) => context.getProp(input, name));
    input.dispose();
    return { ok: true, args };
  }

  private call(live: Live, code: string, kind: 'condition' | 'resolver', args: QuickJSHandle[]): EvalOutcome {
    const { context, runtime } = live;
    const fn = this.compiled(live, code, kind);
    if (!('alive' in fn)) return fn;
    this.startClock(SANDBOX_LIMITS.timeLimitMs);
    const result = context.callFunction(fn, context.undefined, ...args);
    if (result.error) return this.failure(result.error);
    const value = readValue(context, result.value);
    result.value.dispose();
    // Queued promise jobs would run during a later evaluation: start clean instead.
    if (runtime.hasPendingJob()) this.discard();
    return { ok: true, value };
  }

  private compiled(live: Live, code: string, kind: 'condition' | 'resolver'): QuickJSHandle | EvalOutcome {
    const key = `${kind}\u0000${code}`;
    const cached = live.compiled.get(key);
    if (cached) {
      live.compiled.delete(key); // re-insert: the map's order is the LRU order
      live.compiled.set(key, cached);
      return cached;
    }
    this.startClock(SANDBOX_LIMITS.timeLimitMs);
    const result = live.context.evalCode(wrapExpression(code, kind), `${kind}.js`);
    if (result.error) return this.failure(result.error);
    live.compiled.set(key, result.value);
    if (live.compiled.size > SANDBOX_LIMITS.compiledCacheSize) {
      const [oldestKey, oldest] = live.compiled.entries().next().value!;
      live.compiled.delete(oldestKey);
      oldest.dispose();
    }
    return result.value;
  }

  private failure(error: QuickJSHandle, prefix?: string): EvalOutcome {
    const interrupted = this.interrupted;
    const message = this.describe(error);
    error.dispose();
    const fault = interrupted
      ? 'timeout'
      : /^InternalError: out of memory/.test(message) || message === 'threw null'
        ? 'memory'
        : /^(InternalError|RangeError): (stack overflow|Maximum call stack)/.test(message)
          ? 'stack'
          : message.startsWith('InternalError') ? 'crash' : undefined;
    if (fault) this.discard();
    const text = fault === 'timeout' ? `time limit of ${SANDBOX_LIMITS.timeLimitMs} ms exceeded` : message;
    const full = prefix ? `${prefix}: ${text}` : text;
    return { ok: false, error: full.slice(0, SANDBOX_LIMITS.maxErrorLength), ...(fault ? { fault } : {}) };
  }

  /** The error as `Name: message`, computed inside QuickJS under its own short deadline. */
  private describe(error: QuickJSHandle): string {
    const live = this.live!;
    this.startClock(10);
    const described = live.context.callFunction(live.describeError, live.context.undefined, error);
    if (described.error) {
      described.error.dispose();
      return 'threw a value that cannot be described';
    }
    const message = live.context.typeof(described.value) === 'string' ? live.context.getString(described.value) : 'threw a value';
    described.value.dispose();
    return message;
  }

  private startClock(ms: number): void {
    this.interrupted = false;
    this.deadline = Date.now() + ms;
  }

  private ensureLive(): Live {
    if (this.live) return this.live;
    const runtime = this.quickjs.newRuntime();
    runtime.setMemoryLimit(SANDBOX_LIMITS.memoryLimitBytes);
    runtime.setMaxStackSize(SANDBOX_LIMITS.maxStackBytes);
    runtime.setInterruptHandler(() => {
      if (Date.now() <= this.deadline) return false;
      this.interrupted = true;
      return true;
    });
    const context = runtime.newContext();
    this.startClock(1_000);
    const helpers = context.unwrapResult(context.evalCode(HARDEN_SOURCE, 'harden.js'));
    const parseInput = context.getProp(helpers, 'parseInput');
    const describeError = context.getProp(helpers, 'describeError');
    helpers.dispose();
    this.live = { runtime, context, parseInput, describeError, compiled: new Map() };
    return this.live;
  }

  private discard(count = true): void {
    const live = this.live;
    if (!live) return;
    this.live = undefined;
    if (count) this.discarded++;
    for (const handle of live.input ?? []) handle.dispose();
    for (const handle of live.compiled.values()) handle.dispose();
    live.parseInput.dispose();
    live.describeError.dispose();
    live.context.dispose();
    live.runtime.dispose();
  }
}

function readValue(context: QuickJSContext, handle: QuickJSHandle): SandboxValue {
  const type = context.typeof(handle);
  switch (type) {
    case 'string':
      return { type, value: context.getString(handle).slice(0, 1_024) };
    case 'number':
      return { type, value: context.getNumber(handle) };
    case 'boolean':
      return { type, value: context.sameValue(handle, context.true) };
    case 'object':
      return { type: context.sameValue(handle, context.null) ? 'null' : 'object' };
    case 'undefined':
    case 'function':
    case 'symbol':
    case 'bigint':
      return { type };
    default:
      return { type: 'object' };
  }
}
