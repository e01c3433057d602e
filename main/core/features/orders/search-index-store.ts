import type { Database } from 'better-sqlite3';
import type { Db } from '../../foundations/db/open';
import { statement } from '../../foundations/db/statements';

/**
 * Refills the dashboard's order search (migration 0025) from the orders and keys. Its rows
 * are keyed by rowid, which a copy of the database (`VACUUM INTO`, as a restore does)
 * may renumber; triggers keep it true otherwise. A database older than the index has
 * nothing to rebuild: migrating it fills the index.
 */
export function rebuildOrderSearch(db: Database): void {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'order_search'").get();
  if (!exists) return;
  const queued = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'order_search_queue'").get();
  db.transaction(() => {
    db.exec('DELETE FROM order_search');
    db.exec('INSERT INTO order_search (rowid, text) SELECT order_rowid, text FROM order_search_text');
    db.exec('DELETE FROM order_key_search');
    db.exec('INSERT INTO order_key_search (rowid, key) SELECT rowid, key FROM order_keys');
    // Everything is indexed now, what was queued included (migration 0043).
    if (queued) db.exec('DELETE FROM order_search_queue; DELETE FROM order_key_search_queue');
  })();
}

/** Whether orders or keys changed since the search last indexed them (migration 0043). */
export function orderSearchQueued(db: Db): boolean {
  return statement(db, 'SELECT EXISTS (SELECT 1 FROM order_search_queue) OR EXISTS (SELECT 1 FROM order_key_search_queue)').pluck().get() === 1;
}

/** The two search indexes, each with the queue its triggers fill and how a row is indexed. */
const SEARCH_INDEXES = [
  {
    queue: 'order_search_queue',
    rowid: 'order_rowid',
    index: 'order_search',
    fill: 'INSERT INTO order_search (rowid, text) SELECT t.order_rowid, t.text FROM json_each(?) q JOIN order_search_text t ON t.order_rowid = q.value',
  },
  {
    queue: 'order_key_search_queue',
    rowid: 'key_rowid',
    index: 'order_key_search',
    fill: 'INSERT INTO order_key_search (rowid, key) SELECT k.rowid, k.key FROM json_each(?) q JOIN order_keys k ON k.rowid = q.value',
  },
];

/**
 * Indexes for the search the orders and keys the triggers queued, the oldest `limit` of
 * each (all by default), in one transaction: one index segment for all of them. A row
 * queued and since deleted leaves the index; one changed is indexed as it now is.
 * Answers how many were indexed (orders and keys).
 */
export function indexQueuedOrderSearch(db: Db, limit = -1): number {
  return db
    .transaction(() => {
      let indexed = 0;
      for (const { queue, rowid, index, fill } of SEARCH_INDEXES) {
        const queued = statement(db, `SELECT ${rowid} FROM ${queue} ORDER BY ${rowid} LIMIT ?`).pluck().all(limit) as number[];
        if (!queued.length) continue;
        const rowids = JSON.stringify(queued);
        statement(db, `DELETE FROM ${index} WHERE rowid IN (SELECT value FROM json_each(?))`).run(rowids);
        statement(db, fill).run(rowids);
        statement(db, `DELETE FROM ${queue} WHERE ${rowid} IN (SELECT value FROM json_each(?))`).run(rowids);
        indexed += queued.length;
      }
      return indexed;
    })
    .immediate();
}
