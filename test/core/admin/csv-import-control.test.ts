import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../../helpers/station';
import { adminClient } from './admin-helpers';

/**
 * A long CSV import asks whether its orders print (default: no), reports its progress as
 * `import` events, and stops cleanly between two orders when cancelled, listing what it wrote.
 */
const csvOf = (count: number) => ['Order,Email,Product,Qty,Price,Currency', ...Array.from({ length: count }, (_, i) => `${5000 + i},kunde${i}@example.com,Чай 茶 ${i},1,4.50,EUR`)].join('\n');
const mapping = { orderNumber: 'Order', 'customer.email': 'Email', 'item.name': 'Product', 'item.quantity': 'Qty', 'item.price': 'Price', currency: 'Currency' };

let running: RunningStation | undefined;
afterEach(() => running?.stop());

/** Print requests recorded by automatic printing for the team's orders. */
const autoPrints = (s: RunningStation, teamId: string) => s.station.db.prepare("SELECT COUNT(*) FROM print_batches WHERE team_id = ? AND trigger = 'auto'").pluck().get(teamId) as number;

describe('a CSV import under control', () => {
  it('does not print its orders unless asked, even for a team whose flow prints new orders automatically', async () => {
    // Automatic printing on (the station default), no print queue running: the decision is what is tested.
    running = await startStation({ autoPrint: true, background: false });
    const admin = adminClient(running);
    const quiet = running.team('Quiet import');
    const quietAnswer = await (await admin.call('/admin/api/orders/csv/import', { json: { teamId: quiet.team.id, csv: csvOf(5), mapping } })).json();
    expect(quietAnswer).toMatchObject({ print: false, cancelled: false, summary: { orders: 5, new: 5 } });
    await running.station.printing.autoPrint.settled();
    expect(autoPrints(running, quiet.team.id)).toBe(0);

    const printing = running.team('Printing import');
    const printingAnswer = await (await admin.call('/admin/api/orders/csv/import', { json: { teamId: printing.team.id, csv: csvOf(5), mapping, print: true } })).json();
    expect(printingAnswer).toMatchObject({ print: true, summary: { orders: 5, new: 5 } });
    await running.station.printing.autoPrint.settled();
    expect(autoPrints(running, printing.team.id)).toBe(5);
  });

  it('reports progress and stops when cancelled, listing exactly what it wrote', { timeout: 60_000 }, async () => {
    running = await startStation({ background: false });
    const s = running;
    const admin = adminClient(s);
    const { team } = s.team('Big import');
    const importId = randomUUID();
    const reports: { checked: number; written: number; total: number; state: string }[] = [];
    let cancel: Promise<Response> | undefined;
    s.station.events.on('import', (event) => {
      if (event.importId !== importId) return;
      reports.push(event);
      // The first report: the operator presses Cancel.
      cancel ??= admin.call(`/admin/api/orders/csv/imports/${importId}/cancel`, { method: 'POST' });
    });
    const answer = (await (await admin.call('/admin/api/orders/csv/import', { json: { teamId: team.id, csv: csvOf(600), mapping, importId } })).json()) as {
      cancelled: boolean;
      orders: { orderNumber: string; id: string }[];
      summary: { orders: number };
    };
    expect((await cancel!).status).toBe(200);
    expect(answer.cancelled).toBe(true);
    expect(reports[0]).toMatchObject({ checked: 50, total: 600, state: 'running' });
    expect(reports.at(-1)).toMatchObject({ state: 'cancelled', total: 600 });
    expect(answer.orders.length).toBeGreaterThanOrEqual(50);
    expect(answer.orders.length).toBeLessThan(600);
    expect(answer.summary.orders).toBe(answer.orders.length);
    // What the answer lists is exactly what is in the station.
    const stored = s.station.db.prepare('SELECT order_number FROM orders WHERE team_id = ? ORDER BY order_number').pluck().all(team.id) as string[];
    expect(stored).toEqual(answer.orders.map((order) => order.orderNumber).sort());
    // Nothing runs under that id any more.
    expect((await admin.call(`/admin/api/orders/csv/imports/${importId}/cancel`, { method: 'POST' })).status).toBe(404);
  });
});
