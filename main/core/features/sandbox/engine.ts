import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten';
import { bigintError } from './expression';
import { HARDEN_SOURCE, wrapExpression } from './harden';
import { SANDBOX_LIMITS } from './limits';
import { readValue, type EvalItem, type EvalOutcome, type ExpressionInput, type ItemResult } from './values';

export type { EvalItem, EvalOutcome, ExpressionInput, ItemResult, SandboxValue } from './values';

interface Realm {
  /** The team (or other key) this realm belongs to. */
  key: string;
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  parseInput: QuickJSHandle;
  describeError: QuickJSHandle;
  compiled: Map<string, QuickJSHandle>;
  /** The current evaluation's frozen inputs (payload, order, source, sourceId). */
  input?: QuickJSHandle[];
}

/** The realm in which expressions are only compiled (to check them), never run. */
const COMPILE_REALM = '\u0000compile';

/**
 * Evaluates integrator expressions in QuickJS. Every realm key (a team) has a runtime and
 * context of its own, so no JavaScript object is ever shared between two teams'
 * evaluations; a realm is reused across its team's evaluations — a fresh one costs ~10 ms,
 * hundreds of evaluations — because it is hardened (see harden.ts) and inputs are frozen.
 * The least recently used realms are disposed past `SANDBOX_LIMITS.realmsPerThread`. A
 * realm that faulted (time, memory or stack limit, or left pending jobs behind) is thrown
 * away and its team's next evaluation gets a new one. Synchronous: it runs on a sandbox
 * thread, whose host can terminate it (sandbox.ts).
 */
export class ExpressionEngine {
  private readonly realms = new Map<string, Realm>();
  /** Time spent creating realms, so far. */
  private setupMs = 0;
  private deadline = 0;
  private interrupted = false;
  /** How many realms were discarded after a fault (observable in tests and benchmarks). */
  discarded = 0;

  /**
   * `hardenSource` is what runs first in every realm (default: harden.ts). Tests pass one
   * that freezes nothing, to show that realms alone keep teams apart.
   */
  constructor(
    private readonly quickjs: QuickJSWASMModule,
    private readonly hardenSource: string = HARDEN_SOURCE,
  ) {}

  /** How many realms are alive (bounded by `SANDBOX_LIMITS.realmsPerThread`). */
  get realmCount(): number {
    return this.realms.size;
  }

  /**
   * Evaluates each item against one input in `realm`'s context: condition first, resolver
   * only if it held. `stopBefore(index)` is asked before each item; when it answers true
   * the evaluation ends there (the host moves the rest to another thread).
   */
  evaluate(
    realm: string,
    input: ExpressionInput | string,
    items: EvalItem[],
    hooks: {
      onStage?: (index: number, stage: 'condition' | 'resolver') => void;
      onResult?: (index: number, result: ItemResult, elapsedMs: number) => void;
      stopBefore?: (index: number) => boolean;
    } = {},
  ): ItemResult[] {
    const json = typeof input === 'string' ? input : JSON.stringify(input);
    const results: ItemResult[] = [];
    try {
      // An item's time, without the realm's creation (the station's cost, not the team's).
      let started = performance.now();
      let setupBefore = this.setupMs;
      for (const [index, item] of items.entries()) {
        if (index > 0 && hooks.stopBefore?.(index)) break;
        const result: ItemResult = {};
        if (item.condition) {
          hooks.onStage?.(index, 'condition');
          result.condition = this.run(realm, json, item.condition, 'condition');
        }
        const holds = !result.condition || (result.condition.ok && result.condition.value.type === 'boolean' && result.condition.value.value);
        if (holds) {
          hooks.onStage?.(index, 'resolver');
          result.resolver = this.run(realm, json, item.resolver, 'resolver');
        }
        results.push(result);
        const now = performance.now();
        hooks.onResult?.(index, result, now - started - (this.setupMs - setupBefore));
        started = now;
        setupBefore = this.setupMs;
      }
    } finally {
      this.releaseInput(realm);
    }
    return results;
  }

  /** The QuickJS compile error of an expression, or undefined when it compiles. */
  compileError(code: string, kind: 'condition' | 'resolver' = 'resolver'): string | undefined {
    const refused = bigintError(code);
    if (refused) return refused;
    const realm = this.ensureRealm(COMPILE_REALM);
    this.startClock(SANDBOX_LIMITS.timeLimitMs);
    const result = realm.context.evalCode(wrapExpression(code, kind), `${kind}.js`, { compileOnly: true });
    if (result.error) {
      const message = this.describe(realm, result.error);
      result.error.dispose();
      return message;
    }
    result.value.dispose();
    return undefined;
  }

  dispose(): void {
    for (const key of [...this.realms.keys()]) this.discard(key, false);
  }

  /** One evaluation; the input is parsed into the (possibly new) realm on first use. */
  private run(key: string, json: string, code: string, kind: 'condition' | 'resolver'): EvalOutcome {
    const realm = this.ensureRealm(key);
    if (!realm.input) {
      const parsed = this.parseInput(realm, json);
      if (!parsed.ok) return parsed.outcome;
      realm.input = parsed.args;
    }
    return this.call(key, realm, code, kind, realm.input);
  }

  private releaseInput(key: string): void {
    const realm = this.realms.get(key);
    if (!realm?.input) return;
    for (const handle of realm.input) handle.dispose();
    realm.input = undefined;
  }

