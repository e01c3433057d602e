import { describe, expect, it } from 'vitest';
import { SHIPPING_LABEL_ZPL } from '../../../main/core/features/documents/builtin/shipping-label-zpl';
import { TemplateEngine } from '../../../main/core/features/documents/engine';
import { templateScope } from '../../../main/core/features/documents/scope';
import type { Order } from '../../../main/core/features/orders/store';
import { shopView } from '../../../main/core/features/teams/shop-profile';

const order = (count: number) =>
  ({
    id: 'o1',
    teamId: 't1',
    orderNumber: 'Z-1',
    status: 'ready',
    lineItems: Array.from({ length: count }, (_, i) => ({ name: `Item ${i + 1}`, quantity: 2, sku: `S${i + 1}` })),
    shippingAddress: { firstName: 'Ada', city: 'Leeds', country: 'GB' },
  }) as unknown as Order;

const render = (count: number) =>
  new TemplateEngine().render(
    { id: 'zpl', version: 1, body: SHIPPING_LABEL_ZPL, kind: 'zpl' },
    templateScope(order(count), {
      team: { id: 't1', name: 'Team' },
      shop: shopView('Team', { name: 'Corner Shop', returnAddress: { address1: '7 Returns Yard', city: 'Wakefield', country: 'GB' } }),
      tags: [],
      tag: 'label',
      locale: 'en',
    }),
  );

describe('the built-in ZPL 4×6 label', () => {
  it('prints the shop and its return address in the FROM block', () => {
    const zpl = render(1);
    expect(zpl).toContain('^FDCorner Shop^FS');
    expect(zpl).toContain('^FD7 Returns Yard, WAKEFIELD, United Kingdom^FS');
  });

  it('lists eight lines, or seven and "and N more", counted with plural rules', () => {
    expect(render(1)).toContain('CONTENTS · 2 ITEMS');
    const eight = render(8);
    expect(eight).toContain('2 x Item 8 (S8)');
    expect(eight).not.toContain('more');
    const many = render(12);
    expect(many).toContain('2 x Item 7 (S7)\\&and 10 more items^FS');
    expect(many).not.toContain('Item 8');
  });
});
