// Entry of the render thread in a checkout. The core is TypeScript run through tsx (as
// bin/station.js does), and a worker thread starts without the parent's loader, so it
// registers its own. A bundled host runs render-worker.js instead (render-thread.ts).
import { register } from 'tsx/esm/api';

register();
await import('./render-worker.ts');
