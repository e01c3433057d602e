// The order bench/print.ts prints and its loopback client posts: one to six line items.
export function order(n: number) {
  return {
    source: 'shop',
    sourceId: `p-${n}`,
    order: {
      orderNumber: `#${20000 + n}`,
      customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      shippingAddress: { firstName: 'Ada', lastName: `Lovelace ${n}`, address1: '12 Analytical St', city: 'London', postalCode: 'N1 9GU', country: 'GB' },
      lineItems: Array.from({ length: 1 + (n % 6) }, (_, i) => ({ name: `Product ${i}`, quantity: (i % 3) + 1, sku: `SKU-${1000 + i}`, price: { amount: 9.5 + i, currency: 'EUR' } })),
      orderTotal: { amount: 99.5, currency: 'EUR' },
    },
  };
}
