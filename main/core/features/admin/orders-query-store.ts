import type { z } from 'zod';
import type { orderSummaryAnswer } from './admin-answers';
import type { Db } from '../../foundations/db/open';
import type { OrderStatus } from '../orders/schema';
import { indexQueuedOrderSearch, orderSearchQueued } from '../orders/search-index-store';
import { type Tag } from '../orders/tags-store';

/** What the dashboard's order list may narrow by; every field is optional. */
export interface OrderListFilter {
  /** Order number (prefix or part) or any order key (part). */
  q?: string;
  status?: OrderStatus;
  tag?: string;
  source?: string;
  teamId?: string;
  /** Only orders printed (or sent to print) at this bench: a print batch asked for there holds one of their documents. */
  benchId?: string;
  /** Only these teams' orders (a dashboard person's scope); every team when absent. */
  teamIds?: readonly string[];
}

/** One row of the dashboard's order list: enough to scan a feed, nothing heavy (admin-answers.ts). */
export type OrderSummary = z.output<typeof orderSummaryAnswer>;

/** A filter as SQL: conditions on the order row, and sets an order must belong to. */
interface FilterSql {
  params: Record<string, string>;
  /** Conditions on the order's own columns (an index walks them in list order). */
  columns: string[];
  /** Sets the order must be in, each two ways: probed per order, or collected once. */
  sets: { probe: string; collect: string; count: string }[];
}

// Trigram search needs three characters; a shorter query reads the search text of every order.
const SHORTEST_INDEXED_QUERY = 3;

/**
 * A search matching more orders than this is counted only this far: the answer says
 * `totalCapped` and the dashboard "1,000+". Counting every match of a word on every order
 * (a customer's surname, a SKU) reads the whole index each time a letter is typed.
 */
export const SEARCH_COUNT_CAP = 1000;

/** Whether the search uses the trigram index (three characters or more). */
const indexedSearch = (q: string | undefined): boolean => q !== undefined && [...q].length >= SHORTEST_INDEXED_QUERY;

function filterSql(filter: OrderListFilter): FilterSql {
  const params: Record<string, string> = {};
  const columns: string[] = [];
  const sets: FilterSql['sets'] = [];
  if (indexedSearch(filter.q)) {
    // A quoted phrase of trigrams matches the query as a substring, its quotes and wildcards
    // as typed: an operator who types "#10_0" means it literally.
    params.q = `"${filter.q!.replace(/"/g, '""')}"`;
  } else if (filter.q) {
    params.q = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const found = `SELECT rowid FROM order_search WHERE text LIKE @q ESCAPE '\\'
      UNION SELECT o2.rowid FROM order_key_search s JOIN order_keys k ON k.rowid = s.rowid JOIN orders o2 ON o2.id = k.order_id WHERE s.key LIKE @q ESCAPE '\\'`;
    const collect = `o.rowid IN (${found})`;
    sets.push({ probe: collect, collect, count: `SELECT COUNT(*) FROM (${found})` });
  }
  if (filter.status) {
    params.status = filter.status;
    columns.push('o.status = @status');
  }
  if (filter.teamId) {
    params.teamId = filter.teamId;
    columns.push('o.team_id = @teamId');
  }
  if (filter.teamIds) {
    params.teamIds = JSON.stringify(filter.teamIds);
    columns.push('o.team_id IN (SELECT value FROM json_each(@teamIds))');
  }
  if (filter.tag) {
    params.tag = filter.tag;
    const tagged = 'FROM order_tags ot JOIN tags t ON t.id = ot.tag_id WHERE t.label = @tag';
    sets.push({
      probe: `EXISTS (SELECT 1 ${tagged} AND ot.order_id = o.id)`,
      collect: `o.id IN (SELECT ot.order_id ${tagged})`,
      // Labels are unique per team and an order belongs to one team: one row per order.
      count: `SELECT COUNT(*) ${tagged}`,
    });
  }
  if (filter.source) {
    params.source = filter.source;
    sets.push({
      probe: 'EXISTS (SELECT 1 FROM order_sources s WHERE s.source = @source AND s.order_id = o.id)',
      collect: 'o.id IN (SELECT s.order_id FROM order_sources s WHERE s.source = @source)',
      // Kept by triggers (migration 0026): counting the source's orders reads every one of them.
      count: 'SELECT coalesce((SELECT orders FROM order_source_counts WHERE source = @source), 0)',
    });
  }
  if (filter.benchId) {
    params.benchId = filter.benchId;
    // A bench's batches are few beside the orders (print_batches_bench): collected through them.
    const atBench = `FROM print_batches b JOIN print_jobs j ON j.batch_id = b.id JOIN print_job_documents d ON d.job_id = j.id WHERE b.bench_id = @benchId`;
    sets.push({
      probe: `EXISTS (SELECT 1 ${atBench} AND d.order_id = o.id)`,
      collect: `o.id IN (SELECT d.order_id ${atBench})`,
      count: `SELECT COUNT(DISTINCT d.order_id) ${atBench}`,
    });
  }
  return { params, columns, sets };
}

