import { parentPort, workerData } from 'node:worker_threads';
import { newQuickJSWASMModule, RELEASE_SYNC } from 'quickjs-emscripten';
import { ExpressionEngine } from './engine';
import { PROGRESS, STAGE_CODE, type SandboxReply, type SandboxRequest } from './protocol';

// The sandbox thread: owns one QuickJS module and engine, answers one request at a time.
// The station may terminate it at any moment (sandbox.ts); nothing here needs cleanup.
const port = parentPort!;
const progress = new Int32Array(workerData.progress as SharedArrayBuffer);
const engine = new ExpressionEngine(await newQuickJSWASMModule(RELEASE_SYNC));
const reply = (message: SandboxReply) => port.postMessage(message);

port.on('message', (request: SandboxRequest) => {
  if (request.kind === 'compile') {
    reply({ id: request.id, kind: 'compiled', error: engine.compileError(request.code, request.as) });
    return;
  }
  // One item at a time, each answered at once: if a later item hangs, earlier answers stand.
  const { id, input, items } = request;
  engine.evaluate(
    input,
    items,
    (index, stage) => {
      Atomics.store(progress, PROGRESS.item, index);
      Atomics.store(progress, PROGRESS.stage, STAGE_CODE[stage]);
    },
    (index, result) => reply({ id, kind: 'item', index, result }),
  );
});
reply({ kind: 'ready' });
