import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, printStation, type PrintStation } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

type Result = { status: string; orders: { id: string }[] };

/**
 * "Print the ready orders" sent twice before the first print went out. The station runs
 * without its print worker here, so the first request's jobs stay queued in between.
 */
describe('printing the ready orders twice', { timeout: 60_000 }, () => {
  let s: PrintStation;
  beforeAll(async () => {
    s = await printStation({ background: false });
  });
  afterAll(() => s.stop());

  it('the second request leaves out the orders already on their way to a printer', async () => {
    const { key } = await s.printTeam('Twice');
    const first = await s.createOrder(key, 'TW-1');
    const second = await s.createOrder(key, 'TW-2');
    const ready = async () => json<Result[]>(await s.call('/api/orders/print', { key, json: { orderFilters: { 'order.status': 'ready' } } }), 200);

    const once = await ready();
    expect(once.map((result) => [result.status, result.orders.map((order) => order.id)])).toEqual([['pending', [first.id, second.id]]]);
    expect(await ready()).toEqual([]);

    // A new order is ready and not queued: it is the only one the next request prints.
    const third = await s.createOrder(key, 'TW-3');
    expect((await ready()).map((result) => result.orders.map((order) => order.id))).toEqual([[third.id]]);

    // Asking for printed orders too asks for reprints: the queued ones are not left out.
    const reprint = await json<Result[]>(await s.call('/api/orders/print', { key, json: { orderFilters: { 'order.status': ['ready', 'printed'] } } }), 200);
    expect(reprint.map((result) => result.orders.map((order) => order.id))).toEqual([[first.id, second.id, third.id]]);
    // Named by id, an order prints again: that is what the request asks for.
    expect((await json<Result[]>(await s.call(`/api/orders/${first.id}/print`, { key, json: {} }), 200)).map((result) => result.status)).toEqual(['pending']);
  });
});
