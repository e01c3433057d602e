import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WARNINGS } from '../../../main/core/foundations/ignored-fields';
import type { Logger } from '../../../main/core/foundations/logger';
import { ignoredFieldsLog } from '../../../main/core/features/orders/ignored-fields-log';
import { startStation, type RunningStation } from '../../helpers/station';

/**
 * Unknown fields are ignored, as the contract says, and the answer tells the integrator which
 * (`warnings`), on creates and updates alike; the order detail keeps them; the terminal says
 * them once per key and field per hour.
 */
const lines: string[] = [];
const logger: Logger = { info: (message) => void lines.push(message), error: () => {} };

let s: RunningStation;
let key: string;
beforeAll(async () => {
  s = await startStation({ background: false, logger, logLines: true });
  key = s.team('Склад 倉庫').key;
});
afterAll(() => s.stop());

interface Created {
  id: string;
  warnings?: { path: string; message: string }[];
  shippingAddress?: Record<string, unknown>;
  orderTotal?: unknown;
}

const admin = (path: string) => s.call(path, { headers: { Authorization: `Bearer ${s.station.services.adminSessions.createSessionToken()}` } });

const post = async (json: unknown, as = key) => {
  const response = await s.call('/api/orders', { key: as, json });
  expect(response.status).toBe(201);
  return (await response.json()) as Created;
};

describe('fields the order API ignores', () => {
  it('answers 201 with warnings naming each ignored field from the body’s root, with a hint where one is clear', async () => {
    const order = await post({
      sourceId: 'W-1',
      order: {
        orderNumber: 'W-1',
        customer: { name: 'Анна Петрова', email: 'anna@example.com' },
        shipingAddress: { firstName: 'Анна', address1: 'ул. Ленина 1', city: 'Москва', country: 'RU' },
        total: { amount: '12.00', currency: 'EUR' },
        lineItems: [{ name: '茶壶', quantity: 1, colour: 'blue' }, { name: 'Cup', quantity: 2 }],
        variables: { anything: { goes: 'here' } },
      },
      priority: 'high',
    });
    expect(order.warnings).toEqual([
      { path: 'order.customer.name', message: 'Not a field of this object: ignored (the field is firstName and lastName)' },
      { path: 'order.shipingAddress', message: 'Not a field of this object: ignored (did you mean shippingAddress?)' },
      { path: 'order.total', message: 'Not a field of this object: ignored (the field is orderTotal)' },
      { path: 'order.lineItems.0.colour', message: 'Not a field of this object: ignored' },
      { path: 'priority', message: 'Not a field of this object: ignored' },
    ]);
    // Ignored, as the contract says: nothing of them was stored.
    expect(order.shippingAddress).toBeUndefined();
    expect(order.orderTotal).toBeUndefined();
  });

  it('has no warnings when nothing was ignored (variables and line-item properties keep every key)', async () => {
    const order = await post({ sourceId: 'W-2', order: { orderNumber: 'W-2', customer: { firstName: 'أحمد', lastName: 'علي' }, variables: { giftMessage: 'عيد سعيد', nested: { free: 1 } } } });
    expect(order).not.toHaveProperty('warnings');
  });

  it('takes keys named like Object’s own (`__proto__`, `constructor`, `toString`) as keys like any other: ignored and said, never a 500', async () => {
    const raw = '{"sourceId":"W-P","order":{"orderNumber":"W-P","overrides":{"__proto__":{}},"customer":{"constructor":"x","toString":"y","firstName":"Ада"},"__proto__":{"polluted":true}}}';
    const response = await s.call('/api/orders', { key, headers: { 'Content-Type': 'application/json' }, method: 'POST', body: raw });
    expect(response.status).toBe(201);
    const order = (await response.json()) as Created;
    expect(order.warnings?.map((warning) => warning.path).sort()).toEqual(['order.__proto__', 'order.customer.constructor', 'order.customer.toString', 'order.overrides.__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('warns on updates as on creates, and the order detail shows the last body’s warnings beside its source', async () => {
    const first = await post({ sourceId: 'W-3', order: { orderNumber: 'W-3' } });
    expect(first).not.toHaveProperty('warnings');
    const updated = await post({ sourceId: 'W-3', order: { orderNumber: 'W-3', billingAddress: { name: 'Ли Вэй', city: '北京' } } });
    expect(updated.id).toBe(first.id);
    expect(updated.warnings).toEqual([{ path: 'order.billingAddress.name', message: 'Not a field of this object: ignored (the field is firstName and lastName)' }]);
    const detail = (await (await admin(`/admin/api/orders/${first.id}`)).json()) as { sources: { sourceId: string; warnings: unknown }[] };
    expect(detail.sources).toEqual([expect.objectContaining({ sourceId: 'W-3', warnings: updated.warnings })]);
    // A later clean body clears them.
    await post({ sourceId: 'W-3', order: { orderNumber: 'W-3' } });
    const clean = (await (await admin(`/admin/api/orders/${first.id}`)).json()) as { sources: { warnings: unknown }[] };
    expect(clean.sources[0]!.warnings).toEqual([]);
  });

  it('lists at most 20, the last saying how many more', async () => {
    const extra = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`extra${i}`, i]));
    const order = await post({ sourceId: 'W-4', order: { orderNumber: 'W-4', ...extra } });
    expect(order.warnings).toHaveLength(MAX_WARNINGS);
    expect(order.warnings!.slice(0, 19).map((warning) => warning.path)).toEqual(Array.from({ length: 19 }, (_, i) => `order.extra${i}`));
    expect(order.warnings![19]).toEqual({ path: 'order.extra19', message: '11 more fields were ignored, this one first; the first 19 are listed above' });
  });

  it('says them on the terminal once per key and field per hour', async () => {
    // A key of its own: the fields the tests above sent were said for theirs.
    const own = s.team('Log shop').key;
    lines.length = 0;
    for (let i = 0; i < 3; i++) await post({ sourceId: `W-log-${i}`, order: { orderNumber: `W-log-${i}`, customer: { name: 'Same field' }, lineItems: [{ name: 'a', quantity: 1, colour: 'x' }, { name: 'b', quantity: 1, colour: 'y' }] } }, own);
    const said = lines.filter((line) => line.includes('the order API ignores'));
    expect(said).toEqual(['order W-log-0 taken; fields it carries that the order API ignores: order.customer.name, order.lineItems.*.colour (said once an hour per key and field)']);
  });

  it('an hour later the same field is said again (the log’s own clock)', () => {
    let now = 0;
    const heard: string[] = [];
    const log = ignoredFieldsLog({ info: (message) => void heard.push(message), error: () => {} }, () => now);
    const warning = [{ path: 'order.total', message: '' }];
    log('key-1', 'shop', '#1', warning);
    now = 59 * 60 * 1000;
    log('key-1', 'shop', '#2', warning);
    log('key-2', 'shop', '#3', warning);
    now = 61 * 60 * 1000;
    log('key-1', 'shop', '#4', warning);
    expect(heard.map((line) => line.split(' taken')[0])).toEqual(['order #1', 'order #3', 'order #4']);
  });
});
