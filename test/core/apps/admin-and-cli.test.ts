import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stationInProcess } from '../cli/in-process';
import type { TeamRow } from '../../../main/core/features/teams/store';
import { startStation, type RunningStation } from '../../helpers/station';

let s: RunningStation;
let session: string;
let shop: { team: TeamRow; key: string };
let threePl: { team: TeamRow; key: string };
let merchant: { team: TeamRow; key: string };

beforeAll(async () => {
  s = await startStation();
  session = s.station.services.adminSessions.createSessionToken();
  shop = s.team('Apps Shop');
  threePl = s.team('Apps 3PL', 'three_pl');
  merchant = s.team('Apps Merchant', 'merchant', threePl.team);
});
afterAll(() => s.stop());

const admin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
  s.call(path, { ...init, headers: { Authorization: `Bearer ${session}` } });

/** Runs `station ARGS` in this process against the test station's data dir. */
const station = (...args: string[]) => stationInProcess(s.dataDir, args);

describe('source apps through the admin API', () => {
  it('registers an app with a generated UUID, lists it per team, renames and deactivates it', async () => {
    const created = await admin('/admin/api/apps', { json: { teamId: shop.team.id, name: ' Storefront ' } });
    expect(created.status).toBe(201);
    const app = await created.json();
    expect(app).toMatchObject({ teamId: shop.team.id, name: 'Storefront', active: true });
    expect(app.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const listed = await (await admin(`/admin/api/apps?teamId=${shop.team.id}`)).json();
    expect(listed.map((a: { id: string }) => a.id)).toEqual([app.id]);

    const updated = await admin(`/admin/api/apps/${app.id}`, { method: 'PUT', json: { name: 'Storefront v2', active: false } });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ id: app.id, name: 'Storefront v2', active: false });
    expect(await (await s.call(`/api/apps/validate?appId=${app.id}`, { key: shop.key })).json()).toEqual({ valid: false });
  });

  it('refuses an unknown team, a blank name, and an unknown app', async () => {
    expect((await admin('/admin/api/apps', { json: { teamId: 'no-such-team', name: 'X' } })).status).toBe(404);
    expect((await admin('/admin/api/apps', { json: { teamId: shop.team.id, name: '   ' } })).status).toBe(400);
    expect((await admin('/admin/api/apps/3f2b8c1e-0d5a-4c7e-9b1f-2a3c4d5e6f70', { method: 'PUT', json: { active: true } })).status).toBe(404);
  });

  it('needs a dashboard session', async () => {
    expect((await s.call('/admin/api/apps', { key: shop.key })).status).toBe(401);
  });

  it('completes the "connect a source app" onboarding task of a merchant', async () => {
    await admin('/admin/api/apps', { json: { teamId: merchant.team.id, name: 'Merchant shop' } });
    const { tasks } = await (await admin(`/admin/api/teams/${merchant.team.id}/onboarding`)).json();
    const task = tasks.find((t: { kind: string }) => t.kind === 'connect_source_app');
    expect(task).toMatchObject({ done: true, completedBy: null });
  });
});

describe('station apps', () => {
  it('create --json prints the app, which then validates for the team over HTTP', async () => {
    const { code, out } = await station('apps', 'create', '--team', shop.team.id, '--name', 'CLI connector', '--json');
    expect(code).toBe(0);
    const app = JSON.parse(out);
    expect(app).toMatchObject({ teamId: shop.team.id, name: 'CLI connector', active: true });
    const res = await s.call(`/api/apps/validate?appId=${app.id}`, { key: shop.key });
    expect(await res.json()).toEqual({ valid: true });

    const list = JSON.parse((await station('apps', 'list', '--team', shop.team.id, '--json')).out);
    expect(list.map((a: { id: string }) => a.id)).toContain(app.id);

    const off = await station('apps', 'deactivate', '--id', app.id);
    expect(off.code).toBe(0);
    expect(off.out).toContain('inactive');
    expect(await (await s.call(`/api/apps/validate?appId=${app.id}`, { key: shop.key })).json()).toEqual({ valid: false });
  });

  it('fails with a usage error without --name and exit 1 for an unknown team', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect((await station('apps', 'create', '--team', shop.team.id)).code).toBe(2);
      expect((await station('apps', 'create', '--team', 'nope', '--name', 'X')).code).toBe(1);
    } finally {
      stderr.mockRestore();
    }
  });
});
