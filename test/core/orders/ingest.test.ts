import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockPast, sampleOrder, startStation, type RunningStation } from '../../helpers/station';

let s: RunningStation;
let key: string;
let teamId: string;

beforeAll(async () => {
  // No print queue worker: these tests are about ingestion, not printing.
  s = await startStation({ background: false });
  const made = s.team('Ingest Shop');
  key = made.key;
  teamId = made.team.id;
});
afterAll(() => s.stop());

type OrderAnswer = Record<string, unknown> & { id: string; orderKeys: string[]; createdAt: string; updatedAt: string; tags: { id: string; label: string; color: string }[] };

async function post(body: unknown, withKey = key): Promise<OrderAnswer> {
  const res = await s.call('/api/orders', { key: withKey, json: body });
  expect(res.status).toBe(201);
  return (await res.json()) as OrderAnswer;
}

const count = (sql: string, ...params: unknown[]) => (s.station.db.prepare(sql).get(...params) as { n: number }).n;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('POST /api/orders', () => {
  it('answers 201 with the Order (response): every field sent, echoed', async () => {
    const body = sampleOrder('resp-1');
    body.order = {
      ...body.order,
      billingAddress: { firstName: 'Ada', lastName: 'Lovelace', company: 'Engines Ltd', address1: '1 Bill St', city: 'London', country: 'GB' },
      lineItems: [{ name: 'Mug', quantity: 2, sku: 'MUG-1', external_id: 'li-1', price: { amount: 9.5, currency: 'EUR' }, image_url: 'https://img.test/mug.png' }],
      overrides: { printer: 'printer-1', tray: 'Tray 2', template: 'packing-slip' },
    } as unknown as typeof body.order;
    const order = await post(body);
    expect(order.id).toMatch(UUID);
    expect(order.orderKeys).toEqual([`${teamId}/api-resp-1`]);
    expect(order).toMatchObject({
      orderNumber: '#resp-1',
      orderDate: '2026-11-01T10:00:00.000Z',
      status: 'ready',
      note: 'Please gift wrap',
      customer: body.order.customer,
      shippingAddress: body.order.shippingAddress,
      billingAddress: (body.order as Record<string, unknown>).billingAddress,
      lineItems: [{ name: 'Mug', quantity: 2, sku: 'MUG-1', external_id: 'li-1', price: { amount: 9.5, currency: 'EUR' }, image_url: 'https://img.test/mug.png' }],
      orderTotal: { amount: 23, currency: 'EUR' },
      variables: { giftWrap: true },
      overrides: { printer: 'printer-1', tray: 'Tray 2', template: 'packing-slip' },
    });
    expect(order.tags).toEqual([{ id: expect.stringMatching(UUID), label: 'vip', color: expect.stringMatching(/^#[0-9a-f]{6}$/) }]);
    expect(order.createdAt).toMatch(ISO);
    expect(order.updatedAt).toBe(order.createdAt);
    expect(order).not.toHaveProperty('teamId');
  });

  it('a new order has status ready', async () => {
    expect((await post(sampleOrder('status-1'))).status).toBe('ready');
  });

  it('source defaults to api', async () => {
    const order = await post(sampleOrder('default-source'));
    expect(order.orderKeys).toEqual([`${teamId}/api-default-source`]);
    expect(count("SELECT COUNT(*) AS n FROM order_sources WHERE source = 'api' AND source_id = 'default-source'")).toBe(1);
  });

  it('orderDate defaults to the ingest time', async () => {
    const before = Date.now();
    const order = await post({ sourceId: 'no-date', order: { orderNumber: 'ND-1' } });
    const at = Date.parse(order.orderDate as string);
    expect(at).toBeGreaterThanOrEqual(before - 1);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(order.orderDate).toBe(order.createdAt);
  });

  it('repeating (team, source, sourceId) updates in place: same id, updatedAt moves, no duplicate', async () => {
    const first = await post({ ...sampleOrder('repeat-1'), source: 'shop' });
    await clockPast(first.updatedAt);
    const second = await post({ ...sampleOrder('repeat-1', { orderNumber: '#repeat-1-b', note: 'changed' }), source: 'shop' });
    expect(second.id).toBe(first.id);
    expect(second.orderKeys).toEqual(first.orderKeys);
    expect(second.orderNumber).toBe('#repeat-1-b');
    expect(second.note).toBe('changed');
    expect(second.createdAt).toBe(first.createdAt);
    expect(Date.parse(second.updatedAt)).toBeGreaterThan(Date.parse(first.updatedAt));
    expect(count('SELECT COUNT(*) AS n FROM orders WHERE id = ?', first.id)).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM order_sources WHERE source = 'shop' AND source_id = 'repeat-1'")).toBe(1);
    expect(count('SELECT COUNT(*) AS n FROM order_keys WHERE order_id = ?', first.id)).toBe(1);
  });

  it('an update replaces the order data: omitted fields are cleared, an omitted orderDate is kept', async () => {
    const first = await post(sampleOrder('replace-1'));
    const second = await post({ sourceId: 'replace-1', order: { orderNumber: '#replace-1' } });
    expect(second.id).toBe(first.id);
    expect(second.orderDate).toBe(first.orderDate);
    expect(second).not.toHaveProperty('note');
    expect(second).not.toHaveProperty('customer');
    expect(second.lineItems).toEqual([]);
    expect(second.tags).toEqual([]);
  });

  it('an update keeps the status the order has reached', async () => {
    const first = await post(sampleOrder('keeps-status'));
    s.station.db.prepare("UPDATE orders SET status = 'printed' WHERE id = ?").run(first.id);
    const second = await post(sampleOrder('keeps-status', { note: 'again' }));
    expect(second.status).toBe('printed');
  });

  it('the same sourceId from another source is another order', async () => {
    const a = await post({ ...sampleOrder('same-id'), source: 'shopify' });
    const b = await post({ ...sampleOrder('same-id'), source: 'woo' });
    expect(a.id).not.toBe(b.id);
  });

  it('the same source+sourceId in another team is another order', async () => {
    const other = s.team('Other Shop');
    const a = await post(sampleOrder('cross-team'));
    const b = await post(sampleOrder('cross-team'), other.key);
    expect(a.id).not.toBe(b.id);
    expect(b.orderKeys).toEqual([`${other.team.id}/api-cross-team`]);
  });

  it('a source and sourceId forming another order\'s key is refused with 400 order_key_taken', async () => {
    const first = await post({ ...sampleOrder('b-c'), source: 'a' });
    const res = await s.call('/api/orders', { key, json: { ...sampleOrder('c'), source: 'a-b' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('order_key_taken');
    expect(count("SELECT COUNT(*) AS n FROM order_sources WHERE source = 'a-b'")).toBe(0);
    expect(first.orderKeys).toEqual([`${teamId}/a-b-c`]);
  });
});

describe('after the commit', () => {
  it('a failing after-commit hook does not turn the 201 into an error: the order is taken', async () => {
    const failing = () => {
      throw new Error('printer on fire');
    };
    s.station.hooks.orderCommitted.push(failing);
    try {
      const order = await post(sampleOrder('after-commit-1'));
      expect(count('SELECT COUNT(*) AS n FROM orders WHERE id = ?', order.id)).toBe(1);
    } finally {
      s.station.hooks.orderCommitted.splice(s.station.hooks.orderCommitted.indexOf(failing), 1);
    }
  });
});

describe('tags', () => {
  it('resolve to {id, label, color}, created on first use and reused after', async () => {
    const a = await post(sampleOrder('tags-1', { tags: [{ label: 'fragile' }, { label: 'express' }] }));
    const b = await post(sampleOrder('tags-2', { tags: [{ label: 'express' }] }));
    expect(a.tags.map((t) => t.label)).toEqual(['fragile', 'express']);
    expect(b.tags[0]).toEqual(a.tags[1]);
    expect(count("SELECT COUNT(*) AS n FROM tags WHERE team_id = ? AND label = 'express'", teamId)).toBe(1);
  });

  it('a label matches its tag whatever the case, and is listed once', async () => {
    const a = await post(sampleOrder('tags-3', { tags: [{ label: 'Gift' }, { label: 'GIFT' }, { label: ' gift ' }] }));
    expect(a.tags).toHaveLength(1);
    expect(a.tags[0]!.label).toBe('Gift');
  });

  it('the colour is stable: it follows from the label, the same in every team', async () => {
    const other = s.team('Colour Shop');
    const a = await post(sampleOrder('colour-1', { tags: [{ label: 'priority' }] }));
    const b = await post(sampleOrder('colour-1', { tags: [{ label: 'Priority' }] }), other.key);
    expect(b.tags[0]!.id).not.toBe(a.tags[0]!.id);
    expect(b.tags[0]!.color).toBe(a.tags[0]!.color);
  });

  it('an update with new tags replaces the order\'s tags', async () => {
    await post(sampleOrder('tags-4', { tags: [{ label: 'one' }] }));
    const updated = await post(sampleOrder('tags-4', { tags: [{ label: 'two' }] }));
    expect(updated.tags.map((t) => t.label)).toEqual(['two']);
  });
});
