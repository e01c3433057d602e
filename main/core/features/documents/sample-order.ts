import { orderRequestSchema } from '../orders/schema';
import type { Order } from '../orders/store';

/** The order a template preview shows when no real order is chosen. */
export function sampleOrder(teamId: string): Order {
  const now = new Date().toISOString();
  // Parsed by the API's own schema, so the sample has exactly the shape real orders have.
  const { order: data } = orderRequestSchema.parse({
    sourceId: 'sample',
    order: {
      orderNumber: 'SAMPLE-1001',
      orderDate: now,
      note: 'Please leave the parcel with the neighbour at number 14 if nobody is home.',
      customer: { id: 'C-778', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', orderCount: 3 },
      shippingAddress: { firstName: 'Ada', lastName: 'Lovelace', address1: '12 Analytical Street', address2: 'Flat 3', city: 'London', postalCode: 'N1 9GU', country: 'GB' },
      billingAddress: { firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical Engines Ltd', address1: '1 Dorset Street', city: 'London', postalCode: 'W1U 4EG', country: 'GB' },
      lineItems: [
        { name: 'Stoneware mug', quantity: 2, sku: 'MUG-BLUE-350', price: { amount: 14.5, currency: 'GBP' }, variant: { title: 'Blue / 350 ml' } },
        { name: 'Earl Grey tea, loose leaf 100 g', quantity: 1, sku: 'TEA-EG-100', price: { amount: 6.95, currency: 'GBP' } },
        { name: 'Gift wrapping', quantity: 1, sku: 'WRAP-1', price: { amount: 2.5, currency: 'GBP' } },
      ],
      orderTotal: { amount: 42.9, currency: 'GBP' },
      // The documented variables (docs/api.md) too, so a preview shows the invoice's lines.
      variables: {
        giftWrap: true,
        carrier: 'Royal Mail Tracked 24',
        shipping: { amount: 4.45, currency: 'GBP' },
        shippingMethod: 'Tracked 24',
        financialStatus: 'paid',
        phone: '+44 20 7946 0018',
      },
    },
  });
  const { tags: _tags, orderDate, ...fields } = data;
  return { ...fields, orderDate: orderDate ?? now, id: '00000000-0000-4000-8000-000000000000', teamId, status: 'ready', lineItems: fields.lineItems ?? [], createdAt: now, updatedAt: now };
}
