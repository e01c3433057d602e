import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleOrder, startStation, type RunningStation } from '../../helpers/station';

let s: RunningStation;
let key: string;
let n = 0;

beforeAll(async () => {
  // No print queue worker: these tests are about ingestion, not printing.
  s = await startStation({ background: false });
  key = s.team('Validation Shop').key;
});
afterAll(() => s.stop());

/** A valid body with one part replaced (`undefined` removes it). */
function bodyWith(path: string, value: unknown): Record<string, unknown> {
  const body = sampleOrder(`v-${++n}`) as unknown as Record<string, unknown>;
  const parts = path.split('.');
  let target = body as Record<string, unknown>;
  for (const part of parts.slice(0, -1)) target = target[part] as Record<string, unknown>;
  const last = parts[parts.length - 1]!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return body;
}

async function expectInvalid(body: unknown, path: string) {
  const before = s.station.db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number };
  const res = await s.call('/api/orders', { key, json: body });
  expect(res.status).toBe(400);
  const answer = (await res.json()) as { error: { code: string; details: { path: string; message: string }[] } };
  expect(answer.error.code).toBe('validation_failed');
  expect(answer.error.details.map((d) => d.path)).toContain(path);
  expect(s.station.db.prepare('SELECT COUNT(*) AS n FROM orders').get()).toEqual(before);
}

const manyItems = Array.from({ length: 1001 }, (_, i) => ({ name: `Item ${i}`, quantity: 1 }));
const manyVariables = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`v${i}`, i]));
const manyTags = Array.from({ length: 101 }, (_, i) => ({ label: `t${i}` }));

