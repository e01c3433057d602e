// Printing, request to OS, against Chromium render floors measured in the same run:
//   node --import tsx bench/print.ts [ORDERS]
// 1. One order: POST /api/orders/{id}/print → the job accepted by CUPS (IPP Print-Job returned its
//    id), p50 over 50 runs, vs a warm one-page render (the same packing slip's HTML printed
//    by Playwright in a warm browser): nothing cached (goal ≤ 1.3×), then with the order's
//    document rendered ahead into the print cache first (goal ≤ 0.1×).
// 2. ORDERS (default 1,000) orders in one POST /api/orders/print → the first job and every
//    job accepted by CUPS, vs the one-HTML floor (the same slips in one plain page printed by
//    Playwright), goal ≤ 2×.
// 3. The same request again while one loopback client (a process of its own, as a WMS is:
//    bench/post-orders-client.ts) posts orders one after another: p50, p99 and max latency
//    of POST /api/orders, beside the same client idle.
// The queue is a raw CUPS queue writing to /dev/null (created here, removed after), so the
// spooler accepts without running filters over a thousand pages.
import { execFileSync, fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { RenderedHtml } from '../main/core/features/documents/contract';
import { createApiKey } from '../main/core/features/keys/service';
import { silentLogger } from '../main/core/foundations/logger';
import { CHROMIUM_ARGS } from '../main/core/features/render/chromium';
import { resolveChromiumPath } from '../main/core/features/render/chromium-path';
import { pageCss } from '../main/core/features/render/combine';
import { createStation } from '../main/core/station';
import { createTeam } from '../main/core/features/teams/service';
import { order } from './print-order';

const ORDERS = Number(process.argv[2] ?? 1000);
const ONE_ORDER_RUNS = 50;
const QUEUE = 'STATION_BENCH';

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

execFileSync('lpadmin', ['-p', QUEUE, '-E', '-v', 'file:///dev/null']);
const dataDir = mkdtempSync(join(tmpdir(), 'station-bench-print-'));
// Rendering ahead is driven by the bench itself (step 1), so that it never competes with a measurement.
const station = createStation({ dataDir, logger: silentLogger, background: true, renderAhead: false });
// The station's own process (Chromium runs in processes of its own): sampled every 100 ms.
let peakRss = 0;
const rssSampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 100);
const server = createServer(station.app.callback());
// The floors run between requests: idle keep-alive sockets must outlive them.
server.keepAliveTimeout = 120_000;
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const floorBrowser = await chromium.launch({ executablePath: resolveChromiumPath(), headless: true, args: CHROMIUM_ARGS });

