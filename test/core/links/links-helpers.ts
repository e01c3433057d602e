import { createSourceApp } from '../../../main/core/features/apps/service';
import type { RunningStation } from '../../helpers/station';

/** A Shopify-like order body as a shop connector app would post it. */
export function shopifyOrder(appId: string, shopifyId: number, overrides: Record<string, unknown> = {}) {
  return {
    source: appId,
    sourceId: shopifyId,
    order: {
      orderNumber: `#${shopifyId % 100000}`,
      orderDate: '2026-11-20T09:30:00Z',
      customer: { id: 'gid://shopify/Customer/7781', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
      shippingAddress: { firstName: 'Grace', lastName: 'Hopper', address1: '1 Harbor Way', city: 'Arlington', postalCode: '22201', country: 'US' },
      lineItems: [{ name: 'Compiler Mug', quantity: 1, sku: 'MUG-COBOL', price: { amount: 14, currency: 'USD' }, external_id: 'gid://shopify/LineItem/1' }],
      orderTotal: { amount: 14, currency: 'USD' },
      tags: [{ label: 'shopify' }],
      ...overrides,
    },
  };
}

/** An app of the team (links point at apps by UUID). */
export const appOf = (s: RunningStation, teamId: string, name = 'Shop connector') => createSourceApp(s.station.db, teamId, name).id;

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export interface LinkBody {
  id: string;
  teamId: string;
  type: string;
  source: Record<string, string>;
  target: Record<string, string>;
  resolver: string;
  condition: string | null;
  createdAt: string;
  updatedAt: string;
}
