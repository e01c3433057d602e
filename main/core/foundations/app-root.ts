import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The directory holding the station's package.json: the checkout, or the packaged app.
 * Found by walking up from this module, so it is the same whether the core runs from
 * source (main/core), bundled for `station` (dist/station) or bundled for Electron
 * (dist-electron/main, inside app.asar when packaged).
 */
export const APP_ROOT: string = findAppRoot(dirname(fileURLToPath(import.meta.url)));

function findAppRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}
