import type { Db } from '../db/open';
import type { OrderStatus } from '../orders/schema';
import { listOrderKeys, listOrderSources, listStatusHistory, parseOrderRow, type OrderRow } from '../orders/store';
import { listOrderTags, type Tag } from '../orders/tags-store';

/** What the dashboard's order list may narrow by; every field is optional. */
export interface OrderListFilter {
  /** Order number (prefix or part) or any order key (part). */
  q?: string;
  status?: OrderStatus;
  tag?: string;
  source?: string;
  teamId?: string;
}

/** One row of the dashboard's order list: enough to scan a feed, nothing heavy. */
export interface OrderSummary {
  id: string;
  teamId: string;
  teamName: string;
  orderNumber: string;
  orderDate: string;
  status: OrderStatus;
  customerName: string | null;
  itemCount: number;
  tags: Tag[];
  sources: string[];
  createdAt: string;
  updatedAt: string;
}

// Sub-selects as `IN (…)` rather than correlated EXISTS: one pass over keys, tags or sources
// instead of one probe per order, which matters at 100k orders (bench/dashboard-orders.ts).
function whereClause(filter: OrderListFilter): { sql: string; params: Record<string, string>; selective: boolean } {
  const clauses: string[] = [];
  const params: Record<string, string> = {};
  if (filter.q) {
    // LIKE with escaped wildcards: an operator types "#10_0" and means it literally.
    params.q = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    clauses.push(
      "(o.order_number LIKE @q ESCAPE '\\' OR o.id IN (SELECT k.order_id FROM order_keys k WHERE k.key LIKE @q ESCAPE '\\'))",
    );
  }
  if (filter.status) {
    params.status = filter.status;
    clauses.push('o.status = @status');
  }
  if (filter.teamId) {
    params.teamId = filter.teamId;
    clauses.push('o.team_id = @teamId');
  }
  if (filter.tag) {
    params.tag = filter.tag;
    clauses.push('o.id IN (SELECT ot.order_id FROM order_tags ot JOIN tags t ON t.id = ot.tag_id WHERE t.label = @tag)');
  }
  if (filter.source) {
    params.source = filter.source;
    clauses.push('o.id IN (SELECT s.order_id FROM order_sources s WHERE s.source = @source)');
  }
  // A search matches few orders: scanning the table and sorting the matches beats walking
  // the date index row by row (`+` keeps SQLite off that index).
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params, selective: Boolean(filter.q) };
}

/**
 * A window of the newest-first order list with the total count. The dashboard's virtual
 * list asks for the windows it shows, so 100k orders never travel at once.
 */
export function listOrderSummaries(db: Db, filter: OrderListFilter, offset: number, limit: number) {
  const where = whereClause(filter);
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM orders o ${where.sql}`).get(where.params) as { n: number }).n;
  const rows = db
    .prepare(
      `SELECT o.*, t.name AS team_name FROM orders o JOIN teams t ON t.id = o.team_id ${where.sql}
       ORDER BY ${where.selective ? '+' : ''}o.created_at DESC, o.rowid DESC LIMIT @limit OFFSET @offset`,
    )
    .all({ ...where.params, limit, offset }) as (OrderRow & { team_name: string })[];
  const sourcesOf = db.prepare('SELECT DISTINCT source FROM order_sources WHERE order_id = ? ORDER BY received_at');
  const orders: OrderSummary[] = rows.map((row) => {
    const order = parseOrderRow(row);
    const name = [order.shippingAddress?.firstName ?? order.customer?.firstName, order.shippingAddress?.lastName ?? order.customer?.lastName]
      .filter(Boolean)
      .join(' ');
    return {
      id: row.id,
      teamId: row.team_id,
      teamName: row.team_name,
      orderNumber: row.order_number,
      orderDate: row.order_date,
      status: row.status,
      customerName: name || null,
      itemCount: order.lineItems.reduce((sum, item) => sum + item.quantity, 0),
      tags: listOrderTags(db, row.id),
      sources: (sourcesOf.all(row.id) as { source: string }[]).map((s) => s.source),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  });
  return { total, offset, orders };
}

/** Values the list can be filtered by, for the filter menus. */
export function orderFacets(db: Db) {
  const tags = (db.prepare('SELECT DISTINCT label FROM tags ORDER BY label COLLATE NOCASE').all() as { label: string }[]).map((r) => r.label);
  const sources = (db.prepare('SELECT DISTINCT source FROM order_sources ORDER BY source').all() as { source: string }[]).map((r) => r.source);
  return { tags, sources };
}

/** Everything the order detail panel shows. */
export function orderDetail(db: Db, row: OrderRow) {
  const team = db.prepare('SELECT id, name, type, status FROM teams WHERE id = ?').get(row.team_id) as {
    id: string;
    name: string;
    type: string;
    status: string;
  };
  return {
    ...parseOrderRow(row),
    team,
    orderKeys: listOrderKeys(db, row.id),
    tags: listOrderTags(db, row.id),
    sources: listOrderSources(db, row.id).map((source) => ({
      source: source.source,
      sourceId: source.source_id,
      receivedAt: source.received_at,
      updatedAt: source.updated_at,
      payload: JSON.parse(source.payload) as unknown,
    })),
    history: listStatusHistory(db, row.id),
  };
}
