// The WAL under sustained ingest: does it keep to its bound (docs/api.md, Storage)?
//   node --import tsx bench/wal-soak.ts [MINUTES]
// A real station in its own process (bench/wal-soak-server.ts) takes, for MINUTES each
// (default 2):
//   1. 8 clients posting as fast as it answers;
//   2. a stream of 200 orders/s (one order every 5 ms, whatever the answers take).
// Orders as a WMS sends them: one line item, tags, a non-Latin name. Printed per minute:
// orders/s, p50/p99/max latency, the station's RSS, the WAL file's largest size; then the
// goal (the WAL never passed its bound) and the p99 of requests that overlapped a RESTART
// checkpoint beside the p99 of those that did not (goal: within 2×; the first 10 s of each
// phase, the station warming up, left out of that comparison).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WAL_BOUND_BYTES } from '../main/core/foundations/db/checkpointer';

const MINUTES = Number(process.argv[2] ?? 2);
const CLIENTS = 8;
const STREAM_PER_SECOND = 200;
const SERVER = fileURLToPath(new URL('./wal-soak-server.ts', import.meta.url));
const MiB = 1024 * 1024;

interface Checkpoint {
  mode: string;
  busy: number;
  walBytes: number;
  ms: number;
  endedAt: number;
}

interface Station {
  child: ChildProcess;
  url: string;
  key: string;
  dataDir: string;
  checkpoints: Checkpoint[];
}

function startStation(dataDir: string): Promise<Station> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const checkpoints: Checkpoint[] = [];
  return new Promise((resolve, reject) => {
    let pending = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      let newline: number;
      while ((newline = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        const listening = /^listening on (\S+) key (\S+)/.exec(line);
        if (listening) resolve({ child, url: listening[1]!, key: listening[2]!, dataDir, checkpoints });
        else if (line.startsWith('{')) checkpoints.push((JSON.parse(line) as { checkpoint: Checkpoint }).checkpoint);
      }
    });
    child.once('exit', (code) => reject(new Error(`the station exited with ${code}`)));
  });
}

function order(sourceId: string) {
  return {
    sourceId,
    order: {
      orderNumber: `#${sourceId}`,
      shippingAddress: { firstName: 'Анна', lastName: 'Петрова', address1: 'ул. Ленина 1', city: 'Москва', country: 'RU' },
      lineItems: [{ name: '茶壶 Teapot', quantity: 1, sku: `SKU-${sourceId}` }],
      tags: [{ label: 'soak' }, { label: 'wave' }],
    },
  };
}

interface Request {
  startedAt: number;
  endedAt: number;
  ms: number;
}

/** One minute's figures, while the load runs. */
interface Minute {
  orders: number;
  latencies: number[];
  rssMb: number;
  walBytes: number;
}

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);
const rssMb = (pid: number) => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const walBytes = (dataDir: string) => {
  try {
    return statSync(join(dataDir, 'station.db-wal')).size;
  } catch {
    return 0;
  }
};

async function soak(station: Station, name: string, run: (post: () => Promise<void>, until: number) => Promise<void>): Promise<{ requests: Request[]; largestWal: number }> {
  let next = 0;
  const requests: Request[] = [];
  const minutes: Minute[] = [];
  let minute: Minute = { orders: 0, latencies: [], rssMb: 0, walBytes: 0 };
  let largestWal = 0;
  // The WAL file and RSS, sampled every 100 ms.
  const sampler = setInterval(() => {
    const wal = walBytes(station.dataDir);
    largestWal = Math.max(largestWal, wal);
    minute.walBytes = Math.max(minute.walBytes, wal);
    minute.rssMb = Math.max(minute.rssMb, rssMb(station.child.pid!));
  }, 100);
  const post = async () => {
    const body = JSON.stringify(order(`${name}-${next++}`));
    const startedAt = performance.timeOrigin + performance.now();
    const response = await fetch(`${station.url}/api/orders`, { method: 'POST', headers: { 'X-API-Key': station.key, 'Content-Type': 'application/json' }, body });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`answer ${response.status}`);
    const endedAt = performance.timeOrigin + performance.now();
    requests.push({ startedAt, endedAt, ms: endedAt - startedAt });
    minute.orders++;
    minute.latencies.push(endedAt - startedAt);
  };
  const started = Date.now();
  const minuteTimer = setInterval(() => {
    minutes.push(minute);
    report(name, minutes.length, minute);
    minute = { orders: 0, latencies: [], rssMb: 0, walBytes: 0 };
  }, 60_000);
  await run(post, started + MINUTES * 60_000);
  clearInterval(minuteTimer);
  clearInterval(sampler);
  // A last part-minute of a few seconds says nothing: reported only when it is a real stretch.
  const rest = (Date.now() - started) / 1000 - minutes.length * 60;
  if (minute.orders > 0 && rest >= 5) report(name, minutes.length + 1, minute, rest);
  return { requests, largestWal };
}

