import type { Db } from '../../foundations/db/open';
import { enqueueWebhookEvent } from '../webhooks/store';
import { statement } from '../../foundations/db/statements';
import { isUuid } from '../../foundations/ids';
import { fromJsonColumn, toJsonColumn } from '../../foundations/json';
import type { Address, Customer, LineItem, OrderData, OrderOverrides, OrderStatus, Price } from './schema';

export interface OrderRow {
  id: string;
  team_id: string;
  status: OrderStatus;
  order_number: string;
  order_date: string;
  first_name: string | null;
  note: string | null;
  customer: string | null;
  shipping_address: string | null;
  billing_address: string | null;
  line_items: string;
  order_total: string | null;
  variables: string | null;
  overrides: string | null;
  created_at: string;
  updated_at: string;
}

/** An order with its JSON columns parsed: what templates, flows and printing read. */
export interface Order {
  id: string;
  teamId: string;
  status: OrderStatus;
  orderNumber: string;
  orderDate: string;
  note?: string;
  customer?: Customer;
  shippingAddress?: Address;
  billingAddress?: Address;
  lineItems: LineItem[];
  orderTotal?: Price;
  variables?: Record<string, unknown>;
  overrides?: OrderOverrides;
  createdAt: string;
  updatedAt: string;
}

export function parseOrderRow(row: OrderRow): Order {
  return {
    id: row.id,
    teamId: row.team_id,
    status: row.status,
    orderNumber: row.order_number,
    orderDate: row.order_date,
    note: row.note ?? undefined,
    customer: fromJsonColumn(row.customer),
    shippingAddress: fromJsonColumn(row.shipping_address),
    billingAddress: fromJsonColumn(row.billing_address),
    lineItems: fromJsonColumn<LineItem[]>(row.line_items) ?? [],
    orderTotal: fromJsonColumn(row.order_total),
    variables: fromJsonColumn(row.variables),
    overrides: fromJsonColumn(row.overrides),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The columns an order's data fills (everything but identity, status and timestamps). */
export function dataColumns(data: OrderData & { orderDate: string }) {
  return {
    order_number: data.orderNumber,
    order_date: data.orderDate,
    // Sorting by first name is a print option; it reads the ship-to name, else the customer's.
    first_name: data.shippingAddress?.firstName ?? data.customer?.firstName ?? null,
    note: data.note ?? null,
    customer: toJsonColumn(data.customer),
    shipping_address: toJsonColumn(data.shippingAddress),
    billing_address: toJsonColumn(data.billingAddress),
    line_items: JSON.stringify(data.lineItems ?? []),
    order_total: toJsonColumn(data.orderTotal),
    variables: toJsonColumn(data.variables),
    overrides: toJsonColumn(data.overrides),
  };
}

export function insertOrder(db: Db, row: OrderRow): void {
  statement(db, 
    `INSERT INTO orders (id, team_id, status, order_number, order_date, first_name, note, customer,
       shipping_address, billing_address, line_items, order_total, variables, overrides, created_at, updated_at)
     VALUES (@id, @team_id, @status, @order_number, @order_date, @first_name, @note, @customer,
       @shipping_address, @billing_address, @line_items, @order_total, @variables, @overrides, @created_at, @updated_at)`,
  ).run(row);
}

export function updateOrderData(db: Db, id: string, columns: ReturnType<typeof dataColumns>, updatedAt: string): void {
  statement(db, 
    `UPDATE orders SET order_number = @order_number, order_date = @order_date, first_name = @first_name,
       note = @note, customer = @customer, shipping_address = @shipping_address, billing_address = @billing_address,
       line_items = @line_items, order_total = @order_total, variables = @variables, overrides = @overrides,
       updated_at = @updated_at
     WHERE id = @id`,
  ).run({ ...columns, id, updated_at: updatedAt });
}

export function getOrderRow(db: Db, id: string): OrderRow | undefined {
  return statement(db, 'SELECT * FROM orders WHERE id = ?').get(id) as OrderRow | undefined;
}

/**
 * What a print request plans an order by: identity, team, status, overrides and the fields
 * it may sort by. A request names up to thousands of orders, and reading and parsing each
 * one's line items and addresses held the event loop ~70 ms per thousand in its transaction.
 */
export type OrderForPrint = Pick<Order, 'id' | 'teamId' | 'status' | 'orderNumber' | 'orderDate' | 'updatedAt' | 'overrides'>;

/** The columns `orderForPrint` reads (`o.` the orders table's alias in the query). */
export const ORDER_FOR_PRINT_COLUMNS = 'o.id, o.team_id, o.status, o.order_number, o.order_date, o.updated_at, o.overrides';

type OrderForPrintRow = Pick<OrderRow, 'id' | 'team_id' | 'status' | 'order_number' | 'order_date' | 'updated_at' | 'overrides'>;

export function orderForPrint(row: OrderForPrintRow): OrderForPrint {
  return { id: row.id, teamId: row.team_id, status: row.status, orderNumber: row.order_number, orderDate: row.order_date, updatedAt: row.updated_at, overrides: fromJsonColumn(row.overrides) };
}

/** `findOrderRows` as a print request plans them: ids in one query, the rest (keys, other teams' ids) one by one. */
export function findOrdersForPrint(db: Db, idsOrKeys: readonly string[], teamIds: readonly string[]): (OrderForPrint | undefined)[] {
  const ids = idsOrKeys.map((idOrKey) => (isUuid(idOrKey) ? idOrKey.toLowerCase() : idOrKey));
  const rows = statement(db, `SELECT ${ORDER_FOR_PRINT_COLUMNS} FROM orders o WHERE o.id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as OrderForPrintRow[];
  const byId = new Map(rows.filter((row) => teamIds.includes(row.team_id)).map((row) => [row.id, row]));
  return idsOrKeys.map((idOrKey, index) => {
    const row = byId.get(ids[index]!) ?? findOrderRow(db, idOrKey, teamIds);
    return row && orderForPrint(row);
  });
}

/** The fields a print request may sort by that live in JSON columns, for these orders. */
export function orderSortFields(db: Db, orderIds: readonly string[]): Map<string, { firstName: string; sku: string }> {
  const rows = statement(
    db,
    `SELECT id, coalesce(json_extract(shipping_address, '$.firstName'), json_extract(customer, '$.firstName'), '') AS firstName,
       coalesce((SELECT json_extract(item.value, '$.sku') FROM json_each(line_items) item WHERE coalesce(json_extract(item.value, '$.sku'), '') <> '' ORDER BY item.key LIMIT 1), '') AS sku
     FROM orders WHERE id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(orderIds)) as { id: string; firstName: string; sku: string }[];
  return new Map(rows.map(({ id, firstName, sku }) => [id, { firstName, sku }]));
}

/** Finds an order by UUID or by any of its keys, only among `teamIds`. */
export function findOrderRow(db: Db, idOrKey: string, teamIds: readonly string[]): OrderRow | undefined {
  // Ids are stored lower-case; a UUID is the same id in any case.
  const byId = getOrderRow(db, isUuid(idOrKey) ? idOrKey.toLowerCase() : idOrKey);
  if (byId && teamIds.includes(byId.team_id)) return byId;
  const key = statement(db, 'SELECT order_id, team_id FROM order_keys WHERE key = ?').all(idOrKey) as {
    order_id: string;
    team_id: string;
  }[];
  const match = key.find((row) => teamIds.includes(row.team_id));
  return match ? getOrderRow(db, match.order_id) : undefined;
}

/**
 * `findOrderRow` for many at once, in their order (a print request names a thousand): the
 * ids in one query, then one by one those it did not find (keys, other teams' ids).
 */
export function findOrderRows(db: Db, idsOrKeys: readonly string[], teamIds: readonly string[]): (OrderRow | undefined)[] {
  const ids = idsOrKeys.map((idOrKey) => (isUuid(idOrKey) ? idOrKey.toLowerCase() : idOrKey));
  const rows = statement(db, 'SELECT * FROM orders WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as OrderRow[];
  const byId = new Map(rows.filter((row) => teamIds.includes(row.team_id)).map((row) => [row.id, row]));
  return idsOrKeys.map((idOrKey, index) => byId.get(ids[index]!) ?? findOrderRow(db, idOrKey, teamIds));
}

export function findOrderIdBySource(db: Db, teamId: string, source: string, sourceId: string): string | undefined {
  return (
    statement(db, 'SELECT order_id FROM order_sources WHERE team_id = ? AND source = ? AND source_id = ?').get(teamId, source, sourceId) as
      | { order_id: string }
      | undefined
  )?.order_id;
}

/** What a source last sent for an order (the request body as JSON), if it sent anything. */
export function findSourcePayload(db: Db, teamId: string, source: string, sourceId: string): string | undefined {
  return (
    statement(db, 'SELECT payload FROM order_sources WHERE team_id = ? AND source = ? AND source_id = ?').get(teamId, source, sourceId) as
      | { payload: string }
      | undefined
  )?.payload;
}

export function findOrderIdByKey(db: Db, teamId: string, key: string): string | undefined {
  return (statement(db, 'SELECT order_id FROM order_keys WHERE team_id = ? AND key = ?').get(teamId, key) as { order_id: string } | undefined)
    ?.order_id;
}

export function insertOrderKey(db: Db, teamId: string, key: string, orderId: string, at: string): void {
  statement(db, 'INSERT OR IGNORE INTO order_keys (key, team_id, order_id, created_at) VALUES (?, ?, ?, ?)').run(key, teamId, orderId, at);
}

export function listOrderKeys(db: Db, orderId: string): string[] {
  return (statement(db, 'SELECT key FROM order_keys WHERE order_id = ? ORDER BY created_at, rowid').all(orderId) as { key: string }[]).map(
    (row) => row.key,
  );
}

/** `listOrderKeys` of many orders in one query (a print request plans a thousand), each order's in the same order. */
export function listOrderKeysOf(db: Db, orderIds: readonly string[]): Map<string, string[]> {
  const rows = statement(db, 'SELECT order_id, key FROM order_keys WHERE order_id IN (SELECT value FROM json_each(?)) ORDER BY created_at, rowid').all(JSON.stringify(orderIds)) as { order_id: string; key: string }[];
  const keys = new Map<string, string[]>();
  for (const { order_id: orderId, key } of rows) {
    const list = keys.get(orderId);
    if (list) list.push(key);
    else keys.set(orderId, [key]);
  }
  return keys;
}

export interface OrderSourceRow {
  team_id: string;
  source: string;
  source_id: string;
  order_id: string;
  payload: string;
  received_at: string;
  updated_at: string;
  /** JSON: the fields the last body carried that were ignored ({path, message}[]); null for none. */
  warnings: string | null;
}

export function upsertOrderSource(db: Db, row: OrderSourceRow): void {
  statement(db, 
    `INSERT INTO order_sources (team_id, source, source_id, order_id, payload, received_at, updated_at, warnings)
     VALUES (@team_id, @source, @source_id, @order_id, @payload, @received_at, @updated_at, @warnings)
     ON CONFLICT (team_id, source, source_id) DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at, warnings = excluded.warnings`,
  ).run(row);
}

export function listOrderSources(db: Db, orderId: string): OrderSourceRow[] {
  return statement(db, 'SELECT * FROM order_sources WHERE order_id = ? ORDER BY received_at, rowid').all(orderId) as OrderSourceRow[];
}

/** Changes an order's status, its history and its webhook deliveries in one transaction. */
export function setOrderStatus(db: Db, orderId: string, status: OrderStatus, reason: string, at: string): boolean {
  return db.transaction(() => {
    const before = statement(db, 'SELECT team_id, status FROM orders WHERE id = ?').get(orderId) as { team_id: string; status: OrderStatus } | undefined;
    const changed = statement(db, 'UPDATE orders SET status = ?, updated_at = ? WHERE id = ? AND status <> ?').run(status, at, orderId, status).changes === 1;
    if (!changed || !before) return false;
    appendStatusHistory(db, orderId, status, reason, at);
    const order = () => ({ order: { id: orderId, order_keys: listOrderKeys(db, orderId), status, previous_status: before.status, reason, updated_at: at } });
    enqueueWebhookEvent(db, before.team_id, 'order.status_changed', order, at);
    return true;
  })();
}

export function appendStatusHistory(db: Db, orderId: string, status: OrderStatus, reason: string, at: string): void {
  statement(db, 'INSERT INTO order_status_history (order_id, status, reason, at) VALUES (?, ?, ?, ?)').run(orderId, status, reason, at);
}

export function listStatusHistory(db: Db, orderId: string): { status: OrderStatus; reason: string; at: string }[] {
  return statement(db, 'SELECT status, reason, at FROM order_status_history WHERE order_id = ? ORDER BY id').all(orderId) as {
    status: OrderStatus;
    reason: string;
    at: string;
  }[];
}

export function countOrders(db: Db, teamId: string): number {
  return (statement(db, 'SELECT COUNT(*) AS n FROM orders WHERE team_id = ?').get(teamId) as { n: number }).n;
}

/** The team of an order (undefined: no such order). */
export function orderTeamId(db: Db, orderId: string): string | undefined {
  return statement(db, 'SELECT team_id FROM orders WHERE id = ?').pluck().get(orderId) as string | undefined;
}

/** An order's team and status, without its data. */
export function orderTeamAndStatus(db: Db, orderId: string): { team_id: string; status: string } | undefined {
  return statement(db, 'SELECT team_id, status FROM orders WHERE id = ?').get(orderId) as { team_id: string; status: string } | undefined;
}

/** The ids of the `limit` orders last changed that are still ready, newest first. */
export function recentReadyOrderIds(db: Db, limit: number): string[] {
  return statement(db, "SELECT id FROM orders WHERE status = 'ready' ORDER BY updated_at DESC LIMIT ?").pluck().all(limit) as string[];
}
