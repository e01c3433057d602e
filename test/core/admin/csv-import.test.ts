import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SHOPIFY = readFileSync(join(__dirname, '../../fixtures/shopify-orders-export.csv'), 'utf8');
import { admin, detail, ordersOf, post, running, useCsvStation } from './csv-import-station';

useCsvStation();

describe('CSV import of a Shopify orders export', () => {
  it('recognises the export by its header and maps the address lines, not the joined street', async () => {
    const preview = await post('/admin/api/orders/csv/preview', { csv: SHOPIFY });
    expect(preview.format).toBe('shopify');
    expect(preview.rowCount).toBe(8);
    expect(preview.suggestedMapping).toMatchObject({
      orderNumber: 'Name',
      orderDate: 'Created at',
      'shipping.name': 'Shipping Name',
      'shipping.address1': 'Shipping Address1',
      'shipping.address2': 'Shipping Address2',
      'shipping.postalCode': 'Shipping Zip',
      'billing.address1': 'Billing Address1',
      'item.name': 'Lineitem name',
      financialStatus: 'Financial Status',
    });
    expect(Object.values(preview.suggestedMapping)).not.toContain('Shipping Street');
  });

  it('says what an import would do and writes nothing: 5 orders, 8 line items, 0 skipped', async () => {
    const { team } = running.team('Shop');
    const { suggestedMapping } = await post('/admin/api/orders/csv/preview', { csv: SHOPIFY });
    const plan = await post('/admin/api/orders/csv/import', { teamId: team.id, csv: SHOPIFY, mapping: suggestedMapping, dryRun: true });
    expect(plan.dryRun).toBe(true);
    expect(plan.summary).toEqual({ orders: 5, lineItems: 8, skipped: 0, new: 5, changed: 0, unchanged: 0 });
    expect(plan.orders.map((order: { orderNumber: string; rows: number[] }) => [order.orderNumber, order.rows])).toEqual([
      ['#1101', [2, 3, 4]],
      ['#1102', [5]],
      ['#1103', [6]],
      ['#1104', [7, 8]],
      ['#1105', [9]],
    ]);
    expect(await ordersOf(team.id)).toEqual([]);
  });

  it('imports exactly its orders with every item, both addresses and the order variables', async () => {
    const { team } = running.team('Shop');
    const { suggestedMapping } = await post('/admin/api/orders/csv/preview', { csv: SHOPIFY });
    const result = await post('/admin/api/orders/csv/import', { teamId: team.id, csv: SHOPIFY, mapping: suggestedMapping });
    expect(result.summary).toEqual({ orders: 5, lineItems: 8, skipped: 0, new: 5, changed: 0, unchanged: 0 });
    expect(result.problems).toEqual([]);
    const listed = await ordersOf(team.id);
    expect(listed.map((order) => order.orderNumber).sort()).toEqual(['#1101', '#1102', '#1103', '#1104', '#1105']);

    const byNumber = new Map(result.orders.map((order: { orderNumber: string; id: string }) => [order.orderNumber, order.id]));
    const first = await detail(byNumber.get('#1101') as string);
    expect(first.orderKeys).toEqual([`${team.id}/csv-#1101`]);
    expect(first.orderDate).toBe('2024-05-01T08:15:23.000Z');
    expect(first.lineItems.map((item: { name: string; quantity: number; sku: string; price: unknown }) => [item.name, item.quantity, item.sku, item.price])).toEqual([
      ['Mug "Morning", large', 2, 'MUG-L', { amount: 12, currency: 'USD' }],
      ['Tea sampler, 6 × 20 g', 1, 'TEA-6', { amount: 25, currency: 'USD' }],
      ['Gift wrap', 1, 'WRAP', { amount: 15, currency: 'USD' }],
    ]);
    expect(first.shippingAddress).toEqual({ firstName: 'Ada', lastName: 'Lovelace', address1: '12 Main St', address2: 'Apt 4', city: 'Boston', state: 'MA', postalCode: '02134', country: 'US' });
    expect(first.billingAddress).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', address1: '12 Main St', postalCode: '02134' });
    expect(first.customer).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
    expect(first.note).toBe('Leave at the door, please');
    expect(first.orderTotal).toEqual({ amount: 69.52, currency: 'USD' });
    expect(first.variables).toEqual({
      subtotal: { amount: 64, currency: 'USD' },
      shipping: { amount: 5, currency: 'USD' },
      taxes: { amount: 5.52, currency: 'USD' },
      discount: { amount: 5, currency: 'USD' },
      discountCode: 'WELCOME10',
      financialStatus: 'paid',
      fulfillmentStatus: 'unfulfilled',
      shippingMethod: 'Standard Shipping',
      phone: '+1 617 555 0100',
      billingPhone: '+1 617 555 0100',
      taxLines: [{ name: 'VAT 20%', amount: { amount: 5.52, currency: 'USD' } }],
    });
    expect(first.tags.map((tag: { label: string }) => tag.label).sort()).toEqual(['gift', 'vip']);

    const japanese = await detail(byNumber.get('#1102') as string);
    expect(japanese.shippingAddress).toMatchObject({ firstName: '山田', lastName: '太郎', city: '千代田区', state: '東京都', country: 'JP' });
    expect(japanese.lineItems).toEqual([expect.objectContaining({ name: '抹茶 (Matcha) 100g', price: { amount: 4800, currency: 'JPY' } })]);
    const russian = await detail(byNumber.get('#1103') as string);
    expect(russian.shippingAddress).toMatchObject({ firstName: 'Иван', lastName: 'Петров', company: 'ООО "Ромашка"', address1: 'ул. Ленина, д. 5', address2: 'кв. 12' });
    expect(russian.note).toBe('Call before delivery, "door code 42"');
    expect(russian.variables.financialStatus).toBe('pending');
    const hebrew = await detail(byNumber.get('#1104') as string);
    expect(hebrew.lineItems.map((item: { name: string }) => item.name)).toEqual(['ספר בישול', 'Bookmark']);
    const german = await detail(byNumber.get('#1105') as string);
    expect(german.shippingAddress).toMatchObject({ firstName: 'Ludwig', lastName: 'van Beethoven' });
  });

  it('changes nothing when the same file is imported again, and updates in place with another mapping', async () => {
    const { team } = running.team('Shop');
    const { suggestedMapping } = await post('/admin/api/orders/csv/preview', { csv: SHOPIFY });
    const first = await post('/admin/api/orders/csv/import', { teamId: team.id, csv: SHOPIFY, mapping: suggestedMapping });
    const before = await detail(first.orders[0].id);

    const again = await post('/admin/api/orders/csv/import', { teamId: team.id, csv: SHOPIFY, mapping: suggestedMapping });
    expect(again.summary).toEqual({ orders: 5, lineItems: 8, skipped: 0, new: 0, changed: 0, unchanged: 5 });
    expect((await detail(first.orders[0].id)).updatedAt).toBe(before.updatedAt);

    // Another mapping (no notes, the date left out) is the same orders, updated.
    const { note: _note, orderDate: _date, ...fewer } = suggestedMapping;
    const remapped = await post('/admin/api/orders/csv/import', { teamId: team.id, csv: SHOPIFY, mapping: fewer });
    expect(remapped.summary).toMatchObject({ orders: 5, new: 0, changed: 5 });
    expect((await ordersOf(team.id)).length).toBe(5);
    const after = await detail(first.orders[0].id);
    expect(after.id).toBe(before.id);
    expect(after.lineItems).toHaveLength(3);
    expect(after.note).toBeUndefined();
  });

  it('leaves out a whole order when one of its rows cannot be read, never part of it', async () => {
    const { team } = running.team('Shop');
    const lines = SHOPIFY.split('\n');
    // #1101's second item row (line 3 of the file): its quantity becomes unreadable.
    lines[2] = lines[2]!.replace(',2024-05-01 10:15:23 +0200,1,', ',2024-05-01 10:15:23 +0200,one,');
    const csv = lines.join('\n');
    const { suggestedMapping } = await post('/admin/api/orders/csv/preview', { csv });
    const plan = await post('/admin/api/orders/csv/import', { teamId: team.id, csv, mapping: suggestedMapping, dryRun: true });
    expect(plan.summary).toEqual({ orders: 4, lineItems: 5, skipped: 1, new: 4, changed: 0, unchanged: 0 });
    expect(plan.problems).toEqual([{ orderNumber: '#1101', rows: [2, 3, 4], message: 'Line 3: quantity "one" is not a number' }]);
    await post('/admin/api/orders/csv/import', { teamId: team.id, csv, mapping: suggestedMapping });
    expect((await ordersOf(team.id)).map((order) => order.orderNumber)).not.toContain('#1101');
  });
});

