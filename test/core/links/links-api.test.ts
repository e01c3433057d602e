import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../../helpers/station';
import { appOf, json, type LinkBody } from './links-helpers';

let s: RunningStation;
let std: ReturnType<RunningStation['team']>;
let stdApp: string;
beforeAll(async () => {
  s = await startStation();
  std = s.team('Links Standard');
  stdApp = appOf(s, std.team.id);
});
afterAll(() => s.stop());

const body = (overrides: Record<string, unknown> = {}) => ({
  type: 'order',
  source: { type: 'manual', source: 'api' },
  target: { type: 'app', app: stdApp },
  resolver: 'order.note',
  ...overrides,
});

async function create(key: string, json_: unknown) {
  const res = await s.call('/api/links', { key, json: json_ });
  return { status: res.status, body: await json<LinkBody & { error?: { code: string; message: string; details?: Array<{ path: string; message: string }> } }>(res) };
}

describe('link CRUD', () => {
  it('POST answers 200 with the link object', async () => {
    const { status, body: link } = await create(std.key, body({ condition: "source === 'api'" }));
    expect(status).toBe(200);
    expect(link).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      teamId: std.team.id,
      type: 'order',
      source: { type: 'manual', source: 'api' },
      target: { type: 'app', app: stdApp },
      resolver: 'order.note',
      condition: "source === 'api'",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      suspended: null,
    });
  });

  it('GET lists the team links, filtered by source and target (app UUID, manual source or custom key)', async () => {
    const team = s.team('Links Filter');
    const app = appOf(s, team.team.id);
    const a = (await create(team.key, body({ target: { type: 'app', app } }))).body;
    const b = (await create(team.key, body({ source: { type: 'custom', key: 'wms' }, target: { type: 'manual', source: 'web' } }))).body;
    const c = (await create(team.key, body({ type: 'customer', source: { type: 'app', app }, target: { type: 'custom', key: 'crm' } }))).body;
    const ids = async (query: string) => (await json<LinkBody[]>(await s.call(`/api/links${query}`, { key: team.key }))).map((link) => link.id);
    expect(await ids('')).toEqual([a.id, b.id, c.id]);
    expect(await ids('?source=api')).toEqual([a.id]);
    expect(await ids('?source=wms')).toEqual([b.id]);
    expect(await ids(`?source=${app.toUpperCase()}`)).toEqual([c.id]);
    expect(await ids(`?target=${app}`)).toEqual([a.id]);
    expect(await ids('?target=crm&source=' + app)).toEqual([c.id]);
    expect(await ids('?target=csv')).toEqual([]);
  });

  it('PUT changes only the sent fields; condition null removes the condition', async () => {
    const link = (await create(std.key, body({ condition: 'true' }))).body;
    // Made a minute older, so the update's new timestamp is seen to move whatever the clock's resolution.
    const older = new Date(Date.parse(link.updatedAt) - 60_000).toISOString();
    s.station.db.prepare('UPDATE links SET updated_at = ? WHERE id = ?').run(older, link.id);
    const res = await s.call(`/api/links/${link.id}`, { key: std.key, method: 'PUT', json: { resolver: 'sourceId' } });
    expect(res.status).toBe(200);
    const updated = await json<LinkBody>(res);
    expect(updated).toEqual({ ...link, resolver: 'sourceId', updatedAt: expect.any(String) });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(older));
    const cleared = await json<LinkBody>(await s.call(`/api/links/${link.id}`, { key: std.key, method: 'PUT', json: { condition: null, target: { type: 'manual', source: 'csv' } } }));
    expect(cleared).toMatchObject({ resolver: 'sourceId', condition: null, target: { type: 'manual', source: 'csv' }, source: link.source });
  });

  it('DELETE answers {success: true, id}; the link is gone', async () => {
    const link = (await create(std.key, body())).body;
    const res = await s.call(`/api/links/${link.id}`, { key: std.key, method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, id: link.id });
    expect((await s.call(`/api/links/${link.id}`, { key: std.key })).status).toBe(404);
    expect((await s.call(`/api/links/${link.id}`, { key: std.key, method: 'DELETE' })).status).toBe(404);
  });
});

