import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../../main/core/features/sandbox/sandbox';
import { WARM_UP_INPUT, WARM_UP_ITEMS } from '../../../main/core/features/sandbox/warm-up';

const sandbox = createSandbox();
afterAll(() => sandbox.close());

const input = { payload: { order: { note: 'ref #1001' }, extra: [1, 2] }, order: { note: 'ref #1001' }, source: 'api', sourceId: 'A-1' };
const resolve = async (resolver: string, condition?: string) => (await sandbox.evaluate('team-a', input, [{ resolver, condition }]))[0]!;

describe('the expression sandbox', () => {
  it('evaluates an expression against the documented inputs', async () => {
    expect(await resolve("order.note.match(/#(\\d+)/)[1] + '/' + source + '/' + sourceId + '/' + payload.extra.length")).toEqual({
      resolver: { ok: true, value: { type: 'string', value: '1001/api/A-1/2' } },
    });
  });

  it('warms up on expressions that run to their end (the thread does not read their results: a mistake there would warm nothing)', async () => {
    const results = await sandbox.evaluate('team-warm', WARM_UP_INPUT, WARM_UP_ITEMS);
    expect(results.map((result) => result.resolver)).toEqual([
      { ok: true, value: { type: 'string', value: '1001/0/2' } },
      { ok: true, value: { type: 'string', value: '2,4,69XXX' } },
    ]);
  });

  it('runs the resolver only when the condition holds (truthiness, as in an if)', async () => {
    expect(await resolve('1', "source === 'web'")).toEqual({ condition: { ok: true, value: { type: 'boolean', value: false } } });
    expect(await resolve('2', 'order.note')).toEqual({
      condition: { ok: true, value: { type: 'boolean', value: true } },
      resolver: { ok: true, value: { type: 'number', value: 2 } },
    });
  });

  it('reports non-primitive results by type only', async () => {
    expect((await resolve('({ toString() { return "x" } })')).resolver).toEqual({ ok: true, value: { type: 'object' } });
    expect((await resolve('null')).resolver).toEqual({ ok: true, value: { type: 'null' } });
    expect((await resolve('undefined')).resolver).toEqual({ ok: true, value: { type: 'undefined' } });
  });

  it('stops an endless loop at the time limit and keeps the next evaluation working', async () => {
    const [stuck, after] = await sandbox.evaluate('team-a', input, [{ resolver: '(() => { for (;;) {} })()' }, { resolver: 'sourceId' }]);
    expect(stuck!.resolver).toMatchObject({ ok: false, fault: 'timeout', error: expect.stringMatching(/time limit of 50 ms/) });
    expect(after!.resolver).toEqual({ ok: true, value: { type: 'string', value: 'A-1' } });
  });

  it('tries an item that ran out of its time once more before it fails (the limit is wall time: a loaded machine stretches it), and only that item', async () => {
    const before = sandbox.triedAgain;
    const [stuck, fine] = await sandbox.evaluate('team-again', input, [{ resolver: '(() => { for (;;) {} })()' }, { resolver: 'sourceId' }]);
    expect(stuck!.resolver).toMatchObject({ ok: false, fault: 'timeout' });
    expect(fine!.resolver).toEqual({ ok: true, value: { type: 'string', value: 'A-1' } });
    expect(sandbox.triedAgain).toBe(before + 1);
    // A failure of another kind is not tried again.
    await resolve('(function f() { return f() })()');
    expect(sandbox.triedAgain).toBe(before + 1);
  });

  it('stops deep recursion with QuickJS stack limit, not the host stack', async () => {
    expect((await resolve('(function f() { return f() })()')).resolver).toMatchObject({ ok: false, fault: 'stack' });
  });

  it('refuses an allocation over the memory limit', async () => {
    expect((await resolve("'x'.repeat(1e9).length")).resolver).toMatchObject({ ok: false, fault: 'memory' });
  });

  it('terminates and replaces the thread when native code does not stop, then goes on with the next item', async () => {
    const before = sandbox.restarts;
    const [bomb, after] = await sandbox.evaluate('team-a', input, [
      { resolver: '(() => { const a = []; for (;;) a.push("y".repeat(1e6)) })()', condition: 'true' },
      { resolver: "'next'" },
    ]);
    expect(bomb).toEqual({
      condition: { ok: true, value: { type: 'boolean', value: true } },
      resolver: { ok: false, fault: 'timeout', error: expect.stringMatching(/stopped after \d+ ms/) },
    });
    expect(after!.resolver).toEqual({ ok: true, value: { type: 'string', value: 'next' } });
    expect(sandbox.restarts).toBe(before + 1);
  });

  it('gives expressions no host objects', async () => {
    const probe = "[typeof require, typeof process, typeof fetch, typeof setTimeout, typeof console, typeof globalThis.std, typeof os].join()";
    expect((await resolve(probe)).resolver).toEqual({ ok: true, value: { type: 'string', value: 'undefined,undefined,undefined,undefined,undefined,undefined,undefined' } });
  });

  it('freezes the inputs and every shared built-in', async () => {
    const attempts = [
      "(() => { order.note = 'changed' })()",
      "(() => { payload.extra.push(3) })()",
      "(() => { Object.prototype.x = 1 })()",
      "(() => { globalThis.x = 1 })()",
      "(() => { Object.getPrototypeOf(function* () {}).x = 1 })()",
      "(() => { (() => {}).constructor('return this')().x = 1 })()",
    ];
    for (const resolver of attempts) expect((await resolve(resolver)).resolver, resolver).toMatchObject({ ok: false, error: expect.stringMatching(/TypeError/) });
  });

  it('compiles expressions the way they will run', async () => {
    expect(await sandbox.compileError('order.note', 'resolver')).toBeUndefined();
    expect(await sandbox.compileError('order.note.match(', 'resolver')).toMatch(/SyntaxError/);
  });
});
