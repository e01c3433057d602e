import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../helpers/station';

let running: RunningStation;
beforeAll(async () => {
  running = await startStation();
});
afterAll(() => running.stop());

/**
 * Warnings the document keeps on purpose, each with its reason (docs/api.md, The OpenAPI
 * document). Anything else Redocly says fails the test.
 */
const EXPLAINED = [
  {
    rule: 'no-unused-components',
    pointer: '#/components/responses/MethodNotAllowed',
    why: 'A 405 is the answer for a method a path has no operation for, so no operation can list it; it is named for readers and clients.',
  },
];

describe("the served OpenAPI document under Redocly's recommended rules", () => {
  it('has no error and no warning but the explained ones', async () => {
    const source = await (await fetch(`${running.url}/api/openapi.json`)).text();
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: `${running.url}/api/openapi.json`, config });
    const said = problems.map((problem) => ({ severity: problem.severity, rule: problem.ruleId, pointer: problem.location[0]?.pointer, message: problem.message }));
    const unexplained = said.filter((problem) => !EXPLAINED.some((known) => known.rule === problem.rule && known.pointer === problem.pointer));
    expect(unexplained).toEqual([]);
    // An explanation whose warning is gone is stale: drop it with the cause.
    for (const known of EXPLAINED) expect(said.some((problem) => problem.rule === known.rule && problem.pointer === known.pointer), known.why).toBe(true);
  });
});
