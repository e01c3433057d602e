import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SettingsUnreadableError, type SettingsStore, type StationSettings } from './settings-store';

export const SETTINGS_FILE = 'settings.json';

/**
 * Settings in `settings.json` of the data dir. Checked on every `get` (a stat; the file is
 * read again only when it changed), so a value written by `station …` commands is seen by
 * a running `station serve` without a restart, while the settings read on every dashboard
 * request (session lifetimes) cost no file read. Written to a temporary file then renamed,
 * so a crash never leaves half a file; mode 0600 because it may hold the SMTP password.
 */
export function jsonFileSettings(dataDir: string): SettingsStore {
  const path = join(dataDir, SETTINGS_FILE);
  let cached: { stamp: string; settings: StationSettings } | undefined;

  /** The file's settings as last read; callers clone what they hand out (a caller may mutate it). */
  function current(): StationSettings {
    const stat = statSync(path, { throwIfNoEntry: false, bigint: true });
    if (!stat) return {};
    // A rename replaces the file (new inode), an edit in place changes mtime or size.
    const stamp = `${stat.ino}:${stat.mtimeNs}:${stat.size}`;
    if (cached?.stamp !== stamp) cached = { stamp, settings: parse(readFileSync(path, 'utf8')) };
    return cached.settings;
  }

  function parse(text: string): StationSettings {
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
      // Only the value asked for is copied: some are read on every request (trusted proxies).
      const value = current()[key];
      return value === undefined ? undefined : structuredClone(value);
    },
    set(key, value) {
      const all = structuredClone(current());
      if (value === undefined) delete all[key];
      else all[key] = value;
      const temporary = `${path}.${process.pid}.tmp`;
      writeFileSync(temporary, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
      renameSync(temporary, path);
    },
  };
}
