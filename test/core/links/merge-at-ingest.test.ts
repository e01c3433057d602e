import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../../helpers/station';
import { adminClient } from '../admin/admin-helpers';
import { appOf, json, shopifyOrder, type LinkBody } from './links-helpers';

interface OrderBody {
  id: string;
  orderKeys: string[];
  orderNumber: string;
  note?: string;
  shippingAddress?: Record<string, string>;
}

let s: RunningStation;
let key: string;
let teamId: string;
let appId: string;
const enc = encodeURIComponent;

beforeAll(async () => {
  s = await startStation();
  const created = s.team('Harbor Goods');
  key = created.key;
  teamId = created.team.id;
  appId = appOf(s, teamId);
});
afterAll(() => s.stop());

async function createLink(body: Record<string, unknown>, apiKey = key): Promise<LinkBody> {
  const res = await s.call('/api/links', { key: apiKey, json: body });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<LinkBody>(res);
}

async function postOrder(body: unknown): Promise<OrderBody> {
  const res = await s.call('/api/orders', { key, json: body });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<OrderBody>(res);
}

/** api orders whose note names the Shopify order ("… Shopify #<id> …") merge into it. */
const noteLink = (condition?: string) => ({
  type: 'order',
  source: { type: 'manual', source: 'api' },
  target: { type: 'app', app: appId },
  resolver: "Number(order.note.match(/Shopify #(\\d+)/)[1])",
  ...(condition ? { condition } : {}),
});

describe('links merge an order arriving from a second source', () => {
  let shop: OrderBody;
  let merged: OrderBody;
  let link: LinkBody;

  beforeAll(async () => {
    link = await createLink(noteLink("typeof order.note === 'string' && order.note.includes('Shopify #')"));
    shop = await postOrder(shopifyOrder(appId, 5551234));
  });

  it('the second source merges into the first order: one order, both keys', async () => {
    const before = await json<Array<{ updatedAt: string }>>(await s.call(`/api/orders/${shop.id}/documents`, { key }));
    expect(before.length).toBeGreaterThan(0);

    merged = await postOrder({
      sourceId: 'WMS-77',
      order: { orderNumber: 'WMS-77', note: 'Pick for Shopify #5551234', shippingAddress: { firstName: 'Grace', lastName: 'Hopper', address1: '2 Dock Street', city: 'Arlington', country: 'US' } },
    });
    expect(merged.id).toBe(shop.id);
    expect(merged.orderKeys).toEqual([`${teamId}/${appId}-5551234`, `${teamId}/api-WMS-77`]);
    // The documented merge rule: sent fields replace, the first source's order number stays.
    expect(merged.orderNumber).toBe(shop.orderNumber);
    expect(merged.shippingAddress?.address1).toBe('2 Dock Street');
    expect(merged.note).toBe('Pick for Shopify #5551234');

    const after = await json<Array<{ updatedAt: string }>>(await s.call(`/api/orders/${enc(`${teamId}/api-WMS-77`)}/documents`, { key }));
    expect(after.length).toBe(before.length);
    expect(after[0]!.updatedAt > before[0]!.updatedAt).toBe(true);
  });

  it('the merged order is found by either key', async () => {
    for (const orderKey of merged.orderKeys) {
      const res = await s.call(`/api/orders/${enc(orderKey)}/status`, { key });
      expect(res.status).toBe(200);
      const status = await json<{ id: string; order_keys: string[] }>(res);
      expect(status.id).toBe(shop.id);
      expect(status.order_keys).toEqual(merged.orderKeys);
    }
  });

  it('the merged order is printed by either key', async () => {
    for (const orderKey of merged.orderKeys) {
      const res = await s.call(`/api/orders/${enc(orderKey)}/print`, { key, method: 'POST' });
      expect(res.status).toBe(200);
      const results = await json<Array<{ status: string; orders: Array<{ id: string; orderKeys: string[] }> }>>(res);
      // Printed means a pending batch holds it (an error or warning result would not print it).
      const printing = results.filter((result) => result.status === 'pending').flatMap((result) => result.orders);
      expect(printing.map((order) => order.id)).toEqual([shop.id]);
      expect(printing[0]!.orderKeys).toEqual(merged.orderKeys);
    }
  });

  it('later posts with the same source+sourceId go straight to the merged order', async () => {
    // The note no longer names the Shopify order: links are not consulted for a known source+sourceId.
    const again = await postOrder({ sourceId: 'WMS-77', order: { orderNumber: 'WMS-77', note: 'packed' } });
    expect(again.id).toBe(shop.id);
    expect(again.orderKeys).toEqual(merged.orderKeys);
  });

  it('the merge is recorded in the order history with the link that made it', () => {
    const reasons = s.station.db.prepare('SELECT reason FROM order_status_history WHERE order_id = ?').all(shop.id) as { reason: string }[];
    expect(reasons.map((row) => row.reason)).toContainEqual(expect.stringContaining(link.id));
  });
});

