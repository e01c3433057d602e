import type { Order } from '../orders/store';
import type { Price } from '../orders/schema';

export interface ScopeExtras {
  team: { id: string; name: string };
  tags: { label: string; color?: string }[];
  orderKeys?: string[];
  /** The document's tag (`packing-slip`, `invoice`…). */
  tag: string;
  printDate?: Date;
  /** The document's locale (the team's, else the station's): words, dates, money, country names. */
  locale: string;
}

function sumLines(lines: { total?: Price }[]): Price | undefined {
  const priced = lines.map((line) => line.total).filter((total): total is Price => total !== undefined);
  if (priced.length === 0 || priced.some((p) => p.currency !== priced[0]!.currency)) return undefined;
  return { amount: Math.round(priced.reduce((sum, p) => sum + p.amount, 0) * 100) / 100, currency: priced[0]!.currency };
}

/**
 * What a template sees: the whole order (plus line totals, subtotal and item count, which
 * every document wants), `note` (the built-in Note variable), `variables`, the team, the
 * document tag, the print date and the locale.
 */
export function templateScope(order: Order, extras: ScopeExtras) {
  const lineItems = order.lineItems.map((item) => ({
    ...item,
    total: item.price ? { amount: Math.round(item.price.amount * item.quantity * 100) / 100, currency: item.price.currency } : undefined,
  }));
  const printDate = (extras.printDate ?? new Date()).toISOString();
  const view = {
    ...order,
    number: order.orderNumber,
    keys: extras.orderKeys ?? [],
    lineItems,
    tags: extras.tags,
    variables: order.variables ?? {},
    subtotal: sumLines(lineItems),
    itemCount: lineItems.reduce((sum, item) => sum + item.quantity, 0),
  };
  return {
    order: view,
    note: order.note ?? '',
    variables: view.variables,
    customer: order.customer ?? {},
    shippingAddress: order.shippingAddress ?? {},
    billingAddress: order.billingAddress ?? order.shippingAddress ?? {},
    lineItems,
    team: extras.team,
    document: { tag: extras.tag },
    print_date: printDate,
    printDate,
    locale: extras.locale,
  };
}
