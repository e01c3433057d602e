import type Database from 'better-sqlite3';

/**
 * The SQL of a backup file (backup.ts): a copy of station.db with one table more, holding the
 * backup's facts and the station's settings file. Each function takes the copy's connection.
 */
const BACKUP_TABLE = 'station_backup';

type Connection = Database.Database;

export function countOrders(copy: Connection): number {
  return copy.prepare('SELECT count(*) FROM orders').pluck().get() as number;
}

export function schemaVersionOf(copy: Connection): number {
  return (copy.prepare('SELECT max(version) FROM schema_migrations').pluck().get() as number | null) ?? 0;
}

export function hasAnyTable(copy: Connection): boolean {
  return (copy.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table'").pluck().get() as number) > 0;
}

/** Writes the backup's own entries (`facts`, `settings.json`) into the copy. */
export function writeBackupEntries(copy: Connection, entries: Record<string, string>): void {
  copy.exec(`CREATE TABLE ${BACKUP_TABLE} (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
  const put = copy.prepare(`INSERT INTO ${BACKUP_TABLE} (key, value) VALUES (?, ?)`);
  for (const [key, value] of Object.entries(entries)) put.run(key, value);
}

/** One of the backup's own entries; undefined in a file that is not a station backup. */
export function readBackupEntry(copy: Connection, key: string): string | undefined {
  if (!copy.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(BACKUP_TABLE)) return undefined;
  return copy.prepare(`SELECT value FROM ${BACKUP_TABLE} WHERE key = ?`).pluck().get(key) as string | undefined;
}

/** Takes the backup's entries out of a restored copy: what remains is a station.db. */
export function dropBackupEntries(copy: Connection): void {
  copy.exec(`DROP TABLE ${BACKUP_TABLE}`);
}

/** Copies the database through SQLite into `path`: a whole database whatever the source's journal. */
export function vacuumInto(source: Connection, path: string): void {
  source.exec(`VACUUM INTO '${path.replace(/'/g, "''")}'`);
}
