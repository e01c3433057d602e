import { canAccessTeam, type Caller } from '../auth/caller';
import type { Db } from '../db/open';
import { badRequest } from '../errors';
import { findOrderRow, parseOrderRow, type Order, type OrderRow } from '../orders/store';
import type { OrderFilters, PrintRequest } from './schema';
import { listOrderTags } from '../orders/tags-store';

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
    for (const idOrKey of request.orderIds) {
      const row = findOrderRow(db, idOrKey, caller.teamIds);
      if (!row) missing.push(idOrKey);
      else rows.push(row);
    }
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

const ORDER_IN_UNFINISHED_JOB = `SELECT 1 FROM print_job_documents d JOIN print_jobs j ON j.id = d.job_id
  WHERE d.order_id = o.id AND j.state IN ('queued', 'rendering', 'submitting', 'submitted')`;

const asList = <T>(value: T | T[] | undefined): T[] | undefined => (value === undefined ? undefined : Array.isArray(value) ? value : [value]);

function filterOrders(db: Db, caller: Caller, filters: OrderFilters): OrderRow[] {
  let teamIds = caller.teamIds;
  if (filters['order.teamId']) {
    if (!canAccessTeam(caller, filters['order.teamId'])) {
      throw badRequest('order.teamId is not a team this key can print for', [{ path: 'orderFilters.order.teamId', message: 'Unknown team' }]);
    }
    teamIds = [filters['order.teamId']];
  }
  const where = [`o.team_id IN (${teamIds.map(() => '?').join(', ')})`];
  const params: unknown[] = [...teamIds];
  const statuses = asList(filters['order.status']);
  if (statuses) {
    where.push(`o.status IN (${statuses.map(() => '?').join(', ')})`);
    params.push(...statuses);
  }
  if (statuses?.includes('ready') && !statuses.includes('printed')) {
    // An order stays `ready` until its jobs are printed. Selected by status, "ready" leaves
    // out orders already on their way to a printer (a job queued, in hand, or waiting at the
    // printer), so asking
    // twice for the ready orders (a double click, a retrying client) never prints one twice.
    // Asking for printed orders too is asking for reprints: nothing is left out then.
    where.push(`(o.status <> 'ready' OR NOT EXISTS (${ORDER_IN_UNFINISHED_JOB}))`);
  }
  const tags = filters['order.tags'];
  if (tags?.length) {
    where.push(
      `EXISTS (SELECT 1 FROM order_tags ot JOIN tags t ON t.id = ot.tag_id WHERE ot.order_id = o.id AND t.label IN (${tags.map(() => '?').join(', ')}))`,
    );
    params.push(...tags);
  }
  const sources = asList(filters['order.source']);
  if (sources) {
    where.push(`EXISTS (SELECT 1 FROM order_sources s WHERE s.order_id = o.id AND s.source IN (${sources.map(() => '?').join(', ')}))`);
    params.push(...sources);
  }
  const range = (column: string, from: string | undefined, to: string | undefined) => {
    // Dates without a time cover the whole day (UTC).
    if (from) {
      where.push(`o.${column} >= ?`);
      params.push(new Date(from).toISOString());
    }
    if (to) {
      where.push(`o.${column} <= ?`);
      params.push(to.length === 10 ? `${to}T23:59:59.999Z` : new Date(to).toISOString());
    }
  };
  range('order_date', filters['order.orderDateFrom'], filters['order.orderDateTo']);
  range('created_at', filters['order.createdFrom'], filters['order.createdTo']);
  return db.prepare(`SELECT o.* FROM orders o WHERE ${where.join(' AND ')} ORDER BY o.created_at, o.rowid`).all(...params) as OrderRow[];
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
