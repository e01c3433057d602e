import { describe, expect, it } from 'vitest';
import { expressionShapeError } from '../../../main/core/features/sandbox/expression';
import { SANDBOX_LIMITS } from '../../../main/core/features/sandbox/limits';

describe('a resolver or condition is a single JavaScript expression', () => {
  it.each([
    'order.note.match(/#(\\d+)/)[1]',
    "payload.source === 'wms' && sourceId.startsWith('A')",
    '(() => { const id = order.variables.shopifyId; return id })()',
    'order.lineItems.map((item) => item.sku).join("-") // trailing comment',
    '`${sourceId}`.padStart(6, "0")',
    '42',
  ])('accepts %s', (code) => {
    expect(expressionShapeError(code)).toBeUndefined();
  });

  it.each([
    ['statements', 'while (true) {}', /statement/],
    ['a declaration', 'const id = 1', /statement/],
    ['several statements', 'order.note; sourceId', /2 statements/],
    ['several expressions', 'order.note, sourceId', /several separated by commas/],
    ['an escape from the wrapping parentheses', '1); while (true) {} (1', /Unexpected token|statement/],
    ['a syntax error', 'order.note.match(', /Unexpected token/],
    ['nothing', '   ', /empty/],
    ['oversized code', `'${'x'.repeat(SANDBOX_LIMITS.maxCodeLength)}'`, /at most 4000/],
  ])('rejects %s', (_name, code, reason) => {
    expect(expressionShapeError(code)).toMatch(reason);
  });
});
