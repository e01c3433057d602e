import Store from 'electron-store';
import type { SettingsStore, StationSettings } from '../core/foundations/settings/settings-store';

/** The core's station settings kept by electron-store in the app's user-data folder. */
export function electronSettingsStore(cwd: string): SettingsStore {
  // Owner only: it may hold the SMTP password.
  const store = new Store<Record<string, unknown>>({ name: 'station-settings', cwd, configFileMode: 0o600 });
  return {
    get: (key) => store.get(key) as StationSettings[typeof key],
    set: (key, value) => {
      if (value === undefined) store.delete(key);
      else store.set(key, value);
    },
  };
}

/** The desktop host's own settings: where it listens, whether it starts at login. */
export interface DesktopSettings {
  host: string;
  port: number;
}

export function desktopSettings(cwd: string): DesktopSettings {
  const store = new Store<DesktopSettings>({
    name: 'desktop',
    cwd,
    configFileMode: 0o600,
    defaults: { host: '127.0.0.1', port: 5717 },
  });
  return { host: store.get('host'), port: store.get('port') };
}
