import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const require = createRequire(import.meta.url);
// The package exports neither its bin nor its package.json: the path as npm installs it.
const depcruise = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

/** dependency-cruiser as `npm run lint` runs it, in `cwd`: its exit code and what it said. */
async function cruise(cwd: string): Promise<{ code: number; said: string }> {
  return promisify(execFile)(process.execPath, [depcruise, 'main', 'renderer', 'preload', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], { cwd }).then(
    ({ stdout }) => ({ code: 0, said: stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, said: error.stdout }),
  );
}

const planted = mkdtempSync(join(tmpdir(), 'layers-'));
afterAll(() => rmSync(planted, { recursive: true, force: true }));

function plant(files: Record<string, string>): void {
  copyFileSync(join(root, '.dependency-cruiser.cjs'), join(planted, '.dependency-cruiser.cjs'));
  copyFileSync(join(root, '.dependency-cruiser-layers.cjs'), join(planted, '.dependency-cruiser-layers.cjs'));
  writeFileSync(join(planted, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx' }, include: ['main', 'renderer', 'preload'] }));
  // The folders `npm run lint` cruises, each with a file (empty folders are refused).
  for (const folder of ['renderer', 'preload']) {
    mkdirSync(join(planted, folder), { recursive: true });
    writeFileSync(join(planted, folder, 'empty.ts'), 'export {};\n');
  }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(planted, path)), { recursive: true });
    writeFileSync(join(planted, path), text);
  }
}

