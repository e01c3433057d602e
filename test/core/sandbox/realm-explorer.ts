/**
 * Explores a QuickJS realm the way a hostile expression could: from the global object and
 * from an instance of every built-in (including those only syntax makes: generators, async
 * functions, `arguments`, template objects), it follows every property, getter, setter and
 * prototype, and calls every function it finds — with the object it was found on, with
 * instances that inherit from that object, and with a few argument lists — to reach the
 * hidden intrinsics that only instances lead to (iterator helpers, `Iterator.from`'s
 * wrapper, regexp string iterators…). Objects the explorer made, and fresh call results
 * themselves, are not shared and not checked; everything reached from them by prototype is.
 * Evaluates to JSON: `{ unfrozen: string[], shared: number, calls: number }`.
 */
export const REALM_EXPLORER = String.raw`(() => {
  'use strict';
  const own = new WeakSet();
  // What the explorer makes is its own, and so is a function's own .prototype object.
  const mine = (value) => {
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return value;
    own.add(value);
    const prototype = typeof value === 'function' ? Object.getOwnPropertyDescriptor(value, 'prototype')?.value : undefined;
    if (typeof prototype === 'object' && prototype !== null) own.add(prototype);
    return value;
  };
  const callback = mine((x) => x);
  const iterable = mine({ next() { return { done: true, value: undefined }; }, [Symbol.iterator]() { return this; } });
  const argLists = [[], [callback], [0], ['a'], [mine([1, 2])], [iterable], [1, callback]].map(mine);
  const generator = mine(function* () { yield 1; });
  const asyncGenerator = mine(async function* () { yield 1; });
  const buffer = mine(new ArrayBuffer(8));
  const seeds = [
    function () {}, generator, async function () {}, asyncGenerator, () => {}, class {}, class extends Array {},
    generator(), asyncGenerator(), (async () => {})(), Promise.resolve(1), new Promise(() => {}),
    /x/g, 'ab'[Symbol.iterator](), [1].values(), [1].keys(), [1].entries(), [1].values().map((x) => x), [1].values().filter(Boolean),
    [1].values().take(1), [1].values().drop(0), [1].values().flatMap((x) => [x]), Iterator.from(iterable), Iterator.from([1]),
    new Map([[1, 1]]).entries(), new Set([1]).values(), 'ab'.matchAll(/a/g), new Map(), new Set(), new WeakMap(), new WeakSet(),
    new Uint8Array(2), new Float64Array(1).values(), new Int32Array(1), buffer, new DataView(buffer),
    new Proxy({}, {}), new WeakRef({}), new FinalizationRegistry(() => {}), new Error('x'), new TypeError('x'), new AggregateError([]),
    (function () { return arguments; })(1), (function () { 'use strict'; return arguments; })(1), ((strings) => strings)` + '`tpl${1}`' + String.raw`,
    new Date(0), Object(1), Object('s'), Object(true), Object(Symbol('s')), (() => {}).bind(null), [1, 2], { a: 1 }, Symbol.iterator,
  ].map(mine);

  const shared = new Set();
  const queue = [];
  const share = (value, path, holder) => {
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null || own.has(value) || shared.has(value)) return;
    shared.add(value);
    queue.push([value, path, holder]);
  };
  const fromInstance = (value, path) => {
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return;
    share(Object.getPrototypeOf(value), path + '.__proto__');
  };
  share(globalThis, 'globalThis');
  seeds.forEach((seed, index) => fromInstance(seed, 'seed' + index));

  const unfrozen = [];
  let calls = 0;
  const tryCall = (run, path) => {
    calls++;
    try {
      const result = run();
      if (own.has(result)) return;
      fromInstance(result, path);
      // A call that answers the same object twice hands out something shared (a prototype…).
      if (result === run()) share(result, path);
    } catch {}
  };
  while (queue.length > 0) {
    const [value, path, holder] = queue.shift();
    if (!Object.isFrozen(value)) unfrozen.push(path);
    share(Object.getPrototypeOf(value), path + '.__proto__', value);
    for (const key of Reflect.ownKeys(value)) {
      const descriptor = Object.getOwnPropertyDescriptor(value, key);
      const name = path + '.' + String(key);
      if ('value' in descriptor) share(descriptor.value, name, value);
      else {
        share(descriptor.get, name + '<get>', value);
        share(descriptor.set, name + '<set>', value);
      }
    }
    if (typeof value !== 'function') continue;
    const receivers = [undefined, holder, ...seeds.filter((seed) => holder !== undefined && Object.prototype.isPrototypeOf.call(holder, seed))];
    for (const receiver of receivers) for (const args of argLists) tryCall(() => Reflect.apply(value, receiver, args), path + '()');
    for (const args of argLists) tryCall(() => Reflect.construct(value, args), 'new ' + path + '()');
  }
  return JSON.stringify({ unfrozen, shared: shared.size, calls });
})()`;
