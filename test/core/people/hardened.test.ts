import { describe, expect, it } from 'vitest';
import { createTeam } from '../../../main/core/features/teams/service';
import { adminClient } from '../admin/admin-helpers';
import { invite, joinAs, pairedScreen, PASSWORD } from './people-helpers';

import { badgeOf, errorOf, from, fromLocalhost, s, sessionOf, shop, signInFrom, unknownBadge, useHardenedStation } from './hardened-station';

/** The station tried as an attacker inside a 3PL would (hardened-station.ts), part one. */
useHardenedStation();

describe('1. an invitation never takes over a person who has no password yet', () => {
  it('refuses to accept for a known e-mail without its password; the owner’s account stays untouched and unsigned-in', async () => {
    // `station teams create --owner-email boss@…` makes the 3PL's owner with no password.
    const { team: threePl, owner } = s.station.db.transaction(() => createTeam(s.station.db, s.station.hooks, { name: 'Takeover 3PL', type: 'three_pl', owner: { name: 'Boss', email: 'boss@takeover.example' } })).immediate();
    const merchant = s.team('Takeover merchant', 'merchant', threePl);
    const merchantAdmin = await joinAs(s, merchant.team.id, 'mallory@merchant.example', 'admin', 'Mallory');
    // The merchant's admin invites the owner's e-mail to her merchant and opens the link herself.
    const invited = await merchantAdmin.call(`/admin/api/teams/${merchant.team.id}/invitations`, { json: { email: 'boss@takeover.example', role: 'viewer' } });
    expect(invited.status).toBe(201);
    const { invitation } = (await invited.json()) as { invitation: { acceptUrl: string } };
    const token = invitation.acceptUrl.replace(/^.*\/invitations\//, '');
    const accepted = await s.call('/admin/api/invitations/accept', { json: { token, password: 'mallory chose this one', name: 'Boss' } });
    expect(accepted.status).toBe(401);
    expect((await errorOf(accepted)).message).toMatch(/^This invitation cannot be accepted with that password/);
    expect((await s.call('/admin/api/session', { json: { email: 'boss@takeover.example', password: 'mallory chose this one' } })).status).toBe(401);
    expect(s.station.db.prepare('SELECT password_hash FROM users WHERE id = ?').pluck().get(owner.id)).toBeNull();
    // The page takes the same password and refuses the same way.
    const page = await fetch(invitation.acceptUrl.replace(/^https?:\/\/[^/]+/, s.url), { method: 'POST', body: new URLSearchParams({ name: 'Boss', password: 'mallory chose this one', confirm: 'mallory chose this one' }), redirect: 'manual' });
    expect(page.status).toBe(401);
    expect(s.station.db.prepare('SELECT password_hash FROM users WHERE id = ?').pluck().get(owner.id)).toBeNull();
  });

  it('shows the same form whether or not the e-mail has an account', async () => {
    await joinAs(s, shop.team.id, 'known@page.example', 'viewer');
    const formFor = async (email: string) => {
      const token = await invite(s, shop.team.id, email, 'operator');
      const html = await (await fetch(`${s.url}/invitations/${token}`)).text();
      return html.replace(email, 'EMAIL').replace(/<time[^]*<\/time>/, '');
    };
    const known = await formFor('known@page.example');
    expect(known).toContain('name="confirm"');
    expect(known).toBe(await formFor('stranger@page.example'));
  });
});

describe('2. mis-scans lock nobody else', () => {
  it('counts unknown badges against the address that sent them: every other bench’s badges still sign in', async () => {
    const packer = await joinAs(s, shop.team.id, 'packer@badges.example', 'operator', 'Пакувальник');
    const badge = await badgeOf(packer);
    for (let scan = 0; scan < 20; scan++) expect((await signInFrom('10.0.2.99', { badge: unknownBadge(scan % 10) })).status).toBe(401);
    expect((await signInFrom('10.0.2.99', { badge: unknownBadge(0) })).status).toBe(429);
    // Another bench, the same minute: the real badge opens its session.
    expect((await signInFrom('10.0.2.7', { badge })).status).toBe(201);
    // Five mis-scans at a bench lock nothing: not even that bench's real badges.
    for (let scan = 0; scan < 5; scan++) expect((await signInFrom('10.0.2.8', { badge: unknownBadge(scan) })).status).toBe(401);
    expect((await signInFrom('10.0.2.8', { badge })).status).toBe(201);
  });

  it('counts unknown passkeys against the address that sent them', async () => {
    const fake = { id: 'made-up', rawId: 'made-up', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' }, clientExtensionResults: {} };
    const passkeyFrom = (address: string) => fromLocalhost(address, '/admin/api/session', { passkey: fake });
    for (let attempt = 0; attempt < 20; attempt++) expect((await passkeyFrom('10.0.3.99')).status).toBe(401);
    expect((await passkeyFrom('10.0.3.99')).status).toBe(429);
    expect((await passkeyFrom('10.0.3.7')).status).toBe(401);
  });
});

describe('3. a bench session cannot guess its person’s password', () => {
  it('throttles the current password of me/pin and me/password; the session that fails too often ends', async () => {
    const admin = await joinAs(s, shop.team.id, 'guessed@bench.example', 'admin', 'Guessed');
    const badge = await badgeOf(admin);
    const bench = await sessionOf(await signInFrom('10.0.4.1', { badge }));
    const tries: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) tries.push((await from('10.0.4.1', '/admin/api/me/pin', { method: 'PUT', token: bench, json: { currentPassword: `guess number ${attempt}`, pin: '4821' } })).status);
    expect(tries).toEqual([400, 400, 400, 400, 401]);
    // That session ended with its last try.
    expect((await from('10.0.4.1', '/admin/api/me', { token: bench })).status).toBe(401);
    // A fresh badge session at the same bench cannot go on guessing, not even with the right password.
    const again = await sessionOf(await signInFrom('10.0.4.1', { badge }));
    expect((await from('10.0.4.1', '/admin/api/me/password', { method: 'PUT', token: again, json: { currentPassword: PASSWORD, newPassword: 'taken over at the bench' } })).status).toBe(429);
    // The person, at their own desk, is not locked out.
    const own = await sessionOf(await signInFrom('10.0.4.200', { email: 'guessed@bench.example', password: PASSWORD }));
    expect((await from('10.0.4.200', '/admin/api/me/pin', { method: 'PUT', token: own, json: { currentPassword: PASSWORD, pin: '4821' } })).status).toBe(204);
  });
});

describe('4. nobody can lock a chosen person out', () => {
  it('counts wrong passwords per (e-mail, address) and per address: the person signs in from their own machine', async () => {
    await joinAs(s, shop.team.id, 'target@lockout.example', 'viewer');
    for (let attempt = 0; attempt < 5; attempt++) expect((await signInFrom('10.0.5.66', { email: 'target@lockout.example', password: `wrong ${attempt}` })).status).toBe(401);
    const locked = await signInFrom('10.0.5.66', { email: 'target@lockout.example', password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await errorOf(locked)).message).toMatch(/try again in 15 minutes \(or ask a station admin to lift it\)/);
    expect((await signInFrom('10.0.5.10', { email: 'target@lockout.example', password: PASSWORD })).status).toBe(201);
  });

  it('warns before the last try, and a station admin lifts a person’s lock-out', async () => {
    const person = await joinAs(s, shop.team.id, 'warned@lockout.example', 'viewer');
    const messages: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) messages.push((await errorOf(await signInFrom('10.0.5.20', { email: 'warned@lockout.example', password: 'wrong' }))).message);
    expect(messages[2]).toBe('The e-mail or the password is not right');
    expect(messages[3]).toMatch(/One more failed try from here waits 15 minutes$/);
    expect((await signInFrom('10.0.5.20', { email: 'warned@lockout.example', password: PASSWORD })).status).toBe(429);
    expect(await (await adminClient(s).call(`/admin/api/people/${person.id}/lift-lockout`, { method: 'POST' })).json()).toEqual({ lifted: 1 });
    expect((await signInFrom('10.0.5.20', { email: 'warned@lockout.example', password: PASSWORD })).status).toBe(201);
  });

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    const network = await adminClient(s).call('/admin/api/settings/network');
    expect(await network.json()).toMatchObject({ trustedProxies: ['127.0.0.1'] });
    const { clientAddressOf } = await import('../../../main/core/features/net/client-address');
    expect(clientAddressOf('203.0.113.9', '10.0.0.1', ['127.0.0.1'])).toBe('203.0.113.9');
    expect(clientAddressOf('127.0.0.1', '10.0.0.1', ['127.0.0.1'])).toBe('10.0.0.1');
    // A client that writes the header itself is read from the right: the proxy's own entry wins.
    expect(clientAddressOf('::ffff:127.0.0.1', '6.6.6.6, 10.0.0.2', ['127.0.0.1'])).toBe('10.0.0.2');
    expect(clientAddressOf('127.0.0.1', 'not-an-ip', ['127.0.0.1'])).toBe('127.0.0.1');
    expect((await adminClient(s).call('/admin/api/settings/network', { method: 'PUT', json: { imageHostsAllowed: [], trustedProxies: ['proxy.lan'] } })).status).toBe(400);
  });
});

