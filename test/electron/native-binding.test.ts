import Database from 'better-sqlite3';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createStation } from '../../main/core/station';
import { silentLogger } from '../../main/core/foundations/logger';
import { ELECTRON_NATIVE_DIR, SQLITE_BINDING_FILE, sqliteNativeBinding } from '../../main/electron/native-binding';

/**
 * The desktop opens its database through better-sqlite3's `nativeBinding`. Electron's build
 * of the module cannot load under Node, so this stands Node's own build in its place (same
 * file name, same folder) and checks the path logic and that the station opens through it.
 */
describe('the desktop’s better-sqlite3 binding', () => {
  const root = mkdtempSync(join(tmpdir(), 'station-native-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const nodeBuild = join(dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')), 'build/Release/better_sqlite3.node');

  it('is looked up in build/electron-native of a checkout and resources/native of an installer, and named when missing', () => {
    expect(() => sqliteNativeBinding({ packaged: false, resourcesPath: '/nowhere', appRoot: root })).toThrow(/npm run rebuild:electron/);
    mkdirSync(join(root, ELECTRON_NATIVE_DIR), { recursive: true });
    copyFileSync(nodeBuild, join(root, ELECTRON_NATIVE_DIR, SQLITE_BINDING_FILE));
    expect(sqliteNativeBinding({ packaged: false, resourcesPath: '/nowhere', appRoot: root })).toBe(join(root, ELECTRON_NATIVE_DIR, SQLITE_BINDING_FILE));
    mkdirSync(join(root, 'resources/native'), { recursive: true });
    copyFileSync(nodeBuild, join(root, 'resources/native', SQLITE_BINDING_FILE));
    expect(sqliteNativeBinding({ packaged: true, resourcesPath: join(root, 'resources'), appRoot: '/nowhere' })).toBe(join(root, 'resources/native', SQLITE_BINDING_FILE));
  });

  it('the station opens its database through the given binding, and a wrong one fails loudly', async () => {
    const binding = join(root, ELECTRON_NATIVE_DIR, SQLITE_BINDING_FILE);
    const dataDir = mkdtempSync(join(tmpdir(), 'station-native-data-'));
    try {
      const station = createStation({ dataDir, logger: silentLogger, sqliteNativeBinding: binding });
      expect(station.db.prepare('SELECT COUNT(*) AS n FROM teams').get()).toEqual({ n: 0 });
      await station.close();
      expect(() => new Database(join(dataDir, 'other.db'), { nativeBinding: join(root, 'no-such.node') })).toThrow();
      expect(() => createStation({ dataDir, logger: silentLogger, sqliteNativeBinding: join(root, 'no-such.node') })).toThrow();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
