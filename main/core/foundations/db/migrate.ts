import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from 'better-sqlite3';
import { hashSecret } from '../hash-secret';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Migrations are `NNNN-name.sql` files, append-only, applied in version order. */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}-[\w-]+\.sql$/.test(file))
    .map((file) => ({
      version: Number(file.slice(0, 4)),
      name: file.slice(5, -4),
      sql: readFileSync(join(dir, file), 'utf8'),
    }))
    .sort((a, b) => a.version - b.version);
}

export class DatabaseTooNewError extends Error {
  constructor(readonly databaseVersion: number, readonly codeVersion: number) {
    super(
      `station.db is at schema version ${databaseVersion}, newer than this station knows (${codeVersion}); ` +
        'run a newer Order Print Station or restore a backup',
    );
  }
}

/**
 * Applies every pending migration, each in its own transaction, recording it in
 * `schema_migrations`. Refuses a database migrated by newer code: running old code on it
 * could silently lose the data the newer columns hold.
 */
export function migrate(db: Database, migrations = loadMigrations()): number[] {
  // Plain SQLite cannot hash: migrations that turn stored secrets into hashes (0010) call
  // the station's own hash, so a hash written here matches one computed by the code.
  db.function('hash_secret', { deterministic: true }, (secret: unknown) => (typeof secret === 'string' ? hashSecret(secret) : null));
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((row) => row.version),
  );
  const newestKnown = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  const newestApplied = Math.max(0, ...applied);
  if (newestApplied > newestKnown) throw new DatabaseTooNewError(newestApplied, newestKnown);

  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const isApplied = db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?');
  const done: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    // IMMEDIATE, and checked again under the lock: `serve` and a CLI command opening a new
    // data dir at the same moment must not both apply the same migration.
    const ran = db.transaction(() => {
      if (isApplied.get(migration.version)) return false;
      db.exec(migration.sql);
      record.run(migration.version, migration.name, new Date().toISOString());
      return true;
    }).immediate();
    if (ran) done.push(migration.version);
  }
  return done;
}
