// Another team's ingest while crafted carrier labels arrive: does a decompression bomb slow
// anyone but its sender (docs/api.md, Carrier labels)?
//   node --import tsx bench/outside-bytes.ts [ORDERS]
// A real station in its own process (bench/wal-soak-server.ts, two teams). One client of
// team B, in a process of its own as a WMS is (bench/post-orders-client.ts), posts ORDERS
// plain orders one after another, first alone (the floor); then while two clients of team A
// post without pause orders with honest carrier labels of the same size (what any burst of
// big orders costs); then while they post orders whose carrier label is a PDF bomb (one
// object stream inflating to 256 MiB behind one FlateDecode, refused past 32 MiB; and a 2 KB
// chain of two FlateDecodes; and the same bombs disguised: a comment between `>>` and
// `stream`, a hex-escaped `/F#69lter`, a duplicate /Filter key, an earlier stream whose
// /Length runs past the end). Printed: team B's p50/p99/max in each round, the ratio of the
// p99s (goal: bombs ≤ 2× alone), and the station's resident memory idle and at its peak while
// the bombs were read (goal: within 50 MB of idle; the labels are read in a child process).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';

const ORDERS = Number(process.argv[2] ?? 600);
const SERVER = fileURLToPath(new URL('./wal-soak-server.ts', import.meta.url));

function start(dataDir: string): Promise<{ child: ChildProcess; url: string; attacker: string; other: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (\S+) key (\S+) other (\S+)/.exec(out);
      if (match) resolve({ child, url: match[1]!, attacker: match[2]!, other: match[3]! });
    });
    child.once('exit', (code) => reject(new Error(`the station exited with ${code}`)));
  });
}

/** A one-page PDF whose object stream carries `data` behind `filterEntry`, with `beforeData` between its dictionary and its data. */
function pdfWithObjectStream(filter: string, data: Buffer, { filterEntry = `/Filter ${filter}`, beforeData = '\nstream\n', runaway = false } = {}): Buffer {
  const head = '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] >>\nendobj\n';
  const runawayStream = runaway ? '5 0 obj\n<< /Length 99999999 >>\nstream\nshort\nendstream\nendobj\n' : '';
  return Buffer.concat([
    Buffer.from(`${head}${runawayStream}4 0 obj\n<< /Type /ObjStm /N 1 /First 4 ${filterEntry} /Length ${data.length} >>${beforeData}`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  ]);
}

const spaces = deflateSync(Buffer.concat([Buffer.from('5 0 '), Buffer.alloc(256 * 1024 * 1024, 0x20)]), { level: 9 });
// The same flood with honest labels of the same size (a stream of 256 KiB that inflates to
// itself): what any burst of big orders costs team B on this machine, bombs or not.
const HONEST = [pdfWithObjectStream('/FlateDecode', deflateSync(Buffer.concat([Buffer.from('5 0 '), randomBytes(256 * 1024)])))].map((pdf) => pdf.toString('base64'));
const chain = deflateSync(spaces);
const BOMBS = [
  pdfWithObjectStream('/FlateDecode', spaces),
  pdfWithObjectStream('[/FlateDecode /FlateDecode]', chain),
  pdfWithObjectStream('[/FlateDecode /FlateDecode]', chain, { beforeData: ' % a note\nstream\n' }),
  pdfWithObjectStream('', chain, { filterEntry: '/F#69lter [/FlateDecode /FlateDecode]' }),
  pdfWithObjectStream('', spaces, { filterEntry: '/Filter /ASCIIHexDecode /Filter /FlateDecode' }),
  pdfWithObjectStream('/FlateDecode', spaces, { runaway: true }),
].map((pdf) => pdf.toString('base64'));

/** The station's resident memory now, in MB (Linux: /proc), or undefined where it cannot be read. */
function residentMb(pid: number | undefined): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The highest resident memory of `pid` while `work` runs, sampled every 10 ms. */
async function peakResidentWhile<T>(pid: number | undefined, work: () => Promise<T>): Promise<{ result: T; peakMb: number | undefined }> {
  let peakMb = residentMb(pid);
  const sampler = setInterval(() => {
    const now = residentMb(pid);
    if (now !== undefined) peakMb = Math.max(peakMb ?? 0, now);
  }, 10);
  try {
    return { result: await work(), peakMb };
  } finally {
    clearInterval(sampler);
  }
}

const order = (sourceId: string, label?: string) =>
  JSON.stringify({
    sourceId,
    order: {
      orderNumber: `#${sourceId}`,
      shippingAddress: { firstName: 'Анна', lastName: '山田', address1: 'ул. Ленина 1', city: 'Москва', country: 'RU' },
      lineItems: [{ name: 'Teapot 茶壶', quantity: 1, sku: `SKU-${sourceId}` }],
      ...(label ? { variables: { carrierLabels: [{ tag: 'dhl', format: 'pdf', data: label }] } } : {}),
    },
  });

async function post(url: string, key: string, body: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/orders`, { method: 'POST', headers: { 'X-API-Key': key, 'Content-Type': 'application/json' }, body });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

const CLIENT = fileURLToPath(new URL('./post-orders-client.ts', import.meta.url));

/** Team B's ORDERS orders from its own process; their latencies, sorted. */
async function round(url: string, key: string, first: number): Promise<number[]> {
  const client = fork(CLIENT, [url, key, String(first)], { execArgv: ['--import', 'tsx'] });
  const latencies = await new Promise<number[]>((resolve, reject) => {
    client.on('message', (message: { ready?: true; latencies?: number[] }) => {
      if (message.ready) client.send({ start: { count: ORDERS } });
      if (message.latencies) resolve(message.latencies);
    });
    client.once('exit', (code) => code !== 0 && reject(new Error(`team B's client exited with ${code}`)));
  });
  return latencies.sort((a, b) => a - b);
}

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const figures = (sorted: number[]) => `p50 ${at(sorted, 0.5).toFixed(1)} ms, p99 ${at(sorted, 0.99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`;