try {
  const { team, secret } = station.db.transaction(() => {
    const created = createTeam(station.db, station.hooks, { name: 'Bench Print', type: 'standard' }).team;
    return { team: created, secret: createApiKey(station.db, created.id, 'bench').secret };
  })();
  // Manual printing only: a thousand ingests must not auto-print.
  station.services.templates.updateFlow(team.id, { ...station.services.templates.getFlow(team.id), autoPrint: false });
  const call = async (path: string, body: unknown) => {
    const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'X-API-Key': secret, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<{ id: string; status: string }[]>;
  };
  const printers = station.printing.printers;
  const printer = (await printers.refresh()).find((candidate) => candidate.vendorId === QUEUE)!;
  // A raw queue reports no paper sizes: it takes any page as it is.
  printers.updateSettings(printer.id, { fitToPage: true });

  /** Resolves when every job of the batches is accepted by the OS (state submitted or later). */
  const accepted = (batchIds: string[]) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        const jobs = station.db
          .prepare(`SELECT state FROM print_jobs WHERE batch_id IN (${batchIds.map(() => '?').join(',')})`)
          .all(...batchIds) as { state: string }[];
        if (jobs.some((job) => job.state === 'failed')) reject(new Error('a job failed'));
        else if (jobs.every((job) => job.state === 'submitted' || job.state === 'done')) {
          station.events.off('job', check);
          resolve();
        }
      };
      station.events.on('job', check);
      check();
    });
  const printAndWait = async (path: string, body: unknown) => {
    const start = process.hrtime.bigint();
    const results = await call(path, body);
    if (results.some((result) => result.status !== 'pending')) throw new Error(JSON.stringify(results));
    await accepted(results.map((result) => result.id));
    return ms(start);
  };

  const ids: string[] = [];
  for (let i = 0; i < ORDERS; i += 100) {
    const created = await Promise.all(Array.from({ length: Math.min(100, ORDERS - i) }, (_, j) => fetch(`${url}/api/orders`, {
      method: 'POST',
      headers: { 'X-API-Key': secret, 'Content-Type': 'application/json' },
      body: JSON.stringify(order(i + j)),
    }).then((response) => response.json() as Promise<{ id: string }>)));
    ids.push(...created.map((created) => created.id));
  }
  const docs: RenderedHtml[] = [];
  for (const id of ids) docs.push(await station.services.documents.renderHtml(station.services.documents.listForOrder(id)[0]!.id));

  async function floor(batch: RenderedHtml[]) {
    const bodies = batch.map((d) => `<div class="station-doc">${/<body>([\s\S]*)<\/body>/.exec(d.html)![1]}</div>`);
    const html = `<!doctype html><html><head><meta charset="utf-8"><style>${pageCss(batch[0]!.paper)}</style></head><body>${bodies.join('')}</body></html>`;
    const start = process.hrtime.bigint();
    const context = await floorBrowser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    const m = batch[0]!.paper.marginsMm;
    await page.pdf({ width: '210mm', height: '297mm', margin: { top: `${m.top}mm`, right: `${m.right}mm`, bottom: `${m.bottom}mm`, left: `${m.left}mm` }, printBackground: true });
    await context.close();
    return ms(start);
  }

  // 1. One order, request → accepted by CUPS.
  const one = { overrides: { printer: printer.id } };
  await printAndWait(`/api/orders/${ids[0]}/print`, one);
  await floor([docs[0]!]);
  const oursOne: number[] = [];
  const floorOne: number[] = [];
  for (let run = 0; run < ONE_ORDER_RUNS; run++) {
    floorOne.push(await floor([docs[run % docs.length]!]));
    oursOne.push(await printAndWait(`/api/orders/${ids[run % ids.length]}/print`, one));
  }
  const ratioOne = p50(oursOne) / p50(floorOne);
  console.log(`floor (warm one-page render, Playwright): p50 ${p50(floorOne).toFixed(0)} ms`);
  console.log(`one order, nothing cached → accepted by CUPS: p50 ${p50(oursOne).toFixed(0)} ms over ${ONE_ORDER_RUNS} runs, ratio ${ratioOne.toFixed(2)}× / floor (goal ≤ 1.3×) ${ratioOne <= 1.3 ? 'OK' : 'ABOVE GOAL'}`);
  // The same, each order's document rendered ahead first (what the render-ahead worker does).
  const renderer = station.services.pdfRenderer;
  const oursAhead: number[] = [];
  for (let run = 0; run < ONE_ORDER_RUNS; run++) {
    const id = ids[ONE_ORDER_RUNS + run]!;
    await renderer.renderAhead!(await station.services.documents.renderHtml(station.services.documents.listForOrder(id)[0]!.id));
    oursAhead.push(await printAndWait(`/api/orders/${id}/print`, one));
  }
  const ratioAhead = p50(oursAhead) / p50(floorOne);
  console.log(`one order, rendered ahead → accepted by CUPS: p50 ${p50(oursAhead).toFixed(0)} ms over ${ONE_ORDER_RUNS} runs, ratio ${ratioAhead.toFixed(2)}× / floor (goal ≤ 0.1×) ${ratioAhead <= 0.1 ? 'OK' : 'ABOVE GOAL'}`);

  // One loopback client in a process of its own (as a WMS is) posting orders one after
  // another, until `until` settles (or `count` posts).
  let extra = 0;
  async function ingestLatencies(until: Promise<unknown> | undefined, count = 200) {
    const client = fork(new URL('./post-orders-client.ts', import.meta.url), [url, secret, String(ORDERS + extra)], { execArgv: ['--import', 'tsx'] });
    extra += 100_000;
    await once(client, 'message');
    const reply = once(client, 'message') as Promise<[{ latencies: number[] }]>;
    client.send({ start: until ? {} : { count } });
    void until?.finally(() => client.send({ stop: true }));
    const [{ latencies }] = await reply;
    const sorted = [...latencies].sort((a, b) => a - b);
    return { p50: p50(sorted), p99: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!, max: sorted[sorted.length - 1]!, n: sorted.length };
  }
  const idle = await ingestLatencies(undefined);
  const idleRss = process.memoryUsage.rss();
  peakRss = idleRss;

  // 2. ORDERS orders in one request → the first job and every job accepted by CUPS (the
  //    first job the OS accepts marks the first pages), with nothing else running.
  const floorMany = await floor(docs);
  const batchRun = async (during: boolean) => {
    const start = process.hrtime.bigint();
    let first: number | undefined;
    const onJob = (event: { state?: string }) => {
      if (first === undefined && event.state === 'submitted') first = ms(start);
    };
    station.events.on('job', onJob);
    // The station's event loop held (a synchronous step), apart from the disk's sync that an answer waits for.
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const all = printAndWait('/api/orders/print', { orderIds: ids, overrides: { printer: printer.id } });
    const latencies = during ? await ingestLatencies(all) : undefined;
    const total = await all;
    loop.disable();
    station.events.off('job', onJob);
    return { first: first ?? NaN, total, latencies, loopHeldMax: loop.max / 1e6, loopHeldP99: loop.percentile(99) / 1e6 };
  };
  const alone = await batchRun(false);
  const oursMany = alone.total;
  const ratioMany = oursMany / floorMany;
  console.log(`${ORDERS} orders in one request → first pages accepted by CUPS: ${alone.first.toFixed(0)} ms (ratio ${(alone.first / floorMany).toFixed(2)}× / floor)`);
  console.log(`${ORDERS} orders in one request → all jobs accepted by CUPS: ${oursMany.toFixed(0)} ms (${((ORDERS / oursMany) * 1000).toFixed(0)} pages/s)`);
  // 3. The same request again while one loopback client posts orders one after another.
  const busy = await batchRun(true);
  const latency = (l: typeof idle) => `p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, max ${l.max.toFixed(0)} ms over ${l.n} posts`;
  console.log(`POST /api/orders, one loopback client: idle ${latency(idle)}; during the ${ORDERS}-order batch ${latency(busy.latencies!)} (the batch then took ${busy.total.toFixed(0)} ms)`);
  console.log(`the station's event loop during that batch: held p99 ${busy.loopHeldP99.toFixed(0)} ms, at most ${busy.loopHeldMax.toFixed(0)} ms at once (an answer also waits for the disk's sync)`);
  console.log(`floor (one HTML of ${ORDERS} slips, Playwright): ${floorMany.toFixed(0)} ms`);
  console.log(`ratio station / floor: ${ratioMany.toFixed(2)}× (goal ≤ 1.1×) ${ratioMany <= 1.1 ? 'OK' : 'ABOVE GOAL'}; first pages ${(alone.first / floorMany).toFixed(2)}× (goal ≤ 0.2×, ≤ 1.5 s) ${alone.first <= 1500 && alone.first / floorMany <= 0.2 ? 'OK' : 'ABOVE GOAL'}`);
  console.log(`RSS of the bench process (the station; Chromium and the client apart): ${(idleRss / 2 ** 20).toFixed(0)} MB before the batches, peak ${(peakRss / 2 ** 20).toFixed(0)} MB during them`);
} finally {
  clearInterval(rssSampler);
  await floorBrowser.close();
  server.closeAllConnections();
  server.close();
  await station.close();
  execFileSync('cancel', ['-a', QUEUE]);
  execFileSync('lpadmin', ['-x', QUEUE]);
  rmSync(dataDir, { recursive: true, force: true });
}
