import { workerData } from 'node:worker_threads';
import { newQuickJSWASMModule, RELEASE_SYNC } from 'quickjs-emscripten';
import { serveRequests } from '../threads/serve';
import { ExpressionEngine } from './engine';
import { PROGRESS, STAGE_CODE, type SandboxAnswer, type SandboxItemPart, type SandboxRequest } from './protocol';

// The sandbox thread: owns one QuickJS module and engine, answers one request at a time.
// The station may terminate it at any moment (sandbox.ts); nothing here needs cleanup.
const progress = new Int32Array(workerData.progress as SharedArrayBuffer);
const engine = new ExpressionEngine(await newQuickJSWASMModule(RELEASE_SYNC));
// Harden a context and run expressions of every usual kind (regular expressions, strings,
// arrays, closures, JSON) before announcing readiness: WebAssembly compiles QuickJS's
// functions when they are first called, and that compiling must not count against the first
// real evaluation's 50 ms (on a busy machine it did).
const warmUp = engine.evaluate('\u0000warm-up', { payload: { extra: [1, 2] }, order: { note: 'Shopify #1001' }, source: 'api', sourceId: '0' }, [
  { condition: "typeof order === 'object' && source === 'api'", resolver: "order.note.match(/#(\\d+)/)[1] + '/' + sourceId + '/' + payload.extra.length" },
  { resolver: "[3, 1, 2].sort().map((n) => n * 2).join(',') + JSON.stringify({ a: [1] }).length + 'x'.repeat(3).toUpperCase()" },
]);
// Each warm-up expression must run to its end, or it warmed nothing.
const cold = warmUp.find((result) => result.resolver?.ok !== true);
if (cold) throw new Error(`the sandbox's warm-up failed: ${JSON.stringify(cold)}`);

serveRequests<SandboxRequest, SandboxAnswer, SandboxItemPart>((request, part) => {
  if (request.kind === 'compile') return { kind: 'compiled', error: engine.compileError(request.code, request.as) };
  // One item at a time, each answered at once: if a later item hangs, earlier answers stand.
  const { requestId, realm, input, items } = request;
  const results = engine.evaluate(realm, input, items, {
    onStage: (index, stage) => {
      Atomics.store(progress, PROGRESS.item, index);
      Atomics.store(progress, PROGRESS.stage, STAGE_CODE[stage]);
    },
    onResult: (index, result, elapsedMs) => part({ index, result, elapsedMs }),
    stopBefore: () => Atomics.load(progress, PROGRESS.stop) === requestId,
  });
  return results.length < items.length ? { kind: 'stopped', index: results.length } : { kind: 'done' };
});
