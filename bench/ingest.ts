// Order ingestion throughput and latency, against a bare Koa JSON handler as the floor:
//   node --import tsx bench/ingest.ts [COUNT]
// 20 concurrent clients post a realistic order (10 line items, addresses, tags) COUNT times
// to a real server on a real port (every 201 is on disk: the WAL synced before the answer). Figures:
// orders/s, p50/p99 latency, the server's CPU an order, and the ratio station / bare Koa (goal ≥ 0.6). The three
// servers run side by side in their own processes and are measured in alternating rounds.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiKey } from '../main/core/features/keys/service';
import { silentLogger } from '../main/core/foundations/logger';
import { createStation } from '../main/core/station';
import { createTeam } from '../main/core/features/teams/service';

const COUNT = Number(process.argv[2] ?? 3000);
const CLIENTS = 20;
const WARMUP = 200;
const ROUNDS = 3;
const SERVER = fileURLToPath(new URL('./ingest-server.ts', import.meta.url));

function order(sourceId: string) {
  // Every order another customer's name and street, as on a real day (the station keeps formatted addresses).
  const address = { firstName: 'Ada', lastName: `Lovelace ${sourceId}`, company: 'Engines Ltd', address1: `${sourceId} Analytical St`, address2: 'Floor 2', city: 'London', state: 'Greater London', postalCode: 'N1 9GU', country: 'GB' };
  return {
    source: 'shop',
    sourceId,
    order: {
      orderNumber: `#${sourceId}`,
      orderDate: '2026-11-01T10:00:00Z',
      note: 'Please gift wrap the mugs separately.',
      customer: { id: 'c-42', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', orderCount: 7, lifetimeValue: { amount: 412.5, currency: 'EUR' } },
      shippingAddress: address,
      billingAddress: { ...address, address2: undefined },
      lineItems: Array.from({ length: 10 }, (_, i) => ({
        name: `Product ${i} — stoneware, hand glazed`,
        quantity: (i % 3) + 1,
        sku: `SKU-${1000 + i}`,
        external_id: `li-${sourceId}-${i}`,
        price: { amount: 9.5 + i, currency: 'EUR' },
        image_url: `https://cdn.example.com/p/${i}.jpg`,
        variant: { id: `v-${i}`, sku: `SKU-${1000 + i}-B`, title: 'Blue / Large' },
      })),
      orderTotal: { amount: 240.5, currency: 'EUR' },
      variables: { giftWrap: true, channel: 'web', warehouse: 'A' },
      tags: [{ label: 'vip' }, { label: 'gift' }, { label: 'express' }],
    },
  };
}

function startServer(mode: string, dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, mode, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve({ child, url: match[1]! });
    });
    child.on('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

interface Figures {
  ordersPerSecond: number;
  p50: number;
  p99: number;
  /** The server process's CPU per order (ms; Chromium rendering ahead apart): what a change saves, whatever else the machine runs. */
  cpuPerOrder: number;
}

const serverCpuMs = async (url: string) => Number(await (await fetch(`${url}/bench/cpu`)).text());

async function load(url: string, key: string, prefix: string, count: number): Promise<Figures> {
  const bodies = Array.from({ length: count }, (_, i) => JSON.stringify(order(`${prefix}-${i}`)));
  const latencies: number[] = [];
  let next = 0;
  const client = async () => {
    while (next < count) {
      const body = bodies[next++]!;
      const started = performance.now();
      const res = await fetch(`${url}/api/orders`, { method: 'POST', headers: { 'X-API-Key': key, 'Content-Type': 'application/json' }, body });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`answer ${res.status}`);
      latencies.push(performance.now() - started);
    }
  };
  const cpuBefore = await serverCpuMs(url);
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const seconds = (performance.now() - started) / 1000;
  const cpuPerOrder = ((await serverCpuMs(url)) - cpuBefore) / count;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { ordersPerSecond: count / seconds, p50: at(0.5), p99: at(0.99), cpuPerOrder };
}

