/**
 * Runs once in every fresh QuickJS realm, before any integrator code. Each team has realms
 * of its own (engine.ts), so this is the second wall, not the first: a team's expressions
 * see the same realm on every evaluation, and nothing they do may be seen by the next one.
 * So everything an expression could reach and change — globals, built-in prototypes, and
 * hidden intrinsics reached only through instances (iterator helpers, `Iterator.from`'s
 * wrapper, generator and async prototypes, typed arrays…) — is frozen. The engine's
 * uninterruptible arithmetic (BigInt) and code from strings (eval, the Function
 * constructors) are removed first. Returns the trusted helpers the host calls, captured
 * before the freeze. `test/core/sandbox/frozen-realm.test.ts` explores a hardened realm by
 * calling everything reachable and fails on any object left unfrozen.
 */
export const HARDEN_SOURCE = String.raw`(() => {
  'use strict';
  const { freeze, getPrototypeOf, getOwnPropertyDescriptor, defineProperty } = Object;
  const ownKeys = Reflect.ownKeys;
  const parseJson = JSON.parse;
  const ErrorClass = Error;
  const functionPrototype = Function.prototype;

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
  async function asyncFunction() {}

  // Code from strings: every function kind's constructor compiles its arguments.
  const noCodeFromStrings = function Function() {
    throw new TypeError('code from strings is not available to expressions');
  };
  for (const fn of [function () {}, generator, asyncGenerator, asyncFunction]) {
    defineProperty(getPrototypeOf(fn), 'constructor', { value: noCodeFromStrings, writable: false, enumerable: false, configurable: false });
  }
  // BigInt arithmetic runs as one native step the interrupt handler cannot stop
  // ((3n ** 600000n) % 13n holds the thread ~0.4 s): no BigInt reaches an expression. Literals
  // are refused before compiling (expression.ts); these are the other ways to make one.
  for (const name of ['eval', 'Function', 'BigInt', 'BigInt64Array', 'BigUint64Array']) delete globalThis[name];
  for (const name of ['getBigInt64', 'getBigUint64', 'setBigInt64', 'setBigUint64']) delete DataView.prototype[name];

  const typedArray = new Uint8Array(1);
  deepFreeze([
    globalThis,
    noCodeFromStrings,
    getPrototypeOf(generator),
    getPrototypeOf(asyncGenerator),
    getPrototypeOf(asyncFunction),
    getPrototypeOf(generator()),
    getPrototypeOf(asyncGenerator()),
    getPrototypeOf(asyncFunction()),
    getPrototypeOf([][Symbol.iterator]()),
    getPrototypeOf([].values().map((x) => x)),
    getPrototypeOf(Iterator.from({ next() { return { done: true }; } })),
    typeof Iterator.concat === 'function' ? getPrototypeOf(Iterator.concat()) : undefined,
    getPrototypeOf(new Map()[Symbol.iterator]()),
    getPrototypeOf(new Set()[Symbol.iterator]()),
    getPrototypeOf(''[Symbol.iterator]()),
    getPrototypeOf(/x/[Symbol.matchAll]('')),
    getPrototypeOf(Uint8Array),
    getPrototypeOf(typedArray[Symbol.iterator]()),
    getOwnPropertyDescriptor(functionPrototype, 'caller')?.get,
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
