import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SettingsUnreadableError, type SettingsStore, type StationSettings } from './settings-store';

export const SETTINGS_FILE = 'settings.json';

/**
 * Settings in `settings.json` of the data dir. Read on every `get`, so a value written by
 * `station …` commands is seen by a running `station serve` without a restart. Written to a
 * temporary file then renamed, so a crash never leaves half a file; mode 0600 because it
 * may hold the SMTP password.
 */
export function jsonFileSettings(dataDir: string): SettingsStore {
  const path = join(dataDir, SETTINGS_FILE);

  function readAll(): StationSettings {
    if (!existsSync(path)) return {};
    const text = readFileSync(path, 'utf8');
    if (text.trim() === '') return {};
    try {
      const parsed: unknown = JSON.parse(text);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as StationSettings) : {};
    } catch (error) {
      throw new SettingsUnreadableError(`${path} is not valid JSON (${(error as Error).message}); fix or delete it`, { cause: error });
    }
  }

  return {
    get(key) {
      return readAll()[key];
    },
    set(key, value) {
      const all = readAll();
      if (value === undefined) delete all[key];
      else all[key] = value;
      const temporary = `${path}.${process.pid}.tmp`;
      writeFileSync(temporary, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
      renameSync(temporary, path);
    },
  };
}
