import { readFileSync } from 'node:fs';

/** The station's version, from package.json (reported by whoami). */
export const STATION_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
