import { parse, tokenizer, type Program } from 'acorn';
import { SANDBOX_LIMITS } from './limits';

const ECMA_VERSION = 2023;

/** Why `code` uses a BigInt literal (unavailable to expressions, see harden.ts), or undefined. */
export function bigintError(code: string): string | undefined {
  try {
    for (const token of tokenizer(code, { ecmaVersion: ECMA_VERSION })) {
      // A numeric token written with the BigInt suffix (3n, 0x1fn, 1_000n).
      if (token.type.label === 'num' && /n$/i.test(code.slice(token.start, token.end))) {
        return `BigInt is not available to expressions (${code.slice(token.start, token.end)} at character ${token.start + 1}): its arithmetic cannot be interrupted`;
      }
    }
  } catch {
    // Not tokenizable: the parser (or QuickJS) reports the syntax error.
  }
  return undefined;
}

/**
 * Why `code` is not a single JavaScript expression, or undefined when it is. The sandbox
 * wraps expressions as `return (code)`; checking the shape with a real parser first means
 * code such as `1); while (true) {} (1` is refused as what it is (statements) instead of
 * being smuggled through the parentheses.
 */
export function expressionShapeError(code: string): string | undefined {
  if (code.trim() === '') return 'the expression is empty';
  if (code.length > SANDBOX_LIMITS.maxCodeLength) {
    return `the expression is ${code.length} characters long; at most ${SANDBOX_LIMITS.maxCodeLength} are allowed`;
  }
  let program: Program;
  try {
    program = parse(code, { ecmaVersion: ECMA_VERSION, sourceType: 'script', allowReturnOutsideFunction: false });
  } catch (error) {
    return (error as Error).message;
  }
  const { body } = program;
  if (body.length !== 1) {
    return body.length === 0 ? 'the expression is empty' : `expected a single expression, found ${body.length} statements`;
  }
  const [statement] = body;
  if (statement!.type !== 'ExpressionStatement') {
    return `expected a single expression, found a statement (${statement!.type})`;
  }
  if (statement!.expression.type === 'SequenceExpression') {
    return 'expected a single expression, found several separated by commas';
  }
  return bigintError(code);
}
