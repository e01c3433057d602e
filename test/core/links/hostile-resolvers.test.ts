import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../../helpers/station';
import { adminClient } from '../admin/admin-helpers';
import { json, type LinkBody } from './links-helpers';

/**
 * Resolvers are integrators' code. Each hostile one must fail on its own: the ingest still
 * answers 201 with a new (unlinked) order, the failure is recorded as a link error, and
 * the station keeps serving.
 */
const HOSTILE: Array<[name: string, resolver: string, error: RegExp, runsToALimit: boolean]> = [
  ['an endless loop', '(() => { while (true) {} })()', /time limit of 50 ms exceeded/, true],
  ['a memory bomb', '(() => { const hoard = []; for (;;) hoard.push(new Array(100000).fill(hoard.length)) })()', /out of memory|time limit|stopped after/, true],
  ['a string bomb in native code', '(() => { const hoard = []; for (;;) hoard.push("y".repeat(1e6)) })()', /stopped after \d+ ms|out of memory/, true],
  ['deep recursion', '(function dive(n) { return dive(n + 1) + 1 })(0)', /stack overflow/, false],
  ['require', "require('fs').readFileSync('/etc/passwd', 'utf8')", /ReferenceError: 'require' is not defined/, false],
  ['process', 'process.env.HOME', /ReferenceError: 'process' is not defined/, false],
  ['fetch', "fetch('http://127.0.0.1/')", /ReferenceError: 'fetch' is not defined/, false],
  ['a global through the Function constructor', "(() => {}).constructor('return this')().process.exit(1)", /TypeError/, false],
  ['a write to globalThis', "(globalThis.stolen = 'x')", /TypeError: object is not extensible/, false],
  ['prototype pollution', "(Object.prototype.polluted = 'x')", /TypeError/, false],
  ['a constructor chain to the host', "[].constructor.constructor('return require')()('fs')", /TypeError: code from strings is not available/, false],
  ['an uninterruptible native step', "Array(2e6).fill('ab').join(',').length", /over the time limit of 50 ms|stopped after \d+ ms/, true],
];

/**
 * Watches the station's sandbox: `started` resolves when an evaluation begins, `working()`
 * says whether one is still under way. Lets a test show a request was answered during one.
 */
function watchSandbox(station: RunningStation['station']) {
  const sandbox = station.services.sandbox;
  const evaluate = sandbox.evaluate.bind(sandbox);
  let inFlight = 0;
  let began: () => void = () => {};
  const started = new Promise<void>((resolve) => (began = resolve));
  sandbox.evaluate = async (...args: Parameters<typeof evaluate>) => {
    inFlight++;
    began();
    try {
      return await evaluate(...args);
    } finally {
      inFlight--;
    }
  };
  return { started, working: () => inFlight > 0, restore: () => void (sandbox.evaluate = evaluate) };
}

let s: RunningStation;
let admin: ReturnType<typeof adminClient>;
beforeAll(async () => {
  s = await startStation();
  admin = adminClient(s);
});
afterAll(() => s.stop());

