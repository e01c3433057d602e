// Link expressions in the QuickJS sandbox: microseconds per evaluation.
//   node --import tsx bench/links-sandbox.ts
// Figures: the reused hardened context (what the station does), a fresh context per
// evaluation (what reuse avoids), the sandbox thread round trip of one ingest, and the
// floor: the same expression run by V8 directly, unsandboxed.
import { newQuickJSWASMModule, RELEASE_SYNC } from 'quickjs-emscripten';
import { wrapExpression } from '../main/core/features/sandbox/harden';
import { ExpressionEngine } from '../main/core/features/sandbox/engine';
import { createSandbox } from '../main/core/features/sandbox/sandbox';

const RESOLVER = "Number(order.note.match(/Shopify #(\\d+)/)[1])";
const payload = {
  sourceId: 'WMS-77',
  order: {
    orderNumber: 'WMS-77',
    note: 'Pick for Shopify #5551234',
    customer: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
    shippingAddress: { firstName: 'Grace', lastName: 'Hopper', address1: '1 Harbor Way', city: 'Arlington', postalCode: '22201', country: 'US' },
    lineItems: Array.from({ length: 8 }, (_, i) => ({ name: `Item ${i}`, quantity: i + 1, sku: `SKU-${i}`, price: { amount: 9.5, currency: 'USD' } })),
    orderTotal: { amount: 342, currency: 'USD' },
    variables: { channel: 'wms', giftWrap: false },
  },
};
const input = { payload, order: payload.order, source: 'api', sourceId: 'WMS-77' };

/** CPU time per run (what the work costs, steady on a busy machine) and wall time. Returns CPU µs. */
function measure(name: string, iterations: number, run: () => unknown): number {
  for (let i = 0; i < Math.min(200, iterations); i++) run(); // warm up
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  for (let i = 0; i < iterations; i++) run();
  const cpu = process.cpuUsage(cpuStart);
  const wall = ((performance.now() - start) * 1000) / iterations;
  const us = (cpu.user + cpu.system) / iterations;
  console.log(`${name.padEnd(62)} ${us.toFixed(1).padStart(8)} µs CPU ${wall.toFixed(1).padStart(8)} µs wall`);
  return us;
}

const quickjs = await newQuickJSWASMModule(RELEASE_SYNC);
const engine = new ExpressionEngine(quickjs);

// Floor: V8 itself, no sandbox.
const native = new Function('payload', 'order', 'source', 'sourceId', `'use strict'; return (${RESOLVER});`) as (...args: unknown[]) => unknown;
const floor = measure('floor: V8, unsandboxed (JSON round trip + call)', 20_000, () => {
  const copy = JSON.parse(JSON.stringify(input)) as typeof input;
  return native(copy.payload, copy.order, copy.source, copy.sourceId);
});

const items50 = Array.from({ length: 50 }, () => ({ resolver: RESOLVER }));
const perEvalShared = measure('reused context, input parsed once per 50 evaluations', 200, () => engine.evaluate('team-a', input, items50)) / 50;
console.log(`${'  → per evaluation'.padEnd(62)} ${perEvalShared.toFixed(1).padStart(8)} µs CPU`);
const reused = measure('reused context, one link per ingest (input parsed each time)', 3_000, () => engine.evaluate('team-a', input, [{ resolver: RESOLVER }]));

const runtime = quickjs.newRuntime();
runtime.setMemoryLimit(32 * 1024 * 1024);
const fresh = measure('fresh context per evaluation (no reuse)', 1_000, () => {
  const context = runtime.newContext();
  const fn = context.unwrapResult(context.evalCode(wrapExpression(RESOLVER, 'resolver')));
  const parsed = context.unwrapResult(context.evalCode(`(${JSON.stringify(input)})`));
  const args = ['payload', 'order', 'source', 'sourceId'].map((name) => context.getProp(parsed, name));
  const result = context.unwrapResult(context.callFunction(fn, context.undefined, ...args));
  const value = context.dump(result);
  for (const handle of [result, ...args, parsed, fn]) handle.dispose();
  context.dispose();
  return value;
});

const sandbox = createSandbox();
await sandbox.evaluate('team-a', input, [{ resolver: RESOLVER }]); // start the thread
const ROUND_TRIPS = 2_000;
const start = performance.now();
for (let i = 0; i < ROUND_TRIPS; i++) await sandbox.evaluate('team-a', input, [{ resolver: RESOLVER }]);
const thread = ((performance.now() - start) * 1000) / ROUND_TRIPS;
console.log(`${'sandbox thread, one ingest with one link (round trip)'.padEnd(62)} ${''.padStart(12)} ${thread.toFixed(1).padStart(8)} µs wall`);

// One team's ten links that each run to the time limit, against another team's ingest: the
// other team's evaluation latency (round trip) while the slow team keeps posting, beside idle.
const SLOW_ITEMS = Array.from({ length: 10 }, () => ({ condition: '(() => { for (;;) {} })()', resolver: 'order.note' }));
const latencies = async (samples: number) => {
  const ms: number[] = [];
  for (let i = 0; i < samples; i++) {
    const begin = performance.now();
    await sandbox.evaluate('other-team', input, [{ resolver: RESOLVER }]);
    ms.push(performance.now() - begin);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return ms.sort((x, y) => x - y);
};
const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const idle = await latencies(200);
let grinding = true;
const slowTeam = (async () => {
  while (grinding) await sandbox.evaluate('slow-team', input, SLOW_ITEMS);
})();
await new Promise((resolve) => setTimeout(resolve, 1_500)); // the slow team has moved to its lane
const busy = await latencies(200);
grinding = false;
await slowTeam;
console.log(`other team's evaluation, idle:             p50 ${p(idle, 0.5).toFixed(2)} ms  p99 ${p(idle, 0.99).toFixed(2)} ms  max ${idle.at(-1)!.toFixed(2)} ms`);
console.log(`other team's evaluation, ten slow links:   p50 ${p(busy, 0.5).toFixed(2)} ms  p99 ${p(busy, 0.99).toFixed(2)} ms  max ${busy.at(-1)!.toFixed(2)} ms`);
console.log(`ratio p99 beside ten slow links / idle: ${(p(busy, 0.99) / p(idle, 0.99)).toFixed(2)}× (slow team on the ${sandbox.laneOf('slow-team')} thread)`);
await sandbox.close();
engine.dispose();
runtime.dispose();

console.log(`ratio fresh context / reused context (CPU): ${(fresh / reused).toFixed(1)}× per ingest, ${(fresh / perEvalShared).toFixed(1)}× per evaluation`);
console.log(`ratio reused context / floor (V8, CPU): ${(reused / floor).toFixed(1)}× per ingest, ${(perEvalShared / floor).toFixed(1)}× per evaluation`);
