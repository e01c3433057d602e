import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// electron-builder's own schema and YAML reader (its dependencies), to check the file it reads.
const require = createRequire(import.meta.url);
const Ajv = require('ajv') as new (options: object) => { compile(schema: object): ((data: unknown) => boolean) & { errors?: unknown } };
const yaml = require('js-yaml') as { load(text: string): Record<string, unknown> };
const ROOT = join(import.meta.dirname, '../..');

describe('electron-builder.yml', () => {
  const config = yaml.load(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

  it("is valid against electron-builder's schema", () => {
    const validate = new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(readFileSync(join(ROOT, 'node_modules/app-builder-lib/scheme.json'), 'utf8')));
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
  });

  it('builds AppImage, deb, NSIS and dmg, carries better-sqlite3 built for Electron as a resource and never rebuilds node_modules in place', () => {
    expect(config.appId).toMatch(/^[a-z]+(\.[a-z]+)+$/);
    expect(config.productName).toBe('Order Print Station');
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.extraResources).toContainEqual({ from: 'build/electron-native/better_sqlite3.node', to: 'native/better_sqlite3.node' });
    expect(config.npmRebuild).toBe(false);
    // SumatraPDF (pdf-to-printer) must run from outside the asar.
    expect(config.asarUnpack).toContain('node_modules/pdf-to-printer/dist/*.exe');
  });

  it('packs the files the app loads at run time', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { main: string };
    expect(pkg.main).toBe('dist-electron/main/index.js');
    expect(config.files).toEqual(expect.arrayContaining(['dist/renderer/**', 'dist-electron/**', 'main/electron/assets/**']));
  });
});
