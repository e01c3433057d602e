import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamRow } from '../../../main/core/features/teams/store';
import { clockPast, sampleOrder, startStation, type RunningStation } from '../../helpers/station';

let s: RunningStation;
let shop: { team: TeamRow; key: string };
let parent: { team: TeamRow; key: string };
let merchant: { team: TeamRow; key: string };
let stranger: { team: TeamRow; key: string };

beforeAll(async () => {
  // No print queue worker: automatic printing would move status and updated_at under the test.
  s = await startStation({ background: false });
  shop = s.team('Status Shop');
  parent = s.team('Status 3PL', 'three_pl');
  merchant = s.team('Status Merchant', 'merchant', parent.team);
  stranger = s.team('Stranger');
});
afterAll(() => s.stop());

type Created = { id: string; orderKeys: string[]; createdAt: string; updatedAt: string };
async function create(key: string, body: unknown): Promise<Created> {
  const res = await s.call('/api/orders', { key, json: body });
  expect(res.status).toBe(201);
  return (await res.json()) as Created;
}
const statusOf = (key: string, idOrKey: string) => s.call(`/api/orders/${encodeURIComponent(idOrKey)}/status`, { key });

describe('GET /api/orders/{orderIdOrKey}/status', () => {
  it('by UUID: 200 with the snake_case status object', async () => {
    const order = await create(shop.key, sampleOrder('st-1'));
    const res = await statusOf(shop.key, order.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: order.id,
      order_keys: order.orderKeys,
      status: 'ready',
      created_at: order.createdAt,
      updated_at: order.updatedAt,
    });
  });

  it('by UUID in upper case too: a UUID is the same id in any case', async () => {
    const order = await create(shop.key, sampleOrder('st-upper'));
    const res = await statusOf(shop.key, order.id.toUpperCase());
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(order.id);
  });

  it('by its key, URL-encoded: a key with ":" in the source and "/" in the sourceId', async () => {
    const order = await create(shop.key, { ...sampleOrder('2024/05/A-17'), source: 'shopify:store-1' });
    const orderKey = `${shop.team.id}/shopify:store-1-2024/05/A-17`;
    expect(order.orderKeys).toEqual([orderKey]);
    const res = await statusOf(shop.key, orderKey);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(order.id);
  });

  it('keys with spaces, "?", "#", "%" and non-ASCII characters are found when encoded', async () => {
    const order = await create(shop.key, { ...sampleOrder('a b?c#d%e/ü'), source: 'weird src' });
    const res = await statusOf(shop.key, order.orderKeys[0]!);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(order.id);
  });

  it('updated_at moves when the order is updated', async () => {
    const order = await create(shop.key, sampleOrder('st-2'));
    await clockPast(order.updatedAt);
    await create(shop.key, sampleOrder('st-2', { note: 'later' }));
    const status = (await (await statusOf(shop.key, order.id)).json()) as { updated_at: string; created_at: string };
    expect(status.created_at).toBe(order.createdAt);
    expect(Date.parse(status.updated_at)).toBeGreaterThan(Date.parse(order.updatedAt));
  });

  it('404 JSON when no order has that id or key', async () => {
    const res = await statusOf(shop.key, `${shop.team.id}/api-nope`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    expect((await statusOf(shop.key, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it("404 for another team's order, by UUID and by key (no hint that it exists)", async () => {
    const order = await create(shop.key, sampleOrder('st-3'));
    const byId = await statusOf(stranger.key, order.id);
    const byKey = await statusOf(stranger.key, order.orderKeys[0]!);
    expect(byId.status).toBe(404);
    expect(byKey.status).toBe(404);
    const missing = await statusOf(stranger.key, `${shop.team.id}/api-never-made`);
    expect(((await byId.json()) as { error: unknown }).error).toEqual(((await missing.json()) as { error: unknown }).error);
  });

  it("a 3PL key sees its merchants' orders; a merchant key does not see the parent's", async () => {
    const merchantOrder = await create(parent.key, { ...sampleOrder('st-4'), targetTeamId: merchant.team.id });
    const parentOrder = await create(parent.key, sampleOrder('st-5'));
    expect((await statusOf(parent.key, merchantOrder.orderKeys[0]!)).status).toBe(200);
    expect((await statusOf(merchant.key, merchantOrder.id)).status).toBe(200);
    expect((await statusOf(merchant.key, parentOrder.id)).status).toBe(404);
  });

  it('an unencoded key with "/" does not match the route (404)', async () => {
    const order = await create(shop.key, sampleOrder('st-6'));
    const res = await s.call(`/api/orders/${order.orderKeys[0]}/status`, { key: shop.key });
    expect(res.status).toBe(404);
  });

  it('requires a key (401)', async () => {
    const order = await create(shop.key, sampleOrder('st-7'));
    expect((await s.call(`/api/orders/${order.id}/status`)).status).toBe(401);
  });
});
