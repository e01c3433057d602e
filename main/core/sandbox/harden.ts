/**
 * Runs once in every fresh QuickJS context, before any integrator code. The context is
 * reused across evaluations (and teams), so everything an expression could reach and
 * change — globals, built-in prototypes, hidden intrinsics such as the generator
 * prototypes — is frozen: nothing one evaluation does can be seen by the next. Returns the
 * trusted helpers the host calls, captured before the freeze.
 */
export const HARDEN_SOURCE = String.raw`(() => {
  'use strict';
  const { freeze, getPrototypeOf, getOwnPropertyDescriptor } = Object;
  const ownKeys = Reflect.ownKeys;
  const parseJson = JSON.parse;
  const ErrorClass = Error;

  function deepFreeze(roots) {
    const seen = new Set();
    const stack = [...roots];
    while (stack.length > 0) {
      const value = stack.pop();
      if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) continue;
      seen.add(value);
      freeze(value);
      stack.push(getPrototypeOf(value));
      for (const key of ownKeys(value)) {
        const descriptor = getOwnPropertyDescriptor(value, key);
        if ('value' in descriptor) stack.push(descriptor.value);
        else stack.push(descriptor.get, descriptor.set);
      }
    }
  }

  const freezeRevived = (_key, value) => (typeof value === 'object' && value !== null ? freeze(value) : value);

  function* generator() {}
  async function* asyncGenerator() {}
  deepFreeze([
    globalThis,
    getPrototypeOf(generator),
    getPrototypeOf(asyncGenerator),
    getPrototypeOf(async function () {}),
    getPrototypeOf(generator()),
    getPrototypeOf(asyncGenerator()),
    getPrototypeOf([][Symbol.iterator]()),
    getPrototypeOf(new Map()[Symbol.iterator]()),
    getPrototypeOf(new Set()[Symbol.iterator]()),
    getPrototypeOf(''[Symbol.iterator]()),
    getPrototypeOf(/x/[Symbol.matchAll]('')),
    getPrototypeOf(Int8Array),
  ]);

  return {
    parseInput(json) {
      // JSON data: plain objects and arrays (their prototypes are frozen above already). A
      // reviver sees every value bottom-up: freezing there costs about a tenth of a walk.
      return parseJson(json, freezeRevived);
    },
    describeError(error) {
      try {
        if (error instanceof ErrorClass) return String(error.name) + ': ' + String(error.message);
        return 'threw ' + (error === null ? 'null' : typeof error === 'string' ? JSON.stringify(error) : typeof error);
      } catch {
        return 'threw a value that cannot be described';
      }
    },
  };
})()`;

/** The function the host calls for an expression: the documented inputs, strict mode. */
export function wrapExpression(code: string, kind: 'condition' | 'resolver'): string {
  // The line breaks keep a trailing line comment in `code` from swallowing the parenthesis.
  const body = kind === 'condition' ? `!!(\n${code}\n)` : `(\n${code}\n)`;
  return `(function (payload, order, source, sourceId) { 'use strict'; return ${body}; })`;
}
