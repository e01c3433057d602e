// The dashboard's order list over 100,000 orders: the virtual list asks for 100-row windows
// anywhere in the list while the operator scrolls, and searches as they type.
//   node --import tsx bench/dashboard-orders.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listOrderSummaries } from '../main/core/features/admin/orders-query-store';
import { silentLogger } from '../main/core/foundations/logger';
import { indexQueuedOrderSearch } from '../main/core/features/orders/search-index-store';
import { createStation } from '../main/core/station';
import { createTeam } from '../main/core/features/teams/service';

const ORDERS = 100_000;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-dashboard-'));
const station = createStation({ dataDir, logger: silentLogger });
const { db } = station;

// Rows written straight to the tables (ingestion has its own bench): orders, keys, sources, tags.
const teams = ['Corner Shop', 'Warehouse', 'Gift Co'].map((name) => db.transaction(() => createTeam(db, station.hooks, { name, type: 'standard' }).team)());
const tagIds = teams.map((team, i) => {
  const id = `tag-${i}`;
  db.prepare('INSERT INTO tags (id, team_id, label, color, created_at) VALUES (?, ?, ?, ?, ?)').run(id, team.id, i === 0 ? 'express' : `tag-${i}`, '#2563eb', new Date().toISOString());
  return id;
});
const start = Date.UTC(2026, 0, 1);
db.transaction(() => {
  const order = db.prepare(
    `INSERT INTO orders (id, team_id, status, order_number, order_date, first_name, line_items, shipping_address, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const key = db.prepare('INSERT INTO order_keys (key, team_id, order_id, created_at) VALUES (?, ?, ?, ?)');
  const source = db.prepare('INSERT INTO order_sources (team_id, source, source_id, order_id, payload, received_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const tag = db.prepare('INSERT INTO order_tags (order_id, tag_id, position) VALUES (?, ?, 0)');
  const items = JSON.stringify([{ name: 'Mug', quantity: 2 }]);
  const address = JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', city: 'London' });
  for (let i = 0; i < ORDERS; i++) {
    const team = teams[i % teams.length]!;
    const id = `order-${i}`;
    const at = new Date(start + i * 1000).toISOString();
    order.run(id, team.id, i % 10 === 0 ? 'printed' : 'ready', `#${100000 + i}`, at, 'Ada', items, address, at, at);
    key.run(`${team.id}/api-${i}`, team.id, id, at);
    source.run(team.id, 'api', String(i), id, '{}', at, at);
    if (i % 7 === 0) tag.run(id, tagIds[i % teams.length]!);
  }
})();
// Indexed for the search as a serving station indexes what its writes queued (orders/search-index.ts).
indexQueuedOrderSearch(db);

function timeIt(runs: number, fn: () => unknown): number {
  fn();
  const begin = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) fn();
  return Number(process.hrtime.bigint() - begin) / 1e6 / runs;
}

// Floor: the cheapest read of 100 orders (by primary key order), same machine, same run.
const floor = timeIt(50, () => db.prepare('SELECT * FROM orders LIMIT 100').all());
const cases: [string, () => unknown][] = [
  ['newest 100 (first screen)', () => listOrderSummaries(db, {}, 0, 100)],
  ['100 in the middle (scrollbar dragged)', () => listOrderSummaries(db, {}, 50_000, 100)],
  ['last 100', () => listOrderSummaries(db, {}, ORDERS - 100, 100)],
  ['status=printed, middle', () => listOrderSummaries(db, { status: 'printed' }, 5_000, 100)],
  ['tag=express', () => listOrderSummaries(db, { tag: 'express' }, 0, 100)],
  ['team filter', () => listOrderSummaries(db, { teamId: teams[1]!.id }, 10_000, 100)],
  ['search "#15000" (typing a number)', () => listOrderSummaries(db, { q: '#15000' }, 0, 100)],
  ['search "lovelace" (a customer)', () => listOrderSummaries(db, { q: 'lovelace' }, 0, 100)],
  ['search "MUG" (a SKU on every order)', () => listOrderSummaries(db, { q: 'MUG' }, 0, 100)],
  ['source=api, middle', () => listOrderSummaries(db, { source: 'api' }, 50_000, 100)],
];
console.log(`${ORDERS.toLocaleString()} orders; floor (SELECT 100 orders): ${floor.toFixed(2)} ms`);
for (const [name, fn] of cases) {
  const ms = timeIt(10, fn);
  console.log(`${name.padEnd(40)} ${ms.toFixed(1).padStart(7)} ms  ${(ms / floor).toFixed(0).padStart(5)}× floor`);
}

await station.close();
rmSync(dataDir, { recursive: true, force: true });
