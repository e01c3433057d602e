/**
 * Station-wide settings that belong to the machine rather than to a team (how to send
 * mail, …). One typed object; a capability above this foundation adds its key from its own
 * room by declaration merging (`declare module '…/settings-store'`, as retention/settings.ts
 * does), so this file imports no feature.
 */
export interface StationSettings {
  mail?: MailSettings;
  /** Dashboard session lifetimes (sessions/sessions.ts). */
  sessions?: { idleHours: number; absoluteHours: number; benchIdleMinutes?: number };
}


/** SMTP delivery. The password is write-only through the admin API. */
export interface MailSettings {
  host: string;
  port: number;
  /** true: TLS from the first byte (port 465); false: plain, upgraded by STARTTLS when offered. */
  secure: boolean;
  user?: string;
  password?: string;
  /** The sender, e.g. `"Station" <station@example.com>`. */
  from: string;
  /** Base of the links put in mails (accept an invitation); default: where the station listens. */
  linkBaseUrl?: string;
}

/**
 * A setting, or undefined when it is unset or the settings cannot be read: a settings file
 * edited into invalid JSON must not stop printing or signing in (the routes that edit
 * settings say what is wrong with it).
 */
export function readSetting<K extends keyof StationSettings>(settings: SettingsStore, key: K): StationSettings[K] | undefined {
  try {
    return settings.get(key);
  } catch {
    return undefined;
  }
}

/** The settings file exists but cannot be read (edited by hand into invalid JSON…). */
export class SettingsUnreadableError extends Error {}

/**
 * Where settings live is the host's choice: a JSON file for the headless station, the
 * Electron host its own store. Both read and write whole values by key.
 */
export interface SettingsStore {
  get<K extends keyof StationSettings>(key: K): StationSettings[K];
  /** `undefined` removes the key. */
  set<K extends keyof StationSettings>(key: K, value: StationSettings[K]): void;
}