const root = mkdtempSync(join(tmpdir(), 'station-outside-bytes-'));
const station = await start(root);
try {
  await round(station.url, station.other, 1_000_000);
  const idle = await round(station.url, station.other, 2_000_000);
  /** Team B's round while two clients of team A post `labels` without pause; and how many A posted. */
  const flooded = async (labels: string[], expected: number, first: number) => {
    let flooding = true;
    let posted = 0;
    const flood = async (which: number) => {
      for (let i = 0; flooding; i++) {
        const { status } = await post(station.url, station.attacker, order(`a-${first}-${which}-${i}`, labels[(i + which) % labels.length]));
        if (status !== expected) throw new Error(`team A's order answered ${status}, not ${expected}`);
        posted++;
      }
    };
    const floods = [flood(0), flood(1)];
    const latencies = await round(station.url, station.other, first);
    flooding = false;
    await Promise.all(floods);
    return { latencies, posted };
  };
  const honest = await flooded(HONEST, 201, 3_000_000);
  const idleMb = residentMb(station.child.pid);
  const { result: bombs, peakMb } = await peakResidentWhile(station.child.pid, () => flooded(BOMBS, 400, 4_000_000));
  console.log(`team B alone:                    ${figures(idle)}`);
  console.log(`team B during honest big labels: ${figures(honest.latencies)} (${honest.posted} orders of team A written meanwhile)`);
  console.log(`team B during bomb labels:       ${figures(bombs.latencies)} (${bombs.posted} bomb labels refused meanwhile, ${BOMBS.length} kinds, disguised ones included)`);
  if (idleMb !== undefined && peakMb !== undefined) {
    const growth = peakMb - idleMb;
    console.log(`station resident memory: ${idleMb.toFixed(0)} MB before the bombs, peak ${peakMb.toFixed(0)} MB while they were read: +${growth.toFixed(0)} MB (goal ≤ 50 MB: ${growth <= 50 ? 'met' : 'NOT met'})`);
  } else console.log('station resident memory: not measured here (no /proc)');
  const ratio = at(bombs.latencies, 0.99) / at(idle, 0.99);
  console.log(`p99 during bombs / alone: ${ratio.toFixed(2)}× (goal ≤ 2×: ${ratio <= 2 ? 'met' : 'NOT met'}); during bombs / during honest labels of the same size: ${(at(bombs.latencies, 0.99) / at(honest.latencies, 0.99)).toFixed(2)}×`);
} finally {
  const exited = new Promise((resolve) => station.child.once('exit', resolve));
  station.child.kill('SIGTERM');
  await exited;
  rmSync(root, { recursive: true, force: true });
}
