import { canAccessTeam, type Caller } from '../../teams/caller';
import type { Db } from '../../../foundations/db/open';
import { badRequest } from '../../../foundations/errors';
import { findOrderRow, findOrderRows, parseOrderRow, type Order, type OrderRow } from '../../orders/store';
import type { OrderFilters, PrintRequest } from './schema';
import { listOrderTags } from '../../orders/tags-store';
import { findOrdersByFilters } from './select-store';

export interface SelectedOrders {
  orders: Order[];
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
  const orders: Order[] = [];
  const missing: string[] = [];
  const seen = new Set<string>();
  const rows: OrderRow[] = [];
  if (request.orderIds) {
    const found = findOrderRows(db, request.orderIds, caller.teamIds);
    request.orderIds.forEach((idOrKey, index) => {
      const row = found[index];
      if (!row) missing.push(idOrKey);
      else rows.push(row);
    });
  } else {
    rows.push(...filterOrders(db, caller, request.orderFilters ?? {}));
  }
  for (const row of rows) {
    if (seen.has(row.id) || excluded.has(row.id)) continue;
    seen.add(row.id);
    orders.push(parseOrderRow(row));
  }
  return { orders, missing };
}

function filterOrders(db: Db, caller: Caller, filters: OrderFilters): OrderRow[] {
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

const SORT_KEYS: Record<string, (order: Order) => string> = {
  orderDate: (order) => order.orderDate,
  orderNumber: (order) => order.orderNumber,
  updatedAt: (order) => order.updatedAt,
  firstName: (order) => order.shippingAddress?.firstName ?? order.customer?.firstName ?? '',
  sku: (order) => order.lineItems.find((item) => item.sku)?.sku ?? '',
};

/**
 * Orders sorted for printing: by `sortBy` (numbers inside order numbers and SKUs compare as
 * numbers), ties and no `sortBy` keep the selection order.
 */
export function sortOrders(orders: Order[], sortBy: string | undefined, sortDir: 'asc' | 'desc'): Order[] {
  if (!sortBy) return sortDir === 'desc' ? [...orders].reverse() : orders;
  const key = SORT_KEYS[sortBy]!;
  const direction = sortDir === 'desc' ? -1 : 1;
  return orders
    .map((order, index) => ({ order, index, key: key(order) }))
    .sort((a, b) => direction * collator.compare(a.key, b.key) || a.index - b.index)
    .map((entry) => entry.order);
}
