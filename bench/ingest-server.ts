// The servers bench/ingest.ts measures, each in its own process so the load generator does
// not share their event loop:
//   node --import tsx bench/ingest-server.ts station|core|koa DATA_DIR
// station: the whole station as `station serve` runs it (every capability's hooks);
// core:    the same with the ingestion hooks of other capabilities removed (the core path);
// koa:     a bare Koa JSON handler (read the body, parse it, answer 201 with JSON): the floor.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import getRawBody from 'raw-body';
import { silentLogger } from '../main/core/foundations/logger';
import { createStation } from '../main/core/station';

const [mode, dataDir] = process.argv.slice(2);

function bareKoa(): Koa {
  const app = new Koa();
  app.use(async (ctx) => {
    const body = JSON.parse(await getRawBody(ctx.req, { limit: 1024 * 1024, encoding: 'utf8' })) as { sourceId: string };
    ctx.status = 201;
    ctx.body = { id: randomUUID(), sourceId: String(body.sourceId), createdAt: new Date().toISOString() };
  });
  return app;
}

let close: () => Promise<void> = async () => {};
/** The station's background work (rendering ahead) runs only during its own rounds. */
let pauseBackground: () => Promise<void> = async () => {};
let resumeBackground: () => void = () => {};
let app: Koa;
if (mode === 'koa') {
  app = bareKoa();
} else {
  const station = createStation({ dataDir: dataDir!, background: mode === 'station', logger: silentLogger });
  if (mode === 'core') {
    station.hooks.resolveMergeTarget.length = 0;
    station.hooks.beforeOrderWrite.length = 0;
    station.hooks.orderWritten.length = 0;
    station.hooks.orderCommitted.length = 0;
  }
  app = station.app;
  close = () => station.close();
  if (mode === 'station') {
    // Only the station as served renders ahead (the core path has no background work).
    const { renderAhead } = station.printing;
    pauseBackground = () => renderAhead.stop();
    resumeBackground = () => renderAhead.start();
  }
}

// POST /bench/pause and /bench/resume: the station renders ahead the orders of its round
// while its round runs, not while the next server is measured (after a round of 1,000
// orders that work takes minutes, and would weigh on the other servers' figures).
const handle = app.callback();
const server = createServer((req, res) => {
  if (req.url === '/bench/pause') return void pauseBackground().then(() => res.end('paused'));
  if (req.url === '/bench/resume') return void (resumeBackground(), res.end('resumed'));
  // The server's own CPU so far (its threads included), in ms: steadier than orders/s on a shared machine.
  if (req.url === '/bench/cpu') {
    const { user, system } = process.cpuUsage();
    return void res.end(String((user + system) / 1000));
  }
  handle(req, res);
});
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => {
  server.close(() => void close().then(() => process.exit(0)));
  server.closeIdleConnections();
});