function report(name: string, index: number, minute: Minute, seconds = 60): void {
  const sorted = [...minute.latencies].sort((a, b) => a - b);
  console.log(
    `${name} minute ${index}: ${(minute.orders / seconds).toFixed(0)} orders/s, p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(0)} ms, RSS ${minute.rssMb.toFixed(0)} MB, WAL up to ${(minute.walBytes / MiB).toFixed(1)} MiB`,
  );
}

/**
 * The first seconds of a phase are left out of the comparison below (still in the per-minute
 * figures): the station starts its check thread and warms up while the first requests queue,
 * and whichever checkpoints run then would be blamed for that wait.
 */
const WARMUP_MS = 10_000;

/** p99 of requests that overlapped a RESTART/TRUNCATE checkpoint beside the p99 of the others, after the warm-up. */
function forcedCheckpointEffect(allRequests: Request[], checkpoints: Checkpoint[]): string {
  const from = (allRequests[0]?.startedAt ?? 0) + WARMUP_MS;
  const requests = allRequests.filter((request) => request.startedAt >= from);
  const forced = checkpoints.filter((c) => c.mode !== 'passive').map((c) => ({ from: c.endedAt - c.ms, to: c.endedAt }));
  const during: number[] = [];
  const without: number[] = [];
  for (const request of requests) {
    const overlaps = forced.some((c) => request.startedAt <= c.to && request.endedAt >= c.from);
    (overlaps ? during : without).push(request.ms);
  }
  during.sort((a, b) => a - b);
  without.sort((a, b) => a - b);
  const ratio = quantile(during, 0.99) / quantile(without, 0.99);
  const ms = checkpoints.filter((c) => c.mode !== 'passive').map((c) => c.ms).sort((a, b) => a - b);
  return `${forced.length} restart/truncate checkpoints (p50 ${quantile(ms, 0.5).toFixed(1)} ms, max ${ms.at(-1)?.toFixed(1) ?? '-'} ms on the checkpoint thread); p99 of ${during.length} requests during one ${quantile(during, 0.99).toFixed(1)} ms vs ${quantile(without, 0.99).toFixed(1)} ms without: ${ratio.toFixed(2)}× (goal ≤ 2×)`;
}

const root = mkdtempSync(join(tmpdir(), 'station-wal-soak-'));
try {
  const phases: [string, (post: () => Promise<void>, until: number) => Promise<void>][] = [
    [
      `${CLIENTS} clients`,
      async (post, until) => {
        const client = async () => {
          while (Date.now() < until) await post();
        };
        await Promise.all(Array.from({ length: CLIENTS }, client));
      },
    ],
    [
      `${STREAM_PER_SECOND} orders/s`,
      async (post, until) => {
        const inFlight = new Set<Promise<void>>();
        const started = performance.now();
        let sent = 0;
        // One order every 5 ms on a schedule that catches up, whatever the answers take.
        while (Date.now() < until) {
          const due = started + (sent * 1000) / STREAM_PER_SECOND;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          const request = post();
          sent++;
          inFlight.add(request);
          void request.finally(() => inFlight.delete(request));
        }
        await Promise.all(inFlight);
      },
    ],
  ];
  let met = true;
  for (const [name, run] of phases) {
    const station = await startStation(join(root, name.replace(/\W+/g, '-')));
    try {
      const { requests, largestWal } = await soak(station, name, run);
      const withinBound = largestWal <= WAL_BOUND_BYTES;
      met &&= withinBound;
      console.log(`${name}: ${requests.length} orders in ${MINUTES} min; largest WAL file ${(largestWal / MiB).toFixed(1)} MiB, bound ${WAL_BOUND_BYTES / MiB} MiB: ${withinBound ? 'met' : 'NOT met'}`);
      console.log(`${name}: ${forcedCheckpointEffect(requests, station.checkpoints)}`);
    } finally {
      const exited = new Promise((resolve) => station.child.once('exit', resolve));
      station.child.kill('SIGTERM');
      await exited;
    }
  }
  process.exitCode = met ? 0 : 1;
} finally {
  rmSync(root, { recursive: true, force: true });
}
