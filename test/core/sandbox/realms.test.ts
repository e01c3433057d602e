import { newQuickJSWASMModule, RELEASE_SYNC, type QuickJSWASMModule } from 'quickjs-emscripten';
import { beforeAll, describe, expect, it } from 'vitest';
import { ExpressionEngine } from '../../../main/core/features/sandbox/engine';
import { SANDBOX_LIMITS } from '../../../main/core/features/sandbox/limits';

let quickjs: QuickJSWASMModule;
beforeAll(async () => {
  quickjs = await newQuickJSWASMModule(RELEASE_SYNC);
});

/** The helpers the engine needs, and no freezing at all: the realms are the only wall. */
const NO_FREEZE = `({ parseInput: (json) => JSON.parse(json), describeError: (e) => String(e && e.name) + ': ' + String(e && e.message) })`;

const input = (email: string) => ({ payload: { order: { customer: { email } } }, order: { customer: { email } }, source: 'api', sourceId: '1' });
const value = (engine: ExpressionEngine, realm: string, resolver: string, email = 'c@team-c.example') => engine.evaluate(realm, input(email), [{ resolver }])[0]!.resolver;

// Team C's recorder on the iterator-helper prototype, then its read-back (the reported attack).
const POISON =
  '(() => { const P = Object.getPrototypeOf([].values().map((x) => x)); const next = P.next; P.seen = []; ' +
  'P.next = function () { const step = next.call(this); if (!step.done) P.seen.push(step.value); return step; }; return "armed" })()';
const READ_BACK = 'String(Object.getPrototypeOf([].values().map((x) => x)).seen)';
const TEAM_A_RESOLVER = '[order.customer.email].values().map((s) => s.trim()).toArray()[0]';

describe('a realm per team', () => {
  it('keeps one team’s changes to built-ins away from another team even with nothing frozen', () => {
    const engine = new ExpressionEngine(quickjs, NO_FREEZE);
    try {
      expect(value(engine, 'team-c', POISON)).toEqual({ ok: true, value: { type: 'string', value: 'armed' } });
      expect(value(engine, 'team-a', TEAM_A_RESOLVER, 'ada@team-a.example')).toEqual({ ok: true, value: { type: 'string', value: 'ada@team-a.example' } });
      // Team C's realm recorded only what ran in it: nothing of team A's.
      expect(value(engine, 'team-c', READ_BACK)).toEqual({ ok: true, value: { type: 'string', value: '' } });
      // Within one realm the same change is visible (which is why realms are hardened too).
      value(engine, 'team-c', TEAM_A_RESOLVER, 'own@team-c.example');
      expect(value(engine, 'team-c', READ_BACK)).toEqual({ ok: true, value: { type: 'string', value: 'own@team-c.example' } });
    } finally {
      engine.dispose();
    }
  });

  it('with hardening, the recorder cannot even be installed', () => {
    const engine = new ExpressionEngine(quickjs);
    try {
      expect(value(engine, 'team-c', POISON)).toMatchObject({ ok: false, error: expect.stringMatching(/^TypeError/) });
    } finally {
      engine.dispose();
    }
  });

  it('keeps at most realmsPerThread realms, disposing the least recently used', () => {
    const engine = new ExpressionEngine(quickjs, NO_FREEZE);
    try {
      for (let team = 0; team < SANDBOX_LIMITS.realmsPerThread + 5; team++) {
        // Each realm remembers its team in a global; an evicted one comes back fresh.
        value(engine, `team-${team}`, `(globalThis.team ??= ${team})`);
      }
      expect(engine.realmCount).toBe(SANDBOX_LIMITS.realmsPerThread);
      expect(value(engine, `team-${SANDBOX_LIMITS.realmsPerThread + 4}`, 'globalThis.team')).toEqual({ ok: true, value: { type: 'number', value: SANDBOX_LIMITS.realmsPerThread + 4 } });
      expect(value(engine, 'team-0', 'typeof globalThis.team')).toEqual({ ok: true, value: { type: 'string', value: 'undefined' } });
    } finally {
      engine.dispose();
    }
  });
});

describe('limits the engine cannot skip', () => {
  it('gives expressions no BigInt: literals are refused, and no built-in makes one', () => {
    const engine = new ExpressionEngine(quickjs);
    try {
      expect(value(engine, 't', '(3n ** 600000n) % 13n')).toEqual({ ok: false, error: expect.stringMatching(/^BigInt is not available to expressions \(3n at character 2\)/) });
      expect(engine.compileError('0x1fn + 1')).toMatch(/^BigInt is not available/);
      const probe = "[typeof BigInt, typeof BigInt64Array, typeof BigUint64Array, typeof DataView.prototype.getBigInt64, typeof eval, typeof Function].join()";
      expect(value(engine, 't', probe)).toEqual({ ok: true, value: { type: 'string', value: 'undefined,undefined,undefined,undefined,undefined,undefined' } });
      for (const make of ["(() => {}).constructor('return 3n')()", "(function* () {}).constructor('yield 3n')", "(async () => {}).constructor('return 3n')"]) {
        expect(value(engine, 't', make), make).toMatchObject({ ok: false, error: 'TypeError: code from strings is not available to expressions' });
      }
    } finally {
      engine.dispose();
    }
  });

  it('counts a native step that returned past the time limit as a timeout', () => {
    const engine = new ExpressionEngine(quickjs);
    try {
      // One native call that never polls the interrupt handler (about 0.15 s here).
      const outcome = value(engine, 't', "Array(2e6).fill('ab').join(',').length");
      expect(outcome).toEqual({ ok: false, fault: 'timeout', error: expect.stringMatching(/^took \d+ ms, over the time limit of 50 ms$/) });
    } finally {
      engine.dispose();
    }
  });
});