describe('5. no work on demand for strangers', () => {
  it('refuses made-up reset tokens by their address, before any hashing, and throttles them', async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const refused = await from('10.0.6.66', '/admin/api/password-reset', { json: { token: `made-up-token-${attempt}`, password: 'a brand new password' } });
      expect(refused.status).toBe(410);
    }
    expect((await from('10.0.6.66', '/admin/api/password-reset', { json: { token: 'made-up-token-x', password: 'a brand new password' } })).status).toBe(429);
    expect((await from('10.0.6.67', '/admin/api/password-reset', { json: { token: 'made-up-token-y', password: 'a brand new password' } })).status).toBe(410);
  });

  it('paces passkey challenges per address', async () => {
    const statuses: number[] = [];
    for (let ask = 0; ask < 31; ask++) statuses.push((await fromLocalhost('10.0.6.80', '/admin/api/session/passkey-options')).status);
    expect(statuses.slice(0, 30)).toEqual(Array<number>(30).fill(200));
    expect(statuses[30]).toBe(429);
    expect((await fromLocalhost('10.0.6.81', '/admin/api/session/passkey-options')).status).toBe(200);
  });

  it('counts wrong pairing codes against the address that typed them', async () => {
    for (let attempt = 0; attempt < 20; attempt++) expect((await from('10.0.6.90', '/admin/api/bench-screen', { json: { code: `WRONG${attempt}` } })).status).toBe(400);
    expect((await from('10.0.6.90', '/admin/api/bench-screen', { json: { code: 'WRONGX' } })).status).toBe(429);
  });
});