describe('link validation', () => {
  it.each([
    ['an unknown type', { type: 'shipment' }, 'type'],
    ['a point of another shape', { source: { type: 'webhook', url: 'x' } }, 'source.type'],
    ['an app point without a UUID', { target: { type: 'app', app: 'shopify' } }, 'target.app'],
    ['an unknown manual source', { source: { type: 'manual', source: 'email' } }, 'source.source'],
    ['a custom key that is a manual source', { source: { type: 'custom', key: 'api' } }, 'source.key'],
    ['an empty custom key', { source: { type: 'custom', key: ' ' } }, 'source.key'],
    ['no resolver', { resolver: undefined }, 'resolver'],
  ])('400 for %s', async (_name, overrides, path) => {
    const { status, body: answer } = await create(std.key, body(overrides));
    expect(status).toBe(400);
    expect(answer.error!.details!.map((detail) => detail.path)).toContain(path);
  });

  it('400 for an app UUID that is not an app of the team', async () => {
    const other = s.team('Links Other Team');
    const foreignApp = appOf(s, other.team.id);
    for (const point of ['source', 'target']) {
      const { status, body: answer } = await create(std.key, body({ [point]: { type: 'app', app: foreignApp } }));
      expect(status).toBe(400);
      expect(answer.error!.details).toEqual([{ path: `${point}.app`, message: 'No source app with that UUID in the team' }]);
    }
    expect((await create(std.key, body({ target: { type: 'app', app: '3f2b8c1e-0d5a-4c7e-9b1f-2a3c4d5e6f70' } }))).status).toBe(400);
  });

  it.each([
    ['a statement', 'while (true) {}', 'resolver'],
    ['several expressions', 'order.note; sourceId', 'resolver'],
    ['a comma sequence', 'order.note, sourceId', 'resolver'],
    ['a parenthesis escape', "1); require('fs'); (1", 'resolver'],
    ['oversized code', `'${'x'.repeat(5000)}'`, 'resolver'],
    ['a syntax error', 'order.note.match(', 'resolver'],
    ['a condition that is a statement', 'if (true) {}', 'condition'],
  ])('400 "invalid resolver shape" for %s', async (_name, code, field) => {
    const { status, body: answer } = await create(std.key, body({ [field]: code }));
    expect(status).toBe(400);
    expect(answer.error!.code).toBe('invalid_resolver_shape');
    expect(answer.error!.message).toMatch(new RegExp(`^invalid resolver shape: ${field}: .+`));
    expect(answer.error!.details![0]!.path).toBe(field);
  });

  it('PUT validates what it changes the same way', async () => {
    const link = (await create(std.key, body())).body;
    const res = await s.call(`/api/links/${link.id}`, { key: std.key, method: 'PUT', json: { resolver: 'a; b' } });
    expect(res.status).toBe(400);
    expect((await json<{ error: { code: string } }>(res)).error.code).toBe('invalid_resolver_shape');
    expect((await s.call(`/api/links/${link.id}`, { key: std.key, method: 'PUT', json: { resolver: null } })).status).toBe(400);
    expect(await json(await s.call(`/api/links/${link.id}`, { key: std.key }))).toEqual(link);
  });
});

describe('team scope', () => {
  it("another team's link is 404 for read, update and delete, and absent from lists", async () => {
    const link = (await create(std.key, body())).body;
    const other = s.team('Links Stranger');
    expect((await s.call(`/api/links/${link.id}`, { key: other.key })).status).toBe(404);
    expect((await s.call(`/api/links/${link.id}`, { key: other.key, method: 'PUT', json: { resolver: '1' } })).status).toBe(404);
    expect((await s.call(`/api/links/${link.id}`, { key: other.key, method: 'DELETE' })).status).toBe(404);
    expect((await s.call(`/api/links/${link.id}/errors`, { key: other.key })).status).toBe(404);
    expect(await json(await s.call('/api/links', { key: other.key }))).toEqual([]);
    expect((await s.call(`/api/links?teamId=${std.team.id}`, { key: other.key })).status).toBe(404);
  });

  it('a 3PL key creates a link in a managed merchant with targetTeamId and manages it', async () => {
    const parent = s.team('Links 3PL', 'three_pl');
    const merchant = s.team('Links Merchant', 'merchant', parent.team);
    const merchantApp = appOf(s, merchant.team.id);
    const { status, body: link } = await create(parent.key, body({ targetTeamId: merchant.team.id, target: { type: 'app', app: merchantApp } }));
    expect(status).toBe(200);
    expect(link.teamId).toBe(merchant.team.id);
    // The parent's own app is not an app of the merchant.
    const parentApp = appOf(s, parent.team.id);
    expect((await create(parent.key, body({ targetTeamId: merchant.team.id, target: { type: 'app', app: parentApp } }))).status).toBe(400);
    expect((await json<LinkBody[]>(await s.call(`/api/links?teamId=${merchant.team.id}`, { key: parent.key }))).map((l) => l.id)).toEqual([link.id]);
    expect((await json<LinkBody[]>(await s.call('/api/links', { key: merchant.key }))).map((l) => l.id)).toEqual([link.id]);
    expect((await s.call(`/api/links/${link.id}`, { key: parent.key, method: 'PUT', json: { targetTeamId: parent.team.id } })).status).toBe(400);
    expect((await s.call(`/api/links/${link.id}`, { key: parent.key, method: 'PUT', json: { targetTeamId: merchant.team.id, resolver: 'sourceId' } })).status).toBe(200);

    // The link merges the merchant's orders, sent by the parent with targetTeamId.
    const shop = await json<{ id: string }>(await s.call('/api/orders', { key: parent.key, json: { targetTeamId: merchant.team.id, source: merchantApp, sourceId: 'S-1', order: { orderNumber: 'S-1' } } }));
    const api = await json<{ id: string; orderKeys: string[] }>(await s.call('/api/orders', { key: parent.key, json: { targetTeamId: merchant.team.id, sourceId: 'S-1', order: { orderNumber: 'A' } } }));
    expect(api.id).toBe(shop.id);
    expect(api.orderKeys).toEqual([`${merchant.team.id}/${merchantApp}-S-1`, `${merchant.team.id}/api-S-1`]);
  });

  it('targetTeamId that is not a managed merchant is 400', async () => {
    const parent = s.team('Links 3PL B', 'three_pl');
    expect((await create(parent.key, body({ targetTeamId: std.team.id }))).status).toBe(400);
    expect((await create(std.key, body({ targetTeamId: parent.team.id }))).status).toBe(400);
  });

  it('401 without a key', async () => {
    expect((await s.call('/api/links')).status).toBe(401);
    expect((await s.call('/api/links', { json: body() })).status).toBe(401);
  });
});
