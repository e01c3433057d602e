import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Where `npm run rebuild:electron` puts better-sqlite3 built for Electron (see scripts/). */
export const ELECTRON_NATIVE_DIR = 'build/electron-native';
export const SQLITE_BINDING_FILE = 'better_sqlite3.node';

/**
 * The better-sqlite3 binary the desktop loads: built for Electron's ABI, kept apart from
 * node_modules (whose copy stays built for Node: `npm test` and the CLI need it). Installers
 * carry it in `resources/native` (electron-builder.yml `extraResources`); a checkout has it
 * in build/electron-native after `npm start` (which rebuilds it when Electron changed).
 */
export function sqliteNativeBinding(host: { packaged: boolean; resourcesPath: string; appRoot: string }): string {
  const path = host.packaged ? join(host.resourcesPath, 'native', SQLITE_BINDING_FILE) : join(host.appRoot, ELECTRON_NATIVE_DIR, SQLITE_BINDING_FILE);
  if (!existsSync(path)) {
    throw new Error(`better-sqlite3 for Electron is missing at ${path}: run \`npm run rebuild:electron\` (npm start does it), or reinstall the app`);
  }
  return path;
}
