// The station bench/wal-soak.ts soaks (and bench/outside-bytes.ts attacks), in its own process: the whole station as `station
// serve` runs it (background work on, automatic printing and rendering ahead off so that
// only ingest loads it), with one team and key, telling every WAL checkpoint on stdout:
//   node --import tsx bench/wal-soak-server.ts DATA_DIR
// Lines: `listening on URL key SECRET other SECRET` (two teams' keys), then one JSON line per checkpoint
// ({"checkpoint": {mode, busy, log, checkpointed, walBytes, ms, endedAt}}; endedAt in ms since the epoch).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiKey } from '../main/core/features/keys/service';
import { silentLogger } from '../main/core/foundations/logger';
import { createStation } from '../main/core/station';
import { createTeam } from '../main/core/features/teams/service';

const dataDir = process.argv[2]!;
const station = createStation({ dataDir, background: true, autoPrint: false, renderAhead: false, automaticBackups: false, retentionSweeps: false, logger: silentLogger });
const [key, otherKey] = station.db.transaction(() =>
  ['Soak', 'Другая команда'].map((name) => {
    const { team } = createTeam(station.db, station.hooks, { name, type: 'standard' });
    return createApiKey(station.db, team.id, 'soak').secret;
  }),
)();
station.checkpointer!.on('checkpoint', (checkpoint) => process.stdout.write(`${JSON.stringify({ checkpoint: { ...checkpoint, endedAt: Date.now() } })}\n`));

const server = createServer(station.app.callback());
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port} key ${key} other ${otherKey}\n`);
});
process.on('SIGTERM', () => {
  server.close(() => void station.close().then(() => process.exit(0)));
  server.closeIdleConnections();
});
