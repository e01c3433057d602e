import type { EvalItem, ExpressionInput } from './engine';

/**
 * What the sandbox thread evaluates before it says ready: expressions of every usual kind
 * (regular expressions, strings, arrays, closures, JSON). QuickJS's WebAssembly functions
 * are compiled when first called, and that compiling must not count against the first real
 * evaluation's 50 ms. Its results are not read: on a busy machine the warm-up itself may run
 * over the limit, and that is the point of it (sandbox-thread.test.ts checks that these
 * expressions are valid).
 */
export const WARM_UP_INPUT: ExpressionInput = { payload: { extra: [1, 2] }, order: { note: 'Shopify #1001' }, source: 'api', sourceId: '0' };

export const WARM_UP_ITEMS: EvalItem[] = [
  { condition: "typeof order === 'object' && source === 'api'", resolver: "order.note.match(/#(\\d+)/)[1] + '/' + sourceId + '/' + payload.extra.length" },
  { resolver: "[3, 1, 2].sort().map((n) => n * 2).join(',') + JSON.stringify({ a: [1] }).length + 'x'.repeat(3).toUpperCase()" },
];
