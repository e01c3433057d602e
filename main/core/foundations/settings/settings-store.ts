/**
 * Station-wide settings that belong to the machine rather than to a team (how to send
 * mail, …). One typed object; a capability above this foundation adds its key from its own
 * room by declaration merging (`declare module '…/settings-store'`, as retention/settings.ts
 * does), so this file imports no feature.
 */
export interface StationSettings {
  mail?: MailSettings;
  network?: NetworkSettings;
  /** Dashboard session lifetimes (sessions/sessions.ts). */
  sessions?: { idleHours: number; absoluteHours: number; benchIdleMinutes?: number };
}

/** What the station may reach on the network for documents (docs/api.md, Security). */
export interface NetworkSettings {
  /**
   * Hosts (names or IP addresses, lower case) whose images are fetched even though they
   * resolve to loopback or private addresses: a WMS image server on the local network.
   */
  imageHostsAllowed: string[];
  /**
   * Hosts (names or IP addresses, lower case) a printer may be added at although they resolve
   * to loopback or private addresses: the label printer at 192.168.1.40, bench 2's CUPS.
   */
  printerHostsAllowed?: string[];
  /** Extra names the dashboard answers for (beyond localhost, this machine's name and addresses). */
  dashboardHosts?: string[];
  /** Web page origins (`https://wms.example.com`) allowed to call `/api/*` from a browser (CORS). */
  browserOrigins?: string[];
  /**
   * `/metrics` without a session for a loopback request that a proxy forwarded (it carries
   * Forwarded, X-Forwarded-For or X-Real-IP): off by default, since the proxy's callers may be anyone.
   */
  metricsForwardedAllowed?: boolean;
  /**
   * A proxy on this computer passes requests on to the station: a loopback request is then
   * treated as forwarded even without a forwarding header (its caller may be anyone).
   */
  behindProxy?: boolean;
  /**
   * Proxies (IP addresses) whose `X-Forwarded-For` names the real client: sign-in throttles
   * count against that client, not the proxy every client shares (net/client-address.ts).
   */
  trustedProxies?: string[];
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
