import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoPrintAllowed } from '../../../main/core/features/teams/live';
import { getTeam, type TeamRow } from '../../../main/core/features/teams/store';
import { listMembers } from '../../../main/core/features/teams/people-store';
import { clockPast, sampleOrder, startStation, type RunningStation } from '../../helpers/station';

let s: RunningStation;
let threePl: { team: TeamRow; key: string };
let standard: { team: TeamRow; key: string };
const seenByHook: string[] = [];

beforeAll(async () => {
  s = await startStation();
  // Stands for the documents capability: every team, merchants included, goes through teamCreated.
  s.station.hooks.teamCreated.push((_db, team) => seenByHook.push(team.id));
  threePl = s.team('Fast Fulfilment', 'three_pl');
  standard = s.team('Corner Shop');
});
afterAll(() => s.stop());

async function createMerchant(name: string, extra: Record<string, unknown> = {}) {
  const res = await s.call('/api/teams/merchants', { key: threePl.key, json: { name, ...extra } });
  expect(res.status).toBe(201);
  return (await res.json()) as { team: { id: string; name: string; slug: string; status: string }; invitationSent: boolean };
}

describe('GET /api/teams', () => {
  it('returns the calling 3PL team', async () => {
    const res = await s.call('/api/teams', { key: threePl.key });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: threePl.team.id, name: 'Fast Fulfilment', type: 'three_pl', status: 'live', parent_team_id: null });
  });

  it('answers 403 to a standard key', async () => {
    expect((await s.call('/api/teams', { key: standard.key })).status).toBe(403);
  });
});

describe('POST /api/teams/merchants', () => {
  it('creates a merchant in onboarding with the parent as its parent, and no invitation without email', async () => {
    const body = await createMerchant('  Blue Socks Ltd  ');
    expect(body.invitationSent).toBe(false);
    expect(body.team).toMatchObject({ name: 'Blue Socks Ltd', slug: 'blue-socks-ltd', type: 'merchant', parent_team_id: threePl.team.id, status: 'onboarding' });
    expect(getTeam(s.station.db, body.team.id)?.status).toBe('onboarding');
  });

  it('runs the teamCreated hooks for the merchant (default order flow and templates hang there)', async () => {
    const { team } = await createMerchant('Hooked Merchant');
    expect(seenByHook).toContain(team.id);
  });

  it('gives the merchant the default order flow: its first order gets documents', async () => {
    const { team } = await createMerchant('Flow Seeded Co');
    const order = await (await s.call('/api/orders', { key: threePl.key, json: { ...sampleOrder('flow-1'), targetTeamId: team.id } })).json();
    const documents = (await (await s.call(`/api/orders/${order.id}/documents`, { key: threePl.key })).json()) as Array<{ tag: string }>;
    expect(documents.length).toBeGreaterThan(0);
  });

  it("adds the parent's admins as admins of the merchant", async () => {
    const { team } = await createMerchant('Admins Copy');
    const parentAdmins = listMembers(s.station.db, threePl.team.id).filter((m) => m.role === 'admin').map((m) => m.id);
    const merchantAdmins = listMembers(s.station.db, team.id).filter((m) => m.role === 'admin').map((m) => m.id);
    expect(parentAdmins.length).toBeGreaterThan(0);
    expect(merchantAdmins).toEqual(expect.arrayContaining(parentAdmins));
  });

  it('gives each merchant a unique slug: the name, then -2, -3', async () => {
    const slugs = [(await createMerchant('Twin Co')).team.slug, (await createMerchant('Twin Co')).team.slug, (await createMerchant('twin co!')).team.slug];
    expect(slugs).toEqual(['twin-co', 'twin-co-2', 'twin-co-3']);
  });

  it('accepts a name of exactly 100 characters and refuses 101, empty and blank names', async () => {
    expect((await s.call('/api/teams/merchants', { key: threePl.key, json: { name: 'm'.repeat(100) } })).status).toBe(201);
    for (const name of ['m'.repeat(101), '', '   ', undefined, 42]) {
      const res = await s.call('/api/teams/merchants', { key: threePl.key, json: { name } });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect((await res.json()).error.code).toBe('validation_failed');
    }
  });

  it('refuses an invalid email with 400 and creates nothing', async () => {
    const before = (await (await s.call('/api/teams/merchants', { key: threePl.key })).json()).length;
    const res = await s.call('/api/teams/merchants', { key: threePl.key, json: { name: 'Bad Mail', email: 'not-an-address' } });
    expect(res.status).toBe(400);
    expect((await (await s.call('/api/teams/merchants', { key: threePl.key })).json()).length).toBe(before);
  });

  it('answers 403 to a standard key and creates nothing', async () => {
    const res = await s.call('/api/teams/merchants', { key: standard.key, json: { name: 'Sneaky' } });
    expect(res.status).toBe(403);
    expect(s.station.db.prepare("SELECT COUNT(*) AS n FROM teams WHERE name = 'Sneaky'").get()).toEqual({ n: 0 });
  });
});