describe('when a link does not merge', () => {
  it('a false condition leaves the incoming order on its own', async () => {
    const local = s.team('Quay Condition');
    const app = appOf(s, local.team.id);
    await createLink({ ...noteLink('order.note.startsWith("MERGE")'), target: { type: 'app', app } }, local.key);
    const first = await json<OrderBody>(await s.call('/api/orders', { key: local.key, json: shopifyOrder(app, 42) }));
    const res = await s.call('/api/orders', { key: local.key, json: { sourceId: 'B-1', order: { orderNumber: 'B-1', note: 'Shopify #42' } } });
    expect(res.status).toBe(201);
    const second = await json<OrderBody>(res);
    expect(second.id).not.toBe(first.id);
    expect(second.orderKeys).toEqual([`${local.team.id}/api-B-1`]);
  });

  it('a resolved id with no existing order gives a normal new order', async () => {
    const local = s.team('Quay Missing');
    const app = appOf(s, local.team.id);
    await createLink({ ...noteLink(), target: { type: 'app', app } }, local.key);
    const res = await s.call('/api/orders', { key: local.key, json: { sourceId: 'C-1', order: { orderNumber: 'C-1', note: 'Shopify #999' } } });
    expect(res.status).toBe(201);
    const order = await json<OrderBody>(res);
    expect(order.orderKeys).toEqual([`${local.team.id}/api-C-1`]);
    const admin = adminClient(s);
    const links = await json<LinkBody[]>(await admin.call(`/admin/api/links?teamId=${local.team.id}`));
    const errors = await json<unknown[]>(await admin.call(`/admin/api/links/${links[0]!.id}/errors`));
    expect(errors).toEqual([]);
  });

  it('an app source sent in capitals still finds the app link', async () => {
    const local = s.team('Quay Capitals');
    const app = appOf(s, local.team.id);
    await createLink({ ...noteLink(), source: { type: 'app', app }, target: { type: 'manual', source: 'web' }, resolver: 'order.note' }, local.key);
    const web = await json<OrderBody>(await s.call('/api/orders', { key: local.key, json: { source: 'web', sourceId: 'W-9', order: { orderNumber: 'W-9' } } }));
    const shop = await json<OrderBody>(await s.call('/api/orders', { key: local.key, json: { ...shopifyOrder(app.toUpperCase(), 9), order: { orderNumber: '#9', note: 'W-9' } } }));
    expect(shop.id).toBe(web.id);
  });

  it('product and customer links never merge orders', async () => {
    const local = s.team('Quay Types');
    const app = appOf(s, local.team.id);
    for (const type of ['product', 'customer']) await createLink({ ...noteLink(), type, target: { type: 'app', app } }, local.key);
    const first = await json<OrderBody>(await s.call('/api/orders', { key: local.key, json: shopifyOrder(app, 11) }));
    const second = await json<OrderBody>(await s.call('/api/orders', { key: local.key, json: { sourceId: 'T-1', order: { orderNumber: 'T-1', note: 'Shopify #11' } } }));
    expect(second.id).not.toBe(first.id);
  });

  it('a link from another source is not consulted', async () => {
    const local = s.team('Quay Other Source');
    const app = appOf(s, local.team.id);
    await createLink({ ...noteLink(), source: { type: 'manual', source: 'csv' }, target: { type: 'app', app } }, local.key);
    const first = await json<OrderBody>(await s.call('/api/orders', { key: local.key, json: shopifyOrder(app, 7) }));
    const second = await json<OrderBody>(await s.call('/api/orders', { key: local.key, json: { sourceId: 'D-1', order: { orderNumber: 'D-1', note: 'Shopify #7' } } }));
    expect(second.id).not.toBe(first.id);
  });

  it("another team's order is never a merge target, even with the same key shape", async () => {
    const owner = s.team('Quay Owner');
    const ownerApp = appOf(s, owner.team.id);
    await s.call('/api/orders', { key: owner.key, json: shopifyOrder(ownerApp, 8) });
    const local = s.team('Quay Stranger');
    const app = appOf(s, local.team.id);
    // The resolver names the owner's Shopify id; the key is looked up in the link's own team only.
    await createLink({ ...noteLink(), target: { type: 'app', app } }, local.key);
    const res = await s.call('/api/orders', { key: local.key, json: { sourceId: 'E-1', order: { orderNumber: 'E-1', note: 'Shopify #8' } } });
    expect((await json<OrderBody>(res)).orderKeys).toEqual([`${local.team.id}/api-E-1`]);
  });
});

describe('what expressions see', () => {
  it('payload, order, source and sourceId of the incoming order, and a custom source key as a point', async () => {
    const local = s.team('Quay Inputs');
    await createLink(
      {
        type: 'order',
        source: { type: 'custom', key: 'wms' },
        target: { type: 'manual', source: 'web' },
        condition: "source === 'wms' && sourceId === '900' && payload.order === undefined && order.orderNumber === 'W-900'",
        resolver: 'payload.extra.webOrder',
      },
      local.key,
    );
    const web = await json<OrderBody>(await s.call('/api/orders', { key: local.key, json: { source: 'web', sourceId: 'WEB-5', order: { orderNumber: 'WEB-5' } } }));
    const wms = await json<OrderBody>(
      await s.call('/api/orders', { key: local.key, json: { source: 'wms', sourceId: 900, order: { orderNumber: 'W-900' }, extra: { webOrder: 'WEB-5' } } }),
    );
    // payload.order is frozen data, not undefined: the condition above is false, so no merge...
    expect(wms.id).not.toBe(web.id);
    const links = await json<LinkBody[]>(await s.call('/api/links', { key: local.key }));
    const fixed = await s.call(`/api/links/${links[0]!.id}`, {
      key: local.key,
      method: 'PUT',
      json: { condition: "source === 'wms' && sourceId === '901' && payload.order.orderNumber === order.orderNumber" },
    });
    expect(fixed.status).toBe(200);
    // ...and with the condition fixed, the next wms order merges into the web order.
    const next = await json<OrderBody>(
      await s.call('/api/orders', { key: local.key, json: { source: 'wms', sourceId: 901, order: { orderNumber: 'W-901' }, extra: { webOrder: 'WEB-5' } } }),
    );
    expect(next.id).toBe(web.id);
    expect(next.orderKeys).toEqual([`${local.team.id}/web-WEB-5`, `${local.team.id}/wms-901`]);
  });
});
