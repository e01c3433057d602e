// The ZPL preview thread (zpl-png.ts, on ThreadClient): zpl-renderer-js (Zebrash, a Go ZPL
// renderer compiled to WASM) renders one label per request. It runs here, off the station's
// event loop: a render holds its thread for 60+ ms, and the WASM (about 9 MB) is loaded only
// when a preview asks.
import { createRequire } from 'node:module';
import { serveRequests } from '../../foundations/threads/serve';
import type { ZplPngRequest } from './zpl-png';

// The CommonJS build: the package's ESM build has no "type" and warns under Node's loader.
const { ready } = createRequire(import.meta.url)('zpl-renderer-js') as {
  ready: Promise<{ api: { zplToBase64Async(zpl: string, widthMm: number, heightMm: number, dpmm: number): Promise<string> } }>;
};
const { api } = await ready;

serveRequests<ZplPngRequest, string>(({ zpl, widthMm, heightMm, dpmm }) => api.zplToBase64Async(zpl, widthMm, heightMm, dpmm));
