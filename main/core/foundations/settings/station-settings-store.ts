import type { Db } from '../db/open';
import { statement } from '../db/statements';

/**
 * The station's own values kept in its database (`station_settings`), beside what a person
 * sets in settings.json (settings-store.ts): where it last listened, the built-in operator,
 * which template version the teams were upgraded to.
 */
export function getSetting(db: Db, key: string): string | undefined {
  return (db.prepare('SELECT value FROM station_settings WHERE key = ?').get(key) as { value: string } | undefined)?.value;
}

export function setSetting(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO station_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
    key,
    value,
  );
}

/** The value kept under `key`, made by `make` the first time it is asked for (kept for good after). */
export function settingMadeOnce(db: Db, key: string, make: () => string): string {
  statement(db, 'INSERT OR IGNORE INTO station_settings (key, value) VALUES (?, ?)').run(key, make());
  return (statement(db, 'SELECT value FROM station_settings WHERE key = ?').get(key) as { value: string }).value;
}
