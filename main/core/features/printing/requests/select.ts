import { canAccessTeam, type Caller } from '../../teams/caller';
import type { Db } from '../../../foundations/db/open';
import { badRequest } from '../../../foundations/errors';
import { findOrderRow, findOrdersForPrint, orderSortFields, type OrderForPrint } from '../../orders/store';
import type { OrderFilters, PrintRequest } from './schema';
import { listOrderTags } from '../../orders/tags-store';
import { findOrdersByFilters } from './select-store';

export interface SelectedOrders {
  orders: OrderForPrint[];
  /** Requested ids or keys that match no order the caller can reach. */
  missing: string[];
}

/** The orders a print request names, in the caller's scope, without duplicates or excluded ones. */
export function selectOrders(db: Db, caller: Caller, request: Pick<PrintRequest, 'orderIds' | 'orderFilters' | 'excludeIds'>): SelectedOrders {
  const excluded = new Set<string>();
  for (const idOrKey of request.excludeIds ?? []) {
    const row = findOrderRow(db, idOrKey, caller.teamIds);
    if (row) excluded.add(row.id);
  }
  const orders: OrderForPrint[] = [];
  const missing: string[] = [];
  const seen = new Set<string>();
  const found: OrderForPrint[] = [];
  if (request.orderIds) {
    const byRequest = findOrdersForPrint(db, request.orderIds, caller.teamIds);
    request.orderIds.forEach((idOrKey, index) => {
      const order = byRequest[index];
      if (!order) missing.push(idOrKey);
      else found.push(order);
    });
  } else {
    found.push(...filterOrders(db, caller, request.orderFilters ?? {}));
  }
  for (const order of found) {
    if (seen.has(order.id) || excluded.has(order.id)) continue;
    seen.add(order.id);
    orders.push(order);
  }
  return { orders, missing };
}

function filterOrders(db: Db, caller: Caller, filters: OrderFilters): OrderForPrint[] {
  let teamIds = caller.teamIds;
  if (filters['order.teamId']) {
    if (!canAccessTeam(caller, filters['order.teamId'])) {
      throw badRequest('order.teamId is not a team this key can print for', [{ path: 'orderFilters.order.teamId', message: 'Unknown team' }]);
    }
    teamIds = [filters['order.teamId']];
  }
  return findOrdersByFilters(db, teamIds, filters);
}

/** Tag labels of each order, for `order.tags` filters on documents. */
export function orderTagLabels(db: Db, orderId: string): string[] {
  return listOrderTags(db, orderId).map((tag) => tag.label);
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Sort keys read from the order itself; the others (`SORT_FIELDS_STORED`) from its JSON columns. */
const SORT_KEYS: Record<string, (order: OrderForPrint) => string> = {
  orderDate: (order) => order.orderDate,
  orderNumber: (order) => order.orderNumber,
  updatedAt: (order) => order.updatedAt,
};
/** The ship-to's first name (else the customer's), the first line item's SKU: read for the orders only when sorted by them. */
const SORT_FIELDS_STORED = new Set(['firstName', 'sku']);

/**
 * Orders sorted for printing: by `sortBy` (numbers inside order numbers and SKUs compare as
 * numbers), ties and no `sortBy` keep the selection order.
 */
export function sortOrders<O extends OrderForPrint>(db: Db, orders: O[], sortBy: string | undefined, sortDir: 'asc' | 'desc'): O[] {
  if (!sortBy) return sortDir === 'desc' ? [...orders].reverse() : orders;
  const stored = SORT_FIELDS_STORED.has(sortBy) ? orderSortFields(db, orders.map((order) => order.id)) : undefined;
  const key = stored ? (order: OrderForPrint) => stored.get(order.id)?.[sortBy as 'firstName' | 'sku'] ?? '' : SORT_KEYS[sortBy]!;
  const direction = sortDir === 'desc' ? -1 : 1;
  return orders
    .map((order, index) => ({ order, index, key: key(order) }))
    .sort((a, b) => direction * collator.compare(a.key, b.key) || a.index - b.index)
    .map((entry) => entry.order);
}
