#!/usr/bin/env node
// Builds better-sqlite3 for the Electron version in node_modules into build/electron-native/,
// leaving node_modules/better-sqlite3 (built for Node: `npm test`, the CLI) as it is. The
// desktop loads the copy through better-sqlite3's `nativeBinding` option
// (main/electron/native-binding.ts). Skips the work when the copy matches Electron already.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const out = join(root, 'build/electron-native');
const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
const sqliteDir = dirname(require.resolve('better-sqlite3/package.json'));
const sqliteVersion = JSON.parse(readFileSync(join(sqliteDir, 'package.json'), 'utf8')).version;
const stamp = `electron ${electronVersion} ${process.platform}-${process.arch}, better-sqlite3 ${sqliteVersion}`;
const stampFile = join(out, 'built-for.txt');

if (existsSync(join(out, 'better_sqlite3.node')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) {
  console.log(`better-sqlite3 for Electron is up to date (${stamp})`);
  process.exit(0);
}

// A private copy of the package to build in: @electron/rebuild rebuilds modules in place.
const work = join(out, 'work');
rmSync(work, { recursive: true, force: true });
mkdirSync(join(work, 'node_modules'), { recursive: true });
cpSync(sqliteDir, join(work, 'node_modules/better-sqlite3'), { recursive: true, filter: (path) => !path.includes(`${join('better-sqlite3', 'build')}`) });
writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'electron-native', private: true, dependencies: { 'better-sqlite3': sqliteVersion } }));

const { rebuild } = await import('@electron/rebuild');
console.log(`building better-sqlite3 ${sqliteVersion} for Electron ${electronVersion}…`);
await rebuild({ buildPath: work, electronVersion, arch: process.arch, onlyModules: ['better-sqlite3'], force: true });
cpSync(join(work, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'), join(out, 'better_sqlite3.node'));
writeFileSync(stampFile, stamp);
rmSync(work, { recursive: true, force: true });
console.log(`better-sqlite3 for Electron: ${join(out, 'better_sqlite3.node')}`);
