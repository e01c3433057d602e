import { describe, expect, it } from 'vitest';
import { json, sampleOrder, type DocumentView, type TemplateView } from './documents-harness';

import { byBuiltin, invoiceWhen, key, orderWith, s, setFlow, team, useFlowStation } from './flows-harness';

describe('flows', () => {
  useFlowStation();

  it('a new team gets the default flow: a packing slip for every order, printed automatically', async () => {
    const fresh = s.team('Fresh Team');
    const flow = await json<{ autoPrint: boolean; rules: { actions: { templateId: string; tag?: string }[] }[] }>(await s.admin(`/admin/api/teams/${fresh.team.id}/flow`), 200);
    expect(flow.autoPrint).toBe(true);
    expect(s.station.services.documents.autoPrintEnabled(fresh.team.id)).toBe(true);
    const order = await orderWith({}, {}, fresh.key);
    expect(order.documents).toHaveLength(1);
    expect(order.documents[0]).toMatchObject({ tag: 'packing-slip', complete: true, incompleteReason: null, templateOverrideId: null, paper: { name: 'A4' } });
    const freshTemplates = await json<TemplateView[]>(await s.admin(`/admin/api/teams/${fresh.team.id}/templates`), 200);
    expect(order.documents[0]!.templateId).toBe(freshTemplates.find((t) => t.builtin === 'packing-slip-a4')!.id);
  });

  it('a merchant created through the 3PL API gets the default flow and the built-in templates', async () => {
    const threePl = s.team('API 3PL', 'three_pl');
    const created = await json<{ team: { id: string } }>(await s.call('/api/teams/merchants', { key: threePl.key, json: { name: 'API Merchant' } }), 201);
    const flow = await json<{ autoPrint: boolean; rules: unknown[] }>(await s.admin(`/admin/api/teams/${created.team.id}/flow`), 200);
    expect(flow.autoPrint).toBe(true);
    expect(flow.rules).toHaveLength(1);
    const own = await json<TemplateView[]>(await s.admin(`/admin/api/teams/${created.team.id}/templates`), 200);
    expect(own.map((t) => t.builtin)).toEqual(['packing-slip-a4', 'packing-slip-letter', 'invoice-a4', 'shipping-label-4x6', 'shipping-label-4x6-zpl', 'gift-note-a6']);
    const order = await orderWith({}, { targetTeamId: created.team.id }, threePl.key);
    expect(order.documents.map((d) => [d.tag, d.templateId])).toEqual([['packing-slip', own[0]!.id]]);
  });

  it('"print automatically" is the flow\'s switch', async () => {
    expect((await setFlow({ autoPrint: false, rules: [] })).autoPrint).toBe(false);
    expect(s.station.services.documents.autoPrintEnabled(team.id)).toBe(false);
    await setFlow({ autoPrint: true, rules: [] });
    expect(s.station.services.documents.autoPrintEnabled(team.id)).toBe(true);
  });

  it('tag is: matches an order tag, case-insensitively', async () => {
    const has = await invoiceWhen({ tagIs: 'VIP' });
    expect(await has({ tags: [{ label: 'vip' }] })).toBe(true);
    expect(await has({ tags: [{ label: 'wholesale' }] })).toBe(false);
  });

  it('source is: matches the source the order came from', async () => {
    const has = await invoiceWhen({ sourceIs: 'shopify' });
    expect(await has({}, { source: 'shopify' })).toBe(true);
    expect(await has({}, { source: 'woo' })).toBe(false);
  });

  it('country is: matches the ship-to country (one or a list)', async () => {
    const has = await invoiceWhen({ countryIs: ['DE', 'at'] });
    const to = (country: string) => ({ shippingAddress: { firstName: 'A', lastName: 'B', city: 'X', country } });
    expect(await has(to('AT'))).toBe(true);
    expect(await has(to('de'))).toBe(true);
    expect(await has(to('GB'))).toBe(false);
  });

  it('SKU matches: a glob over the line items\' SKUs', async () => {
    const has = await invoiceWhen({ skuMatches: 'tea-*' });
    expect(await has()).toBe(true); // the sample order holds TEA-7
    expect(await has({ lineItems: [{ name: 'Mug', quantity: 1, sku: 'MUG-1' }] })).toBe(false);
  });

  it('total above: strictly above the amount, optionally in one currency', async () => {
    let has = await invoiceWhen({ totalAbove: 100 });
    expect(await has({ orderTotal: { amount: 100.01, currency: 'EUR' } })).toBe(true);
    expect(await has({ orderTotal: { amount: 100, currency: 'EUR' } })).toBe(false);
    has = await invoiceWhen({ totalAbove: { amount: 50, currency: 'USD' } });
    expect(await has({ orderTotal: { amount: 80, currency: 'USD' } })).toBe(true);
    expect(await has({ orderTotal: { amount: 80, currency: 'EUR' } })).toBe(false);
  });

  it('variable equals: compares order.variables (numbers and strings alike)', async () => {
    let has = await invoiceWhen({ variableEquals: { name: 'giftWrap', value: true } });
    expect(await has({ variables: { giftWrap: true } })).toBe(true);
    expect(await has({ variables: { giftWrap: false } })).toBe(false);
    has = await invoiceWhen({ variableEquals: { name: 'priority', value: 2 } });
    expect(await has({ variables: { priority: '2' } })).toBe(true);
  });

  it('conditions combine with all / any / not', async () => {
    const has = await invoiceWhen({ all: [{ tagIs: 'vip' }, { any: [{ countryIs: 'FR' }, { not: { skuMatches: 'TEA-*' } }] }] });
    const fr = { shippingAddress: { firstName: 'A', city: 'Paris', country: 'FR' } };
    expect(await has({ tags: [{ label: 'vip' }], ...fr })).toBe(true);
    expect(await has({ tags: [{ label: 'vip' }] })).toBe(false); // GB and holds TEA-7
    expect(await has({ tags: [{ label: 'vip' }], lineItems: [{ name: 'Mug', quantity: 1, sku: 'MUG-1' }] })).toBe(true);
    expect(await has({ tags: [], ...fr })).toBe(false);
  });

  it('add document: the tag comes from the template unless the rule sets one; every matching rule adds', async () => {
    await setFlow({
      autoPrint: true,
      rules: [
        { actions: [{ type: 'addDocument', templateId: 'Packing slip (A4)' }] },
        { when: { tagIs: 'gift' }, actions: [{ type: 'addDocument', templateId: byBuiltin('gift-note-a6').id, tag: 'gift-card' }] },
        // By name as typed on a keyboard: "x" for the "×" of "Shipping label (4×6 in)", any case.
        { actions: [{ type: 'addDocument', templateId: 'shipping label (4x6 in)' }] },
      ],
    });
    expect((await orderWith({ tags: [{ label: 'gift' }] })).tags).toEqual(['packing-slip', 'gift-card', 'label']);
    expect((await orderWith({ tags: [] })).tags).toEqual(['packing-slip', 'label']);
  });

  it('stop: a matching rule with stop ends the flow', async () => {
    await setFlow({
      autoPrint: true,
      rules: [
        { when: { tagIs: 'rush' }, actions: [{ type: 'addDocument', templateId: byBuiltin('shipping-label-4x6').id }], stop: true },
        { actions: [{ type: 'addDocument', templateId: byBuiltin('packing-slip-a4').id }] },
      ],
    });
    expect((await orderWith({ tags: [{ label: 'rush' }] })).tags).toEqual(['label']);
    expect((await orderWith({ tags: [] })).tags).toEqual(['packing-slip']);
  });

  it('ignore order: the order gets status ignored, with the rule in its history', async () => {
    await setFlow({
      autoPrint: true,
      rules: [
        { actions: [{ type: 'addDocument', templateId: byBuiltin('packing-slip-a4').id }] },
        { name: 'Skip test orders', when: { tagIs: 'test' }, actions: [{ type: 'ignoreOrder' }] },
        { actions: [{ type: 'addDocument', templateId: byBuiltin('invoice-a4').id }] },
      ],
    });
    const committed: string[] = [];
    s.station.hooks.orderCommitted.push((event) => committed.push(event.order.status));
    const ignored = await orderWith({ tags: [{ label: 'test' }] });
    expect(ignored.status).toBe('ignored');
    // Hooks after the commit (automatic printing) see the new status.
    expect(committed).toEqual(['ignored']);
    s.station.hooks.orderCommitted.pop();
    const status = await json<{ status: string }>(await s.call(`/api/orders/${ignored.id}/status`, { key }), 200);
    expect(status.status).toBe('ignored');
    // Documents of rules before the ignore stay; rules after it do not run.
    expect(ignored.tags).toEqual(['packing-slip']);
    const history = s.station.db.prepare('SELECT status, reason FROM order_status_history WHERE order_id = ? ORDER BY id').all(ignored.id);
    expect(history).toContainEqual({ status: 'ignored', reason: 'ignored by flow rule "Skip test orders"' });

    const kept = await orderWith({ tags: [] });
    expect(kept.status).toBe('ready');
    expect(kept.tags).toEqual(['packing-slip', 'invoice']);
  });

  it('an update that now matches an ignore rule ignores a ready order; a later update that does not match keeps it ignored', async () => {
    await setFlow({
      autoPrint: false,
      rules: [
        { actions: [{ type: 'addDocument', templateId: byBuiltin('packing-slip-a4').id }] },
        { name: 'Skip test orders', when: { tagIs: 'test' }, actions: [{ type: 'ignoreOrder' }] },
      ],
    });
    const post = async (tags: { label: string }[]) =>
      json<{ id: string; status: string }>(await s.call('/api/orders', { key, json: sampleOrder('ignore-on-update', { tags }) }), 201);
    const first = await post([]);
    expect(first.status).toBe('ready');
    const tagged = await post([{ label: 'test' }]);
    expect(tagged).toMatchObject({ id: first.id, status: 'ignored' });
    const untagged = await post([]);
    expect(untagged).toMatchObject({ id: first.id, status: 'ignored' });
    expect((await json<{ status: string }>(await s.call(`/api/orders/${first.id}/status`, { key }), 200)).status).toBe('ignored');
    const history = s.station.db.prepare('SELECT status, reason FROM order_status_history WHERE order_id = ? ORDER BY id').all(first.id);
    expect(history).toEqual([
      { status: 'ready', reason: expect.any(String) },
      { status: 'ignored', reason: 'ignored by flow rule "Skip test orders"' },
    ]);
  });

  it('a flow that adds the same template with the same tag twice gives one document', async () => {
    const slip = byBuiltin('packing-slip-a4').id;
    await setFlow({
      autoPrint: false,
      rules: [
        { actions: [{ type: 'addDocument', templateId: slip }] },
        { when: { tagIs: 'gift' }, actions: [{ type: 'addDocument', templateId: slip }, { type: 'addDocument', templateId: byBuiltin('invoice-a4').id }] },
      ],
    });
    const order = await orderWith({ tags: [{ label: 'gift' }] });
    expect(order.tags).toEqual(['packing-slip', 'invoice']);
    // The same template under another tag is another document.
    await setFlow({ autoPrint: false, rules: [{ actions: [{ type: 'addDocument', templateId: slip }, { type: 'addDocument', templateId: slip, tag: 'copy' }] }] });
    expect((await orderWith()).tags).toEqual(['packing-slip', 'copy']);
  });

  it('documents are rebuilt when the order is updated, keeping the ids of documents that stay', async () => {
    await setFlow({
      autoPrint: true,
      rules: [
        { actions: [{ type: 'addDocument', templateId: byBuiltin('packing-slip-a4').id }] },
        { when: { tagIs: 'vip' }, actions: [{ type: 'addDocument', templateId: byBuiltin('invoice-a4').id }] },
      ],
    });
    const first = await json<{ id: string }>(await s.call('/api/orders', { key, json: sampleOrder('rebuild-1', { tags: [] }) }), 201);
    const before = await json<DocumentView[]>(await s.admin(`/admin/api/orders/${first.id}/documents`), 200);
    expect(before.map((d) => d.tag)).toEqual(['packing-slip']);
    await json(await s.call('/api/orders', { key, json: sampleOrder('rebuild-1', { tags: [{ label: 'vip' }] }) }), 201);
    const after = await json<DocumentView[]>(await s.admin(`/admin/api/orders/${first.id}/documents`), 200);
    expect(after.map((d) => d.tag)).toEqual(['packing-slip', 'invoice']);
    expect(after[0]!.id).toBe(before[0]!.id);
  });

  it('a flow naming an unknown template is rejected with the rule path', async () => {
    const response = await s.admin(`/admin/api/teams/${team.id}/flow`, {
      method: 'PUT',
      json: { autoPrint: true, rules: [{ actions: [{ type: 'addDocument', templateId: 'No such template' }] }] },
    });
    const body = await json<{ error: { details: { path: string }[] } }>(response, 400);
    expect(body.error.details[0]!.path).toBe('rules.0.actions.0.templateId');
    const bad = await s.admin(`/admin/api/teams/${team.id}/flow`, { method: 'PUT', json: { autoPrint: true, rules: [{ when: { colourIs: 'red' }, actions: [{ type: 'ignoreOrder' }] }] } });
    expect(bad.status).toBe(400);
  });
});
