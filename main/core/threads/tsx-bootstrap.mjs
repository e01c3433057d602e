// The entry of every worker thread in a checkout (threads/entry.ts). The core is TypeScript
// run through tsx (as bin/station.js does), and a worker thread starts without the parent's
// loader, so it registers its own, then imports the thread's TypeScript entry. A bundled host
// runs the built `<name>.js` instead.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.threadSource);
