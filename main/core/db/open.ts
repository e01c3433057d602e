import Database from 'better-sqlite3';
import { join } from 'node:path';
import { migrate } from './migrate';
import { lockDownDataDir } from './private-files';

export type Db = Database.Database;

/**
 * Opens `station.db` in the data directory with the durability the API promises:
 * a 201 means the write reached the disk (WAL + synchronous=FULL).
 */
export function openDatabase(dataDir: string): Db {
  lockDownDataDir(dataDir);
  const db = new Database(join(dataDir, 'station.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  // The CLI writes while `serve` runs on the same file; wait rather than fail.
  db.pragma('busy_timeout = 5000');
  try {
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
