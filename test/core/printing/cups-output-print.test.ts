import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderNumbersByPage, pdfPages, pdfPageSizesMm, waitForPrintedPdf } from '../printers/cups-output';
import { json, printStation, type PrintStation } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

interface Result {
  id: string;
  status: string;
  printer?: { id: string; name: string };
  orders: { id: string; orderKeys: string[] }[];
  team: { authId: string };
}

describe('a print request on the cups-pdf queue', { timeout: 60_000 }, () => {
  let s: PrintStation;
  beforeAll(async () => {
    s = await printStation();
  });
  afterAll(() => s.stop());

  it('prints every document once, in the requested order, on the template paper, and marks orders printed', async () => {
    const { team, key } = await s.printTeam('Sorted');
    const pdf = await s.printerId('PDF');
    const numbers = ['A-7', 'A-10', 'A-2'];
    const orders = [];
    for (const number of numbers) orders.push(await s.createOrder(key, number, { orderNumber: number }));
    const results = await json<Result[]>(
      await s.call('/api/orders/print', { key, json: { orderIds: orders.map((order) => order.id), overrides: { printer: pdf }, sortBy: 'orderNumber', sortDir: 'desc', name: 'Evening run' } }),
      200,
    );
    expect(results).toHaveLength(1);
    const [result] = results;
    expect(result).toMatchObject({ status: 'pending', name: 'Evening run', team: { authId: team.id }, printer: { id: pdf, name: 'PDF' } });
    expect(result!.orders.map((order) => order.id).sort()).toEqual(orders.map((order) => order.id).sort());
    expect(result!.orders[0]!.orderKeys[0]).toMatch(new RegExp(`^${team.id}/api-`));

    const batch = await s.settled(result!.id);
    expect(batch.jobs).toHaveLength(1);
    expect(batch.jobs[0]!.state).toBe('done');
    const file = await waitForPrintedPdf(batch.jobs[0]!.osJobId!);
    expect(pdfPages(file)).toBe(3);
    expect(orderNumbersByPage(file, numbers)).toEqual(['A-10', 'A-7', 'A-2']);
    expect(pdfPageSizesMm(file).every((size) => size.widthMm === 210 && size.heightMm === 297)).toBe(true);

    for (const order of orders) {
      const status = await json<{ status: string }>(await s.call(`/api/orders/${order.id}/status`, { key }), 200);
      expect(status.status).toBe('printed');
    }
  });
});
