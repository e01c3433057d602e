import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../foundations/db/open';
import { loadMigrations } from '../../foundations/db/migrate';
import { privateFolder, PRIVATE_FILE_MODE } from '../../foundations/db/private-files';
import { SETTINGS_FILE } from '../../foundations/settings/json-file-settings';
import { STATION_VERSION } from '../../foundations/version';
import { rebuildOrderSearch } from '../orders/search-index-store';
import { countOrders, dropBackupEntries, vacuumInto, hasAnyTable, readBackupEntry, schemaVersionOf, writeBackupEntries } from './backup-store';

/**
 * A station backup is one SQLite file: a consistent copy of `station.db` made with SQLite's
 * online backup API (the station keeps serving; better-sqlite3 copies in steps across event
 * loop turns), plus a `station_backup` table that says what it is: the marker, when it was
 * taken, by which version, at which schema version, and the station's `settings.json`.
 * PDFs the folder printer wrote (`printed/`) are output, not state, and are not included.
 */
export const BACKUP_FORMAT = 'order-print-station-backup/1';

export interface BackupFacts {
  format: string;
  takenAt: string;
  stationVersion: string;
  schemaVersion: number;
  orders: number;
}

/** Takes a backup of the open station database into `file` (written aside, then renamed). */
export async function takeBackup(db: Db, dataDir: string, file: string): Promise<BackupFacts> {
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  try {
    // Private from its first byte: SQLite keeps an existing file's mode and gives its
    // journal the same, so no reader can open a copy of customer data while it is written.
    closeSync(openSync(partial, 'w', PRIVATE_FILE_MODE));
    if (process.platform !== 'win32') chmodSync(partial, PRIVATE_FILE_MODE);
    await db.backup(partial);
    const copy = new Database(partial);
    let facts: BackupFacts;
    try {
      // One self-contained file: no WAL beside it.
      copy.pragma('journal_mode = DELETE');
      facts = {
        format: BACKUP_FORMAT,
        takenAt: new Date().toISOString(),
        stationVersion: STATION_VERSION,
        schemaVersion: schemaVersionOf(copy),
        orders: countOrders(copy),
      };
      const settingsPath = join(dataDir, SETTINGS_FILE);
      writeBackupEntries(copy, { facts: JSON.stringify(facts), ...(existsSync(settingsPath) ? { 'settings.json': readFileSync(settingsPath, 'utf8') } : {}) });
    } finally {
      copy.close();
    }
    if (process.platform !== 'win32') chmodSync(partial, PRIVATE_FILE_MODE);
    renameSync(partial, file);
    return facts;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** Why a file cannot be restored, as a sentence. */
export class NotARestorableBackupError extends Error {}

/**
 * What a backup file is, or a NotARestorableBackupError: not SQLite, not a station backup,
 * damaged, or from a newer station (its schema is newer than this code knows).
 */
export function readBackupFacts(file: string): BackupFacts {
  if (!existsSync(file)) throw new NotARestorableBackupError(`${file} does not exist`);
  let backup: Database.Database;
  try {
    backup = new Database(file, { readonly: true, fileMustExist: true });
    backup.pragma('schema_version'); // reads the header: fails here for a file that is not SQLite
  } catch {
    throw new NotARestorableBackupError(`${file} is not an Order Print Station backup (not a SQLite database)`);
  }
  try {
    const factsText = readBackupEntry(backup, 'facts');
    const facts = factsText ? (JSON.parse(factsText) as BackupFacts) : undefined;
    if (!facts || facts.format !== BACKUP_FORMAT) throw new NotARestorableBackupError(`${file} is not an Order Print Station backup (a SQLite file without the station's backup marker)`);
    const check = backup.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new NotARestorableBackupError(`${file} is damaged: ${String(check)}`);
    const known = Math.max(...loadMigrations().map((migration) => migration.version));
    if (facts.schemaVersion > known) {
      throw new NotARestorableBackupError(
        `${file} was taken by a newer Order Print Station (${facts.stationVersion}, schema ${facts.schemaVersion}; this one knows up to ${known}): restore it with that version or newer`,
      );
    }
    return facts;
  } catch (error) {
    if (error instanceof NotARestorableBackupError) throw error;
    throw new NotARestorableBackupError(`${file} is not a readable Order Print Station backup: ${(error as Error).message}`);
  } finally {
    backup.close();
  }
}

/** Refused: the data dir has a database and `--force` was not given. */
export class DataDirInUseError extends Error {}

/**
 * Restores a backup into a data dir: checks the file, refuses a data dir that already has a
 * database unless `force` (the old one is then kept beside it as
 * `station.db.before-restore-<time>`), writes `settings.json` back, and leaves a database
 * that the next start migrates to this code's schema. The station must not be running on
 * that data dir.
 */
export function restoreBackup(file: string, dataDir: string, options: { force: boolean }): BackupFacts & { keptAside?: string } {
  const facts = readBackupFacts(file);
  privateFolder(dataDir);
  const database = join(dataDir, 'station.db');
  const hasDatabase = existsSync(database) && hasTables(database);
  if (hasDatabase && !options.force) {
    throw new DataDirInUseError(`${dataDir} already has a station database; stop the station there and pass --force to replace it (the old one is kept beside it)`);
  }
  const staging = join(dataDir, 'station.db.restoring');
  rmSync(staging, { force: true });
  const source = new Database(file, { readonly: true });
  try {
    // A copy through SQLite, not of bytes: the result is a whole database whatever the source's journal.
    vacuumInto(source, staging);
  } finally {
    source.close();
  }
  const restored = new Database(staging);
  let settings: string | undefined;
  try {
    settings = readBackupEntry(restored, 'settings.json');
    dropBackupEntries(restored);
    rebuildOrderSearch(restored);
    restored.pragma('journal_mode = WAL');
  } finally {
    restored.close();
  }
  let keptAside: string | undefined;
  if (existsSync(database)) {
    keptAside = hasDatabase ? `${database}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}` : undefined;
    if (keptAside) renameSync(database, keptAside);
    else rmSync(database);
    for (const suffix of ['-wal', '-shm']) {
      if (!existsSync(`${database}${suffix}`)) continue;
      if (keptAside) renameSync(`${database}${suffix}`, `${keptAside}${suffix}`);
      else rmSync(`${database}${suffix}`);
    }
  }
  renameSync(staging, database);
  for (const suffix of ['-wal', '-shm']) rmSync(`${staging}${suffix}`, { force: true });
  if (settings !== undefined) writePrivate(join(dataDir, SETTINGS_FILE), settings);
  return { ...facts, ...(keptAside ? { keptAside } : {}) };
}

function hasTables(database: string): boolean {
  const db = new Database(database, { readonly: true });
  try {
    return hasAnyTable(db);
  } finally {
    db.close();
  }
}


/** Written aside then renamed, owner-only: settings may hold the SMTP password. */
function writePrivate(path: string, text: string): void {
  const partial = `${path}.restoring`;
  writeFileSync(partial, text, { mode: PRIVATE_FILE_MODE });
  renameSync(partial, path);
}