// The house as it is passes these rules in `npm run lint`, which runs the same command over
// the same folders before every test run (checked once there, not again here).
describe('the layer rules (npm run lint)', () => {
  it('fail on a planted cycle and a planted upward import, naming each rule', { timeout: 60_000 }, async () => {
    plant({
      'main/core/features/orders/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'main/core/features/orders/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      'main/core/foundations/db/open.ts': "import { a } from '../../features/orders/a';\nexport const open = a;\n",
      'main/core/features/printing/routes.ts': "import { doc } from '../../http/openapi/document';\nexport const routes = doc;\n",
      'main/core/http/openapi/document.ts': 'export const doc = 1;\n',
      'main/core/features/printing/service.ts': "import { status } from '../../http/errors';\nexport const service = status;\n",
      'main/core/http/errors.ts': 'export const status = 400;\n',
    });
    const { code, said } = await cruise(planted);
    expect(code).not.toBe(0);
    expect(said).toMatch(/error no-cycle: main\/core\/features\/orders\/(a|b)\.ts/);
    expect(said).toContain('error foundations-import-no-feature: main/core/foundations/db/open.ts → main/core/features/orders/a.ts');
    // A route file no more than a service: http/ sits above every feature.
    expect(said).toContain('error features-import-no-http: main/core/features/printing/routes.ts → main/core/http/openapi/document.ts');
    expect(said).toContain('error features-import-no-http: main/core/features/printing/service.ts → main/core/http/errors.ts');
  });

  it('fail on a planted import against each of the other rules, naming it', { timeout: 60_000 }, async () => {
    plant({
      'main/core/features/orders/planted.ts': "import { print } from '../printing/planted';\nexport const order = print;\n",
      'main/core/features/printing/planted.ts': 'export const print = 1;\n',
      'main/core/features/documents/planted.ts': "import { render } from '../render/planted';\nexport const doc = render;\n",
      'main/core/features/render/planted.ts': 'export const render = 1;\n',
      // The arrows that once ran up: teams → auth, auth → orders, the hooks → teams and orders.
      'main/core/features/teams/planted.ts': "import { station } from '../../station';\nimport { scope } from '../auth/planted';\nexport const team = station + scope;\n",
      'main/core/features/auth/planted.ts': "import { row } from '../orders/planted-store';\nexport const scope = row;\n",
      'main/core/features/orders/planted-store.ts': "import { hook } from '../hooks';\nexport const row = hook;\n",
      'main/core/features/hooks.ts': 'export const hook = 1;\n',
      'main/core/station.ts': 'export const station = 1;\n',
      'main/core/features/links/planted.ts': "import { page } from '../../../../renderer/planted';\nexport const link = page;\n",
      'renderer/planted.ts': "import { print } from '../main/core/features/printing/planted';\nimport { words } from '../main/core/features/printing/jobs/job-words';\nexport const page = print + words;\n",
      'main/core/features/printing/jobs/job-words.ts': 'export const words = 1;\n',
      'preload/index.ts': "import { words } from '../main/core/features/printing/jobs/job-words';\nexport const bridge = words;\n",
    });
    const { code, said } = await cruise(planted);
    expect(code).not.toBe(0);
    expect(said).toContain('error features-import-only-features-below: main/core/features/orders/planted.ts → main/core/features/printing/planted.ts');
    expect(said).toContain('error features-import-only-features-below: main/core/features/documents/planted.ts → main/core/features/render/planted.ts');
    expect(said).toContain('error features-import-only-features-below: main/core/features/teams/planted.ts → main/core/features/auth/planted.ts');
    expect(said).toContain('error features-import-only-features-below: main/core/features/auth/planted.ts → main/core/features/orders/planted-store.ts');
    expect(said).toContain('error features-import-only-features-below: main/core/features/orders/planted-store.ts → main/core/features/hooks.ts');
    expect(said).toContain('error core-imports-no-root-or-host: main/core/features/teams/planted.ts → main/core/station.ts');
    expect(said).toContain('error core-imports-no-renderer: main/core/features/links/planted.ts → renderer/planted.ts');
    expect(said).toContain('error renderer-imports-only-shared-core: renderer/planted.ts → main/core/features/printing/planted.ts');
    expect(said).toContain('error preload-imports-no-core: preload/index.ts → main/core/features/printing/jobs/job-words.ts');
    // A module the rule names as shared is the renderer's to import.
    expect(said).not.toContain('renderer-imports-only-shared-core: renderer/planted.ts → main/core/features/printing/jobs/job-words.ts');
  });

  it('name only folders and files that exist (a rule about a path that is gone cannot fail)', () => {
    const layers = require(join(root, '.dependency-cruiser-layers.cjs')) as Record<string, string[]> & { FOUNDATIONS_DIR: string; FEATURES_DIR: string };
    const gone = [
      ...layers.FOUNDATION_FOLDERS!.map((name) => `${layers.FOUNDATIONS_DIR}/${name}/`),
      ...layers.FOUNDATION_FILES!.map((name) => `${layers.FOUNDATIONS_DIR}/${name}.ts`),
      ...layers.FEATURE_FOLDERS!.map((name) => `${layers.FEATURES_DIR}/${name}/`),
      ...layers.FEATURE_FILES!.map((name) => `${layers.FEATURES_DIR}/${name}.ts`),
      ...layers.SHARED_WITH_RENDERER!,
    ].filter((path) => !existsSync(join(root, path)));
    expect(gone).toEqual([]);
  });

  it('place every feature in FEATURE_ORDER once, and nothing else', () => {
    const layers = require(join(root, '.dependency-cruiser-layers.cjs')) as Record<string, string[]>;
    expect([...layers.FEATURE_ORDER!].sort()).toEqual([...layers.FEATURE_FOLDERS!, ...layers.FEATURE_FILES!].sort());
  });

  it('place every folder and loose file of the core in a tier, and the tiers are the folders of main/core', () => {
    const layers = require(join(root, '.dependency-cruiser-layers.cjs')) as Record<string, string[]> & { FOUNDATIONS_DIR: string; FEATURES_DIR: string };
    // main/core holds the tiers' folders (http/ is the HTTP edge and the API descriptions, hosts/ the `station` command) and the composition root (station.ts, its parts in station/).
    expect(readdirSync(join(root, 'main/core')).sort()).toEqual(['features', 'foundations', 'hosts', 'http', 'station', 'station.ts']);
    const unplaced = (dir: string, folders: string[], files: string[]) => {
      const placed = new Set([...folders, ...files.map((name) => `${name}.ts`)]);
      return readdirSync(join(root, dir)).filter((entry) => !placed.has(entry)).map((entry) => `${dir}/${entry}`);
    };
    expect([...unplaced(layers.FOUNDATIONS_DIR, layers.FOUNDATION_FOLDERS!, layers.FOUNDATION_FILES!), ...unplaced(layers.FEATURES_DIR, layers.FEATURE_FOLDERS!, layers.FEATURE_FILES!)]).toEqual([]);
  });
});

describe('SQL only in stores (npm run lint)', () => {
  const sql = "import type { Db } from '../db/open';\nexport const count = (db: Db) => db.prepare('SELECT count(*) FROM orders').pluck().get();\n";
  const messagesAt = async (filePath: string, code: string) => {
    const [result] = await new ESLint({ cwd: root }).lintText(code, { filePath: join(root, filePath) });
    return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
  };

  it('refuses a statement prepared outside a *store.ts file, and takes it in one', { timeout: 60_000 }, async () => {
    expect(await messagesAt('main/core/features/printing/planted-service.ts', sql)).toEqual(['no-restricted-syntax: SQL belongs in a *store.ts file: add a function there and call it.']);
    expect(await messagesAt('main/core/features/printing/planted-store.ts', sql)).toEqual([]);
    const exec = "import type { Db } from '../db/open';\nexport const wipe = (db: Db) => db.exec('DELETE FROM orders');\n";
    expect(await messagesAt('main/core/features/orders/planted.ts', exec)).toHaveLength(1);
  });
});
