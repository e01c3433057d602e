import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
// The package exports neither its bin nor its package.json: the path as npm installs it.
const depcruise = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

/** dependency-cruiser as `npm run lint` runs it, in `cwd`: its exit code and what it said. */
async function cruise(cwd: string): Promise<{ code: number; said: string }> {
  return promisify(execFile)(process.execPath, [depcruise, 'main', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], { cwd }).then(
    ({ stdout }) => ({ code: 0, said: stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, said: error.stdout }),
  );
}

const planted = mkdtempSync(join(tmpdir(), 'layers-'));
afterAll(() => rmSync(planted, { recursive: true, force: true }));

function plant(files: Record<string, string>): void {
  copyFileSync(join(root, '.dependency-cruiser.cjs'), join(planted, '.dependency-cruiser.cjs'));
  writeFileSync(join(planted, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' }, include: ['main'] }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(planted, path)), { recursive: true });
    writeFileSync(join(planted, path), text);
  }
}

describe('the layer rules (npm run lint)', () => {
  it('pass on the house as it is', { timeout: 120_000 }, async () => {
    const { code, said } = await cruise(root);
    expect(said).toContain('no dependency violations found');
    expect(code).toBe(0);
  });

  it('fail on a planted cycle and a planted upward import, naming each rule', { timeout: 120_000 }, async () => {
    plant({
      'main/core/orders/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'main/core/orders/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      'main/core/db/open.ts': "import { a } from '../orders/a';\nexport const open = a;\n",
      'main/core/printing/routes.ts': "import { doc } from '../http/openapi/document';\nexport const routes = doc;\n",
      'main/core/http/openapi/document.ts': 'export const doc = 1;\n',
      'main/core/printing/service.ts': "import { status } from '../http/errors';\nexport const service = status;\n",
      'main/core/http/errors.ts': 'export const status = 400;\n',
    });
    const { code, said } = await cruise(planted);
    expect(code).not.toBe(0);
    expect(said).toMatch(/error no-cycle: main\/core\/orders\/(a|b)\.ts/);
    expect(said).toContain('error foundations-import-no-feature: main/core/db/open.ts → main/core/orders/a.ts');
    expect(said).toContain('error features-import-no-api-description: main/core/printing/routes.ts → main/core/http/openapi/document.ts');
    expect(said).toContain('error features-import-http-only-in-routes: main/core/printing/service.ts → main/core/http/errors.ts');
    // A route file may import http/.
    expect(said).not.toContain('features-import-http-only-in-routes: main/core/printing/routes.ts');
  });
});

describe('SQL only in stores (npm run lint)', () => {
  const sql = "import type { Db } from '../db/open';\nexport const count = (db: Db) => db.prepare('SELECT count(*) FROM orders').pluck().get();\n";
  const messagesAt = async (filePath: string, code: string) => {
    const [result] = await new ESLint({ cwd: root }).lintText(code, { filePath: join(root, filePath) });
    return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
  };

  it('refuses a statement prepared outside a *store.ts file, and takes it in one', { timeout: 60_000 }, async () => {
    expect(await messagesAt('main/core/printing/planted-service.ts', sql)).toEqual(['no-restricted-syntax: SQL belongs in a *store.ts file: add a function there and call it.']);
    expect(await messagesAt('main/core/printing/planted-store.ts', sql)).toEqual([]);
    const exec = "import type { Db } from '../db/open';\nexport const wipe = (db: Db) => db.exec('DELETE FROM orders');\n";
    expect(await messagesAt('main/core/orders/planted.ts', exec)).toHaveLength(1);
  });
});
