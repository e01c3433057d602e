import type { Db } from '../../../foundations/db/open';
import { statement } from '../../../foundations/db/statements';
import { ORDER_FOR_PRINT_COLUMNS, orderForPrint, type OrderForPrint } from '../../orders/store';
import type { OrderFilters } from './schema';

const ORDER_IN_UNFINISHED_JOB = `SELECT 1 FROM print_job_documents d JOIN print_jobs j ON j.id = d.job_id
  WHERE d.order_id = o.id AND j.state IN ('queued', 'rendering', 'submitting', 'submitted')`;

const asList = <T>(value: T | T[] | undefined): T[] | undefined => (value === undefined ? undefined : Array.isArray(value) ? value : [value]);

/**
 * The orders of `teamIds` that `filters` select, oldest first (printing/requests/select.ts decides the
 * teams a caller may ask for). Every value is a bound parameter.
 */
export function findOrdersByFilters(db: Db, teamIds: string[], filters: OrderFilters): OrderForPrint[] {
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
  const rows = statement(db, `SELECT ${ORDER_FOR_PRINT_COLUMNS} FROM orders o WHERE ${where.join(' AND ')} ORDER BY o.created_at, o.rowid`).all(...params) as Parameters<typeof orderForPrint>[0][];
  return rows.map(orderForPrint);
}
