// The entry of every worker thread and worker process in a checkout (threads/entry.ts). The core is TypeScript
// run through tsx (as bin/station.js does), and a worker thread starts without the parent's
// loader, so it registers its own, then imports the thread's TypeScript entry. A bundled host
// runs the built `<name>.js` instead.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
// A thread is told its entry in workerData; a child process (process-client.ts) in its environment.
await import(workerData?.threadSource ?? process.env.STATION_WORKER_SOURCE);
