import { describe, expect, it } from 'vitest';

import { admin, detail, post, running, useCsvStation } from './csv-import-station';

const GENERIC = [
  'Order,Email,Product,Qty,Price,Currency,Tags',
  '1001,ada@example.com,Mug,2,9.50,EUR,vip',
  '1001,ada@example.com,Tea,1,4,EUR,vip',
  '1002,bob@example.com,Plate,x,3,EUR,',
  ',nobody@example.com,Cup,1,2,EUR,',
  '1003,cy@example.com,Bowl,1,5,EUR,express',
].join('\n');

useCsvStation();

describe('CSV import of any other file', () => {
  it('previews headers and suggests a mapping from common column names', async () => {
    const preview = await post('/admin/api/orders/csv/preview', { csv: GENERIC });
    expect(preview.format).toBe('generic');
    expect(preview.headers).toEqual(['Order', 'Email', 'Product', 'Qty', 'Price', 'Currency', 'Tags']);
    expect(preview.rowCount).toBe(5);
    expect(preview.suggestedMapping).toEqual({
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
    const preview = await post('/admin/api/orders/csv/preview', { csv: 'Order;Qty\n1;2' });
    expect(preview.headers).toEqual(['Order', 'Qty']);
  });

  it('imports one order per number and reports each order left out with its lines', async () => {
    const { team } = running.team('Shop');
    const { suggestedMapping } = await post('/admin/api/orders/csv/preview', { csv: GENERIC });
    const result = await post('/admin/api/orders/csv/import', { teamId: team.id, csv: GENERIC, mapping: suggestedMapping });
    expect(result.orders.map((o: { orderNumber: string; rows: number[] }) => [o.orderNumber, o.rows])).toEqual([
      ['1001', [2, 3]],
      ['1003', [6]],
    ]);
    expect(result.problems).toEqual([
      { orderNumber: '1002', rows: [4], message: 'Line 4: quantity "x" is not a number' },
      { rows: [5], message: 'The order number is empty' },
    ]);
    const order = await detail(result.orders[0].id);
    expect(order.orderKeys).toEqual([`${team.id}/csv-1001`]);
    expect(order.lineItems).toEqual([
      expect.objectContaining({ name: 'Mug', quantity: 2, price: { amount: 9.5, currency: 'EUR' } }),
      expect.objectContaining({ name: 'Tea', quantity: 1 }),
    ]);
    expect(order.tags.map((t: { label: string }) => t.label)).toEqual(['vip']);
  });

  it('says which field the ingestion refuses, in plain words', async () => {
    const { team } = running.team('Shop');
    const csv = 'Order,Email,Date\n2001,a@example.com,yesterday';
    const result = await post('/admin/api/orders/csv/import', { teamId: team.id, csv, mapping: { orderNumber: 'Order', orderDate: 'Date' } });
    expect(result.summary.orders).toBe(0);
    expect(result.problems).toEqual([{ orderNumber: '2001', rows: [2], message: expect.stringMatching(/^orderDate: /) }]);
  });

  it('says a price needs a currency, and leaves that order out', async () => {
    const { team } = running.team('Shop');
    const csv = 'Order,Product,Price\n3001,Mug,9.50';
    const result = await post('/admin/api/orders/csv/import', { teamId: team.id, csv, mapping: { orderNumber: 'Order', 'item.name': 'Product', 'item.price': 'Price' } });
    expect(result.problems).toEqual([{ orderNumber: '3001', rows: [2], message: 'Line 2: price needs a currency: map the column that holds it (e.g. EUR)' }]);
  });

  it('refuses a mapping that names a column the file does not have', async () => {
    const { team } = running.team('Shop');
    const response = await admin.call('/admin/api/orders/csv/import', { json: { teamId: team.id, csv: GENERIC, mapping: { orderNumber: 'Nope' } } });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain('"Nope"');
  });

  it('refuses a file that is not CSV with a 400 that says so', async () => {
    const response = await admin.call('/admin/api/orders/csv/preview', { json: { csv: 'a,"b\n1,2' } });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('csv_unreadable');
  });
});
