import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_ROOT } from './app-root';

/** The station's version, from package.json (reported by whoami). */
export const STATION_VERSION: string = (JSON.parse(readFileSync(join(APP_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
