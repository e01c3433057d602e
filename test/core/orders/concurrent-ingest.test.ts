import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleOrder, startStation, type RunningStation } from '../../helpers/station';

let s: RunningStation;
let key: string;

beforeAll(async () => {
  // No print queue worker: these tests are about ingestion, not printing.
  s = await startStation({ background: false });
  key = s.team('Busy Shop').key;
});
afterAll(() => s.stop());

describe('concurrent ingestion', () => {
  it('50 concurrent POSTs of the same (source, sourceId) make exactly one order, all 201 with the same id', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => s.call('/api/orders', { key, json: { ...sampleOrder('race-1', { note: `attempt ${i}` }), source: 'shop' } })),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(50).fill(201));
    const ids = new Set(await Promise.all(answers.map(async (res) => ((await res.json()) as { id: string }).id)));
    expect(ids.size).toBe(1);
    const db = s.station.db;
    expect(db.prepare('SELECT COUNT(*) AS n FROM orders').get()).toEqual({ n: 1 });
    expect(db.prepare("SELECT COUNT(*) AS n FROM order_sources WHERE source = 'shop' AND source_id = 'race-1'").get()).toEqual({ n: 1 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM order_keys').get()).toEqual({ n: 1 });
    expect(db.prepare("SELECT COUNT(*) AS n FROM order_status_history WHERE status = 'ready'").get()).toEqual({ n: 1 });
  });

  it('50 concurrent POSTs of different orders make 50 orders with 50 keys', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => s.call('/api/orders', { key, json: sampleOrder(`many-${i}`) })));
    expect(answers.map((res) => res.status)).toEqual(Array(50).fill(201));
    const ids = new Set(await Promise.all(answers.map(async (res) => ((await res.json()) as { id: string }).id)));
    expect(ids.size).toBe(50);
    expect(s.station.db.prepare("SELECT COUNT(*) AS n FROM order_keys WHERE key LIKE '%/api-many-%'").get()).toEqual({ n: 50 });
  });

  it('an invalid order among concurrent valid ones fails alone', async () => {
    const bodies = Array.from({ length: 20 }, (_, i) => (i === 7 ? { sourceId: 'bad', order: {} } : sampleOrder(`mixed-${i}`)));
    const answers = await Promise.all(bodies.map((json) => s.call('/api/orders', { key, json })));
    expect(answers.map((res) => res.status)).toEqual(bodies.map((_, i) => (i === 7 ? 400 : 201)));
  });
});
