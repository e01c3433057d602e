import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { indexOrderSearchInBackground, SEARCH_INDEX_BATCH, SEARCH_INDEX_EVERY_MS } from '../../../main/core/features/orders/search-index';
import { silentLogger } from '../../../main/core/foundations/logger';
import { sampleOrder, startStation, type RunningStation } from '../../helpers/station';
import { adminClient } from '../admin/admin-helpers';

// The order search is indexed in batches off the order's write (migration 0043): these
// tests run without the station's background work, so only what they call indexes it.
let running: RunningStation;
let admin: ReturnType<typeof adminClient>;
let shop: { key: string };
beforeEach(async () => {
  running = await startStation({ background: false });
  admin = adminClient(running);
  shop = running.team('Search Shop');
});
afterEach(() => {
  vi.useRealTimers();
  return running.stop();
});

const queued = () => running.station.db.prepare('SELECT (SELECT COUNT(*) FROM order_search_queue) + (SELECT COUNT(*) FROM order_key_search_queue)').pluck().get() as number;
const indexedText = (orderId: string) =>
  running.station.db.prepare('SELECT s.text FROM order_search s JOIN orders o ON o.rowid = s.rowid WHERE o.id = ?').pluck().get(orderId) as string | undefined;
const post = async (sourceId: string, overrides: Record<string, unknown> = {}) => {
  const response = await running.call('/api/orders', { key: shop.key, json: sampleOrder(sourceId, overrides) });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; orderKeys: string[] };
};
const search = async (q: string) =>
  ((await (await admin.call(`/admin/api/orders?q=${encodeURIComponent(q)}`)).json()).orders as { id: string }[]).map((order) => order.id);

describe('the order search, indexed off the write', () => {
  it('an order written is queued, not indexed, by its write; a search right after its 201 finds it by name and key and empties the queue', async () => {
    const order = await post('Q-1', { shippingAddress: { firstName: '山田', lastName: 'Ёлкина', address1: '1 Main St', city: 'Tokyo', country: 'JP' } });
    expect(indexedText(order.id)).toBeUndefined();
    expect(queued()).toBe(2); // the order and its key
    expect(await search('Ёлкина')).toEqual([order.id]);
    expect(await search('api-Q-1')).toEqual([order.id]);
    expect(queued()).toBe(0);
    expect(indexedText(order.id)).toContain('山田');
  });

  it('an order sent again with another name is found by the new name only; a deleted one is found no more', async () => {
    const order = await post('Q-2', { customer: { firstName: 'Борис', lastName: 'Первый' } });
    expect(await search('Первый')).toEqual([order.id]);
    await post('Q-2', { customer: { firstName: 'Борис', lastName: 'Второй' } });
    expect(await search('Второй')).toEqual([order.id]);
    expect(await search('Первый')).toEqual([]);
    // Deleted as retention deletes it: the row and its key go, the index follows.
    running.station.db.prepare('DELETE FROM orders WHERE id = ?').run(order.id);
    expect(await search('Второй')).toEqual([]);
    expect(await search('api-Q-2')).toEqual([]);
    expect(queued()).toBe(0);
  });

  it('while the station serves, the queue is indexed in batches every half second, with no search', async () => {
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await post(`Q-B${i}`, { customer: { firstName: 'שרה', lastName: `כהן ${i}` } }));
    // Orders deleted since they were queued, more than a batch of them: the rest follows soon after the first batch.
    const gone = SEARCH_INDEX_BATCH + 50;
    running.station.db
      .prepare('WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?) INSERT INTO order_search_queue (order_rowid) SELECT 100000 + i FROM n')
      .run(gone);
    expect(queued()).toBe(6 + gone);
    vi.useFakeTimers();
    const indexer = indexOrderSearchInBackground({ db: running.station.db, logger: silentLogger });
    try {
      await vi.advanceTimersByTimeAsync(SEARCH_INDEX_EVERY_MS);
      // The first batch: the oldest queued, the three orders among them, and their keys.
      expect(queued()).toBe(3 + gone - SEARCH_INDEX_BATCH);
      for (const [i, order] of orders.entries()) expect(indexedText(order.id)).toContain(`כהן ${i}`);
      await vi.advanceTimersByTimeAsync(100);
      expect(queued()).toBe(0);
    } finally {
      await indexer.stop();
    }
  });
});