describe('CSV import of what Shopify keeps beside the columns', () => {
  it('reads Note Attributes (the gift message), line discounts, every tax line and the variant inside the item name', async () => {
    const { team } = running.team('Geschenke');
    const [header, ...rows] = parse(SHOPIFY) as string[][];
    const column = (name: string) => header!.indexOf(name);
    const row = [...rows[0]!];
    row[column('Name')] = '#2101';
    row[column('Lineitem name')] = 'T-Shirt “Kyiv” - Large / Синій';
    row[column('Lineitem discount')] = '2.50';
    row[column('Note Attributes')] = 'gift_message: С днём рождения! 生日快乐: from Ana\nwrapping: yes';
    row[column('Tax 2 Name')] = 'City tax 1%';
    row[column('Tax 2 Value')] = '0.64';
    const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
    const csv = [header!, row].map((cells) => cells.map(quote).join(',')).join('\n');
    const { suggestedMapping } = await post('/admin/api/orders/csv/preview', { csv });
    expect(suggestedMapping).toMatchObject({ noteAttributes: 'Note Attributes', taxLines: 'Tax 1 Name', 'item.discount': 'Lineitem discount' });
    const result = await post('/admin/api/orders/csv/import', { teamId: team.id, csv, mapping: suggestedMapping });
    expect(result.problems).toEqual([]);
    const order = await detail(result.orders[0].id);
    expect(order.lineItems).toEqual([expect.objectContaining({ name: 'T-Shirt “Kyiv” - Large / Синій', variant: { title: 'Large / Синій' } })]);
    expect(order.variables).toMatchObject({
      giftMessage: 'С днём рождения! 生日快乐: from Ana',
      noteAttributes: { gift_message: 'С днём рождения! 生日快乐: from Ana', wrapping: 'yes' },
      lineDiscounts: [{ line: 0, name: 'T-Shirt “Kyiv” - Large / Синій', amount: { amount: 2.5, currency: 'USD' } }],
      taxLines: [
        { name: 'VAT 20%', amount: { amount: 5.52, currency: 'USD' } },
        { name: 'City tax 1%', amount: { amount: 0.64, currency: 'USD' } },
      ],
    });
  });
});

