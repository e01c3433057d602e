import type { Database } from 'better-sqlite3';

/**
 * Refills the dashboard's order search (migration 0025) from the orders and keys. Its rows
 * are keyed by rowid, which a copy of the database (`VACUUM INTO`, as a restore does)
 * may renumber; triggers keep it true otherwise. A database older than the index has
 * nothing to rebuild: migrating it fills the index.
 */
export function rebuildOrderSearch(db: Database): void {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'order_search'").get();
  if (!exists) return;
  db.transaction(() => {
    db.exec('DELETE FROM order_search');
    db.exec('INSERT INTO order_search (rowid, text) SELECT order_rowid, text FROM order_search_text');
    db.exec('DELETE FROM order_key_search');
    db.exec('INSERT INTO order_key_search (rowid, key) SELECT rowid, key FROM order_keys');
  })();
}
