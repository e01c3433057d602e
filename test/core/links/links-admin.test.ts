import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../../helpers/station';
import { adminClient } from '../admin/admin-helpers';
import { appOf, json, shopifyOrder, type LinkBody } from './links-helpers';

let s: RunningStation;
let admin: ReturnType<typeof adminClient>;
let team: ReturnType<RunningStation['team']>;
let app: string;
let shopOrder: { id: string; orderKeys: string[] };
beforeAll(async () => {
  s = await startStation();
  admin = adminClient(s);
  team = s.team('Admin Links');
  app = appOf(s, team.team.id);
  shopOrder = await json(await s.call('/api/orders', { key: team.key, json: shopifyOrder(app, 3003) }));
});
afterAll(() => s.stop());

const linkBody = (overrides: Record<string, unknown> = {}) => ({
  teamId: team.team.id,
  type: 'order',
  source: { type: 'manual', source: 'api' },
  target: { type: 'app', app },
  resolver: 'Number(order.note.match(/#(\\d+)/)[1])',
  condition: "order.note.includes('#')",
  ...overrides,
});

describe('admin links API', () => {
  it('creates, lists, reads, updates and deletes links of any team', async () => {
    const created = await admin.call('/admin/api/links', { json: linkBody() });
    expect(created.status).toBe(200);
    const link = await json<LinkBody>(created);
    expect(link.teamId).toBe(team.team.id);
    expect((await json<LinkBody[]>(await admin.call(`/admin/api/links?teamId=${team.team.id}`))).map((l) => l.id)).toContain(link.id);
    expect(await json(await admin.call(`/admin/api/links/${link.id}`))).toEqual(link);
    const updated = await json<LinkBody>(await admin.call(`/admin/api/links/${link.id}`, { method: 'PUT', json: { condition: null } }));
    expect(updated.condition).toBeNull();
    // The team's own key sees the link the dashboard made.
    expect((await s.call(`/api/links/${link.id}`, { key: team.key })).status).toBe(200);
    const deleted = await admin.call(`/admin/api/links/${link.id}`, { method: 'DELETE' });
    expect(await deleted.json()).toEqual({ success: true, id: link.id });
    expect((await admin.call(`/admin/api/links/${link.id}`)).status).toBe(404);
  });

  it('404 for an unknown team, 400 for an invalid resolver shape, 401 without a session', async () => {
    expect((await admin.call('/admin/api/links', { json: linkBody({ teamId: '3f2b8c1e-0d5a-4c7e-9b1f-2a3c4d5e6f70' }) })).status).toBe(404);
    const bad = await admin.call('/admin/api/links', { json: linkBody({ resolver: 'let x = 1' }) });
    expect(bad.status).toBe(400);
    expect((await json<{ error: { code: string } }>(bad)).error.code).toBe('invalid_resolver_shape');
    expect((await fetch(`${s.url}/admin/api/links`)).status).toBe(401);
  });

  it('tests a saved link against a sample payload: condition, resolved id, the order it would merge into; writes nothing', async () => {
    const link = await json<LinkBody>(await admin.call('/admin/api/links', { json: linkBody() }));
    const ordersBefore = s.station.db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number };
    const sample = { sourceId: 'T-1', order: { orderNumber: 'T-1', note: 'Shopify #3003' } };
    const res = await admin.call(`/admin/api/links/${link.id}/test`, { json: { payload: sample } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      sourceMatches: true,
      condition: { result: true },
      resolver: { resolvedId: '3003' },
      targetKey: `${team.team.id}/${app}-3003`,
      mergeInto: { id: shopOrder.id, orderKeys: shopOrder.orderKeys },
    });

    const noMatch = await json(await admin.call(`/admin/api/links/${link.id}/test`, { json: { payload: { ...sample, order: { ...sample.order, note: 'Shopify #1' } } } }));
    expect(noMatch).toMatchObject({ resolver: { resolvedId: '1' }, mergeInto: null });
    const conditionFalse = await json(await admin.call(`/admin/api/links/${link.id}/test`, { json: { payload: { ...sample, order: { ...sample.order, note: 'none' } } } }));
    expect(conditionFalse).toEqual({ sourceMatches: true, condition: { result: false }, mergeInto: null });
    const otherSource = await json(await admin.call(`/admin/api/links/${link.id}/test`, { json: { payload: { ...sample, source: 'web' } } }));
    expect(otherSource).toMatchObject({ sourceMatches: false });
    const failing = await json(await admin.call(`/admin/api/links/${link.id}/test`, { json: { payload: { ...sample, order: { orderNumber: 'x', note: '#' } } } }));
    expect(failing).toMatchObject({ condition: { result: true }, resolver: { error: expect.stringMatching(/TypeError/) }, mergeInto: null });

    expect(s.station.db.prepare('SELECT COUNT(*) AS n FROM orders').get()).toEqual(ordersBefore);
    expect(await json(await admin.call(`/admin/api/links/${link.id}/errors`))).toEqual([]);
    expect((await admin.call(`/admin/api/links/${link.id}/test`, { json: { payload: { order: {} } } })).status).toBe(400);
  });

  it('tests a draft link before it is saved', async () => {
    const res = await admin.call('/admin/api/links/test', {
      json: { teamId: team.team.id, link: linkBody({ condition: undefined, resolver: "'3003'" }), payload: { sourceId: 'D', order: { orderNumber: 'D' } } },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ resolver: { resolvedId: '3003' }, mergeInto: { id: shopOrder.id } });
  });

  it('lists recorded link errors newest first, with the failing stage and the incoming order', async () => {
    const local = s.team('Admin Errors');
    const link = await json<LinkBody>(
      await admin.call('/admin/api/links', {
        json: { teamId: local.team.id, type: 'order', source: { type: 'manual', source: 'api' }, target: { type: 'manual', source: 'web' }, condition: 'order.missing.field', resolver: '1' },
      }),
    );
    await s.call('/api/orders', { key: local.key, json: { sourceId: 'E1', order: { orderNumber: 'E1' } } });
    await admin.call(`/admin/api/links/${link.id}`, { method: 'PUT', json: { condition: null, resolver: '({})' } });
    await s.call('/api/orders', { key: local.key, json: { sourceId: 'E2', order: { orderNumber: 'E2' } } });
    const errors = await json<Array<Record<string, unknown>>>(await admin.call(`/admin/api/links/${link.id}/errors`));
    expect(errors).toEqual([
      { id: expect.any(Number), linkId: link.id, stage: 'resolver', source: 'api', sourceId: 'E2', message: 'resolver returned a value of type object; expected a string or a number', at: expect.any(String) },
      { id: expect.any(Number), linkId: link.id, stage: 'condition', source: 'api', sourceId: 'E1', message: expect.stringMatching(/^TypeError: cannot read property 'field' of undefined/), at: expect.any(String) },
    ]);
  });
});
