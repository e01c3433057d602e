import { workerData } from 'node:worker_threads';
import { newQuickJSWASMModule, RELEASE_SYNC } from 'quickjs-emscripten';
import { serveRequests } from '../../foundations/threads/serve';
import { ExpressionEngine } from './engine';
import { WARM_UP_INPUT, WARM_UP_ITEMS } from './warm-up';
import { PROGRESS, STAGE_CODE, type SandboxAnswer, type SandboxItemPart, type SandboxRequest } from './protocol';

// The sandbox thread: owns one QuickJS module and engine, answers one request at a time.
// The station may terminate it at any moment (sandbox.ts); nothing here needs cleanup.
const progress = new Int32Array(workerData.progress as SharedArrayBuffer);
const engine = new ExpressionEngine(await newQuickJSWASMModule(RELEASE_SYNC));
// Harden a context and run expressions of every usual kind before announcing readiness
// (warm-up.ts): the first real evaluation must not pay for compiling QuickJS's functions.
engine.evaluate('\u0000warm-up', WARM_UP_INPUT, WARM_UP_ITEMS);

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
