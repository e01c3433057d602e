import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listOrderSummaries } from '../../../main/core/features/admin/orders-query-store';
import { openDatabase, type Db } from '../../../main/core/foundations/db/open';
import { databaseBefore } from '../../helpers/migration';

/** 0026 counts each source's orders for the dashboard's source filter, and triggers keep the counts. */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'station-0026-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const AT = '2026-01-01T00:00:00.000Z';

function addOrder(db: Db, teamId: string, id: string, sources: [string, string][]) {
  db.prepare(`INSERT INTO orders (id, team_id, status, order_number, order_date, line_items, created_at, updated_at) VALUES (?, ?, 'ready', ?, ?, '[]', ?, ?)`).run(id, teamId, `#${id}`, AT, AT, AT);
  const source = db.prepare('INSERT INTO order_sources (team_id, source, source_id, order_id, payload, received_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (const [name, sourceId] of sources) source.run(teamId, name, sourceId, id, '{}', AT, AT);
}

const counted = (db: Db) => Object.fromEntries((db.prepare('SELECT source, orders FROM order_source_counts ORDER BY source').all() as { source: string; orders: number }[]).map((row) => [row.source, row.orders]));
const totalFor = (db: Db, source: string) => listOrderSummaries(db, { source }, 0, 10).total;

describe('migration 0026: orders per source', () => {
  it('counts the orders a station already holds, each once per source', () => {
    const { db: before, teamId } = databaseBefore(dir, 26, 'Склад');
    addOrder(before, teamId, 'o1', [['shopify', '1']]);
    // Two ids of one source merged into one order count it once.
    addOrder(before, teamId, 'o2', [['shopify', '2'], ['shopify', '2b'], ['ebay', '9']]);
    before.close();

    const db = openDatabase(dir);
    try {
      expect(counted(db)).toEqual({ ebay: 1, shopify: 2 });
      expect(totalFor(db, 'shopify')).toBe(2);
    } finally {
      db.close();
    }
  });

  it('follows new source rows, removed ones and deleted orders', () => {
    const { db: before, teamId } = databaseBefore(dir, 26, 'Магазин');
    before.close();
    const db = openDatabase(dir);
    try {
      addOrder(db, teamId, 'o1', [['api', '1']]);
      addOrder(db, teamId, 'o2', [['api', '2'], ['csv', '2']]);
      expect(counted(db)).toEqual({ api: 2, csv: 1 });
      // A second id of the same source on an order does not count it twice.
      db.prepare('INSERT INTO order_sources (team_id, source, source_id, order_id, payload, received_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(teamId, 'api', '1b', 'o1', '{}', AT, AT);
      expect(counted(db).api).toBe(2);
      db.prepare("DELETE FROM order_sources WHERE source_id = '1b'").run();
      expect(counted(db).api).toBe(2);
      // Deleting an order removes its source rows (ON DELETE CASCADE) and uncounts it.
      db.prepare("DELETE FROM orders WHERE id = 'o2'").run();
      expect(counted(db)).toEqual({ api: 1, csv: 0 });
      expect(totalFor(db, 'api')).toBe(1);
      expect(totalFor(db, 'csv')).toBe(0);
      expect(listOrderSummaries(db, { source: 'api' }, 0, 10).orders.map((order) => order.id)).toEqual(['o1']);
    } finally {
      db.close();
    }
  });
});
