import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listOrderSummaries } from '../../../main/core/features/admin/orders-query-store';
import { openDatabase } from '../../../main/core/foundations/db/open';
import { databaseBefore } from '../../helpers/migration';

/** 0025 indexes the orders a station already holds for the dashboard's search. */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'station-0025-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const AT = '2026-01-01T00:00:00.000Z';

describe('migration 0025: order search', () => {
  it('finds orders written before the index existed by number, key, customer and SKU', () => {
    const { db: before, teamId } = databaseBefore(dir, 25, 'Склад');
    const order = before.prepare(
      `INSERT INTO orders (id, team_id, status, order_number, order_date, customer, line_items, created_at, updated_at)
       VALUES (?, ?, 'ready', ?, ?, ?, ?, ?, ?)`,
    );
    order.run('o1', teamId, '#SO-771', AT, JSON.stringify({ firstName: 'Светлана', lastName: 'Орлова' }), JSON.stringify([{ name: 'Mug', quantity: 1, sku: 'MUG-XL' }]), AT, AT);
    order.run('o2', teamId, '#SO-772', AT, null, '[]', AT, AT);
    before.prepare('INSERT INTO order_keys (key, team_id, order_id, created_at) VALUES (?, ?, ?, ?)').run(`${teamId}/erp-99812`, teamId, 'o2', AT);
    before.close();

    const db = openDatabase(dir);
    try {
      const found = (q: string) => listOrderSummaries(db, { q }, 0, 10).orders.map((o) => o.id);
      expect(found('SO-77')).toEqual(['o2', 'o1']);
      expect(found('орлова')).toEqual(['o1']);
      expect(found('mug-x')).toEqual(['o1']);
      expect(found('erp-998')).toEqual(['o2']);
    } finally {
      db.close();
    }
  });
});