const where = (conditions: string[]) => (conditions.length ? `WHERE ${conditions.join(' AND ')}` : '');

/** How many orders the filter matches; a lone set is counted from its own index. */
function countMatches(db: Db, filter: FilterSql): number {
  const lone = filter.sets.length === 1 && filter.columns.length === 0 ? filter.sets[0]! : undefined;
  const sql = lone ? lone.count : `SELECT COUNT(*) FROM orders o ${where([...filter.columns, ...filter.sets.map((s) => s.collect)])}`;
  return db.prepare(sql).pluck().get(filter.params) as number;
}

/**
 * The rowids of one window, newest first. Two plans, chosen by what the count says:
 * walking the list's index and probing each order stops after the window but reads about
 * `(offset + limit) × orders / matches` rows; collecting the matches and sorting them reads
 * each match once. The cheaper one wins, so a rare tag and a deep page are both quick.
 */
function windowRowids(db: Db, filter: FilterSql, matches: number, offset: number, limit: number): number[] {
  let walk = true;
  let conditions = filter.columns;
  if (filter.sets.length) {
    const orders = db.prepare('SELECT COUNT(*) FROM orders').pluck().get() as number;
    walk = ((offset + limit) * orders) / Math.max(matches, 1) <= matches;
    // A filter every order passes (the one source of every order) narrows nothing: the
    // window is the list's own, read from its index without a probe per order.
    conditions = matches === orders ? [] : [...filter.columns, ...filter.sets.map((s) => (walk ? s.probe : s.collect))];
  }
  // `+` keeps SQLite off the date index when the matches are collected and sorted.
  return db
    .prepare(`SELECT o.rowid FROM orders o ${where(conditions)} ORDER BY ${walk ? '' : '+'}o.created_at DESC, o.rowid DESC LIMIT @limit OFFSET @offset`)
    .pluck()
    .all({ ...filter.params, limit, offset }) as number[];
}

interface SummaryRow {
  id: string;
  team_id: string;
  team_name: string;
  order_number: string;
  order_date: string;
  status: OrderStatus;
  customer_name: string | null;
  item_count: number;
  created_at: string;
  updated_at: string;
}

// The list's columns in SQL: parsing every order's JSON (variables can be large) is what
// a window of 100 would otherwise cost.
const SUMMARY_COLUMNS = `o.id, o.team_id, t.name AS team_name, o.order_number, o.order_date, o.status,
  NULLIF(concat_ws(' ',
    coalesce(json_extract(o.shipping_address, '$.firstName'), json_extract(o.customer, '$.firstName')),
    coalesce(json_extract(o.shipping_address, '$.lastName'), json_extract(o.customer, '$.lastName'))), '') AS customer_name,
  (SELECT total(json_extract(i.value, '$.quantity')) FROM json_each(o.line_items) i) AS item_count,
  o.created_at, o.updated_at`;

/**
 * Orders an indexed search finds that pass the other filters, newest received (highest
 * rowid) first, at most `limit` from each index: the order search streams its matches in
 * rowid order, so reading the newest few costs a few, however many orders match.
 */
function searchMatches(db: Db, filter: FilterSql, limit: number): number[] {
  const conditions = [...filter.columns, ...filter.sets.map((s) => s.probe)].map((condition) => ` AND ${condition}`).join('');
  const params = { ...filter.params, limit };
  const text = db
    .prepare(`SELECT f.rowid FROM order_search f JOIN orders o ON o.rowid = f.rowid WHERE order_search MATCH @q${conditions} ORDER BY f.rowid DESC LIMIT @limit`)
    .pluck()
    .all(params) as number[];
  // Keys match few orders (a key is a team id and a source id): these are collected and sorted.
  const keys = db
    .prepare(
      `SELECT DISTINCT o.rowid FROM order_key_search s JOIN order_keys k ON k.rowid = s.rowid JOIN orders o ON o.id = k.order_id
       WHERE order_key_search MATCH @q${conditions} ORDER BY o.rowid DESC LIMIT @limit`,
    )
    .pluck()
    .all(params) as number[];
  return [...new Set([...text, ...keys])].sort((a, b) => b - a);
}

