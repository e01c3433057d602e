import Database from 'better-sqlite3';
import { join } from 'node:path';
import { migrate } from './migrate';
import { lockDownDataDir } from './private-files';

/** `journal_size_limit`: the WAL file is cut back to this when it starts over, and truncated when a burst leaves it larger (checkpointer.ts). */
export const WAL_SIZE_LIMIT_BYTES = 8 * 1024 * 1024;

export type Db = Database.Database;

/**
 * Opens `station.db` in the data directory with the durability the API promises: a 201
 * means the write reached the disk. The connection opens with synchronous=FULL; a serving
 * station switches it to NORMAL and syncs the WAL off the event loop before it answers
 * (wal-sync.ts), which gives the same promise.
 */
export function openDatabase(dataDir: string, options: { nativeBinding?: string } = {}): Db {
  lockDownDataDir(dataDir);
  // The desktop passes a copy of better-sqlite3 built for Electron's ABI (native-binding.ts):
  // the one in node_modules stays built for Node, for the CLI and the tests.
  const db = new Database(join(dataDir, 'station.db'), options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  // When the WAL starts over, its file is cut back to this size (checkpointer.ts).
  db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  db.pragma('foreign_keys = ON');
  // The CLI writes while `serve` runs on the same file; wait rather than fail.
  db.pragma('busy_timeout = 5000');
  try {
    // Migrations commit without an fsync each (43 of them on a new data dir): one lost to a
    // power cut is lost with its own record in schema_migrations and simply runs again at the
    // next open; the first FULL commit after them syncs the WAL they wrote.
    db.pragma('synchronous = NORMAL');
    migrate(db);
    db.pragma('synchronous = FULL');
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** Whether the database answers a query (the health check's probe; reads no row). */
export function databaseAnswers(db: Db): void {
  db.prepare('SELECT COUNT(*) FROM print_jobs WHERE 0').get();
}