describe('every field of Order (request) is validated: 400 validation_failed naming the field', () => {
  it.each([
    ['sourceId is required', 'sourceId', undefined, 'sourceId'],
    ['sourceId must not be empty', 'sourceId', '   ', 'sourceId'],
    ['sourceId is a string or a number, not a boolean', 'sourceId', true, 'sourceId'],
    ['sourceId is not an object', 'sourceId', { id: 1 }, 'sourceId'],
    ['a number sourceId is a whole number', 'sourceId', 1.5, 'sourceId'],
    ['a number sourceId is a safe integer', 'sourceId', 2 ** 53 + 2, 'sourceId'],
    ['sourceId has at most 255 characters', 'sourceId', 'x'.repeat(256), 'sourceId'],
    ['source is a string', 'source', 42, 'source'],
    ['source must not be empty', 'source', ' ', 'source'],
    ['source has at most 100 characters', 'source', 's'.repeat(101), 'source'],
    ['targetTeamId is a string', 'targetTeamId', 12, 'targetTeamId'],
    ['order is required', 'order', undefined, 'order'],
    ['order is an object', 'order', 'order', 'order'],
    ['order.orderNumber is required', 'order.orderNumber', undefined, 'order.orderNumber'],
    ['order.orderNumber must not be empty', 'order.orderNumber', '', 'order.orderNumber'],
    ['order.orderDate is an ISO timestamp, not free text', 'order.orderDate', 'yesterday', 'order.orderDate'],
    ['order.orderDate is not a number', 'order.orderDate', 1714557600000, 'order.orderDate'],
    ['order.orderDate must be a real calendar day', 'order.orderDate', '2024-02-30T10:00:00Z', 'order.orderDate'],
    ['order.orderDate month must exist', 'order.orderDate', '2024-13-01T10:00:00Z', 'order.orderDate'],
    ['order.orderDate is not before 1970', 'order.orderDate', '1969-12-31T23:59:59Z', 'order.orderDate'],
    ['order.note is a string', 'order.note', 5, 'order.note'],
    ['order.note has at most 10000 characters', 'order.note', 'n'.repeat(10_001), 'order.note'],
    ['text fields reject control characters', 'order.note', 'bell\u0007', 'order.note'],
    ['order.customer is an object', 'order.customer', 'Ada', 'order.customer'],
    ['customer.orderCount is a non-negative whole number', 'order.customer.orderCount', -1, 'order.customer.orderCount'],
    ['customer.orderCount is a number', 'order.customer.orderCount', '3', 'order.customer.orderCount'],
    ['customer.lifetimeValue is a Price', 'order.customer.lifetimeValue', { amount: '10', currency: 'EUR' }, 'order.customer.lifetimeValue.amount'],
    ['customer.averageOrderValue needs a currency', 'order.customer.averageOrderValue', { amount: 10 }, 'order.customer.averageOrderValue.currency'],
    ['customer.email is a string', 'order.customer.email', ['a@b.c'], 'order.customer.email'],
    ['order.shippingAddress is an object', 'order.shippingAddress', ['12 Analytical St'], 'order.shippingAddress'],
    ['address latitude is between -90 and 90', 'order.shippingAddress.latitude', 91, 'order.shippingAddress.latitude'],
    ['address longitude is a number', 'order.shippingAddress.longitude', '13.4', 'order.shippingAddress.longitude'],
    ['address fields are strings', 'order.shippingAddress.city', 123, 'order.shippingAddress.city'],
    ['order.billingAddress is validated like shippingAddress', 'order.billingAddress', { country: 44 }, 'order.billingAddress.country'],
    ['order.lineItems is an array', 'order.lineItems', { name: 'Mug', quantity: 1 }, 'order.lineItems'],
    ['a line item needs a name', 'order.lineItems', [{ quantity: 1 }], 'order.lineItems.0.name'],
    ['a line item needs a quantity', 'order.lineItems', [{ name: 'Mug' }], 'order.lineItems.0.quantity'],
    ['a line item quantity is a number', 'order.lineItems', [{ name: 'Mug', quantity: '2' }], 'order.lineItems.0.quantity'],
    ['a line item quantity is not negative', 'order.lineItems', [{ name: 'Mug', quantity: -1 }], 'order.lineItems.0.quantity'],
    ['a line item sku is a string', 'order.lineItems', [{ name: 'Mug', quantity: 1, sku: {} }], 'order.lineItems.0.sku'],
    ['a line item price amount is a number', 'order.lineItems', [{ name: 'Mug', quantity: 1, price: { amount: '9.5', currency: 'EUR' } }], 'order.lineItems.0.price.amount'],
    ['a price currency is a three-letter code', 'order.lineItems', [{ name: 'Mug', quantity: 1, price: { amount: 9.5, currency: 'EURO' } }], 'order.lineItems.0.price.currency'],
    ['a line item image_url is http(s) or data:image', 'order.lineItems', [{ name: 'Mug', quantity: 1, image_url: 'javascript:alert(1)' }], 'order.lineItems.0.image_url'],
    ['a line item variant is an object', 'order.lineItems', [{ name: 'Mug', quantity: 1, variant: 'blue' }], 'order.lineItems.0.variant'],
    ['a variant title is a string', 'order.lineItems', [{ name: 'Mug', quantity: 1, variant: { title: 7 } }], 'order.lineItems.0.variant.title'],
    ['at most 1000 line items', 'order.lineItems', manyItems, 'order.lineItems'],
    ['order.orderTotal needs an amount', 'order.orderTotal', { currency: 'EUR' }, 'order.orderTotal.amount'],
    ['order.orderTotal is an object', 'order.orderTotal', 23, 'order.orderTotal'],
    ['order.variables is an object, not an array', 'order.variables', [1, 2], 'order.variables'],
    ['at most 200 variables', 'order.variables', manyVariables, 'order.variables'],
    ['a variable name has at most 100 characters', 'order.variables', { ['k'.repeat(101)]: 1 }, `order.variables.${'k'.repeat(101)}`],
    ['order.tags is an array', 'order.tags', 'vip', 'order.tags'],
    ['a tag needs a label', 'order.tags', [{ name: 'vip' }], 'order.tags.0.label'],
    ['a tag label must not be empty', 'order.tags', [{ label: '  ' }], 'order.tags.0.label'],
    ['a tag label is a string', 'order.tags', [{ label: 1 }], 'order.tags.0.label'],
    ['at most 100 tags', 'order.tags', manyTags, 'order.tags'],
    ['order.overrides is an object', 'order.overrides', 'Printer 1', 'order.overrides'],
    ['override printer is a string', 'order.overrides', { printer: 1 }, 'order.overrides.printer'],
    ['override tray is a string', 'order.overrides', { tray: ['Tray 1'] }, 'order.overrides.tray'],
    ['override template is a string', 'order.overrides', { template: false }, 'order.overrides.template'],
  ])('%s', async (_rule, path, value, errorPath) => {
    await expectInvalid(bodyWith(path, value), errorPath);
  });

  it('a body that is not an object is invalid', async () => {
    await expectInvalid([sampleOrder('arr')], '');
  });

  it('a missing field is "Required"; a wrong one says what is expected', async () => {
    const res = await s.call('/api/orders', { key, json: { order: { lineItems: [{ name: 'Mug', quantity: 'two' }] } } });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { details: { path: string; message: string }[] } };
    expect(error.details).toEqual([
      { path: 'sourceId', message: 'Required' },
      { path: 'order.orderNumber', message: 'Required' },
      { path: 'order.lineItems.0.quantity', message: expect.stringMatching(/expected number/) },
    ]);
  });
});

