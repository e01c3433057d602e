// The WAL checkpoint thread (checkpointer.ts): its own connection to station.db copies
// committed WAL pages into the database file and syncs it, so neither the copying nor the
// fsyncs ever run on the station's event loop.
//
// Each round is PASSIVE first: it never waits for, or blocks, the station's writers and
// readers. PASSIVE alone cannot bound the WAL under sustained writes: SQLite starts the WAL
// over only when a writer begins while every frame is already in the database, and with a
// commit every few milliseconds that moment never comes. So:
// - when the WAL holds more than `restartBytes` of frames after the passive round, a
//   RESTART checkpoint follows at once: it takes the write lock (waiting at most
//   `busyTimeoutMs` for a commit under way), copies the few frames written during the passive
//   round, waits for readers to leave the WAL and makes the next commit start it over. The
//   station's writers wait for it a few milliseconds; the bulk of the copying and its fsyncs
//   happened in the passive round, which blocks nobody;
// - when the WAL is idle and fully copied but its file is still larger than `sizeLimitBytes`
//   (a burst ended), a TRUNCATE checkpoint gives the file back.
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { workerData } from 'node:worker_threads';
import { serveRequests } from '../threads/serve';
import type { CheckpointRequest, CheckpointResult, CheckpointRoundEvent, CheckpointWorkerData } from './checkpointer';

const { file, nativeBinding, intervalMs, busyIntervalMs, restartBytes, sizeLimitBytes, busyTimeoutMs } = workerData as CheckpointWorkerData;
const db = new Database(file, nativeBinding ? { nativeBinding } : {});
// FULL: the WAL is synced before its pages are copied, the database file after.
db.pragma('synchronous = FULL');
db.pragma(`busy_timeout = ${busyTimeoutMs}`);
const pageSize = db.pragma('page_size', { simple: true }) as number;
const walFile = `${file}-wal`;
// One frame: a 24-byte header and the page; the WAL file starts with a 32-byte header.
const framesToBytes = (frames: number): number => (frames > 0 ? 32 + frames * (pageSize + 24) : 0);
const walFileBytes = () => {
  try {
    return statSync(walFile).size;
  } catch {
    return 0;
  }
};

type Mode = NonNullable<CheckpointRequest['mode']>;

function checkpoint(mode: Mode): CheckpointResult {
  const started = performance.now();
  const [{ busy, log, checkpointed }] = db.pragma(`wal_checkpoint(${mode})`) as [{ busy: number; log: number; checkpointed: number }];
  return { mode: mode.toLowerCase() as CheckpointResult['mode'], busy, log, checkpointed, walBytes: walFileBytes(), ms: performance.now() - started };
}

/** One round: passive, then restart or truncate when the WAL's size calls for it. Every checkpoint it ran, in order. */
function round() {
  const passive = checkpoint('PASSIVE');
  const results = [passive];
  if (framesToBytes(passive.log) > restartBytes) results.push(checkpoint('RESTART'));
  else if (passive.log === passive.checkpointed && passive.walBytes > sizeLimitBytes) results.push(checkpoint('TRUNCATE'));
  return results;
}

let lastPassive = { log: -1, checkpointed: -1 };
let timer: NodeJS.Timeout;

// The thread model's protocol (threads/serve.ts): a request is one checkpoint of a mode, or a
// round; the farewell closes the connection, then the thread ends.
const served = serveRequests<CheckpointRequest, CheckpointResult[], never, CheckpointRoundEvent>((request) => (request.mode ? [checkpoint(request.mode)] : round()), {
  onFarewell: () => {
    clearTimeout(timer);
    db.close();
  },
});

function tick() {
  const results = round();
  const passive = results[0]!;
  // Told when something happened (pages moved, or a restart or truncate ran): the station
  // counts them for /metrics and tests wait on them; a quiet WAL says nothing.
  const moved = passive.checkpointed > 0 && (passive.checkpointed !== lastPassive.checkpointed || passive.log !== lastPassive.log);
  if (moved || results.length > 1) served.emit({ round: results });
  // While frames keep arriving, rounds come more often, so the WAL grows little between them.
  const busy = passive.log !== lastPassive.log || results.length > 1;
  lastPassive = passive;
  timer = setTimeout(tick, busy ? busyIntervalMs : intervalMs);
}
timer = setTimeout(tick, intervalMs);
