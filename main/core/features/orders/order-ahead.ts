import type { Db } from '../../foundations/db/open';
import type { OrderAhead } from './order-hooks';
import { listOrderKeys, listOrderSources, type OrderRow } from './store';
import { listOrderTags, tagsAsResolved } from './tags-store';

/** What a write plan says of the order it stores (orders/service.ts, `planWrite`). */
interface PlannedWrite {
  row: OrderRow;
  created: boolean;
  key: string;
  takesKey: boolean;
  source: string;
  /** The order's tags after the write; undefined: it keeps the ones it has. */
  tagLabels: string[] | undefined;
}

/**
 * The order as a planned write will leave it, read only, for the `beforeOrderWrite` hooks:
 * its row, and the tags, keys and sources the write will give it. The write plans again
 * inside its transaction; where the two differ (another write came between) the work done
 * ahead is simply not used.
 */
export function orderAheadOf(db: Db, plan: PlannedWrite): OrderAhead {
  const { row, created, key, takesKey, source } = plan;
  const tags = plan.tagLabels ? tagsAsResolved(db, row.team_id, plan.tagLabels) : listOrderTags(db, row.id).map(({ label, color }) => ({ label, color }));
  if (created) return { row, tags, keys: [key], sources: [source] };
  const sources = listOrderSources(db, row.id).map((stored) => stored.source);
  return {
    row,
    tags,
    keys: [...listOrderKeys(db, row.id), ...(takesKey ? [key] : [])],
    sources: sources.includes(source) ? sources : [...sources, source],
  };
}
