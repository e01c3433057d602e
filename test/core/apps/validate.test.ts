import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSourceApp, setSourceAppState } from '../../../main/core/features/apps/service';
import type { TeamRow } from '../../../main/core/features/teams/store';
import { startStation, type RunningStation } from '../../helpers/station';

let s: RunningStation;
let shop: { team: TeamRow; key: string };
let threePl: { team: TeamRow; key: string };
let merchant: { team: TeamRow; key: string };
let stranger: { team: TeamRow; key: string };
const apps: Record<string, string> = {};

beforeAll(async () => {
  s = await startStation();
  shop = s.team('Validate Shop');
  threePl = s.team('Validate 3PL', 'three_pl');
  merchant = s.team('Validate Merchant', 'merchant', threePl.team);
  stranger = s.team('Stranger Shop');
  apps.shop = createSourceApp(s.station.db, shop.team.id, 'Shop connector').id;
  apps.parent = createSourceApp(s.station.db, threePl.team.id, 'WMS').id;
  apps.merchant = createSourceApp(s.station.db, merchant.team.id, 'Merchant store').id;
  apps.stranger = createSourceApp(s.station.db, stranger.team.id, 'Stranger connector').id;
  apps.inactive = createSourceApp(s.station.db, shop.team.id, 'Old connector').id;
  setSourceAppState(s.station.db, apps.inactive, { active: false });
});
afterAll(() => s.stop());

const validate = (key: string, appId?: string) =>
  s.call(`/api/apps/validate${appId === undefined ? '' : `?appId=${encodeURIComponent(appId)}`}`, { key });

describe('GET /api/apps/validate', () => {
  it("answers 200 {valid: true} for an active app of the caller's own team", async () => {
    const res = await validate(shop.key, apps.shop);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ valid: true });
  });

  it('reads the UUID case-insensitively', async () => {
    expect(await (await validate(shop.key, apps.shop!.toUpperCase())).json()).toEqual({ valid: true });
  });

  it("lets a 3PL key validate its own apps and its managed merchants' apps", async () => {
    expect(await (await validate(threePl.key, apps.parent)).json()).toEqual({ valid: true });
    const res = await validate(threePl.key, apps.merchant);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ valid: true });
  });

  it("does not let a merchant key validate its parent's apps", async () => {
    expect((await validate(merchant.key, apps.parent)).status).toBe(403);
    expect((await validate(merchant.key, apps.merchant)).status).toBe(200);
  });

  it('answers 400 when appId is missing, empty, or not a UUID', async () => {
    for (const appId of [undefined, '', 'not-a-uuid', `${apps.shop}x`, '12345']) {
      const res = await validate(shop.key, appId);
      expect(res.status, String(appId)).toBe(400);
      expect((await res.json()).error.code).toBe('validation_failed');
    }
  });

  it("gives byte-identical 403 bodies for another team's app and for an app that does not exist", async () => {
    const foreign = await validate(shop.key, apps.stranger);
    const missing = await validate(shop.key, '3f2b8c1e-0d5a-4c7e-9b1f-2a3c4d5e6f70');
    expect(foreign.status).toBe(403);
    expect(missing.status).toBe(403);
    const [a, b] = [Buffer.from(await foreign.arrayBuffer()), Buffer.from(await missing.arrayBuffer())];
    expect(a.equals(b)).toBe(true);
    // The exact body docs/api.md shows.
    expect(a.toString()).toBe('{"error":{"code":"forbidden","message":"This API key cannot validate that app"}}');
    expect(a.toString()).not.toContain(apps.stranger);
    expect(a.toString()).not.toContain('Stranger');
    expect(foreign.headers.get('content-type')).toBe(missing.headers.get('content-type'));
  });

  it("refuses a team, merchant-team or order id in place of an app id with the same 403 as a stranger's app", async () => {
    const stranger403 = await (await validate(threePl.key, apps.stranger)).text();
    for (const id of [threePl.team.id, merchant.team.id]) {
      const res = await validate(threePl.key, id);
      expect(res.status).toBe(403);
      expect(await res.text()).toBe(stranger403);
    }
  });

  it('answers 200 {valid: false} for an inactive app of the own team', async () => {
    const res = await validate(shop.key, apps.inactive);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ valid: false });
  });

  it('is read-only: the database is unchanged after validations', async () => {
    const snapshot = () =>
      JSON.stringify({
        apps: s.station.db.prepare('SELECT * FROM source_apps ORDER BY id').all(),
        orders: s.station.db.prepare('SELECT COUNT(*) AS n FROM orders').get(),
        teams: s.station.db.prepare('SELECT * FROM teams ORDER BY id').all(),
        tasks: s.station.db.prepare('SELECT * FROM onboarding_tasks ORDER BY team_id, kind').all(),
      });
    // Keys were used above, so last_used_at is already written for this minute.
    const before = snapshot();
    for (const id of [apps.shop, apps.stranger, apps.inactive, 'nope']) await validate(shop.key, id);
    await validate(threePl.key, apps.merchant);
    expect(snapshot()).toBe(before);
  });

  it('answers 401 without a key, even for an invalid appId', async () => {
    expect((await s.call(`/api/apps/validate?appId=${apps.shop}`)).status).toBe(401);
    expect((await s.call('/api/apps/validate?appId=nope')).status).toBe(401);
  });
});