describe.each(HOSTILE)('a resolver with %s', (_name, resolver, error, runsToALimit) => {
  it('fails cleanly: the order goes in unlinked, the link error is recorded, the station keeps serving', async () => {
    const { team, key } = s.team(`Hostile ${_name}`);
    const target = await s.call('/api/orders', { key, json: { source: 'web', sourceId: 'W1', order: { orderNumber: 'W1' } } });
    expect(target.status).toBe(201);
    const created = await s.call('/api/links', {
      key,
      json: { type: 'order', source: { type: 'manual', source: 'api' }, target: { type: 'manual', source: 'web' }, resolver },
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const link = await json<LinkBody>(created);

    // While the sandbox works on the hostile expression, other requests are answered.
    const sandbox = watchSandbox(s.station);
    const ingest = s.call('/api/orders', { key, json: { sourceId: 'A1', order: { orderNumber: 'A1', note: 'W1' } } });
    try {
      await sandbox.started;
      const whoami = await s.call('/api/auth/whoami', { key });
      const answeredWhileWorking = sandbox.working();
      expect(whoami.status).toBe(200);
      // An expression that fails at once may be done before any other request gets in.
      if (runsToALimit) expect(answeredWhileWorking, 'whoami answered while the sandbox still worked').toBe(true);
    } finally {
      sandbox.restore();
    }

    const res = await ingest;
    expect(res.status).toBe(201);
    const order = await json<{ orderKeys: string[] }>(res);
    expect(order.orderKeys).toEqual([`${team.id}/api-A1`]);

    const errors = await json<Array<{ stage: string; sourceId: string; message: string }>>(await admin.call(`/admin/api/links/${link.id}/errors`));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.stage).toBe('resolver');
    expect(errors[0]!.sourceId).toBe('A1');
    expect(errors[0]!.message).toMatch(error);
    // The team's own key reads the same record.
    expect(await json(await s.call(`/api/links/${link.id}/errors`, { key }))).toEqual(errors);

    // The sandbox is usable right after: a well-behaved link merges.
    const fixed = await s.call(`/api/links/${link.id}`, { key, method: 'PUT', json: { resolver: 'order.note' } });
    expect(fixed.status).toBe(200);
    const next = await json<{ orderKeys: string[] }>(await s.call('/api/orders', { key, json: { sourceId: 'A2', order: { orderNumber: 'A2', note: 'W1' } } }));
    expect(next.orderKeys).toEqual([`${team.id}/web-W1`, `${team.id}/api-A2`]);
  });
});

it('nothing one evaluation does is seen by the next (the reused context is frozen)', async () => {
  const { team, key } = s.team('Hostile leak');
  await s.call('/api/orders', { key, json: { source: 'web', sourceId: 'clean', order: { orderNumber: 'C' } } });
  const point = { type: 'order', source: { type: 'manual', source: 'api' }, target: { type: 'manual', source: 'web' } };
  // The first link tries to leave state behind (and fails); the second reads it back.
  await s.call('/api/links', { key, json: { ...point, resolver: "(Array.prototype.leak = 'dirty', JSON.leak = 'dirty')" } }).then((r) => expect(r.status).toBe(400));
  await s.call('/api/links', { key, json: { ...point, resolver: "(() => { Array.prototype.leak = 'dirty'; return 'x' })()" } });
  await s.call('/api/links', { key, json: { ...point, resolver: "[].leak ?? 'clean'" } });
  const order = await json<{ orderKeys: string[] }>(await s.call('/api/orders', { key, json: { sourceId: 'L1', order: { orderNumber: 'L1' } } }));
  expect(order.orderKeys).toEqual([`${team.id}/web-clean`, `${team.id}/api-L1`]);
});

it('an expression that leaves promise jobs behind does not run them later', async () => {
  const { team, key } = s.team('Hostile jobs');
  await s.call('/api/orders', { key, json: { source: 'web', sourceId: 'J', order: { orderNumber: 'J' } } });
  const point = { type: 'order', source: { type: 'manual', source: 'api' }, target: { type: 'manual', source: 'web' } };
  await s.call('/api/links', { key, json: { ...point, resolver: "(() => { Promise.resolve().then(() => { while (true) {} }); return 'nowhere' })()" } });
  const res = await s.call('/api/orders', { key, json: { sourceId: 'J1', order: { orderNumber: 'J1' } } });
  expect(res.status).toBe(201);
  await s.call('/api/links', { key, json: { ...point, resolver: "'J'" } });
  const merged = await json<{ orderKeys: string[] }>(await s.call('/api/orders', { key, json: { sourceId: 'J2', order: { orderNumber: 'J2' } } }));
  expect(merged.orderKeys).toContain(`${team.id}/api-J2`);
  expect(merged.orderKeys[0]).toBe(`${team.id}/web-J`);
});

it('a link that keeps hitting the hard limits is suspended until it is edited; a clean run clears the count', async () => {
  const { team, key } = s.team('Hostile repeat');
  await s.call('/api/orders', { key, json: { source: 'web', sourceId: 'W1', order: { orderNumber: 'W1' } } });
  const resolver = "order.note === 'loop' ? (() => { while (true) {} })() : order.note";
  const point = { type: 'order', source: { type: 'manual', source: 'api' }, target: { type: 'manual', source: 'web' } };
  const link = await json<LinkBody>(await s.call('/api/links', { key, json: { ...point, resolver } }));
  let n = 0;
  const ingest = async (note: string) => json<{ orderKeys: string[] }>(await s.call('/api/orders', { key, json: { sourceId: `R${++n}`, order: { orderNumber: `R${n}`, note } } }));
  const current = async () => (await json<Array<LinkBody & { suspended: { at: string; reason: string } | null }>>(await s.call('/api/links', { key }))).find((l) => l.id === link.id)!;
  const errors = async () => json<Array<{ sourceId: string; message: string }>>(await s.call(`/api/links/${link.id}/errors`, { key }));

  await ingest('loop');
  await ingest('loop');
  // A clean run (it merges) clears the count: two more faults do not suspend.
  expect((await ingest('W1')).orderKeys[0]).toBe(`${team.id}/web-W1`);
  await ingest('loop');
  await ingest('loop');
  expect((await current()).suspended).toBeNull();

  await ingest('loop');
  const suspended = await current();
  expect(suspended.suspended?.reason).toMatch(/suspended after 3 runs in a row .*time limit|timeout/);
  expect((await errors())[0]!.message).toMatch(/^suspended after 3 runs/);

  // Suspended: the link no longer runs, so the next order is not merged and adds no error.
  const before = (await errors()).length;
  expect((await ingest('W1')).orderKeys).toEqual([`${team.id}/api-R${n}`]);
  expect(await errors()).toHaveLength(before);

  // Editing resumes it.
  const edited = await json<LinkBody & { suspended: unknown }>(await s.call(`/api/links/${link.id}`, { key, method: 'PUT', json: { resolver: 'order.note' } }));
  expect(edited.suspended).toBeNull();
  expect((await ingest('W1')).orderKeys[0]).toBe(`${team.id}/web-W1`);
});
