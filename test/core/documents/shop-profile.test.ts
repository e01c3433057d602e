import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytes, documentsStation, json, type TemplateView } from './documents-harness';
import { mmToPt, pdfInfo, pdfText, pdfWordBoxes } from './pdf-tools';

// A 1×1 PNG as the shop's logo.
const LOGO = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const PROFILE = {
  name: 'Corner Shop Ltd',
  address: { address1: '1 Market Street', city: 'Leeds', postalCode: 'LS1 6AA', country: 'GB' },
  returnAddress: { address1: 'Unit 7, Returns Yard', city: 'Wakefield', postalCode: 'WF1 1AA', country: 'GB' },
  logo: LOGO,
  taxNumber: 'GB123456789',
  email: 'hello@corner.example',
  phone: '+44 113 496 0000',
};

const shopifyLike = (orderNumber: string, financialStatus: string, extra: Record<string, unknown> = {}) => ({
  sourceId: orderNumber,
  order: {
    orderNumber,
    note: 'Happy birthday, Ada!',
    shippingAddress: { firstName: 'Ada', lastName: 'Lovelace', address1: '12 Main St', city: 'Boston', state: 'MA', postalCode: '02134', country: 'US' },
    lineItems: [
      { name: 'Mug', quantity: 2, sku: 'MUG-L', price: { amount: 12, currency: 'USD' } },
      { name: 'Tea sampler', quantity: 1, sku: 'TEA-6', price: { amount: 25, currency: 'USD' } },
      { name: 'Gift wrap', quantity: 1, sku: 'WRAP', price: { amount: 15, currency: 'USD' } },
    ],
    orderTotal: { amount: 69.52, currency: 'USD' },
    variables: {
      subtotal: { amount: 64, currency: 'USD' },
      shipping: { amount: 5, currency: 'USD' },
      taxes: { amount: 5.52, currency: 'USD' },
      discount: { amount: 5, currency: 'USD' },
      discountCode: 'WELCOME10',
      financialStatus,
      shippingMethod: 'Standard',
      carrier: 'UPS',
    },
    ...extra,
  },
});

const manyItems = (count: number, note?: string) => ({
  sourceId: `MANY-${count}-${note ? 'n' : ''}`,
  order: {
    orderNumber: `MANY-${count}${note ? 'N' : ''}`,
    ...(note ? { note } : {}),
    shippingAddress: { firstName: 'Grace', lastName: 'Hopper', address1: '1 Navy Yard', city: 'Arlington', state: 'VA', postalCode: '22202', country: 'US' },
    lineItems: Array.from({ length: count }, (_, i) => ({ name: `Item number ${i + 1} with a fairly long product name that would wrap`, quantity: 1, sku: `SKU-${String(i + 1).padStart(2, '0')}` })),
  },
});

