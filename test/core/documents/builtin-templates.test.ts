import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytes, documentsStation, json, type TemplateView } from './documents-harness';
import { mmToPt, pdfBarcodes, pdfInfo, pdfText } from './pdf-tools';

// A 1×1 PNG: line item images may be data URLs, which the renderer allows.
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const fixture = {
  sourceId: 'fixture-1',
  order: {
    orderNumber: 'ORD-48213',
    orderDate: '2026-10-30T09:15:00Z',
    note: 'Leave at the back door, thanks!',
    customer: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
    shippingAddress: { firstName: 'Grace', lastName: 'Hopper', address1: '1 Navy Yard', city: 'Arlington', state: 'VA', postalCode: '22202', country: 'US' },
    billingAddress: { firstName: 'Grace', lastName: 'Hopper', company: 'COBOL Works', address1: '9 Compiler Way', city: 'New York', state: 'NY', postalCode: '10001', country: 'US' },
    lineItems: [
      { name: 'Enamel pin', quantity: 3, sku: 'PIN-ENAMEL-01', price: { amount: 5, currency: 'USD' }, image_url: PIXEL },
      { name: 'Notebook, dotted', quantity: 1, sku: 'NB-DOT-A5', price: { amount: 12.5, currency: 'USD' } },
      { name: 'Sticker sheet', quantity: 2, sku: 'STK-SHEET-9', price: { amount: 3, currency: 'USD' } },
    ],
    orderTotal: { amount: 33.5, currency: 'USD' },
    variables: { carrier: 'UPS Ground' },
  },
};

describe('built-in templates', () => {
  let s: Awaited<ReturnType<typeof documentsStation>>;
  let templates: TemplateView[];
  let orderId: string;

  beforeAll(async () => {
    s = await documentsStation();
    const { team, key } = s.team('Northwind Goods');
    orderId = (await json<{ id: string }>(await s.call('/api/orders', { key, json: fixture }), 201)).id;
    templates = await json<TemplateView[]>(await s.admin(`/admin/api/teams/${team.id}/templates`), 200);
  });
  afterAll(() => s.stop());

  it('every team gets the packing slips (A4, Letter), invoice, 4×6 in labels (HTML and ZPL) and gift note', () => {
    expect(templates.map((t) => [t.builtin, t.tag, t.paper.name, t.orientation])).toEqual([
      ['packing-slip-a4', 'packing-slip', 'A4', 'portrait'],
      ['packing-slip-letter', 'packing-slip', 'Letter', 'portrait'],
      ['invoice-a4', 'invoice', 'A4', 'portrait'],
      ['shipping-label-4x6', 'label', '4x6in', 'portrait'],
      ['shipping-label-4x6-zpl', 'label', '4x6in', 'portrait'],
      ['gift-note-a6', 'gift-note', 'A6', 'landscape'],
    ]);
    expect(templates.map((t) => t.kind)).toEqual(['html', 'html', 'html', 'html', 'zpl', 'html']);
  });

  const cases = [
    ['packing-slip-a4', 210, 297],
    ['packing-slip-letter', 215.9, 279.4],
    ['invoice-a4', 210, 297],
    ['shipping-label-4x6', 101.6, 152.4],
    // A6 used landscape.
    ['gift-note-a6', 148, 105],
  ] as const;

  for (const [builtin, widthMm, heightMm] of cases) {
    describe(builtin, () => {
      let pdf: Uint8Array;
      beforeAll(async () => {
        const template = templates.find((t) => t.builtin === builtin)!;
        pdf = await bytes(await s.admin(`/admin/api/templates/${template.id}/preview?orderId=${orderId}`));
      });

      it(builtin === 'invoice-a4' ? 'shows the order number, ship-to name and every SKU, and no note (it may be a gift message)' : 'shows the order number, ship-to name, every SKU and the note', () => {
        const text = pdfText(pdf).replace(/\s+/g, ' ');
        expect(text).toContain('ORD-48213');
        expect(text).toContain('Grace Hopper');
        for (const sku of ['PIN-ENAMEL-01', 'NB-DOT-A5', 'STK-SHEET-9']) expect(text).toContain(sku);
        if (builtin === 'invoice-a4') expect(text).not.toContain('Leave at the back door');
        else expect(text).toContain('Leave at the back door, thanks!');
        expect(text).toContain('Northwind Goods');
      });

      it("is one page of the template's paper size", () => {
        const info = pdfInfo(pdf);
        expect(info.pages).toBe(1);
        expect(Math.abs(info.widthPt - mmToPt(widthMm))).toBeLessThan(1.5);
        expect(Math.abs(info.heightPt - mmToPt(heightMm))).toBeLessThan(1.5);
      });

      it('carries a Code 128 barcode that scans back to the order number', () => {
        expect(pdfBarcodes(pdf)).toContain('CODE-128:ORD-48213');
      });
    });
  }

  it('every page of a long packing slip or invoice names its order, continuation pages too', async () => {
    const { key } = s.team('Long Orders');
    const lineItems = Array.from({ length: 120 }, (_, i) => ({ name: `Part ${i + 1}`, quantity: 1, sku: `P-${i + 1}`, price: { amount: 1, currency: 'USD' } }));
    const long = await json<{ id: string }>(await s.call('/api/orders', { key, json: { sourceId: 'long-1', order: { orderNumber: 'LONG-77', lineItems } } }), 201);
    for (const builtin of ['packing-slip-a4', 'invoice-a4']) {
      const template = templates.find((t) => t.builtin === builtin)!;
      const pages = pdfText(await bytes(await s.admin(`/admin/api/templates/${template.id}/preview?orderId=${long.id}`))).split('\f').slice(0, -1);
      // Three pages at least: the middle one has neither the head nor the foot of the document.
      expect(pages.length, builtin).toBeGreaterThan(2);
      for (const [index, page] of pages.entries()) expect(page, `${builtin} page ${index + 1}`).toContain('Order LONG-77');
    }
  });

  it('prices are formatted in the order currency', async () => {
    const invoice = templates.find((t) => t.builtin === 'invoice-a4')!;
    const text = pdfText(await bytes(await s.admin(`/admin/api/templates/${invoice.id}/preview?orderId=${orderId}`)));
    expect(text).toContain('$12.50');
    expect(text).toContain('$33.50');
  });
});
