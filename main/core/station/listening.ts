import type { Db } from '../foundations/db/open';
import { getSetting, setSetting } from '../foundations/settings/station-settings-store';

/** `station_settings` key: where the station last listened (for links made by CLI commands). */
const LAST_LISTENING_URL = 'last_listening_url';

/** Where a station on this data dir listens now or last listened (`station serve`), else the default. */
export const lastListeningUrl = (db: Db): string => getSetting(db, LAST_LISTENING_URL) ?? 'http://127.0.0.1:5717';

/** Kept for the CLI commands run beside the station (their links point where it listens). */
export const recordListeningUrl = (db: Db, url: string): void => setSetting(db, LAST_LISTENING_URL, url);
