import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONBOARDING_TASKS } from '../../../main/core/features/teams/onboarding';
import { operatorUser } from '../../../main/core/features/teams/service';
import type { TeamRow } from '../../../main/core/features/teams/store';
import { sampleOrder, startStation, type RunningStation } from '../../helpers/station';

let s: RunningStation;
let session: string;
let threePl: { team: TeamRow; key: string };

beforeAll(async () => {
  s = await startStation();
  session = s.station.services.adminSessions.createSessionToken();
  threePl = s.team('Tracker 3PL', 'three_pl');
});
afterAll(() => s.stop());

const admin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
  s.call(path, { ...init, headers: { Authorization: `Bearer ${session}` } });

async function newMerchant(name: string): Promise<string> {
  const res = await s.call('/api/teams/merchants', { key: threePl.key, json: { name } });
  return (await res.json()).team.id;
}

async function summaryOf(teamId: string) {
  const list = (await (await s.call('/api/teams/merchants', { key: threePl.key })).json()) as Array<{ id: string; onboarding: unknown }>;
  return list.find((m) => m.id === teamId)!.onboarding;
}

describe('onboarding tracker', () => {
  it('seeds every new merchant with the task list, each owned by the 3PL or the merchant, all open', async () => {
    const id = await newMerchant('Fresh Co');
    const res = await admin(`/admin/api/teams/${id}/onboarding`);
    expect(res.status).toBe(200);
    const { summary, tasks } = await res.json();
    expect(tasks.map((t: { kind: string }) => t.kind)).toEqual([
      'invite_merchant_admin',
      'assign_account_manager',
      'connect_source_app',
      'first_order_received',
      'printer_routing',
      'template_review',
      'test_print',
    ]);
    expect(tasks.every((t: { done: boolean; owner: string }) => !t.done && ['three_pl', 'merchant'].includes(t.owner))).toBe(true);
    expect(summary).toEqual({ total: 7, completed: 0, openThreePlTasks: 3, openMerchantTasks: 4 });
    expect(await summaryOf(id)).toEqual(summary);
  });

  it("the dashboard lists a 3PL's merchants with the same items as the API", async () => {
    const id = await newMerchant('Listed Co');
    const viaApi = await (await s.call('/api/teams/merchants', { key: threePl.key })).json();
    const viaDashboard = await (await admin(`/admin/api/teams/${threePl.team.id}/merchants`)).json();
    expect(viaDashboard).toEqual(viaApi);
    expect(viaDashboard.map((m: { id: string }) => m.id)).toContain(id);
  });

  it('a task ticked in the dashboard is done, by the operator, and counted; unticking reopens it', async () => {
    const id = await newMerchant('Ticked Co');
    const res = await admin(`/admin/api/teams/${id}/onboarding/test_print`, { method: 'PUT', json: { done: true } });
    expect(res.status).toBe(200);
    const task = await res.json();
    expect(task).toMatchObject({ kind: 'test_print', owner: 'three_pl', done: true, completedBy: operatorUser(s.station.db).id });
    expect(await summaryOf(id)).toEqual({ total: 7, completed: 1, openThreePlTasks: 2, openMerchantTasks: 4 });

    const reopened = await admin(`/admin/api/teams/${id}/onboarding/test_print`, { method: 'PUT', json: { done: false } });
    expect(await reopened.json()).toMatchObject({ done: false, completedAt: null });
    expect(await summaryOf(id)).toMatchObject({ completed: 0 });
  });

  it('answers 404 for an unknown task or team and 400 for a body without done', async () => {
    const id = await newMerchant('Errors Co');
    expect((await admin(`/admin/api/teams/${id}/onboarding/wash_the_car`, { method: 'PUT', json: { done: true } })).status).toBe(404);
    expect((await admin('/admin/api/teams/nope/onboarding')).status).toBe(404);
    expect((await admin(`/admin/api/teams/${id}/onboarding/test_print`, { method: 'PUT', json: {} })).status).toBe(400);
  });

  it('completes "receive a first order" when the first order for the merchant is stored', async () => {
    const id = await newMerchant('Orders Co');
    expect(await summaryOf(id)).toMatchObject({ completed: 0 });
    await s.call('/api/orders', { key: threePl.key, json: { ...sampleOrder('first'), targetTeamId: id } });
    const { tasks } = await (await admin(`/admin/api/teams/${id}/onboarding`)).json();
    expect(tasks.find((t: { kind: string }) => t.kind === 'first_order_received')).toMatchObject({ done: true, completedBy: null });
  });

  it('gives standard and 3PL teams no tracker', async () => {
    const standard = s.team('Plain Shop');
    expect((await (await admin(`/admin/api/teams/${standard.team.id}/onboarding`)).json()).tasks).toEqual([]);
    expect((await (await admin(`/admin/api/teams/${threePl.team.id}/onboarding`)).json()).tasks).toEqual([]);
  });

  it("a new merchant's tracker names who owns each task: the 3PL or the merchant", async () => {
    const merchantId = await newMerchant('Owners Merchant');
    const { tasks } = (await (await admin(`/admin/api/teams/${merchantId}/onboarding`)).json()) as { tasks: { kind: string; owner: string }[] };
    expect(tasks.map((task) => [task.kind, task.owner])).toEqual([
      ['invite_merchant_admin', 'merchant'],
      ['assign_account_manager', 'three_pl'],
      ['connect_source_app', 'merchant'],
      ['first_order_received', 'merchant'],
      ['printer_routing', 'three_pl'],
      ['template_review', 'merchant'],
      ['test_print', 'three_pl'],
    ]);
    expect(tasks).toHaveLength(ONBOARDING_TASKS.length);
  });
});

describe('go-live from the dashboard', () => {
  it('sets went_live_by to the station operator and refuses a non-merchant team', async () => {
    const id = await newMerchant('Dash Live Co');
    const res = await admin(`/admin/api/teams/${id}/go-live`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'live', went_live_by: operatorUser(s.station.db).id });
    expect((await admin(`/admin/api/teams/${threePl.team.id}/go-live`, { method: 'POST' })).status).toBe(400);
  });
});