describe('the shop profile on the built-in documents', () => {
  let s: Awaited<ReturnType<typeof documentsStation>>;
  let team: { id: string };
  let key: string;
  let templates: TemplateView[];
  const templateOf = (builtin: string) => templates.find((t) => t.builtin === builtin)!;
  const orderOf = async (body: unknown) => (await json<{ id: string }>(await s.call('/api/orders', { key, json: body }), 201)).id;
  const pdfOf = async (builtin: string, orderId: string) => bytes(await s.admin(`/admin/api/templates/${templateOf(builtin).id}/preview?orderId=${orderId}`));
  const textOf = async (builtin: string, orderId: string) => pdfText(await pdfOf(builtin, orderId)).replace(/\s+/g, ' ');

  beforeAll(async () => {
    s = await documentsStation();
    ({ team, key } = s.team('Corner Shop'));
    templates = await json<TemplateView[]>(await s.admin(`/admin/api/teams/${team.id}/templates`), 200);
    await json(await s.admin(`/admin/api/teams/${team.id}/shop`, { method: 'PUT', json: PROFILE }), 200);
  });
  afterAll(() => s.stop());

  it('starts as the team name alone, and saves and reads back a profile', async () => {
    const other = s.team('Fresh Shop').team;
    const before = await json<{ profile: object; printed: { name: string } }>(await s.admin(`/admin/api/teams/${other.id}/shop`), 200);
    expect(before).toEqual({ profile: {}, printed: { name: 'Fresh Shop', address: {}, returnAddress: {} } });
    const saved = await json<{ profile: object; printed: object }>(await s.admin(`/admin/api/teams/${other.id}/shop`, { method: 'PUT', json: { name: ' Fresh ', address: { city: 'Leeds' }, email: '' } }), 200);
    expect(saved).toEqual({ profile: { name: 'Fresh', address: { city: 'Leeds' } }, printed: { name: 'Fresh', address: { city: 'Leeds' }, returnAddress: { city: 'Leeds' } } });
    expect((await json<{ profile: object }>(await s.admin(`/admin/api/teams/${team.id}/shop`), 200)).profile).toEqual(PROFILE);
  });

  it('prints a profile saved again at once, however quickly it was saved (the parsed profile is kept per save)', async () => {
    const other = s.team('Renamed Shop');
    const id = (await json<{ id: string }>(await s.call('/api/orders', { key: other.key, json: manyItems(1) }), 201)).id;
    const label = (await json<TemplateView[]>(await s.admin(`/admin/api/teams/${other.team.id}/templates`), 200)).find((t) => t.builtin === 'shipping-label-4x6')!;
    const fromLine = async () => pdfText(await bytes(await s.admin(`/admin/api/templates/${label.id}/preview?orderId=${id}`))).replace(/\s+/g, ' ');
    for (const name of ['First Name Ltd', 'Second Name Ltd', 'Third Name Ltd']) {
      await json(await s.admin(`/admin/api/teams/${other.team.id}/shop`, { method: 'PUT', json: { name } }), 200);
      expect(await fromLine()).toContain(`FROM ${name}`);
    }
  });

  it('refuses a logo that is not a raster image, and text with control characters, saying where', async () => {
    const svg = await s.admin(`/admin/api/teams/${team.id}/shop`, { method: 'PUT', json: { logo: 'data:image/svg+xml;base64,PHN2Zy8+' } });
    expect(svg.status).toBe(400);
    expect((await svg.json()).error.details[0].path).toBe('logo');
    const control = await s.admin(`/admin/api/teams/${team.id}/shop`, { method: 'PUT', json: { name: 'Shop\u0007' } });
    expect(control.status).toBe(400);
    expect((await control.json()).error.details[0].path).toBe('name');
    // Nothing of a refused profile is kept.
    expect((await json<{ profile: object }>(await s.admin(`/admin/api/teams/${team.id}/shop`), 200)).profile).toEqual(PROFILE);
  });

  it('keeps shop text to one printable line and a logo to what its data: URL says', async () => {
    const refused: [string, object][] = [
      ['name', { name: 'Shop\nLine two' }],
      ['name', { name: 'Shop\u009b31m' }],
      ['address.city', { address: { city: 'Leeds\u0085' } }],
      ['phone', { phone: '+44\r113' }],
      // A PNG's bytes declared as a JPEG, a JPEG's as a PNG, base64 cut short or padded wrong.
      ['logo', { logo: LOGO.replace('image/png', 'image/jpeg') }],
      ['logo', { logo: 'data:image/png;base64,/9j/4AAQSkZJRgABAQ==' }],
      ['logo', { logo: LOGO.slice(0, -3) }],
      ['logo', { logo: 'data:image/gif;base64,R0lGODlhAQABAIAAAP===' }],
    ];
    for (const [path, body] of refused) {
      const response = await s.admin(`/admin/api/teams/${team.id}/shop`, { method: 'PUT', json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error.details[0].path, JSON.stringify(body)).toBe(path);
    }
    expect((await json<{ profile: object }>(await s.admin(`/admin/api/teams/${team.id}/shop`), 200)).profile).toEqual(PROFILE);
  });

  it('puts the shop and its return address in the 4×6 label’s FROM block', async () => {
    const text = await textOf('shipping-label-4x6', await orderOf(shopifyLike('#2001', 'paid')));
    expect(text).toMatch(/FROM Corner Shop Ltd Unit 7, Returns Yard WAKEFIELD WF1 1AA United Kingdom/i);
  });

  it('gives the invoice the seller block and the subtotal, shipping, discount, tax and paid lines; no gift message', async () => {
    const text = await textOf('invoice-a4', await orderOf(shopifyLike('#2002', 'paid')));
    // Three address boxes side by side: pdftotext reads them line by line across.
    expect(text).toMatch(/FROM BILL TO SHIP TO Corner Shop Ltd Ada Lovelace Ada Lovelace 1 Market Street 12 Main St 12 Main St LEEDS/);
    expect(text).toContain('Tax number: GB123456789');
    expect(text).toContain('hello@corner.example');
    expect(text).toContain('Subtotal $64.00');
    expect(text).toContain('Shipping · Standard $5.00');
    expect(text).toContain('Discount (WELCOME10) −$5.00');
    expect(text).toContain('Tax $5.52');
    expect(text).toContain('Paid $69.52');
    expect(text).not.toContain('Amount due');
    expect(text).not.toContain('Happy birthday');
    // Variables the invoice shows as lines are not listed again; the others are.
    expect(text).toContain('CARRIER UPS');
    expect(text).not.toContain('financialStatus');
  });

  it('says "Amount due" on an invoice not yet paid', async () => {
    const text = await textOf('invoice-a4', await orderOf(shopifyLike('#2003', 'pending')));
    expect(text).toContain('Amount due $69.52');
    expect(text).not.toContain('Paid');
  });

  it('shows no prices on a gift order’s packing slip, tagged gift or with variables.gift', async () => {
    const plain = await textOf('packing-slip-a4', await orderOf(shopifyLike('#2004', 'paid')));
    expect(plain).toContain('$12.00');
    const tagged = await textOf('packing-slip-a4', await orderOf(shopifyLike('#2005', 'paid', { tags: [{ label: 'Gift' }] })));
    const flagged = await textOf('packing-slip-a4', await orderOf(shopifyLike('#2006', 'paid', { variables: { gift: true } })));
    for (const slip of [tagged, flagged]) {
      expect(slip).toContain('MUG-L');
      expect(slip).not.toMatch(/\$\d/);
      expect(slip).not.toContain('Price');
    }
  });

  it('lists as many items as fit on the 4×6 label, then "and N more", and never cuts a row', async () => {
    const pdf = await pdfOf('shipping-label-4x6', await orderOf(manyItems(60)));
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(pdfInfo(pdf).pages).toBe(1);
    expect(text).toContain('CONTENTS · 60 ITEMS');
    for (let n = 1; n <= 7; n++) expect(text).toContain(`SKU-${String(n).padStart(2, '0')}`);
    expect(text).not.toContain('SKU-08');
    expect(text).toContain('and 53 more items');
    // The last line sits inside the label's border (page margin 4 mm): nothing is cut off.
    const [more] = pdfWordBoxes(pdf, 'more');
    expect(more!.yMin + 10).toBeLessThan(mmToPt(152.4 - 4));

    const underNote = pdfText(await pdfOf('shipping-label-4x6', await orderOf(manyItems(60, 'Fragile: glass inside')))).replace(/\s+/g, ' ');
    expect(underNote).toContain('SKU-04');
    expect(underNote).not.toContain('SKU-05');
    expect(underNote).toContain('and 56 more items');
    expect(underNote).toContain('Fragile: glass inside');

    const fits = pdfText(await pdfOf('shipping-label-4x6', await orderOf(manyItems(8)))).replace(/\s+/g, ' ');
    expect(fits).toContain('SKU-08');
    expect(fits).not.toContain('more');
  });

  it('lists fewer items under an address long enough to grow the ship-to block, and still cuts no row', async () => {
    const street = (length: number) => 'Streetname '.repeat(60).slice(0, length);
    const order = (n: number, address: Record<string, string>) => ({
      sourceId: `LONG-${n}`,
      order: { orderNumber: `LONG-${n}`, shippingAddress: { firstName: 'Ada', city: 'Boston', country: 'US', ...address }, lineItems: manyItems(9).order.lineItems },
    });
    // About 700 characters: the block keeps its height, 8 rows fit.
    const middle = await pdfOf('shipping-label-4x6', await orderOf(order(1, { address1: street(450), address2: street(200) })));
    expect(pdfText(middle).replace(/\s+/g, ' ')).toContain('and 2 more items');
    // Over 1,000 characters: 3 rows.
    const longest = await pdfOf('shipping-label-4x6', await orderOf(order(2, { address1: street(500), address2: street(500), address3: street(500) })));
    expect(pdfText(longest).replace(/\s+/g, ' ')).toContain('and 7 more items');
    for (const pdf of [middle, longest]) {
      expect(pdfInfo(pdf).pages).toBe(1);
      const [more] = pdfWordBoxes(pdf, 'more');
      expect(more!.yMin + 10).toBeLessThan(mmToPt(152.4 - 4));
    }
  });

  it('counts with the language’s plural rules: 1 item, 2 items; Polish 1 pozycja, 3 pozycje, 53 pozycje, 60 pozycji', async () => {
    expect(await textOf('shipping-label-4x6', await orderOf(manyItems(1)))).toContain('CONTENTS · 1 ITEM ');
    expect(await textOf('shipping-label-4x6', await orderOf(manyItems(2)))).toContain('CONTENTS · 2 ITEMS');
    await json(await s.admin(`/admin/api/teams/${team.id}/locale`, { method: 'PUT', json: { locale: 'pl' } }), 200);
    // Letter-spaced capitals come back from pdftotext with spaces inside words.
    const squeezed = async (orderId: string) => (await textOf('shipping-label-4x6', orderId)).replace(/\s+/g, '').toLowerCase();
    try {
      expect(await squeezed(await orderOf(manyItems(1)))).toContain('zawartość·1pozycja');
      expect(await squeezed(await orderOf(manyItems(3)))).toContain('zawartość·3pozycje');
      const sixty = await squeezed(await orderOf(manyItems(60)));
      expect(sixty).toContain('zawartość·60pozycji');
      expect(sixty).toContain('ijeszcze53pozycje'); // 53: Polish 'few', as 3
    } finally {
      await json(await s.admin(`/admin/api/teams/${team.id}/locale`, { method: 'PUT', json: { locale: null } }), 200);
    }
  });
});
