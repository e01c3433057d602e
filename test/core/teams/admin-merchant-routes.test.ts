import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from '../admin/admin-helpers';
import { startStation, type RunningStation } from '../../helpers/station';

/** The dashboard manages a 3PL's merchants through the 3PL's own rules: same scope, same answers. */
let running: RunningStation;
let admin: ReturnType<typeof adminClient>;
let northwind: ReturnType<RunningStation['team']>;
let other: ReturnType<RunningStation['team']>;
let shop: ReturnType<RunningStation['team']>;

beforeAll(async () => {
  running = await startStation();
  admin = adminClient(running);
  northwind = running.team('Northwind', 'three_pl');
  other = running.team('Other 3PL', 'three_pl');
  shop = running.team('Corner Shop');
});
afterAll(() => running.stop());

const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> });

describe('dashboard merchant routes', () => {
  it('creates a merchant under the 3PL, in onboarding, with its checklist', async () => {
    const created = await json(await admin.call(`/admin/api/teams/${northwind.team.id}/merchants`, { json: { name: '  Lumen Candles ' } }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ invitationSent: false, team: { name: 'Lumen Candles', type: 'merchant', parent_team_id: northwind.team.id, status: 'onboarding' } });
    const list = (await (await admin.call(`/admin/api/teams/${northwind.team.id}/merchants`)).json()) as { name: string; onboarding: { total: number } }[];
    expect(list).toMatchObject([{ name: 'Lumen Candles', onboarding: { total: 7 } }]);
  });

  it('refuses a team that is not a 3PL (403) and an invalid body (400), creating nothing', async () => {
    expect((await admin.call(`/admin/api/teams/${shop.team.id}/merchants`, { json: { name: 'X' } })).status).toBe(403);
    const invalid = await json(await admin.call(`/admin/api/teams/${northwind.team.id}/merchants`, { json: { name: ' ' } }));
    expect(invalid.status).toBe(400);
    expect(((await (await admin.call(`/admin/api/teams/${northwind.team.id}/merchants`)).json()) as unknown[]).length).toBe(1);
    expect((await admin.call('/admin/api/teams/no-such-team/merchants', { json: { name: 'X' } })).status).toBe(404);
  });

  it('lists the 3PL members and assigns one as account manager, which ticks the task', async () => {
    const members = (await (await admin.call(`/admin/api/teams/${northwind.team.id}/members`)).json()) as { userId: string; role: string }[];
    expect(members.length).toBeGreaterThan(0);
    const [merchant] = (await (await admin.call(`/admin/api/teams/${northwind.team.id}/merchants`)).json()) as { id: string }[];
    const assigned = await json(await admin.call(`/admin/api/teams/${northwind.team.id}/merchants/${merchant!.id}`, { method: 'PUT', json: { accountManagerUserId: members[0]!.userId } }));
    expect(assigned.status).toBe(200);
    expect(assigned.body.account_manager_user_id).toBe(members[0]!.userId);
    const onboarding = (await (await admin.call(`/admin/api/teams/${merchant!.id}/onboarding`)).json()) as { tasks: { kind: string; done: boolean }[] };
    expect(onboarding.tasks.find((task) => task.kind === 'assign_account_manager')!.done).toBe(true);
  });

  it('does not assign across 3PLs: another 3PL’s merchant is 404, a user who is not a member is 400', async () => {
    const [merchant] = (await (await admin.call(`/admin/api/teams/${northwind.team.id}/merchants`)).json()) as { id: string }[];
    expect((await admin.call(`/admin/api/teams/${other.team.id}/merchants/${merchant!.id}`, { method: 'PUT', json: { accountManagerUserId: null } })).status).toBe(404);
    const refused = await json(await admin.call(`/admin/api/teams/${northwind.team.id}/merchants/${merchant!.id}`, { method: 'PUT', json: { accountManagerUserId: 'not-a-member' } }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { details: [{ path: 'accountManagerUserId' }] } });
  });
});