describe('6. credentials are revoked together', () => {
  it('a reset ends the person’s sessions, badge, PIN and passkeys; Settings → People lists and removes them', async () => {
    const person = await joinAs(s, shop.team.id, 'leaked@reset.example', 'operator', 'Leaked');
    const admin = adminClient(s);
    const badge = await badgeOf(person);
    expect((await person.call('/admin/api/me/pin', { method: 'PUT', json: { currentPassword: PASSWORD, pin: '5830' } })).status).toBe(204);
    const screen = await pairedScreen(s, 'Reset bench');
    expect((await s.call('/admin/api/session', { json: { email: 'leaked@reset.example', pin: '5830' }, headers: screen })).status).toBe(201);
    s.station.db
      .prepare("INSERT INTO passkeys (id, user_id, public_key, counter, name, rp_id, created_at) VALUES ('pk-1', ?, x'00', 0, 'Phone', 'localhost', '2026-01-01T00:00:00Z')")
      .run(person.id);
    const listed = await (await admin.call(`/admin/api/people/${person.id}/credentials`)).json();
    expect(listed).toMatchObject({ badge: { issuedAt: expect.any(String) }, pin: { setAt: expect.any(String) }, passkeys: [{ id: 'pk-1', name: 'Phone', host: 'localhost' }] });

    const { resetUrl } = (await (await admin.call(`/admin/api/people/${person.id}/reset`, { method: 'POST' })).json()) as { resetUrl: string };
    const reset = await s.call('/admin/api/password-reset', { json: { token: resetUrl.replace(/^.*\/password-reset\//, ''), password: 'a fresh password after the leak' } });
    expect(reset.status).toBe(200);
    expect((await person.call('/admin/api/me')).status).toBe(401);
    expect((await s.call('/admin/api/session', { json: { badge } })).status).toBe(401);
    expect((await s.call('/admin/api/session', { json: { email: 'leaked@reset.example', pin: '5830' }, headers: screen })).status).toBe(401);
    expect(await (await admin.call(`/admin/api/people/${person.id}/credentials`)).json()).toEqual({ badge: null, pin: null, passkeys: [], sessions: 0 });

    // A station admin removes one credential at a time.
    const again = await badgeOf(person);
    expect((await admin.call(`/admin/api/people/${person.id}/badge`, { method: 'DELETE' })).status).toBe(204);
    expect((await s.call('/admin/api/session', { json: { badge: again } })).status).toBe(401);
    expect((await admin.call(`/admin/api/people/${person.id}/badge`, { method: 'DELETE' })).status).toBe(404);
  });

  it('a station admin signs a person out everywhere: sessions, badge and PIN end; the password stays', async () => {
    const person = await joinAs(s, shop.team.id, 'everywhere@reset.example', 'operator');
    const badge = await badgeOf(person);
    const signedOut = await adminClient(s).call(`/admin/api/people/${person.id}/sign-out`, { method: 'POST' });
    expect(await signedOut.json()).toEqual({ sessions: 1, badge: true, pin: false, passkeys: 0 });
    expect((await person.call('/admin/api/me')).status).toBe(401);
    expect((await s.call('/admin/api/session', { json: { badge } })).status).toBe(401);
    expect((await s.call('/admin/api/session', { json: { email: 'everywhere@reset.example', password: PASSWORD } })).status).toBe(201);
  });

  it('refuses weak PINs with a clear 400', async () => {
    const person = await joinAs(s, shop.team.id, 'weak-pin@reset.example', 'operator');
    for (const pin of ['0000', '7777', '1234', '9876', '123456', '6969', '2580'.replace('2580', '1212')]) {
      const refused = await person.call('/admin/api/me/pin', { method: 'PUT', json: { currentPassword: PASSWORD, pin } });
      expect(refused.status, pin).toBe(400);
      expect(JSON.stringify(await refused.json()), pin).toMatch(/repeated|run of digits|most common/);
    }
  });
});