describe('CSV import of a large export', () => {
  it('takes an export far larger than an order body (1 MiB): 4,000 orders in about 3 MB', async () => {
    const { team } = running.team('Shop');
    const [header, ...rows] = parse(SHOPIFY) as string[][];
    const copies = Array.from({ length: 800 }, (_, copy) => rows.map((row) => row.map((cell, c) => (c === 0 ? `${cell}-${copy}` : cell))));
    const csv = [header!, ...copies.flat()].map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',')).join('\n');
    expect(csv.length).toBeGreaterThan(2 * 1024 * 1024);
    const { suggestedMapping } = await post('/admin/api/orders/csv/preview', { csv });
    const plan = await post('/admin/api/orders/csv/import', { teamId: team.id, csv, mapping: suggestedMapping, dryRun: true });
    expect(plan.summary).toEqual({ orders: 4000, lineItems: 6400, skipped: 0, new: 4000, changed: 0, unchanged: 0 });
  });

  it('refuses a file over 8 MB with a 400 that says what to do, and a body over 10 MiB with a 413', async () => {
    const { team } = running.team('Shop');
    const big = await admin.call('/admin/api/orders/csv/preview', { json: { csv: SHOPIFY + 'x'.repeat(8.5 * 1024 * 1024) } });
    expect(big.status).toBe(400);
    expect((await big.json()).error.details[0].message).toBe('The file is larger than 8 MB: export a shorter date range, or split the file');
    const huge = await admin.call('/admin/api/orders/csv/import', { json: { teamId: team.id, csv: 'x'.repeat(11 * 1024 * 1024), mapping: { orderNumber: 'Name' } } });
    expect(huge.status).toBe(413);
    // An order body keeps its 1 MiB limit on the dashboard too.
    const manual = await admin.call('/admin/api/orders/manual', { json: { teamId: team.id, order: { orderNumber: 'M-1', note: 'x'.repeat(1.2 * 1024 * 1024) } } });
    expect(manual.status).toBe(413);
  });
});

