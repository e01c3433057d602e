import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../../helpers/station';
import { adminClient } from '../admin/admin-helpers';
import { joinAs, pairedScreen, PASSWORD, withSession } from './people-helpers';

/**
 * A packing bench's quick sign-in: a scanned badge or an e-mail and PIN opens a bench
 * session (operator rights at most) that ends after the bench's own idle time. A station
 * of its own: sign-in failures here count against the same client address.
 */
let s: RunningStation;
let team: ReturnType<RunningStation['team']>;
beforeAll(async () => {
  s = await startStation({ background: false });
  team = s.team('Bench shop');
});
afterAll(() => s.stop());

const refusal = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

describe('at the bench: badges and PINs', () => {
  const admin = () => adminClient(s);

  it('a scanned badge opens a bench session with operator rights at most; a new badge replaces the old', async () => {
    const boss = await joinAs(s, team.team.id, 'badge-boss@bench.example', 'admin', 'Badge Boss');
    const issued = (await (await admin().call(`/admin/api/people/${boss.id}/badge`, { method: 'POST' })).json()) as { badge: string };
    expect(issued.badge).toMatch(/^STAFF-[A-Z2-7]{24}$/);
    const bench = await s.call('/admin/api/session', { json: { badge: issued.badge } });
    expect(bench.status).toBe(201);
    const atBench = withSession(s, ((await bench.json()) as { sessionToken: string }).sessionToken);
    expect(await (await atBench('/admin/api/me')).json()).toMatchObject({ name: 'Badge Boss', bench: true, stationAdmin: false, teams: [{ teamId: team.team.id, role: 'operator' }] });
    // An admin at the bench is an operator there: no keys, no templates.
    expect((await atBench('/admin/api/keys', { json: { teamId: team.team.id, name: 'from the bench' } })).status).toBe(403);
    expect((await atBench('/admin/api/orders')).status).toBe(200);
    // The same person with their password keeps their admin rights.
    expect((await boss.call('/admin/api/keys')).status).toBe(200);

    // A session alone mints no badge: the current password confirms it.
    expect((await boss.call('/admin/api/me/badge', { method: 'POST' })).status).toBe(400);
    expect((await boss.call('/admin/api/me/badge', { json: { currentPassword: 'not the password' } })).status).toBe(400);
    const renewed = (await (await boss.call('/admin/api/me/badge', { json: { currentPassword: PASSWORD } })).json()) as { badge: string };
    expect((await s.call('/admin/api/session', { json: { badge: issued.badge } })).status).toBe(401);
    expect((await s.call('/admin/api/session', { json: { badge: renewed.badge } })).status).toBe(201);
  });

  it('refuses an unknown badge and a disabled person’s with 401, and a person with no role here with 403', async () => {
    expect((await s.call('/admin/api/session', { json: { badge: `STAFF-${'A'.repeat(24)}` } })).status).toBe(401);
    expect((await s.call('/admin/api/session', { json: { badge: 'ORDER-1001' } })).status).toBe(400);
    const leaving = await joinAs(s, team.team.id, 'leaving@bench.example', 'operator');
    const { badge } = (await (await admin().call(`/admin/api/people/${leaving.id}/badge`, { method: 'POST' })).json()) as { badge: string };
    await admin().call(`/admin/api/teams/${team.team.id}/members/${leaving.id}`, { method: 'DELETE' });
    const noRole = await s.call('/admin/api/session', { json: { badge } });
    expect(noRole.status).toBe(403);
    expect(await refusal(noRole)).toMatch(/no role at this station/);
    await admin().call(`/admin/api/people/${leaving.id}/disable`, { method: 'POST' });
    expect((await s.call('/admin/api/session', { json: { badge } })).status).toBe(401);
  });

  it('a PIN set with the password signs in at a paired bench screen only; a wrong PIN gets the one 401', async () => {
    const person = await joinAs(s, team.team.id, 'pin@bench.example', 'operator', 'Pin Person');
    expect((await person.call('/admin/api/me/pin', { method: 'PUT', json: { currentPassword: 'not it at all', pin: '4821' } })).status).toBe(400);
    expect((await person.call('/admin/api/me/pin', { method: 'PUT', json: { currentPassword: PASSWORD, pin: '48a1' } })).status).toBe(400);
    expect((await person.call('/admin/api/me/pin', { method: 'PUT', json: { currentPassword: PASSWORD, pin: '4821' } })).status).toBe(204);
    const screen = await pairedScreen(s, 'PIN bench');
    // Anywhere but a paired bench screen, a PIN is no way in (it is short: the bench's pairing is the second factor).
    const elsewhere = await s.call('/admin/api/session', { json: { email: 'pin@bench.example', pin: '4821' } });
    expect(elsewhere.status).toBe(403);
    expect(((await elsewhere.json()) as { error: { code: string } }).error.code).toBe('pin_needs_bench');
    const wrong = await s.call('/admin/api/session', { json: { email: 'pin@bench.example', pin: '1111' }, headers: screen });
    expect(wrong.status).toBe(401);
    expect(await refusal(wrong)).toBe('The e-mail or the PIN is not right');
    const right = await s.call('/admin/api/session', { json: { email: 'pin@bench.example', pin: '4821' }, headers: screen });
    expect(right.status).toBe(201);
    const me = await withSession(s, ((await right.json()) as { sessionToken: string }).sessionToken)('/admin/api/me');
    expect(await me.json()).toMatchObject({ name: 'Pin Person', bench: true });
  });

  it('a bench session ends after the bench’s idle time, a password session keeps its own', async () => {
    const person = await joinAs(s, team.team.id, 'idle@bench.example', 'operator');
    const { badge } = (await (await admin().call(`/admin/api/people/${person.id}/badge`, { method: 'POST' })).json()) as { badge: string };
    const token = ((await (await s.call('/admin/api/session', { json: { badge } })).json()) as { sessionToken: string }).sessionToken;
    const policy = await admin().call('/admin/api/settings/sessions', { method: 'PUT', json: { idleHours: 12, absoluteHours: 168, benchIdleMinutes: 5 } });
    expect(await policy.json()).toEqual({ idleHours: 12, absoluteHours: 168, benchIdleMinutes: 5 });
    const sixMinutesAgo = new Date(Date.now() - 6 * 60_000).toISOString();
    s.station.db.prepare('UPDATE admin_tokens SET last_used_at = ?, created_at = ? WHERE user_id = ?').run(sixMinutesAgo, sixMinutesAgo, person.id);
    expect((await withSession(s, token)('/admin/api/me')).status).toBe(401);
    expect((await person.call('/admin/api/me')).status).toBe(200);
  });
});
