import type { Db } from '../../foundations/db/open';
import type { Logger } from '../../foundations/logger';
import { repeat } from '../../foundations/repeat';
import { indexQueuedOrderSearch, orderSearchQueued } from './search-index-store';

/** How often a serving station looks for orders to index for the search. */
export const SEARCH_INDEX_EVERY_MS = 500;
/** Orders (and as many keys) indexed in one transaction: ~10–20 ms of the event loop. */
export const SEARCH_INDEX_BATCH = 200;
/** With more queued, the next batch follows this soon. */
const NEXT_BATCH_AFTER_MS = 20;

/**
 * Keeps the order search's queue short while the station serves (migration 0043): every
 * half second, what orders and keys changed since is indexed in one transaction, a batch at
 * a time. A search indexes whatever is still queued first (orders-query-store.ts), so this
 * only spares searches that work; it is never needed for a search to be right.
 */
export function indexOrderSearchInBackground({ db, logger }: { db: Db; logger: Logger }): { stop(): Promise<void> } {
  return repeat(async () => {
    try {
      if (!orderSearchQueued(db)) return SEARCH_INDEX_EVERY_MS;
      indexQueuedOrderSearch(db, SEARCH_INDEX_BATCH);
      return orderSearchQueued(db) ? NEXT_BATCH_AFTER_MS : SEARCH_INDEX_EVERY_MS;
    } catch (error) {
      // Busy (the CLI writing) or closing: the queue waits for the next round or the next search.
      logger.error('the order search could not be indexed this round', { error: String((error as Error)?.message ?? error) });
      return SEARCH_INDEX_EVERY_MS;
    }
  }, SEARCH_INDEX_EVERY_MS);
}
