import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../../helpers/station';
import { adminClient } from './admin-helpers';

let running: RunningStation;
let admin: ReturnType<typeof adminClient>;
beforeEach(async () => {
  running = await startStation();
  admin = adminClient(running);
});
afterEach(() => running.stop());

const CSV = [
  'Order,Email,Product,Qty,Price,Currency,Tags',
  '1001,ada@example.com,Mug,2,9.50,EUR,vip',
  '1001,ada@example.com,Tea,1,4,EUR,vip',
  '1002,bob@example.com,Plate,x,3,EUR,',
  ',nobody@example.com,Cup,1,2,EUR,',
  '1003,cy@example.com,Bowl,1,5,EUR,express',
].join('\n');

describe('manual orders', () => {
  it('creates an order typed in by hand with source web, keyed by its number', async () => {
    const { team, key } = running.team('Shop');
    const response = await admin.call('/admin/api/orders/manual', {
      json: { teamId: team.id, order: { orderNumber: 'M-1', lineItems: [{ name: 'Mug', quantity: 1 }] } },
    });
    expect(response.status).toBe(201);
    const order = await response.json();
    expect(order.orderKeys).toEqual([`${team.id}/web-M-1`]);
    const status = await running.call(`/api/orders/${encodeURIComponent(order.orderKeys[0])}/status`, { key });
    expect(status.status).toBe(200);
  });

  it('answers 400 with the invalid field for a bad manual order', async () => {
    const { team } = running.team('Shop');
    const response = await admin.call('/admin/api/orders/manual', {
      json: { teamId: team.id, order: { orderNumber: 'M-2', lineItems: [{ name: '', quantity: 1 }] } },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.details[0].path).toBe('order.lineItems.0.name');
  });
});

describe('CSV import', () => {
  it('previews headers and suggests a mapping from common column names', async () => {
    const preview = await (await admin.call('/admin/api/orders/csv/preview', { json: { csv: CSV } })).json();
    expect(preview.headers).toEqual(['Order', 'Email', 'Product', 'Qty', 'Price', 'Currency', 'Tags']);
    expect(preview.rowCount).toBe(5);
    expect(preview.suggestedMapping).toMatchObject({
      orderNumber: 'Order',
      'customer.email': 'Email',
      'item.name': 'Product',
      'item.quantity': 'Qty',
      'item.price': 'Price',
      currency: 'Currency',
      tags: 'Tags',
    });
  });

  it('reads semicolon-separated files', async () => {
    const preview = await (await admin.call('/admin/api/orders/csv/preview', { json: { csv: 'Order;Qty\n1;2' } })).json();
    expect(preview.headers).toEqual(['Order', 'Qty']);
  });

  it('imports rows as csv orders, one order per number, and reports each bad row by its line', async () => {
    const { team } = running.team('Shop');
    const { suggestedMapping } = await (await admin.call('/admin/api/orders/csv/preview', { json: { csv: CSV } })).json();
    const result = await (await admin.call('/admin/api/orders/csv/import', { json: { teamId: team.id, csv: CSV, mapping: suggestedMapping } })).json();
    expect(result.imported).toBe(2);
    expect(result.orders.map((o: { orderNumber: string; rows: number[] }) => [o.orderNumber, o.rows])).toEqual([
      ['1001', [2, 3]],
      ['1003', [6]],
    ]);
    expect(result.errors).toEqual([
      { row: 4, orderNumber: '1002', message: 'Quantity "x" is not a number' },
      { row: 5, message: 'The order number is empty' },
    ]);
    const detail = await (await admin.call(`/admin/api/orders/${result.orders[0].id}`)).json();
    expect(detail.orderKeys).toEqual([`${team.id}/csv-1001`]);
    expect(detail.lineItems).toEqual([
      expect.objectContaining({ name: 'Mug', quantity: 2, price: { amount: 9.5, currency: 'EUR' } }),
      expect.objectContaining({ name: 'Tea', quantity: 1 }),
    ]);
    expect(detail.tags.map((t: { label: string }) => t.label)).toEqual(['vip']);
  });

  it('reports rows the ingestion rejects with the field in plain words', async () => {
    const { team } = running.team('Shop');
    const csv = 'Order,Email,Date\n2001,a@example.com,yesterday';
    const result = await (
      await admin.call('/admin/api/orders/csv/import', { json: { teamId: team.id, csv, mapping: { orderNumber: 'Order', orderDate: 'Date' } } })
    ).json();
    expect(result.imported).toBe(0);
    expect(result.errors).toEqual([{ row: 2, orderNumber: '2001', message: expect.stringMatching(/^orderDate: /) }]);
  });

  it('refuses a mapping that names a column the file does not have', async () => {
    const { team } = running.team('Shop');
    const response = await admin.call('/admin/api/orders/csv/import', { json: { teamId: team.id, csv: CSV, mapping: { orderNumber: 'Nope' } } });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain('"Nope"');
  });
});