  private parseInput(realm: Realm, json: string): { ok: true; args: QuickJSHandle[] } | { ok: false; outcome: EvalOutcome } {
    const { context } = realm;
    this.startClock(SANDBOX_LIMITS.inputTimeLimitMs);
    const text = context.newString(json);
    const result = context.callFunction(realm.parseInput, context.undefined, text);
    text.dispose();
    if (result.error) return { ok: false, outcome: this.failure(realm, result.error, 'the order payload could not be handed to the sandbox') };
    const input = result.value;
    const args = (['payload', 'order', 'source', 'sourceId'] as const).map((name) => context.getProp(input, name));
    input.dispose();
    return { ok: true, args };
  }

  private call(key: string, realm: Realm, code: string, kind: 'condition' | 'resolver', args: QuickJSHandle[]): EvalOutcome {
    const { context, runtime } = realm;
    const fn = this.compiled(realm, code, kind);
    if (!('alive' in fn)) return fn;
    this.startClock(SANDBOX_LIMITS.timeLimitMs);
    const started = performance.now();
    const result = context.callFunction(fn, context.undefined, ...args);
    const elapsed = performance.now() - started;
    if (result.error) return this.failure(realm, result.error);
    const value = readValue(context, result.value);
    result.value.dispose();
    // Queued promise jobs would run during a later evaluation: start clean instead.
    if (runtime.hasPendingJob()) this.discard(key);
    // A native step (a huge join, a sort of a big array) runs without polling the interrupt
    // handler: an evaluation that returned past its limit failed all the same, and counts.
    if (elapsed > SANDBOX_LIMITS.timeLimitMs) {
      return { ok: false, error: `took ${Math.round(elapsed)} ms, over the time limit of ${SANDBOX_LIMITS.timeLimitMs} ms`, fault: 'timeout' };
    }
    return { ok: true, value };
  }

  private compiled(realm: Realm, code: string, kind: 'condition' | 'resolver'): QuickJSHandle | EvalOutcome {
    const key = `${kind}\u0000${code}`;
    const cached = realm.compiled.get(key);
    if (cached) {
      realm.compiled.delete(key); // re-insert: the map's order is the LRU order
      realm.compiled.set(key, cached);
      return cached;
    }
    // Expressions stored before BigInt was refused at the API are refused here too.
    const refused = bigintError(code);
    if (refused) return { ok: false, error: refused };
    this.startClock(SANDBOX_LIMITS.timeLimitMs);
    const result = realm.context.evalCode(wrapExpression(code, kind), `${kind}.js`);
    if (result.error) return this.failure(realm, result.error);
    realm.compiled.set(key, result.value);
    if (realm.compiled.size > SANDBOX_LIMITS.compiledCacheSize) {
      const [oldestKey, oldest] = realm.compiled.entries().next().value!;
      realm.compiled.delete(oldestKey);
      oldest.dispose();
    }
    return result.value;
  }

  private failure(realm: Realm, error: QuickJSHandle, prefix?: string): EvalOutcome {
    const interrupted = this.interrupted;
    const message = this.describe(realm, error);
    error.dispose();
    const fault = interrupted
      ? 'timeout'
      : /^InternalError: out of memory/.test(message) || message === 'threw null'
        ? 'memory'
        : /^(InternalError|RangeError): (stack overflow|Maximum call stack)/.test(message)
          ? 'stack'
          : message.startsWith('InternalError') ? 'crash' : undefined;
    if (fault) this.discard(realm.key);
    const text = fault === 'timeout' ? `time limit of ${SANDBOX_LIMITS.timeLimitMs} ms exceeded` : message;
    const full = prefix ? `${prefix}: ${text}` : text;
    return { ok: false, error: full.slice(0, SANDBOX_LIMITS.maxErrorLength), ...(fault ? { fault } : {}) };
  }

  /** The error as `Name: message`, computed inside QuickJS under its own short deadline. */
  private describe(realm: Realm, error: QuickJSHandle): string {
    this.startClock(10);
    const described = realm.context.callFunction(realm.describeError, realm.context.undefined, error);
    if (described.error) {
      described.error.dispose();
      return 'threw a value that cannot be described';
    }
    const message = realm.context.typeof(described.value) === 'string' ? realm.context.getString(described.value) : 'threw a value';
    described.value.dispose();
    return message;
  }

  private startClock(ms: number): void {
    this.interrupted = false;
    this.deadline = Date.now() + ms;
  }

  private ensureRealm(key: string): Realm {
    const existing = this.realms.get(key);
    if (existing) {
      this.realms.delete(key); // re-insert: the map's order is the LRU order
      this.realms.set(key, existing);
      return existing;
    }
    const setupStarted = performance.now();
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
    const helpers = context.unwrapResult(context.evalCode(this.hardenSource, 'harden.js'));
    const parseInput = context.getProp(helpers, 'parseInput');
    const describeError = context.getProp(helpers, 'describeError');
    helpers.dispose();
    const realm: Realm = { key, runtime, context, parseInput, describeError, compiled: new Map() };
    this.setupMs += performance.now() - setupStarted;
    this.realms.set(key, realm);
    while (this.realms.size > SANDBOX_LIMITS.realmsPerThread) {
      const oldest = this.realms.keys().next().value!;
      this.discard(oldest, false);
    }
    return realm;
  }

  private discard(key: string, count = true): void {
    const realm = this.realms.get(key);
    if (!realm) return;
    this.realms.delete(key);
    if (count) this.discarded++;
    for (const handle of realm.input ?? []) handle.dispose();
    for (const handle of realm.compiled.values()) handle.dispose();
    realm.parseInput.dispose();
    realm.describeError.dispose();
    realm.context.dispose();
    realm.runtime.dispose();
  }
}
