import type { Context } from 'koa';
import type { Db } from '../../foundations/db/open';
import { notFound } from '../../foundations/errors';
import { dashboardTeams } from '../teams/dashboard-scope';
import { findOrderRow, type OrderRow } from './store';

/** An order by id or key among the teams this dashboard request may act on, or 404 (as for a key's caller). */
export function scopedOrder(db: Db, ctx: Context, idOrKey: string): OrderRow {
  const row = findOrderRow(db, idOrKey, dashboardTeams(ctx));
  if (!row) throw notFound(`No order with the id or key "${idOrKey.slice(0, 200)}"`);
  return row;
}
