// The WAL checkpoint thread (checkpointer.ts): its own connection to station.db copies
// committed WAL pages into the database file and syncs it, so neither the copying nor the
// fsyncs ever run on the station's event loop. PASSIVE: it never waits for, or blocks, the
// station's writers and readers; pages a reader still needs are left for the next round.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const Database = createRequire(import.meta.url)('better-sqlite3');
const { file, nativeBinding, intervalMs } = workerData;
const db = new Database(file, nativeBinding ? { nativeBinding } : {});
// FULL: the WAL is synced before its pages are copied, the database file after.
db.pragma('synchronous = FULL');

function checkpoint() {
  const [{ busy, log, checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)');
  return { busy, log, checkpointed };
}

let last = -1;
const timer = setInterval(() => {
  const result = checkpoint();
  // Told only when pages moved: the station logs nothing, tests wait on it.
  if (result.checkpointed > 0 && result.checkpointed !== last) parentPort.postMessage({ checkpoint: result });
  last = result.checkpointed;
}, intervalMs);

parentPort.on('message', (message) => {
  if (message.close) {
    clearInterval(timer);
    db.close();
    parentPort.close();
    return;
  }
  parentPort.postMessage({ id: message.id, checkpoint: checkpoint() });
});
parentPort.postMessage({ ready: true });