describe('CSV import of files shaped to cost', () => {
  /** The largest resident size seen while `work` runs (sampled every 10 ms), in MB. */
  async function peakRssMb(work: () => Promise<unknown>): Promise<number> {
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    try {
      await work();
    } finally {
      clearInterval(sampler);
    }
    return Math.max(peak, process.memoryUsage().rss) / 2 ** 20;
  }

  it('refuses millions of rows or cells under the 8 MB limit with a 400 saying which limit, before building orders from them', async () => {
    const { team } = running.team('Shop');
    const shapes: [string, string, RegExp][] = [
      ['tall: 3.9 million one-cell rows', `Name\n${'#1\n'.repeat(2_600_000)}`, /more than 100,000 rows/],
      ['wide: 3.9 million columns in one row', `Name,${','.repeat(3_900_000)}\n#1\n`, /row 1 has more than 1,000 columns/],
      ['many cells: 2,000 rows of 999 columns', `Name${',x'.repeat(998)}\n${`#1${',x'.repeat(998)}\n`.repeat(2_100)}`, /more than 2,000,000 cells/],
      ['one row of 300,000 characters', `Name,Note\n#1,"${'x'.repeat(300_000)}"\n`, /a row is longer than 262,144 characters/],
    ];
    const before = process.memoryUsage().rss / 2 ** 20;
    for (const [shape, csv, reason] of shapes) {
      expect(csv.length, shape).toBeLessThan(8 * 1024 * 1024);
      for (const path of ['/admin/api/orders/csv/preview', '/admin/api/orders/csv/import']) {
        let answer: Response | undefined;
        const peak = await peakRssMb(async () => {
          answer = await admin.call(path, { json: { csv, teamId: team.id, mapping: { orderNumber: 'Name' }, dryRun: true } });
        });
        expect(answer!.status, `${shape} ${path}`).toBe(400);
        const { error } = (await answer!.json()) as { error: { code: string; message: string } };
        expect(error.code, `${shape} ${path}`).toBe('csv_too_large');
        expect(error.message, shape).toMatch(reason);
        // The station runs in this process: it never holds the file as millions of cells (0.8–2.4 GB before).
        expect(peak - before, `${shape} ${path}: peak resident MB over the start`).toBeLessThan(400);
      }
    }
    expect(running.station.db.prepare('SELECT COUNT(*) FROM orders WHERE team_id = ?').pluck().get(team.id)).toBe(0);
  });
});

describe('CSV import of a Shopify export with a cancelled order', () => {
  it('leaves the cancelled order out and says why: it must not print', async () => {
    const { team } = running.team('Shop');
    const [header, ...rows] = parse(SHOPIFY) as string[][];
    // #1103 (line 6 of the file) was cancelled in Shopify.
    const cancelled = rows.map((row) => (row[0] === '#1103' ? row.map((cell, c) => (header![c] === 'Cancelled at' ? '2024-05-04 09:00:00 +0300' : cell)) : row));
    const csv = [header!, ...cancelled].map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',')).join('\n');
    const { suggestedMapping } = await post('/admin/api/orders/csv/preview', { csv });
    expect(suggestedMapping.cancelledAt).toBe('Cancelled at');
    const result = await post('/admin/api/orders/csv/import', { teamId: team.id, csv, mapping: suggestedMapping });
    expect(result.summary).toMatchObject({ orders: 4, lineItems: 7, skipped: 1 });
    expect(result.problems).toEqual([{ orderNumber: '#1103', rows: [6], message: 'Cancelled in the shop (2024-05-04 09:00:00 +0300): not imported. If it was imported before, ignore it on the Orders page.' }]);
  });
});