/**
 * The window of an indexed search and its total. Up to SEARCH_COUNT_CAP matches, all are
 * known: the total is exact and the window is sorted as the list is. Beyond, the total is
 * the cap (`totalCapped`) and the window is the newest received matches, read from the
 * index in rowid order (the list's order unless the machine's clock was set back).
 */
function searchWindow(db: Db, filter: FilterSql, offset: number, limit: number): { total: number; totalCapped: boolean; rowids: number[] } {
  const first = searchMatches(db, filter, SEARCH_COUNT_CAP + 1);
  if (first.length <= SEARCH_COUNT_CAP) {
    const rowids = db
      .prepare('SELECT o.rowid FROM json_each(?) w JOIN orders o ON o.rowid = w.value ORDER BY o.created_at DESC, o.rowid DESC LIMIT ? OFFSET ?')
      .pluck()
      .all(JSON.stringify(first), limit, offset) as number[];
    return { total: first.length, totalCapped: false, rowids };
  }
  const newest = offset + limit <= first.length ? first : searchMatches(db, filter, offset + limit);
  return { total: SEARCH_COUNT_CAP, totalCapped: true, rowids: newest.slice(offset, offset + limit) };
}

/**
 * A window of the newest-first order list with the total count. The dashboard's virtual
 * list asks for the windows it shows, so 100k orders never travel at once.
 */
export function listOrderSummaries(db: Db, filter: OrderListFilter, offset: number, limit: number) {
  // A search finds every order written before it: what the last writes queued is indexed first.
  if (filter.q && orderSearchQueued(db)) indexQueuedOrderSearch(db);
  // One snapshot: the count and the window agree while orders arrive.
  return db.transaction(() => readOrderSummaries(db, filter, offset, limit))();
}

function readOrderSummaries(db: Db, filter: OrderListFilter, offset: number, limit: number) {
  const sql = filterSql(filter);
  let total: number;
  let totalCapped = false;
  let rowids: number[];
  if (indexedSearch(filter.q)) {
    ({ total, totalCapped, rowids } = searchWindow(db, sql, offset, limit));
  } else {
    total = countMatches(db, sql);
    rowids = total > offset ? windowRowids(db, sql, total, offset, limit) : [];
  }
  // The window's rows in the order their rowids were picked (json_each keeps array order).
  const rows = db
    .prepare(
      `SELECT ${SUMMARY_COLUMNS} FROM json_each(?) w JOIN orders o ON o.rowid = w.value JOIN teams t ON t.id = o.team_id ORDER BY w.key`,
    )
    .all(JSON.stringify(rowids)) as SummaryRow[];
  const ids = JSON.stringify(rows.map((row) => row.id));
  const tags = groupByOrder(
    db
      .prepare(
        `SELECT ot.order_id, t.id, t.label, t.color FROM order_tags ot JOIN tags t ON t.id = ot.tag_id
         WHERE ot.order_id IN (SELECT value FROM json_each(?)) ORDER BY ot.position`,
      )
      .all(ids) as (Tag & { order_id: string })[],
  );
  const sources = groupByOrder(
    db
      .prepare(
        `SELECT order_id, source FROM order_sources WHERE order_id IN (SELECT value FROM json_each(?))
         GROUP BY order_id, source ORDER BY min(received_at)`,
      )
      .all(ids) as { order_id: string; source: string }[],
  );
  const orders: OrderSummary[] = rows.map((row) => ({
    id: row.id,
    teamId: row.team_id,
    teamName: row.team_name,
    orderNumber: row.order_number,
    orderDate: row.order_date,
    status: row.status,
    customerName: row.customer_name,
    itemCount: row.item_count,
    tags: (tags.get(row.id) ?? []).map(({ id, label, color }) => ({ id, label, color })),
    sources: (sources.get(row.id) ?? []).map((s) => s.source),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
  return { total, totalCapped, offset, orders };
}

function groupByOrder<T extends { order_id: string }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.order_id);
    if (group) group.push(row);
    else groups.set(row.order_id, [row]);
  }
  return groups;
}
