import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, printStation, type PrintStation } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

interface Result {
  id: string;
  status: string;
  orders: { id: string }[];
}

const batchCount = (s: PrintStation) => s.station.db.prepare('SELECT count(*) FROM print_batches').pluck().get() as number;
const jobCount = (s: PrintStation) => s.station.db.prepare('SELECT count(*) FROM print_jobs').pluck().get() as number;

describe('Idempotency-Key on print requests', { timeout: 60_000 }, () => {
  let s: PrintStation;
  let team: { key: string };
  let other: { key: string };

  const print = (key: string, body: object, idempotencyKey?: string, path = '/api/orders/print') =>
    s.call(path, { key, json: body, headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {} });

  beforeAll(async () => {
    // No worker: jobs stay queued, so the counts are the requests' own.
    s = await printStation({ background: false });
    team = await s.printTeam('Idempotent Shop');
    other = await s.printTeam('Other Shop');
  });
  afterAll(() => s.stop());

  it('ten concurrent repeats with one key print once and all answer the first answer', async () => {
    const order = await s.createOrder(team.key, 'ID-1', { customer: { firstName: 'Дарья', lastName: '山田' } });
    const before = batchCount(s);
    const responses = await Promise.all(Array.from({ length: 10 }, () => print(team.key, { orderIds: [order.id] }, 'wms-retry-1')));
    const bodies = await Promise.all(responses.map((response) => json<Result[]>(response, 200)));
    expect(batchCount(s) - before).toBe(1);
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(bodies[0]![0]).toMatchObject({ status: 'pending', orders: [{ id: order.id }] });
    expect(responses.filter((response) => response.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(9);
  });

  it('the same key with the body in another key order is the same request; with another body it is 422', async () => {
    const [a, b] = [await s.createOrder(team.key, 'ID-2'), await s.createOrder(team.key, 'ID-3')];
    const first = await json<Result[]>(await print(team.key, { orderIds: [a.id], name: 'Morning' }, 'k-2'), 200);
    const jobs = jobCount(s);
    const reordered = await print(team.key, { name: 'Morning', orderIds: [a.id] }, 'k-2');
    expect(await json<Result[]>(reordered, 200)).toEqual(first);
    const changed = await print(team.key, { orderIds: [b.id], name: 'Morning' }, 'k-2');
    const error = await json<{ error: { code: string; details: { path: string }[] } }>(changed, 422);
    expect(error.error).toMatchObject({ code: 'idempotency_key_reused', details: [{ path: 'headers.Idempotency-Key' }] });
    expect(jobCount(s)).toBe(jobs);
    // strict is part of the request too.
    expect((await s.call('/api/orders/print?strict=true', { key: team.key, json: { orderIds: [a.id], name: 'Morning' }, headers: { 'Idempotency-Key': 'k-2' } })).status).toBe(422);
  });

  it('keys belong to the calling team: another team may use the same key, and never sees the first answer', async () => {
    const mine = await s.createOrder(team.key, 'ID-4');
    const theirs = await s.createOrder(other.key, 'ID-4');
    const first = await json<Result[]>(await print(team.key, { orderIds: [mine.id] }, 'shared-key'), 200);
    const second = await json<Result[]>(await print(other.key, { orderIds: [mine.id] }, 'shared-key'), 200);
    // Same key, another team, another body: not a 422 and not the first team's answer.
    expect(second).not.toEqual(first);
    expect(second.map((result) => result.status)).toEqual(['error']);
    const own = await json<Result[]>(await print(other.key, { orderIds: [theirs.id] }, 'shared-key-2'), 200);
    expect(own[0]).toMatchObject({ status: 'pending', orders: [{ id: theirs.id }] });
  });

  it('works on the one-order route, where the order in the path is part of the request', async () => {
    const [a, b] = [await s.createOrder(team.key, 'ID-5'), await s.createOrder(team.key, 'ID-6')];
    const before = batchCount(s);
    const first = await json<Result[]>(await print(team.key, {}, 'one-1', `/api/orders/${a.id}/print`), 200);
    const again = await print(team.key, {}, 'one-1', `/api/orders/${a.id}/print`);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await json<Result[]>(again, 200)).toEqual(first);
    expect(batchCount(s) - before).toBe(1);
    expect((await print(team.key, {}, 'one-1', `/api/orders/${b.id}/print`)).status).toBe(422);
  });

  it('a request that printed nothing under strict is not kept: the retry plans again', async () => {
    const order = await s.createOrder(team.key, 'ID-7');
    const strict = (ids: string[]) => s.call('/api/orders/print?strict=true', { key: team.key, json: { orderIds: ids }, headers: { 'Idempotency-Key': 'strict-1' } });
    expect((await strict([order.id, 'missing-order'])).status).toBe(400);
    expect(s.station.db.prepare("SELECT count(*) FROM idempotency_keys WHERE key = 'strict-1'").pluck().get()).toBe(0);
    expect((await strict([order.id, 'missing-order'])).status).toBe(400);
  });

  it('a malformed key is 400 and records nothing', async () => {
    const order = await s.createOrder(team.key, 'ID-8');
    const before = batchCount(s);
    for (const bad of ['x'.repeat(256), 'clé', 'two words']) {
      const res = await print(team.key, { orderIds: [order.id] }, bad);
      expect((await json<{ error: { code: string } }>(res, 400)).error.code).toBe('invalid_idempotency_key');
    }
    expect(batchCount(s)).toBe(before);
    // The draft's quoted form is the same key as the bare one.
    const quoted = await json<Result[]>(await print(team.key, { orderIds: [order.id] }, '"q-1"'), 200);
    expect(await json<Result[]>(await print(team.key, { orderIds: [order.id] }, 'q-1'), 200)).toEqual(quoted);
  });

  it('a first answer older than 24 hours is forgotten: the key prints again', async () => {
    const order = await s.createOrder(team.key, 'ID-9');
    await json(await print(team.key, { orderIds: [order.id] }, 'old-1'), 200);
    s.station.db.prepare("UPDATE idempotency_keys SET created_at = ? WHERE key = 'old-1'").run(new Date(Date.now() - 25 * 3600_000).toISOString());
    const before = batchCount(s);
    const again = await print(team.key, { orderIds: [order.id] }, 'old-1');
    expect(again.headers.get('Idempotent-Replayed')).toBeNull();
    expect(batchCount(s) - before).toBe(1);
  });
});

describe('Idempotency-Key across a restart', { timeout: 60_000 }, () => {
  it('a repeat after the station restarts answers the first answer and prints nothing', async () => {
    // A data dir of the test's own: a station started without one removes its dir when it stops.
    const dataDir = mkdtempSync(join(tmpdir(), 'station-idempotency-'));
    const first = await printStation({ background: false, dataDir });
    const team = await first.printTeam('Restart Shop');
    const order = await first.createOrder(team.key, 'R-1', { customer: { firstName: 'محمد' } });
    const headers = { 'Idempotency-Key': 'restart-1' };
    const answer = await json<Result[]>(await first.call('/api/orders/print', { key: team.key, json: { orderIds: [order.id] }, headers }), 200);
    await first.stop();

    const second = await printStation({ background: false, dataDir });
    try {
      const before = batchCount(second);
      const again = await second.call('/api/orders/print', { key: team.key, json: { orderIds: [order.id] }, headers });
      expect(again.headers.get('Idempotent-Replayed')).toBe('true');
      expect(await json<Result[]>(again, 200)).toEqual(answer);
      expect(batchCount(second)).toBe(before);
    } finally {
      await second.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
