import type { Statement } from 'better-sqlite3';
import type { Db } from './open';

const caches = new WeakMap<Db, Map<string, Statement>>();

/**
 * A prepared statement compiled once per connection. Compiling SQL costs more than running
 * a simple indexed query, and the ingest path runs a dozen of them per order. Never change
 * a cached statement's mode (pluck, raw, expand): every caller of the same SQL shares it.
 */
export function statement(db: Db, sql: string): Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let prepared = cache.get(sql);
  if (!prepared) {
    prepared = db.prepare(sql);
    cache.set(sql, prepared);
  }
  return prepared;
}
