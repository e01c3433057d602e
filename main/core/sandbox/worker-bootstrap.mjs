// Entry of the sandbox thread. The core is TypeScript run through tsx (as bin/station.js
// does), and a worker thread starts without the parent's loader, so it registers its own.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