describe('GET /api/teams/merchants', () => {
  it('lists merchants with a real orderCount and the onboarding tracker counts', async () => {
    const { team } = await createMerchant('Counted Goods');
    for (const id of [1, 2, 2, 3]) {
      const res = await s.call('/api/orders', { key: threePl.key, json: { ...sampleOrder(id), targetTeamId: team.id } });
      expect(res.status).toBe(201);
    }
    // An order of the parent itself is not the merchant's.
    await s.call('/api/orders', { key: threePl.key, json: sampleOrder(99) });

    const list = (await (await s.call('/api/teams/merchants', { key: threePl.key })).json()) as Array<Record<string, unknown>>;
    const item = list.find((m) => m.id === team.id);
    expect(item).toMatchObject({
      id: team.id,
      name: 'Counted Goods',
      type: 'merchant',
      parent_team_id: threePl.team.id,
      status: 'onboarding',
      account_manager_user_id: null,
      orderCount: 3,
      // The first order completed "receive a first order" on its own.
      onboarding: { total: 7, completed: 1, openThreePlTasks: 3, openMerchantTasks: 3 },
    });
  });

  it("lists only the caller's merchants", async () => {
    const other = s.team('Other Logistics', 'three_pl');
    const mine = await createMerchant('Mine Only');
    const theirs = (await (await s.call('/api/teams/merchants', { key: other.key })).json()) as Array<{ id: string }>;
    expect(theirs.map((m) => m.id)).not.toContain(mine.team.id);
    expect(theirs).toEqual([]);
  });
});

describe('GET /api/teams/members', () => {
  it('lists the parent team members with userId, name, email and role', async () => {
    const res = await s.call('/api/teams/members', { key: threePl.key });
    expect(res.status).toBe(200);
    const members = (await res.json()) as Array<Record<string, unknown>>;
    // A team made without a named owner has the station operator as its one admin.
    expect(members).toEqual([{ userId: expect.any(String), name: 'Station operator', email: null, role: 'admin', joinedAt: expect.any(String) }]);
    expect(Date.parse(members[0]!.joinedAt as string)).not.toBeNaN();
  });
});

