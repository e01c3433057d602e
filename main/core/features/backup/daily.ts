import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../foundations/db/open';
import { privateFolder } from '../../foundations/db/private-files';
import type { StationEvents } from '../../foundations/events';
import type { Logger } from '../../foundations/logger';
import { repeat } from '../../foundations/repeat';
import { takeBackup } from './backup';

/** Automatic backups kept in `<data-dir>/backups/`: a week of days. */
export const BACKUPS_KEPT = 7;
export const BACKUP_INTERVAL_MS = 24 * 60 * 60 * 1000;
const RETRY_AFTER_FAILURE_MS = 60 * 60 * 1000;
/** `station-2026-11-23T06-00-00-000Z.sqlite`: names sort by time. */
const BACKUP_NAME = /^station-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.sqlite$/;

const backupName = (at: Date) => `station-${at.toISOString().replace(/[:.]/g, '-')}.sqlite`;
const takenAt = (name: string): number => {
  const [, day, h, m, s, ms] = BACKUP_NAME.exec(name)!;
  return Date.parse(`${day}T${h}:${m}:${s}.${ms}Z`);
};

/** The automatic backups in the folder, oldest first. */
export function listAutomaticBackups(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names.filter((name) => BACKUP_NAME.test(name)).sort();
}

/**
 * Takes a backup when the newest in `<data-dir>/backups/` is a day old (or there is none),
 * then every day, keeping the last seven. Runs beside serving: the copy is SQLite's online
 * backup, in steps. A failed backup is logged and tried again in an hour.
 */
export function scheduleDailyBackups(deps: { db: Db; dataDir: string; events: StationEvents; logger: Logger }): { stop(): Promise<void> } {
  const folder = join(deps.dataDir, 'backups');
  const newest = listAutomaticBackups(folder).at(-1);
  return repeat(async () => {
    try {
      privateFolder(folder);
      const file = join(folder, backupName(new Date()));
      const facts = await takeBackup(deps.db, deps.dataDir, file);
      const all = listAutomaticBackups(folder);
      for (const old of all.slice(0, Math.max(0, all.length - BACKUPS_KEPT))) rmSync(join(folder, old), { force: true });
      deps.logger.info('daily backup taken', { file, orders: facts.orders });
      deps.events.emit('backup', { file, ok: true });
      return BACKUP_INTERVAL_MS;
    } catch (error) {
      deps.logger.error('daily backup failed', { error: String(error) });
      deps.events.emit('backup', { file: null, ok: false, error: String(error) });
      return RETRY_AFTER_FAILURE_MS;
    }
  }, newest ? takenAt(newest) + BACKUP_INTERVAL_MS - Date.now() : 0);
}