describe('accepted values are normalised', () => {
  const post = async (body: unknown) => {
    const res = await s.call('/api/orders', { key, json: body });
    expect(res.status).toBe(201);
    return (await res.json()) as Record<string, unknown> & { orderKeys: string[] };
  };

  it('a number sourceId is normalised to its decimal string in the key', async () => {
    const order = await post(sampleOrder(990001));
    expect(order.orderKeys[0]!.endsWith('/api-990001')).toBe(true);
    const again = await post(sampleOrder('990001'));
    expect(again.id).toBe(order.id);
  });

  it('sourceId and orderNumber are trimmed; a number orderNumber becomes a string', async () => {
    const order = await post({ sourceId: '  trim-1  ', order: { orderNumber: 1001 } });
    expect(order.orderKeys[0]!.endsWith('/api-trim-1')).toBe(true);
    expect(order.orderNumber).toBe('1001');
  });

  it.each([
    ['an offset is converted to UTC', '2024-05-01T12:00:00+02:00', '2024-05-01T10:00:00.000Z'],
    ['a time without offset is read as UTC', '2024-05-01T10:00:00', '2024-05-01T10:00:00.000Z'],
    ['a plain date is midnight UTC', '2024-05-01', '2024-05-01T00:00:00.000Z'],
    ['sub-millisecond digits are cut to milliseconds', '2024-05-01T10:00:00.123456Z', '2024-05-01T10:00:00.123Z'],
  ])('orderDate: %s', async (_rule, sent, stored) => {
    const order = await post(bodyWith('order.orderDate', sent));
    expect(order.orderDate).toBe(stored);
  });

  it('currency codes are upper-cased', async () => {
    const order = await post(bodyWith('order.orderTotal', { amount: 23, currency: 'eur' }));
    expect(order.orderTotal).toEqual({ amount: 23, currency: 'EUR' });
  });

  it('null in an optional field means "not sent" and is omitted from the answer', async () => {
    const order = await post({
      source: null,
      sourceId: 'nulls-1',
      targetTeamId: null,
      order: { orderNumber: 'N-1', orderDate: null, note: null, customer: null, shippingAddress: { city: null, firstName: 'Ada' }, lineItems: null, tags: null, variables: null, overrides: null },
    });
    expect(order.orderKeys[0]!.endsWith('/api-nulls-1')).toBe(true);
    expect(order).not.toHaveProperty('note');
    expect(order).not.toHaveProperty('customer');
    expect(order.shippingAddress).toEqual({ firstName: 'Ada' });
    expect(order.lineItems).toEqual([]);
    expect(order.tags).toEqual([]);
  });

  it('inside line items too: a null is "not sent" and a number id its string; a variant\'s own extra null stays', async () => {
    const lineItems = [{ name: 'Кружка 马克杯', quantity: 1, sku: null, external_id: 4411, price: null, variant: { id: null, sku: 'B-8', title: 'Синий', finish: null } }];
    const order = await post(bodyWith('order.lineItems', lineItems));
    expect(order.lineItems).toEqual([{ name: 'Кружка 马克杯', quantity: 1, external_id: '4411', variant: { sku: 'B-8', title: 'Синий', finish: null } }]);
    const withVariables = await post(bodyWith('order.variables', { cleared: null, nested: { gone: null } }));
    expect(withVariables.variables).toEqual({ cleared: null, nested: { gone: null } });
  });

  it('unknown fields are ignored', async () => {
    const order = await post({ ...sampleOrder('unknown-1'), surprise: 1, order: { ...sampleOrder('unknown-1').order, alsoUnknown: true } });
    expect(order).not.toHaveProperty('surprise');
    expect(order).not.toHaveProperty('alsoUnknown');
  });

  it('variables keep any JSON values; variant objects keep fields beyond id, sku and title', async () => {
    const variables = { giftWrap: true, count: 3, nested: { a: [1, 'two', null] }, text: 'hi' };
    const lineItems = [{ name: 'Mug', quantity: 0.5, variant: { id: 7, sku: 'MUG-B', title: 'Blue', image: { src: 'https://x.test/m.png' } } }];
    const order = await post(bodyWith('order.lineItems', lineItems));
    expect(order.lineItems).toEqual([{ name: 'Mug', quantity: 0.5, variant: { id: '7', sku: 'MUG-B', title: 'Blue', image: { src: 'https://x.test/m.png' } } }]);
    const withVariables = await post(bodyWith('order.variables', variables));
    expect(withVariables.variables).toEqual(variables);
  });

  it('a __proto__ variable is dropped, other variables stay', async () => {
    const body = bodyWith('order.variables', {});
    const raw = JSON.stringify(body).replace('"variables":{}', '"variables":{"__proto__":{"polluted":true},"kept":1}');
    const res = await s.call('/api/orders', { key, method: 'POST', body: raw, headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { variables: unknown }).variables).toEqual({ kept: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('negative prices are accepted (discounts, refunds)', async () => {
    const order = await post(bodyWith('order.lineItems', [{ name: 'Discount', quantity: 1, price: { amount: -5, currency: 'EUR' } }]));
    expect((order.lineItems as { price: unknown }[])[0]!.price).toEqual({ amount: -5, currency: 'EUR' });
  });
});