interface Server {
  child: ChildProcess;
  url: string;
  key: string;
}

async function stopServer(server: Server): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/** A server's background work (the station rendering ahead) runs during its own round only. */
async function ownRound<T>(server: Server, round: () => Promise<T>): Promise<T> {
  await fetch(`${server.url}/bench/resume`, { method: 'POST' }).then((response) => response.text());
  try {
    return await round();
  } finally {
    await fetch(`${server.url}/bench/pause`, { method: 'POST' }).then((response) => response.text());
  }
}

/**
 * The three servers are measured in alternating rounds and each reports its median round:
 * load from elsewhere on the machine then weighs on all three alike instead of on whichever
 * ran while it peaked.
 */
async function measureAll(modes: string[], root: string): Promise<Map<string, Figures>> {
  const servers = new Map<string, Server>();
  try {
    // Each server has a station.db of its own: sharing one file would make them contend.
    for (const mode of modes) {
      const dataDir = join(root, mode);
      const key = await prepareDataDir(dataDir);
      servers.set(mode, { ...(await startServer(mode, dataDir)), key });
    }
    for (const [mode, server] of servers) await ownRound(server, () => load(server.url, server.key, `${mode}-warmup`, WARMUP));
    const rounds = new Map<string, Figures[]>(modes.map((mode) => [mode, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [mode, server] of servers) rounds.get(mode)!.push(await ownRound(server, () => load(server.url, server.key, `${mode}-${round}`, Math.ceil(COUNT / ROUNDS))));
    }
    const median = (list: Figures[]) => [...list].sort((a, b) => a.ordersPerSecond - b.ordersPerSecond)[Math.floor(list.length / 2)]!;
    return new Map([...rounds].map(([mode, list]) => [mode, median(list)]));
  } finally {
    for (const server of servers.values()) await stopServer(server);
  }
}

/**
 * A data dir with an onboarding merchant and its key: its orders are rendered on write but
 * never printed automatically, so the figure is ingestion, not printing.
 */
async function prepareDataDir(dataDir: string): Promise<string> {
  const setup = createStation({ dataDir, background: false, logger: silentLogger });
  const key = setup.db.transaction(() => {
    const { team: parent } = createTeam(setup.db, setup.hooks, { name: 'Bench 3PL', type: 'three_pl' });
    const { team } = createTeam(setup.db, setup.hooks, { name: 'Bench Merchant', type: 'merchant', parentTeamId: parent.id });
    return createApiKey(setup.db, team.id, 'bench').secret;
  })();
  await setup.close();
  return key;
}

const root = mkdtempSync(join(tmpdir(), 'station-bench-'));
try {
  const figures = await measureAll(['koa', 'core', 'station'], root);
  const floor = figures.get('koa')!;
  const core = figures.get('core')!;
  const station = figures.get('station')!;
  const line = (name: string, f: Figures) =>
    `${name.padEnd(34)} ${f.ordersPerSecond.toFixed(0).padStart(6)} orders/s   p50 ${f.p50.toFixed(1).padStart(6)} ms   p99 ${f.p99.toFixed(1).padStart(6)} ms   ${f.cpuPerOrder.toFixed(2).padStart(5)} ms CPU an order`;
  console.log(
    `POST /api/orders, ${COUNT} orders per server in ${ROUNDS} alternating rounds (median round shown), 10 line items, 2 addresses, 3 tags, ${CLIENTS} concurrent clients, every 201 on disk`,
  );
  console.log(line('bare Koa JSON handler (floor)', floor));
  console.log(line('station core path (no other hooks)', core));
  console.log(line('station as served (all hooks)', station));
  console.log(`ratio core / floor:    ${(core.ordersPerSecond / floor.ordersPerSecond).toFixed(2)} (goal ≥ 0.6)`);
  console.log(`ratio station / floor: ${(station.ordersPerSecond / floor.ordersPerSecond).toFixed(2)}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
