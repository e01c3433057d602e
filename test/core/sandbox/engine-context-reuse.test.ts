import { newQuickJSWASMModule, RELEASE_SYNC } from 'quickjs-emscripten';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExpressionEngine } from '../../../main/core/features/sandbox/engine';

let engine: ExpressionEngine;
beforeAll(async () => {
  engine = new ExpressionEngine(await newQuickJSWASMModule(RELEASE_SYNC));
});
afterAll(() => engine.dispose());

const input = { payload: { n: 1 }, order: null, source: 'api', sourceId: '1' };
const run = (resolver: string) => engine.evaluate('team-a', input, [{ resolver }])[0]!.resolver!;

describe('context reuse', () => {
  it('keeps the context across ordinary results and ordinary exceptions', () => {
    const before = engine.discarded;
    expect(run('payload.n + 1')).toEqual({ ok: true, value: { type: 'number', value: 2 } });
    expect(run('null.x')).toMatchObject({ ok: false, error: expect.stringMatching(/^TypeError/) });
    expect(run("(() => { throw 'plain' })()")).toEqual({ ok: false, error: 'threw "plain"' });
    expect(engine.discarded).toBe(before);
  });

  it.each([
    ['a timeout', '(() => { for (;;) {} })()', 'timeout'],
    ['stack exhaustion', '(function f() { return f() })()', 'stack'],
    ['memory exhaustion', "'x'.repeat(2 ** 28)", 'memory'],
  ])('discards a context faulted by %s, and the next evaluation gets a fresh one', (_name, resolver, fault) => {
    const before = engine.discarded;
    expect(run(resolver)).toMatchObject({ ok: false, fault });
    expect(engine.discarded).toBe(before + 1);
    expect(run('sourceId')).toEqual({ ok: true, value: { type: 'string', value: '1' } });
  });

  it('discards a context left with queued promise jobs', () => {
    const before = engine.discarded;
    expect(run("Promise.resolve().then(() => 1) && 'x'")).toEqual({ ok: true, value: { type: 'string', value: 'x' } });
    expect(engine.discarded).toBe(before + 1);
  });

  it('an uncatchable interrupt is not swallowed by try/catch in the expression', () => {
    expect(run('(() => { try { for (;;) {} } catch (e) { return "caught" } })()')).toMatchObject({ ok: false, fault: 'timeout' });
  });
});
