// Reading a large shop export for the CSV import: does it hold the event loop?
//   node --import tsx bench/csv-import.ts [COPIES]
// The test fixture's Shopify export (5 orders, 8 rows) copied COPIES times with new order
// names (default 2,000: 10,000 orders, 16,000 rows, about 7.9 MB, the most one import takes). Printed: the time to
// preview and plan it (every row grouped into orders, every order checked by the order
// schema, as the import's dry run does) and the event loop's largest delay meanwhile, against
// the same loop idle for as long (goal: the largest delay under 50 ms). Then files shaped to
// cost, each under the 8 MB limit and refused by the import's limits (a tall file of millions
// of one-cell rows, a wide one of millions of columns, one of millions of cells, one row of
// 300,000 characters): the loop's largest delay and the resident memory's growth while each
// is refused (goals: under 50 ms; well under the 0.8–2.4 GB such files once took).
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parse } from 'csv-parse/sync';
import { csvPreview } from '../main/core/features/new-orders/csv-import';
import { planCsvImport } from '../main/core/features/new-orders/csv-orders';

const COPIES = Number(process.argv[2] ?? 2000);
const fixture = readFileSync(new URL('../test/fixtures/shopify-orders-export.csv', import.meta.url), 'utf8');
const [header, ...rows] = parse(fixture) as string[][];
const lines = [header!];
for (let copy = 0; copy < COPIES; copy++) for (const row of rows) lines.push(row.map((cell, column) => (column === 0 ? `${cell}-${copy}` : cell)));
const csv = lines.map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',')).join('\n');

async function largestDelay(work: () => Promise<unknown>): Promise<{ ms: number; maxMs: number; p99Ms: number }> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  delay.disable();
  return { ms, maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6 };
}

let orders = 0;
const read = await largestDelay(async () => {
  const { suggestedMapping } = await csvPreview(csv);
  orders = (await planCsvImport(csv, suggestedMapping)).orders.length;
});
const idle = await largestDelay(() => sleep(read.ms));
console.log(`Shopify export, ${lines.length - 1} rows, ${(csv.length / 1e6).toFixed(1)} MB, ${orders} orders`);
console.log(`preview + plan   ${Math.round(read.ms)} ms   largest loop delay ${read.maxMs.toFixed(1)} ms   p99 ${read.p99Ms.toFixed(1)} ms`);
console.log(`idle loop (floor)                 largest loop delay ${idle.maxMs.toFixed(1)} ms   p99 ${idle.p99Ms.toFixed(1)} ms`);
console.log(`largest delay ${read.maxMs < 50 ? 'under' : 'OVER'} 50 ms (goal)`);

const shapes: [string, string][] = [
  ['tall, 2.6 M rows', `Name\n${'#1\n'.repeat(2_600_000)}`],
  ['wide, 3.9 M columns', `Name,${','.repeat(3_900_000)}\n#1\n`],
  ['2.1 M cells', `Name${',x'.repeat(998)}\n${`#1${',x'.repeat(998)}\n`.repeat(2_100)}`],
  ['a 300,000-character row', `Name,Note\n#1,"${'x'.repeat(300_000)}"\n`],
];
for (const [shape, file] of shapes) {
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  let refusal = '';
  const shaped = await largestDelay(() => csvPreview(file).then(() => (refusal = 'ACCEPTED'), (error: Error) => (refusal = error.message.slice(0, 70))));
  clearInterval(sampler);
  const grewMb = (Math.max(peak, process.memoryUsage().rss) - rssBefore) / 2 ** 20;
  console.log(`${shape.padEnd(24)} ${(file.length / 1e6).toFixed(1)} MB   ${Math.round(shaped.ms)} ms   largest loop delay ${shaped.maxMs.toFixed(1)} ms ${shaped.maxMs < 50 ? '(under 50)' : '(OVER 50)'}   resident +${grewMb.toFixed(0)} MB   ${refusal}`);
}
