import { describe, expect, it } from 'vitest';
import { createTeam } from '../../../main/core/features/teams/service';
import { adminClient } from '../admin/admin-helpers';
import { joinAs, PASSWORD, withSession } from './people-helpers';

import { badgeOf, errorOf, s, sessionOf, shop, useHardenedStation } from './hardened-station';

/** The station tried as an attacker inside a 3PL would (hardened-station.ts), part two: live streams, go-live, activity, badge sessions. */
useHardenedStation();

describe('7. the live stream ends with the right to hear it', () => {
  it('closes a disabled person’s open event stream at once, before another order of the team reaches it', async () => {
    const viewer = await joinAs(s, shop.team.id, 'streamed@live.example', 'viewer');
    const response = await fetch(`${s.url}/admin/api/events?session=${encodeURIComponent(viewer.token)}`);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let heard = '';
    while (!heard.includes(': connected')) heard += decoder.decode((await reader.read()).value);
    expect((await adminClient(s).call(`/admin/api/people/${viewer.id}/disable`, { method: 'POST' })).status).toBe(200);
    expect((await s.call('/api/orders', { key: shop.key, json: { sourceId: 'after-disable', order: { orderNumber: '#after', lineItems: [{ name: 'Чай', quantity: 1 }] } } })).status).toBe(201);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      heard += decoder.decode(value);
      expect(heard).not.toContain('event: order');
    }
    expect(heard).not.toContain('event: order');
  });

  it('a removed member’s stream stops hearing the team at once', async () => {
    const other = s.team('Stream other');
    const member = await joinAs(s, other.team.id, 'moved@live.example', 'viewer');
    const response = await fetch(`${s.url}/admin/api/events?session=${encodeURIComponent(member.token)}`);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let heard = '';
    while (!heard.includes(': connected')) heard += decoder.decode((await reader.read()).value);
    expect((await adminClient(s).call(`/admin/api/teams/${other.team.id}/members/${member.id}`, { method: 'DELETE' })).status).toBe(204);
    await s.call('/api/orders', { key: other.key, json: { sourceId: 'after-removal', order: { orderNumber: '#removed', lineItems: [{ name: 'قهوة', quantity: 1 }] } } });
    // An event of a team the person still sees comes through the same stream, and ends the read.
    const own = s.team('Stream own');
    s.station.db.prepare("INSERT INTO memberships (team_id, user_id, role, created_at) VALUES (?, ?, 'viewer', '2026-01-01T00:00:00Z')").run(own.team.id, member.id);
    s.station.events.emit('personChanged', { personId: member.id });
    await s.call('/api/orders', { key: own.key, json: { sourceId: 'still-mine', order: { orderNumber: '#mine', lineItems: [{ name: 'Tea', quantity: 1 }] } } });
    while (!heard.includes(own.team.id)) heard += decoder.decode((await reader.read()).value);
    await reader.cancel();
    expect(heard).not.toContain(other.team.id);
  });
});

describe('8. going live is the 3PL’s', () => {
  it('refuses go-live and onboarding ticks to the merchant’s own admin; the 3PL’s admin does both', async () => {
    const threePl = s.team('Live 3PL', 'three_pl');
    const merchant = s.team('Live merchant', 'merchant', threePl.team);
    const merchantAdmin = await joinAs(s, merchant.team.id, 'own-admin@live-merchant.example', 'admin');
    const threePlAdmin = await joinAs(s, threePl.team.id, 'ops@live-3pl.example', 'admin');
    const goLive = `/admin/api/teams/${merchant.team.id}/go-live`;
    const tick = `/admin/api/teams/${merchant.team.id}/onboarding/connect_source_app`;
    const refused = await merchantAdmin.call(goLive, { method: 'POST' });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe('This needs an admin of the merchant’s 3PL team (or the station admin)');
    expect((await merchantAdmin.call(tick, { method: 'PUT', json: { done: true } })).status).toBe(403);
    expect((await threePlAdmin.call(tick, { method: 'PUT', json: { done: true } })).status).toBe(200);
    const live = await threePlAdmin.call(goLive, { method: 'POST' });
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ status: 'live' });
  });
});

describe('9. activity is written for one’s own teams only', () => {
  it('records a body’s team only when the caller may act on it, and answers 404 for another team’s list', async () => {
    const victim = s.team('Activity victim');
    const operator = await joinAs(s, shop.team.id, 'forger@activity.example', 'operator');
    const forged = await operator.call('/admin/api/printers/refresh', { json: { teamId: victim.team.id } });
    expect(forged.status).toBe(200);
    const rows = s.station.db.prepare('SELECT team_id FROM activity WHERE actor_id = ?').pluck().all(operator.id);
    expect(rows).toEqual([null]);
    expect(await (await adminClient(s).call(`/admin/api/activity?teamId=${victim.team.id}`)).json()).toEqual([]);
    expect((await operator.call(`/admin/api/activity?teamId=${victim.team.id}`)).status).toBe(404);
    expect((await operator.call('/admin/api/activity?teamId=made-up-team')).status).toBe(404);
    expect((await operator.call(`/admin/api/activity?teamId=${shop.team.id}`)).status).toBe(200);
  });
});

describe('sessions of a person with a badge session', () => {
  it('a badge session keeps operator rights and cannot make its own badge', async () => {
    const person = await joinAs(s, shop.team.id, 'bench-only@badge.example', 'operator');
    const badge = await badgeOf(person);
    const bench = withSession(s, await sessionOf(await s.call('/admin/api/session', { json: { badge } })));
    expect((await bench('/admin/api/me/badge', { json: { currentPassword: PASSWORD } })).status).toBe(403);
  });
});

describe('the station’s own details', () => {
  it('gives its data folder and version to the station admin only', async () => {
    const admin = await joinAs(s, shop.team.id, 'team-admin@details.example', 'admin');
    expect(await (await admin.call('/admin/api/station')).json()).toMatchObject({ dataDir: null, version: null });
    expect(await (await adminClient(s).call('/admin/api/station')).json()).toMatchObject({ dataDir: s.dataDir, version: expect.any(String) });
  });
});

describe('a team’s members', () => {
  it('keeps the station admin in the teams it owns: its removal is refused, as for the 3PL’s people', async () => {
    const { team, owner } = s.station.db.transaction(() => createTeam(s.station.db, s.station.hooks, { name: 'Owned by the station', type: 'standard' })).immediate();
    const admin = await joinAs(s, team.id, 'co-admin@owned.example', 'admin');
    const removed = await admin.call(`/admin/api/teams/${team.id}/members/${owner.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(403);
    expect((await errorOf(removed)).message).toBe('The station admin is not removed from a team');
  });
});
