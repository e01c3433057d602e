// Printers beyond this machine, on the machine's CUPS:
//   node --import tsx bench/printers-beyond.ts
// 1. A printer paused with `cupsdisable`: how long until the station has the new state and
//    pushes it to the dashboard (the `printers` event the live stream forwards), 20 times
//    paused and resumed (goal ≤ 1 s, without reading the states every second: the states
//    are read when CUPS's printer subscription announces a change).
// 2. A scan at a bench (POST /admin/api/orders/print from a screen paired with the bench,
//    routed by the bench to its printer) against the same scan at the station's own routing:
//    request → accepted by CUPS, p50 over 40 scans each (goal: the bench's ≤ 1.2× the station's own).
// Two raw CUPS queues writing to /dev/null are created here and removed after.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKey } from '../main/core/features/keys/service';
import { createTeam } from '../main/core/features/teams/service';
import { silentLogger } from '../main/core/foundations/logger';
import { createStationServer } from '../main/core/http/server';
import { createStation } from '../main/core/station';
import { order } from './print-order';

const BENCH_QUEUE = 'STATION_BENCH_N';
const OWN_QUEUE = 'STATION_BENCH_OWN';
const PAUSES = 20;
const SCANS = 40;
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

for (const queue of [BENCH_QUEUE, OWN_QUEUE]) execFileSync('lpadmin', ['-p', queue, '-E', '-v', 'file:///dev/null']);
const dataDir = mkdtempSync(join(tmpdir(), 'station-bench-beyond-'));
const station = createStation({ dataDir, logger: silentLogger, background: true, renderAhead: false, autoPrint: false });
const server = createStationServer(station.app);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

try {
  const printers = station.printing.printers;
  const all = await printers.refresh();
  const benchPrinter = all.find((printer) => printer.vendorId === BENCH_QUEUE)!;
  const ownPrinter = all.find((printer) => printer.vendorId === OWN_QUEUE)!;
  // Raw queues report no paper sizes: they take any page as it is.
  for (const printer of [benchPrinter, ownPrinter]) printers.updateSettings(printer.id, { fitToPage: true });

  // 1. Paused and resumed: until the station says so.
  const stateOf = (id: string) => printers.find(id)!.status;
  const until = (want: (status: string) => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!want(stateOf(benchPrinter.id))) return;
        station.events.off('printers', check);
        resolve();
      };
      station.events.on('printers', check);
      check();
    });
  const lags: number[] = [];
  for (let i = 0; i < PAUSES; i++) {
    let start = process.hrtime.bigint();
    execFileSync('cupsdisable', [BENCH_QUEUE]);
    await until((status) => status === 'offline');
    lags.push(ms(start));
    start = process.hrtime.bigint();
    execFileSync('cupsenable', [BENCH_QUEUE]);
    await until((status) => status !== 'offline');
    lags.push(ms(start));
  }
  const worst = Math.max(...lags);
  console.log(`printer paused or resumed → state pushed to the dashboard: p50 ${p50(lags).toFixed(0)} ms, max ${worst.toFixed(0)} ms over ${lags.length} changes (goal ≤ 1000 ms) ${worst <= 1000 ? 'OK' : 'ABOVE GOAL'}`);

  // 2. Scans at a bench and at the station's own routing.
  const { team, secret } = station.db.transaction(() => {
    const created = createTeam(station.db, station.hooks, { name: 'Bench scans', type: 'standard' }).team;
    return { team: created, secret: createApiKey(station.db, created.id, 'bench').secret };
  })();
  const session = station.services.adminSessions.createSessionToken();
  const admin = async (method: 'POST' | 'PUT', path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${url}${path}`, { method, headers: { Authorization: `Bearer ${session}`, 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  await admin('PUT', `/admin/api/teams/${team.id}/routing/tags/packing-slip`, { printerId: ownPrinter.id });
  const bench = (await admin('POST', '/admin/api/benches', { name: 'Bench N' })) as { id: string };
  await admin('PUT', `/admin/api/benches/${bench.id}/routes/packing-slip`, { printerId: benchPrinter.id });
  const { code } = (await admin('POST', `/admin/api/benches/${bench.id}/pairing-code`, {})) as { code: string };
  const { benchToken } = (await admin('POST', '/admin/api/bench-screen', { code })) as { benchToken: string };

  const ids: string[] = [];
  for (let i = 0; i < SCANS * 2 + 2; i++) {
    const response = await fetch(`${url}/api/orders`, { method: 'POST', headers: { 'X-API-Key': secret, 'Content-Type': 'application/json' }, body: JSON.stringify(order(i)) });
    ids.push(((await response.json()) as { id: string }).id);
  }
  const accepted = (batchId: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        const jobs = station.db.prepare('SELECT state FROM print_jobs WHERE batch_id = ?').all(batchId) as { state: string }[];
        if (jobs.some((job) => job.state === 'failed')) reject(new Error('a job failed'));
        else if (jobs.length && jobs.every((job) => job.state === 'submitted' || job.state === 'done')) {
          station.events.off('job', check);
          resolve();
        }
      };
      station.events.on('job', check);
      check();
    });
  const scan = async (orderId: string, headers: Record<string, string>, expectPrinter: string) => {
    const start = process.hrtime.bigint();
    const [result] = (await admin('POST', '/admin/api/orders/print', { orderIds: [orderId] }, headers)) as Array<{ id: string; printer: { id: string } }>;
    if (result!.printer.id !== expectPrinter) throw new Error(`printed at ${result!.printer.id}, not ${expectPrinter}`);
    await accepted(result!.id);
    return ms(start);
  };
  await scan(ids.pop()!, {}, ownPrinter.id);
  await scan(ids.pop()!, { 'X-Station-Bench': benchToken }, benchPrinter.id);
  const own: number[] = [];
  const atBench: number[] = [];
  for (let i = 0; i < SCANS; i++) {
    own.push(await scan(ids[2 * i]!, {}, ownPrinter.id));
    atBench.push(await scan(ids[2 * i + 1]!, { 'X-Station-Bench': benchToken }, benchPrinter.id));
  }
  const ratio = p50(atBench) / p50(own);
  console.log(`scan → accepted by CUPS: station's own routing p50 ${p50(own).toFixed(1)} ms; at bench N p50 ${p50(atBench).toFixed(1)} ms, ratio ${ratio.toFixed(2)}× (goal ≤ 1.2×) ${ratio <= 1.2 ? 'OK' : 'ABOVE GOAL'}`);
} finally {
  await new Promise((resolve) => server.close(resolve));
  await station.close();
  for (const queue of [BENCH_QUEUE, OWN_QUEUE]) execFileSync('lpadmin', ['-x', queue]);
  rmSync(dataDir, { recursive: true, force: true });
}
