import type { Order } from '../orders/store';
import type { Price } from '../orders/schema';
import { shopView, type ShopView } from '../teams/shop-profile';

/**
 * Order variables the built-in documents read (docs/api.md, "Order variables the documents
 * read"): the CSV import fills them from a shop export, an API client may send them. The
 * documents' variables block lists the others.
 */
export const DOCUMENTED_VARIABLES = ['subtotal', 'shipping', 'taxes', 'discount', 'discountCode', 'financialStatus', 'fulfillmentStatus', 'shippingMethod', 'phone', 'billingPhone', 'gift', 'carrierLabels'];

/** A gift order: tagged `gift` (any case) or `variables.gift` true. Its packing slip shows no prices. */
function isGift(tags: { label: string }[], variables: Record<string, unknown>): boolean {
  return variables.gift === true || variables.gift === 'true' || tags.some((tag) => tag.label.toLowerCase() === 'gift');
}

export interface ScopeExtras {
  team: { id: string; name: string };
  /** The team's shop as printed (teams/shop-profile.ts); absent: the team's name only. */
  shop?: ShopView;
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
  const variables = order.variables ?? {};
  const view = {
    ...order,
    number: order.orderNumber,
    keys: extras.orderKeys ?? [],
    lineItems,
    tags: extras.tags,
    variables,
    subtotal: sumLines(lineItems),
    gift: isGift(extras.tags, variables),
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
    shop: extras.shop ?? shopView(extras.team.name, undefined),
    /** The variables no built-in document shows elsewhere, for their variables block. */
    other_variables: Object.fromEntries(Object.entries(variables).filter(([name]) => !DOCUMENTED_VARIABLES.includes(name))),
    document: { tag: extras.tag },
    print_date: printDate,
    printDate,
    locale: extras.locale,
  };
}
