// The ZPL preview thread (zpl-png.ts, on ThreadClient): zpl-renderer-js (Zebrash, a Go ZPL
// renderer compiled to WASM) renders one label per request. It runs here, off the station's
// event loop: a render holds its thread for 60+ ms, and the WASM (about 9 MB) is loaded only
// when a preview asks.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

// The CommonJS build: the package's ESM build has no "type" and warns under Node's loader.
const { ready } = createRequire(import.meta.url)('zpl-renderer-js');
const { api } = await ready;

parentPort.on('message', async ({ id, request: { zpl, widthMm, heightMm, dpmm } }) => {
  try {
    parentPort.postMessage({ id, result: await api.zplToBase64Async(zpl, widthMm, heightMm, dpmm) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.message ?? error) });
  }
});
parentPort.postMessage({ ready: true });
