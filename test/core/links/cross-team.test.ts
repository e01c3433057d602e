import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ExpressionInput, EvalItem } from '../../../main/core/features/sandbox/engine';
import { startStation, type RunningStation } from '../../helpers/station';
import { json, type LinkBody } from './links-helpers';

/**
 * Attacks of one team's link expressions on another team, on the real station: the
 * reported cross-team read through a shared built-in, and one team's slow expressions
 * holding another team's ingest.
 */
let s: RunningStation;
beforeAll(async () => {
  s = await startStation();
});
afterAll(() => s.stop());

const point = { type: 'order', source: { type: 'manual', source: 'api' }, target: { type: 'manual', source: 'web' } };

it('one team cannot record another team’s order data through a built-in prototype', async () => {
  const c = s.team('Team C (attacker)');
  const a = s.team('Team A (victim)');
  // Team C installs a recorder on the iterator-helper prototype, and a second link throws
  // what was recorded, so that it lands in team C's own link errors.
  const recorder =
    '(() => { const P = Object.getPrototypeOf([].values().map((x) => x)); const next = P.next; P.seen ??= []; ' +
    "P.next = function () { const step = next.call(this); if (!step.done) P.seen.push(step.value); return step; }; return 'none' })()";
  const leak = "(() => { throw new Error('seen: ' + Object.getPrototypeOf([].values().map((x) => x)).seen) })()";
  const arm = await json<LinkBody>(await s.call('/api/links', { key: c.key, json: { ...point, resolver: recorder } }));
  const read = await json<LinkBody>(await s.call('/api/links', { key: c.key, json: { ...point, resolver: leak } }));
  await s.call('/api/orders', { key: a.key, json: { source: 'web', sourceId: 'ada@team-a.example', order: { orderNumber: 'W' } } });
  await s.call('/api/links', { key: a.key, json: { ...point, resolver: '[order.customer.email].values().map((s) => s.trim()).toArray()[0]' } });

  expect((await s.call('/api/orders', { key: c.key, json: { sourceId: 'C1', order: { orderNumber: 'C1' } } })).status).toBe(201);
  const victim = await s.call('/api/orders', { key: a.key, json: { sourceId: 'A1', order: { orderNumber: 'A1', customer: { email: ' ada@team-a.example ' } } } });
  // Team A's link ran as written: it merged into its web order.
  expect((await json<{ orderKeys: string[] }>(victim)).orderKeys).toEqual([`${a.team.id}/web-ada@team-a.example`, `${a.team.id}/api-A1`]);
  expect((await s.call('/api/orders', { key: c.key, json: { sourceId: 'C2', order: { orderNumber: 'C2' } } })).status).toBe(201);

  const armErrors = await json<Array<{ message: string }>>(await s.call(`/api/links/${arm.id}/errors`, { key: c.key }));
  expect(armErrors.length).toBeGreaterThan(0);
  for (const error of armErrors) expect(error.message).toMatch(/^TypeError/);
  const readErrors = await json<Array<{ sourceId: string; message: string }>>(await s.call(`/api/links/${read.id}/errors`, { key: c.key }));
  expect(readErrors.map((error) => error.sourceId).sort()).toEqual(['C1', 'C2']);
  for (const error of readErrors) {
    expect(error.message).toMatch(/^Error: seen: (undefined)?$/);
    expect(error.message).not.toContain('ada@team-a.example');
  }
});

it('refuses BigInt in an expression with a 400 that says why', async () => {
  const { key } = s.team('BigInt');
  const res = await s.call('/api/links', { key, json: { ...point, condition: '(3n ** 600000n) % 13n > 0n', resolver: 'order.note' } });
  expect(res.status).toBe(400);
  expect(JSON.stringify(await res.json())).toMatch(/BigInt is not available to expressions \(3n at character 2\)/);
});

it('a team whose links grind does not hold another team’s ingest: the other team is answered first', async () => {
  const slow = s.team('Slow links');
  const other = s.team('Other team');
  // Ten conditions that each run to the time limit: about half a second per order.
  for (let i = 0; i < 10; i++) {
    const created = await s.call('/api/links', { key: slow.key, json: { ...point, condition: '(() => { for (;;) {} })()', resolver: 'order.note' } });
    expect(created.status).toBe(200);
  }
  await s.call('/api/links', { key: other.key, json: { ...point, resolver: 'order.note' } });

  // Learn when the slow team's evaluation has reached the sandbox (before the other's is sent).
  const sandbox = s.station.services.sandbox;
  const evaluate = sandbox.evaluate.bind(sandbox);
  let slowStarted!: () => void;
  const started = new Promise<void>((resolve) => (slowStarted = resolve));
  sandbox.evaluate = (realm: string, input: ExpressionInput, items: EvalItem[]) => {
    const running = evaluate(realm, input, items);
    if (realm === slow.team.id) slowStarted();
    return running;
  };
  try {
    const answered: string[] = [];
    const slowIngest = s.call('/api/orders', { key: slow.key, json: { sourceId: 'S1', order: { orderNumber: 'S1', note: 'x' } } }).then((res) => {
      answered.push('slow team');
      return res;
    });
    await started;
    const otherRes = await s.call('/api/orders', { key: other.key, json: { sourceId: 'O1', order: { orderNumber: 'O1', note: 'x' } } });
    answered.push('other team');
    expect(otherRes.status).toBe(201);
    expect((await slowIngest).status).toBe(201);
    // Before realms had lanes, the other team's evaluation queued behind all ten.
    expect(answered).toEqual(['other team', 'slow team']);
    expect(sandbox.laneOf(slow.team.id)).toBe('slow');
  } finally {
    sandbox.evaluate = evaluate;
  }
});
