import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten';

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

/** A QuickJS value as the host keeps it: primitives copied out (strings cut at 1 KiB), the rest by type. */
export function readValue(context: QuickJSContext, handle: QuickJSHandle): SandboxValue {
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