describe('PUT /api/teams/merchants/{id}', () => {
  it('assigns a member of the parent as account manager, answers the merchant list item, and null clears it', async () => {
    const { team } = await createMerchant('Managed Co');
    const member = listMembers(s.station.db, threePl.team.id)[0]!;
    const res = await s.call(`/api/teams/merchants/${team.id}`, { key: threePl.key, method: 'PUT', json: { accountManagerUserId: member.id } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: team.id, account_manager_user_id: member.id, orderCount: 0, onboarding: { completed: 1 } });

    const cleared = await s.call(`/api/teams/merchants/${team.id}`, { key: threePl.key, method: 'PUT', json: { accountManagerUserId: null } });
    expect(cleared.status).toBe(200);
    expect((await cleared.json()).account_manager_user_id).toBeNull();
  });

  it('refuses a user who is not a member of the parent, an unknown user and a missing field with 400', async () => {
    const { team } = await createMerchant('Strict Co');
    const outsider = s.team('Outsider Team');
    // A user who belongs only to another team.
    const outsiderUser = s.station.db
      .prepare("INSERT INTO users (id, name, email, created_at) VALUES ('u-outsider', 'Out Sider', 'out@example.com', '2026-01-01T00:00:00Z') RETURNING id")
      .get() as { id: string };
    s.station.db.prepare("INSERT INTO memberships (team_id, user_id, role, created_at) VALUES (?, ?, 'admin', '2026-01-01T00:00:00Z')").run(outsider.team.id, outsiderUser.id);

    for (const json of [{ accountManagerUserId: outsiderUser.id }, { accountManagerUserId: 'no-such-user' }, {}, { accountManagerUserId: 7 }]) {
      const res = await s.call(`/api/teams/merchants/${team.id}`, { key: threePl.key, method: 'PUT', json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    expect(getTeam(s.station.db, team.id)?.account_manager_user_id).toBeNull();
  });

  it('answers 404 for a merchant of another 3PL', async () => {
    const other = s.team('Rival 3PL', 'three_pl');
    const theirs = s.team('Rival Merchant', 'merchant', other.team);
    const res = await s.call(`/api/teams/merchants/${theirs.team.id}`, { key: threePl.key, method: 'PUT', json: { accountManagerUserId: null } });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/teams/merchants/{id}/go-live', () => {
  it('moves onboarding to live with went_live_at and went_live_by, and repeating keeps the same timestamps', async () => {
    const { team } = await createMerchant('Launch Co');
    const manager = listMembers(s.station.db, threePl.team.id)[0]!;
    await s.call(`/api/teams/merchants/${team.id}`, { key: threePl.key, method: 'PUT', json: { accountManagerUserId: manager.id } });

    const first = await s.call(`/api/teams/merchants/${team.id}/go-live`, { key: threePl.key, method: 'POST' });
    expect(first.status).toBe(200);
    const live = await first.json();
    expect(live).toMatchObject({ id: team.id, type: 'merchant', status: 'live', went_live_by: manager.id });
    expect(Date.parse(live.went_live_at)).not.toBeNaN();

    await clockPast(live.updated_at);
    const again = await s.call(`/api/teams/merchants/${team.id}/go-live`, { key: threePl.key, method: 'POST' });
    expect(again.status).toBe(200);
    const second = await again.json();
    expect(second.went_live_at).toBe(live.went_live_at);
    expect(second.went_live_by).toBe(live.went_live_by);
    expect(second.updated_at).toBe(live.updated_at);
  });

  it("records the 3PL's first admin as went_live_by when no account manager is assigned", async () => {
    const { team } = await createMerchant('No Manager Co');
    const live = await (await s.call(`/api/teams/merchants/${team.id}/go-live`, { key: threePl.key, method: 'POST' })).json();
    const firstAdmin = listMembers(s.station.db, threePl.team.id).find((m) => m.role === 'admin')!;
    expect(live.went_live_by).toBe(firstAdmin.id);
  });

  it('answers 404 for an unknown or unmanaged merchant and 403 for a standard key', async () => {
    const { team } = await createMerchant('Guarded Co');
    expect((await s.call('/api/teams/merchants/00000000-0000-4000-8000-000000000000/go-live', { key: threePl.key, method: 'POST' })).status).toBe(404);
    expect((await s.call(`/api/teams/merchants/${threePl.team.id}/go-live`, { key: threePl.key, method: 'POST' })).status).toBe(404);
    expect((await s.call(`/api/teams/merchants/${team.id}/go-live`, { key: standard.key, method: 'POST' })).status).toBe(403);
    expect(getTeam(s.station.db, team.id)?.status).toBe('onboarding');
  });
});

describe('autoPrintAllowed', () => {
  it('is false while a merchant onboards, true once it is live, and true for standard and 3PL teams', async () => {
    const { team } = await createMerchant('Auto Print Co');
    expect(autoPrintAllowed(getTeam(s.station.db, team.id)!)).toBe(false);
    await s.call(`/api/teams/merchants/${team.id}/go-live`, { key: threePl.key, method: 'POST' });
    expect(autoPrintAllowed(getTeam(s.station.db, team.id)!)).toBe(true);
    expect(autoPrintAllowed(getTeam(s.station.db, standard.team.id)!)).toBe(true);
    expect(autoPrintAllowed(getTeam(s.station.db, threePl.team.id)!)).toBe(true);
  });
});

describe('PUT /admin/api/teams/{id}/type (the station admin)', () => {
  it('makes a team of its own a 3PL whose key then creates merchants, and standard again; a merchant, or a 3PL with merchants, keeps its type (409)', async () => {
    const token = s.station.services.adminSessions.createSessionToken();
    const setType = (teamId: string, type: string) => s.call(`/admin/api/teams/${teamId}/type`, { method: 'PUT', headers: { Authorization: `Bearer ${token}` }, json: { type } });
    const shop = s.team('Первый магазин');
    // A standard key cannot make merchants; made a 3PL, the same key can.
    expect((await s.call('/api/teams/merchants', { key: shop.key, json: { name: 'Before' } })).status).toBe(403);
    const made = await setType(shop.team.id, 'three_pl');
    expect(made.status).toBe(200);
    expect(await made.json()).toMatchObject({ id: shop.team.id, type: 'three_pl' });
    const merchant = await s.call('/api/teams/merchants', { key: shop.key, json: { name: 'Свечи' } });
    expect(merchant.status).toBe(201);
    const merchantId = ((await merchant.json()) as { team: { id: string } }).team.id;

    expect(await (await setType(shop.team.id, 'standard')).json()).toMatchObject({ error: { code: 'three_pl_has_merchants' } });
    expect(await (await setType(merchantId, 'three_pl')).json()).toMatchObject({ error: { code: 'merchant_type_fixed' } });
    expect((await setType(shop.team.id, 'merchant')).status).toBe(400);
    expect(getTeam(s.station.db, merchantId)!.type).toBe('merchant');

    const other = s.team('Второй магазин');
    expect((await setType(other.team.id, 'three_pl')).status).toBe(200);
    expect(await (await setType(other.team.id, 'standard')).json()).toMatchObject({ id: other.team.id, type: 'standard' });
  });
});
