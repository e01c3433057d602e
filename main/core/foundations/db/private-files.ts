import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Owner only: the data dir and its folders hold customers' names and addresses. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** The folders of the data dir the station writes (the folder printer's PDFs, automatic backups). */
const PRIVATE_FOLDERS = ['printed', 'backups'];

const chmodIfThere = (path: string, mode: number) => {
  if (existsSync(path)) chmodSync(path, mode);
};

/**
 * Makes the data dir private to the station's OS user whatever the umask, and corrects
 * an existing install: the dir and its folders 0700, the database with its WAL and SHM
 * and the settings files 0600. SQLite gives WAL and SHM the database file's mode, so the
 * database file is made (or corrected) before SQLite opens it. Files inside the private
 * folders are written 0600 by their writers; the folders' 0700 already keeps others out.
 * On Windows modes do not apply: the data dir lies in the user's profile, whose ACL
 * admits only that user (and administrators).
 */
export function lockDownDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (process.platform === 'win32') return;
  chmodSync(dataDir, PRIVATE_DIR_MODE);
  for (const folder of PRIVATE_FOLDERS) chmodIfThere(join(dataDir, folder), PRIVATE_DIR_MODE);
  const database = join(dataDir, 'station.db');
  closeSync(openSync(database, 'a', PRIVATE_FILE_MODE));
  for (const file of [database, `${database}-wal`, `${database}-shm`]) chmodIfThere(file, PRIVATE_FILE_MODE);
  for (const file of readdirSync(dataDir)) {
    if (/\.json$/.test(file)) chmodIfThere(join(dataDir, file), PRIVATE_FILE_MODE);
  }
}

/** A folder of the data dir, created private. */
export function privateFolder(path: string): string {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (process.platform !== 'win32') chmodSync(path, PRIVATE_DIR_MODE);
  return path;
}
