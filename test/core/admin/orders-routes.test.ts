import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleOrder, startStation, type RunningStation } from '../../helpers/station';
import { SEARCH_COUNT_CAP } from '../../../main/core/features/admin/orders-query-store';
import { adminClient } from './admin-helpers';

let running: RunningStation;
let admin: ReturnType<typeof adminClient>;
beforeEach(async () => {
  running = await startStation();
  admin = adminClient(running);
});
afterEach(() => running.stop());

describe('dashboard orders', () => {
  it('needs a session token', async () => {
    const response = await fetch(`${running.url}/admin/api/orders`);
    expect(response.status).toBe(401);
  });

  it('lists orders of every team newest first with the total count', async () => {
    const shop = running.team('Shop');
    const other = running.team('Other');
    await running.call('/api/orders', { key: shop.key, json: sampleOrder(1) });
    await running.call('/api/orders', { key: other.key, json: sampleOrder(2) });
    const body = await (await admin.call('/admin/api/orders')).json();
    expect(body.total).toBe(2);
    expect(body.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(['#2', '#1']);
    expect(body.orders[0]).toMatchObject({ teamName: 'Other', status: 'ready', customerName: 'Ada Lovelace', itemCount: 3, sources: ['api'] });
    expect(body.orders[0].tags[0].label).toBe('vip');
  });

  it('pages with offset and limit', async () => {
    const shop = running.team('Shop');
    for (let i = 1; i <= 5; i++) await running.call('/api/orders', { key: shop.key, json: sampleOrder(i) });
    const body = await (await admin.call('/admin/api/orders?offset=1&limit=2')).json();
    expect(body.total).toBe(5);
    expect(body.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(['#4', '#3']);
  });

  it('searches by order number and by order key, with wildcards taken literally', async () => {
    const shop = running.team('Shop');
    await running.call('/api/orders', { key: shop.key, json: sampleOrder('A-100') });
    await running.call('/api/orders', { key: shop.key, json: sampleOrder('B_200', { orderNumber: 'X9' }) });
    const byNumber = await (await admin.call('/admin/api/orders?q=A-10')).json();
    expect(byNumber.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(['#A-100']);
    const byKey = await (await admin.call(`/admin/api/orders?q=${encodeURIComponent('api-B_200')}`)).json();
    expect(byKey.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(['X9']);
    const wildcard = await (await admin.call('/admin/api/orders?q=%25')).json();
    expect(wildcard.total).toBe(0);
  });

  it('searches customers, emails, companies, SKUs and item names in any script, and follows updates', async () => {
    const shop = running.team('Shop');
    const person = (firstName: string, lastName: string) => ({ firstName, lastName, email: `${lastName.toLowerCase()}@example.com` });
    await running.call('/api/orders', { key: shop.key, json: sampleOrder(1, { customer: person('Grace', 'Hopper'), shippingAddress: { ...person('Grace', 'Hopper'), company: 'Navy Yard' } }) });
    await running.call('/api/orders', { key: shop.key, json: sampleOrder(2, { shippingAddress: { firstName: '太郎', lastName: '山田', city: '東京' }, lineItems: [{ name: 'Чайник электрический', quantity: 1, sku: 'KETTLE-9' }] }) });
    await running.call('/api/orders', { key: shop.key, json: sampleOrder(3, { shippingAddress: { firstName: 'דוד', lastName: 'כהן' }, lineItems: [{ name: 'Lamp', quantity: 1, variant: { sku: 'LAMP-RED' } }] }) });
    const found = async (q: string) =>
      ((await (await admin.call(`/admin/api/orders?q=${encodeURIComponent(q)}`)).json()).orders as { orderNumber: string }[]).map((o) => o.orderNumber);
    expect(await found('hopper@EXAMPLE')).toEqual(['#1']);
    expect(await found('navy')).toEqual(['#1']);
    expect(await found('grace hop')).toEqual(['#1']);
    expect(await found('山田')).toEqual(['#2']); // two characters: read without the trigram index
    expect(await found('электрич')).toEqual(['#2']);
    expect(await found('kettle-9')).toEqual(['#2']);
    expect(await found('כהן')).toEqual(['#3']);
    expect(await found('lamp-red')).toEqual(['#3']); // a variant's SKU
    expect(await found('"quoted"')).toEqual([]); // quotes are part of the text searched, not syntax

    // The same order sent again with a new name: found by the new name only.
    await running.call('/api/orders', { key: shop.key, json: sampleOrder(1, { customer: person('Mary', 'Jackson'), shippingAddress: person('Mary', 'Jackson') }) });
    expect(await found('hopper')).toEqual([]);
    expect(await found('jackson')).toEqual(['#1']);
  });

  it('counts a search that matches more than 1,000 orders only that far, and lists its newest matches first', async () => {
    const shop = running.team('Shop');
    const other = running.team('Other');
    const matching = SEARCH_COUNT_CAP + 5;
    // Every sample order's customer is Ada Lovelace; posted 25 at a time.
    for (let first = 1; first <= matching; first += 25) {
      const numbers = Array.from({ length: Math.min(25, matching - first + 1) }, (_, i) => first + i);
      await Promise.all(numbers.map((n) => running.call('/api/orders', { key: shop.key, json: sampleOrder(n) })));
    }
    for (const n of [1, 2, 3]) await running.call('/api/orders', { key: other.key, json: sampleOrder(`O${n}`) });
    const cyrillic = sampleOrder('RU', {
      customer: { firstName: 'Ада', lastName: 'Лавлейс', email: 'ada@example.ru' },
      shippingAddress: { firstName: 'Ада', lastName: 'Лавлейс', city: 'Москва', country: 'RU' },
    });
    await running.call('/api/orders', { key: shop.key, json: cyrillic });
    const newestFirst = (await (await admin.call('/admin/api/orders?limit=500')).json()).orders.map((o: { orderNumber: string }) => o.orderNumber) as string[];

    const broad = await (await admin.call('/admin/api/orders?q=lovelace&limit=100')).json();
    expect(broad).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true, offset: 0 });
    // The newest matches, newest first: the list's own order without the one that does not match.
    const numbers = broad.orders.map((o: { orderNumber: string }) => o.orderNumber);
    expect(numbers).toEqual(newestFirst.filter((number) => number !== '#RU').slice(0, 100));
    expect(numbers.slice(0, 3)).toEqual(['#O3', '#O2', '#O1']);

    // A window past the count still reads on, to the oldest match: the list's own oldest three
    // (the one order that does not match is the newest).
    const all = matching + 3;
    const deep = await (await admin.call(`/admin/api/orders?q=lovelace&offset=${all - 3}&limit=100`)).json();
    const oldest = await (await admin.call(`/admin/api/orders?offset=${all - 2}&limit=100`)).json();
    expect(oldest.orders).toHaveLength(3);
    expect(deep.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(oldest.orders.map((o: { orderNumber: string }) => o.orderNumber));

    // Narrowed by a filter (or by more letters) the count is exact again.
    const narrowed = await (await admin.call(`/admin/api/orders?q=lovelace&team=${other.team.id}`)).json();
    expect(narrowed).toMatchObject({ total: 3, totalCapped: false });
    expect(narrowed.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(['#O3', '#O2', '#O1']);
    const exact = await (await admin.call(`/admin/api/orders?q=${encodeURIComponent('Лавлейс')}`)).json();
    expect(exact).toMatchObject({ total: 1, totalCapped: false });
    expect(exact.orders[0].orderNumber).toBe('#RU');
  });

  it('pages a tag filter the same whether it walks the list or collects the matches', async () => {
    const shop = running.team('Shop');
    // Every other order tagged: early windows walk the list, later ones collect and sort.
    for (let i = 1; i <= 24; i++) {
      await running.call('/api/orders', { key: shop.key, json: sampleOrder(i, { tags: i % 2 ? [{ label: 'odd' }] : [] }) });
    }
    const seen: string[] = [];
    for (let offset = 0; offset < 12; offset += 4) {
      const body = await (await admin.call(`/admin/api/orders?tag=odd&offset=${offset}&limit=4`)).json();
      expect(body.total).toBe(12);
      seen.push(...(body.orders as { orderNumber: string }[]).map((o) => o.orderNumber));
    }
    expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => `#${23 - 2 * i}`));
  });

  it('filters by status, tag, source and team', async () => {
    const shop = running.team('Shop');
    const other = running.team('Other');
    await running.call('/api/orders', { key: shop.key, json: sampleOrder(1, { tags: [{ label: 'express' }] }) });
    await running.call('/api/orders', { key: shop.key, json: { ...sampleOrder(2), source: 'wms' } });
    await running.call('/api/orders', { key: other.key, json: sampleOrder(3) });
    const numbers = async (query: string) =>
      ((await (await admin.call(`/admin/api/orders?${query}`)).json()).orders as { orderNumber: string }[]).map((o) => o.orderNumber);
    expect(await numbers('tag=express')).toEqual(['#1']);
    expect(await numbers('source=wms')).toEqual(['#2']);
    expect(await numbers(`team=${other.team.id}`)).toEqual(['#3']);
    await admin.call(`/admin/api/orders/${encodeURIComponent(`${shop.team.id}/api-1`)}/ignore`, { method: 'POST' });
    expect(await numbers('status=ignored')).toEqual(['#1']);
    expect(await numbers('status=ready&team=' + shop.team.id)).toEqual(['#2']);
    const facets = await (await admin.call('/admin/api/orders/facets')).json();
    expect(facets).toEqual({ tags: ['express', 'vip'], sources: ['api', 'wms'] });
  });

  it('rejects an unknown status filter with the field named', async () => {
    const response = await admin.call('/admin/api/orders?status=lost');
    expect(response.status).toBe(400);
    expect((await response.json()).error.details[0].path).toBe('status');
  });

  it('shows an order with keys, sources, tags and status history', async () => {
    const shop = running.team('Shop');
    const created = await (await running.call('/api/orders', { key: shop.key, json: sampleOrder(7) })).json();
    const detail = await (await admin.call(`/admin/api/orders/${encodeURIComponent(created.orderKeys[0])}`)).json();
    expect(detail).toMatchObject({ id: created.id, orderNumber: '#7', orderKeys: [`${shop.team.id}/api-7`], team: { name: 'Shop' } });
    expect(detail.sources).toEqual([expect.objectContaining({ source: 'api', sourceId: '7', payload: sampleOrder(7) })]);
    expect(detail.history).toEqual([expect.objectContaining({ status: 'ready', reason: 'received from api' })]);
    expect((await admin.call('/admin/api/orders/nope')).status).toBe(404);
  });

  it('ignore sets the order ignored and restore brings back its status, both in the history', async () => {
    const shop = running.team('Shop');
    const created = await (await running.call('/api/orders', { key: shop.key, json: sampleOrder(8) })).json();
    const ignored = await (await admin.call(`/admin/api/orders/${created.id}/ignore`, { method: 'POST' })).json();
    expect(ignored.status).toBe('ignored');
    const status = await (await running.call(`/api/orders/${created.id}/status`, { key: shop.key })).json();
    expect(status.status).toBe('ignored');
    const restored = await (await admin.call(`/admin/api/orders/${created.id}/restore`, { method: 'POST' })).json();
    expect(restored.status).toBe('ready');
    expect(restored.history.map((h: { status: string }) => h.status)).toEqual(['ready', 'ignored', 'ready']);
  });
});
