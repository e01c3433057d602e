import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../helpers/station';
import type { FlowSummary } from './flows/summary';
import { clientsDir, generateClients } from './generate';

// Generating two clients and compiling them takes tens of seconds on a busy machine.
const SLOW = 60_000;
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

let running: RunningStation;
let key: string;
let threePlKey: string;
beforeAll(async () => {
  running = await startStation();
  key = running.team('Integrator Shop').key;
  threePlKey = running.team('Integrator 3PL', 'three_pl').key;
  await generateClients(running.url);
}, SLOW);
afterAll(() => running.stop());

const FLOW_FILES = ['openapi-fetch-flow.ts', 'hey-api-flow.ts', 'summary.ts'];

type Flow = (baseUrl: string, key: string, threePlKey: string) => Promise<FlowSummary>;
/**
 * A flow script, imported by a path the project's own typecheck does not follow: the
 * scripts compile against clients that exist only once this test generated them (their
 * typecheck is the first test above, with test/clients/tsconfig.json).
 */
const importFlow = <Name extends string>(file: string) => import(pathToFileURL(join(clientsDir, 'flows', file)).href) as Promise<Record<Name, Flow>>;

/** Source without comments and string literals: what a cast would have to be written in. */
function code(file: string): string {
  return readFileSync(join(clientsDir, 'flows', file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g, "''");
}

describe('a client generated from the served OpenAPI document', () => {
  it('compiles the flow scripts unchanged, for openapi-typescript (defaults) and @hey-api/openapi-ts', { timeout: SLOW }, async () => {
    const compiled = await promisify(execFile)(process.execPath, [tsc, '-p', join(clientsDir, 'tsconfig.json')], { maxBuffer: 16 * 1024 * 1024 }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(compiled).toBe('');
  });

  it('is used without casts or suppressed errors', () => {
    for (const file of FLOW_FILES) {
      const source = code(file);
      expect(source, file).not.toMatch(/@ts-(?:expect-error|ignore|nocheck)/);
      expect(source, file).not.toMatch(/\bas\s+(?!const\b)[\w{[(]/);
      expect(source, file).not.toMatch(/:\s*any\b|<any>/);
    }
  });

  const expectFlow = (summary: FlowSummary) => {
    expect(summary.updatedInPlace).toBe(true);
    expect(summary.statusByKey).toBe('ready');
    expect(summary.printerNames.length).toBeGreaterThan(0);
    expect(summary.documentTags.length).toBeGreaterThan(0);
    expect(summary.pdfHead).toBe('%PDF-');
    expect(summary.printOneStatuses).toEqual(['pending']);
    expect(summary.printByFiltersStatuses).toEqual(['pending']);
    expect(summary.strictFailureCodes).toEqual(['order_not_found']);
    expect(summary.mixedSelectorsRefused).toBe(400);
    expect(summary.merchantNames).toContain('Флоу Merchant');
    expect(summary.merchantOrderStatus).toBe(201);
  };

  it('runs the contract’s main flows through openapi-fetch', { timeout: SLOW }, async () => {
    const { runOpenapiFetchFlow } = await importFlow<'runOpenapiFetchFlow'>('openapi-fetch-flow.ts');
    expectFlow(await runOpenapiFetchFlow(running.url, key, threePlKey));
  });

  it('runs the contract’s main flows through the @hey-api SDK', { timeout: SLOW }, async () => {
    const { runHeyApiFlow } = await importFlow<'runHeyApiFlow'>('hey-api-flow.ts');
    expectFlow(await runHeyApiFlow(running.url, key, threePlKey));
  });
});
