import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../../helpers/station';
import { adminClient } from '../admin/admin-helpers';
import { stationInProcess } from '../cli/in-process';
import { invite, joinAs, PASSWORD, signIn, withSession } from './people-helpers';

/**
 * People sign in with an e-mail and a password set when they accept an invitation: one 401
 * for every wrong pair, throttled per account and per address, passwords kept as argon2id,
 * changed by the person and reset by a station admin, disabled at once.
 */
let s: RunningStation;
let team: ReturnType<RunningStation['team']>;
beforeAll(async () => {
  s = await startStation({ background: false });
  team = s.team('Sign-in shop');
  // The throttle's own test signs in from other machines (behind this trusted proxy), so its failures count there.
  expect((await adminClient(s).call('/admin/api/settings/network', { method: 'PUT', json: { imageHostsAllowed: [], trustedProxies: ['127.0.0.1'] } })).status).toBe(200);
});
afterAll(() => s.stop());

const refusal = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

describe('signing in with a password', () => {
  it('accepting an invitation sets the password and signs the person in; the password then signs them in again', async () => {
    const token = await invite(s, team.team.id, 'ana@sign-in.example', 'operator');
    const accepted = await s.call('/admin/api/invitations/accept', { json: { token, password: PASSWORD, name: 'Ана Петрова' } });
    expect(accepted.status).toBe(200);
    const joined = (await accepted.json()) as { loginToken: string; role: string; name: string };
    expect(joined).toMatchObject({ role: 'operator', name: 'Ана Петрова' });
    const byLink = await s.call('/admin/api/session', { json: { loginToken: joined.loginToken } });
    expect(byLink.status).toBe(201);

    const session = await signIn(s, 'ANA@sign-in.example');
    expect(session.status).toBe(201);
    const me = await withSession(s, session.token!)('/admin/api/me');
    expect(await me.json()).toMatchObject({ name: 'Ана Петрова', email: 'ana@sign-in.example', stationAdmin: false, teams: [{ teamId: team.team.id, role: 'operator' }] });
  });

  it('keeps the password as an argon2id hash at OWASP’s parameters, never in clear', async () => {
    await joinAs(s, team.team.id, 'hash@sign-in.example', 'viewer');
    const row = s.station.db.prepare('SELECT password_hash FROM users WHERE email = ?').get('hash@sign-in.example') as { password_hash: string };
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  it('answers a wrong password, an unknown e-mail, a person without a password and a disabled person with one and the same 401', async () => {
    const person = await joinAs(s, team.team.id, 'same@sign-in.example', 'viewer');
    // A person the station knows (made owner of a team by e-mail, say) who never set a password.
    s.station.db.prepare("INSERT INTO users (id, name, email, created_at) VALUES ('no-password', 'No Password', 'nopass@sign-in.example', '2026-01-01T00:00:00Z')").run();
    await adminClient(s).call(`/admin/api/people/${person.id}/disable`, { method: 'POST' });
    const answers = await Promise.all(
      [
        ['same@sign-in.example', PASSWORD],
        ['ana@sign-in.example', 'not the password'],
        ['nobody@sign-in.example', PASSWORD],
        ['nopass@sign-in.example', PASSWORD],
      ].map(([email, password]) => s.call('/admin/api/session', { json: { email, password } })),
    );
    const seen = await Promise.all(answers.map(async (answer) => `${answer.status} ${await refusal(answer)}`));
    expect(new Set(seen)).toEqual(new Set(['401 The e-mail or the password is not right']));
  });

  it('throttles failed sign-ins per e-mail and address with 429 and Retry-After, for a known and an unknown e-mail alike', async () => {
    await joinAs(s, team.team.id, 'throttled@sign-in.example', 'viewer');
    const fromThere = { 'X-Forwarded-For': '10.20.30.40' };
    for (const email of ['throttled@sign-in.example', 'ghost@sign-in.example']) {
      for (let attempt = 0; attempt < 5; attempt++) expect((await s.call('/admin/api/session', { json: { email, password: 'wrong password' }, headers: fromThere })).status).toBe(401);
      const locked = await s.call('/admin/api/session', { json: { email, password: PASSWORD }, headers: fromThere });
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
      expect(await refusal(locked)).toMatch(/^Too many failed tries from here; try again in 15 minutes/);
    }
    // Another person at the same address still signs in (the address allows more than one person's mistakes).
    expect((await s.call('/admin/api/session', { json: { email: 'ana@sign-in.example', password: PASSWORD }, headers: fromThere })).status).toBe(201);
  });

  it('refuses a password shorter than 10 characters and leaves the invitation open; a known person confirms with their own password', async () => {
    const token = await invite(s, team.team.id, 'short@sign-in.example', 'viewer');
    const short = await s.call('/admin/api/invitations/accept', { json: { token, password: 'short' } });
    expect(short.status).toBe(400);
    expect((await s.call('/admin/api/invitations/accept', { json: { token, password: PASSWORD } })).status).toBe(200);

    // Ana is already a person here: a further invitation takes her password, not a new one.
    const other = s.team('Second shop');
    const second = await invite(s, other.team.id, 'ana@sign-in.example', 'admin');
    const wrong = await s.call('/admin/api/invitations/accept', { json: { token: second, password: 'a different password' } });
    expect(wrong.status).toBe(401);
    const right = await s.call('/admin/api/invitations/accept', { json: { token: second, password: PASSWORD } });
    expect(right.status).toBe(200);
    const session = await signIn(s, 'ana@sign-in.example');
    const me = (await (await withSession(s, session.token!)('/admin/api/me')).json()) as { teams: { teamId: string; role: string }[] };
    expect(me.teams).toEqual(expect.arrayContaining([expect.objectContaining({ teamId: other.team.id, role: 'admin' }), expect.objectContaining({ teamId: team.team.id, role: 'operator' })]));
  });

  it('lists a person their own sessions only; the station admin sees everyone’s, each with its person', async () => {
    const person = await joinAs(s, team.team.id, 'own-sessions@sign-in.example', 'viewer', 'Own Sessions');
    const mine = (await (await person.call('/admin/api/sessions')).json()) as { person: { name: string } | null }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((session) => session.person?.name === 'Own Sessions')).toBe(true);
    const all = (await (await adminClient(s).call('/admin/api/sessions')).json()) as { id: string; person: { name: string } | null }[];
    expect(all.some((session) => session.person === null)).toBe(true);
    const others = all.find((session) => session.person?.name !== 'Own Sessions')!;
    expect((await person.call(`/admin/api/sessions/${others.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses a session token of another station', async () => {
    const elsewhere = await startStation({ background: false });
    try {
      const foreign = elsewhere.station.services.adminSessions.createSessionToken();
      expect((await s.call('/admin/api/me', { headers: { Authorization: `Bearer ${foreign}` } })).status).toBe(401);
    } finally {
      await elsewhere.stop();
    }
  });
});

describe('changing, resetting, disabling', () => {
  it('a person changes their password with the current one; their other sessions end, this one stays', async () => {
    const person = await joinAs(s, team.team.id, 'change@sign-in.example', 'viewer');
    const other = await signIn(s, 'change@sign-in.example');
    const wrong = await person.call('/admin/api/me/password', { method: 'PUT', json: { currentPassword: 'not it at all', newPassword: 'a brand new passphrase' } });
    expect(wrong.status).toBe(400);
    expect((await person.call('/admin/api/me/password', { method: 'PUT', json: { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' } })).status).toBe(204);
    expect((await person.call('/admin/api/me')).status).toBe(200);
    expect((await withSession(s, other.token!)('/admin/api/me')).status).toBe(401);
    expect((await signIn(s, 'change@sign-in.example')).status).toBe(401);
    expect((await signIn(s, 'change@sign-in.example', 'a brand new passphrase')).status).toBe(201);
  });

  it('a station admin’s reset link sets a new password once, ends the person’s sessions and signs them in', async () => {
    const person = await joinAs(s, team.team.id, 'reset@sign-in.example', 'viewer');
    const link = (await (await adminClient(s).call(`/admin/api/people/${person.id}/reset`, { method: 'POST' })).json()) as { resetUrl: string; mailed: boolean; mailError: string | null };
    expect(link).toMatchObject({ mailed: false, mailError: 'Mail is not configured on this station' });
    const token = link.resetUrl.replace(/^.*\/password-reset\//, '');
    expect((await fetch(link.resetUrl)).status).toBe(200);
    const used = await s.call('/admin/api/password-reset', { json: { token, password: 'reset passphrase 2' } });
    expect(used.status).toBe(200);
    expect((await person.call('/admin/api/me')).status).toBe(401);
    expect((await signIn(s, 'reset@sign-in.example', 'reset passphrase 2')).status).toBe(201);
    expect((await s.call('/admin/api/password-reset', { json: { token, password: 'reset passphrase 3' } })).status).toBe(410);
    expect((await fetch(link.resetUrl)).status).toBe(410);
  });

  it('disabling a person ends their sessions at once; enabling lets them sign in again', async () => {
    const person = await joinAs(s, team.team.id, 'off@sign-in.example', 'viewer');
    expect((await person.call('/admin/api/me')).status).toBe(200);
    const disabled = await adminClient(s).call(`/admin/api/people/${person.id}/disable`, { method: 'POST' });
    expect(await disabled.json()).toMatchObject({ disabled: true });
    expect((await person.call('/admin/api/me')).status).toBe(401);
    expect((await signIn(s, 'off@sign-in.example')).status).toBe(401);
    await adminClient(s).call(`/admin/api/people/${person.id}/enable`, { method: 'POST' });
    expect((await signIn(s, 'off@sign-in.example')).status).toBe(201);
  });

  it('a team admin changes a member’s role and removes a member; the change counts at the member’s next request', async () => {
    const admin = await joinAs(s, team.team.id, 'boss@sign-in.example', 'admin');
    const member = await joinAs(s, team.team.id, 'member@sign-in.example', 'viewer');
    expect((await member.call('/admin/api/orders/print', { json: { orderIds: ['none'] } })).status).toBe(403);
    const changed = await admin.call(`/admin/api/teams/${team.team.id}/members/${member.id}`, { method: 'PUT', json: { role: 'operator' } });
    expect(await changed.json()).toMatchObject({ teams: [expect.objectContaining({ teamId: team.team.id, role: 'operator' })] });
    expect((await member.call('/admin/api/orders/print', { json: { orderIds: ['none'] } })).status).toBe(404);
    expect((await admin.call(`/admin/api/teams/${team.team.id}/members/${member.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await member.call('/admin/api/orders')).status).toBe(403);
  });
});

describe('station users', () => {
  it('lists people, changes a role, prints a reset link and marks a station admin, from the command line', async () => {
    const person = await joinAs(s, team.team.id, 'cli@sign-in.example', 'viewer');
    const listed = await stationInProcess(s.dataDir, ['users', 'list', '--team', team.team.id, '--json']);
    expect(JSON.parse(listed.out)).toEqual(expect.arrayContaining([expect.objectContaining({ email: 'cli@sign-in.example', teams: [expect.objectContaining({ role: 'viewer' })] })]));
    const role = await stationInProcess(s.dataDir, ['users', 'role', '--team', team.team.id, '--email', 'cli@sign-in.example', '--role', 'admin', '--json']);
    expect(JSON.parse(role.out)).toMatchObject({ teams: [expect.objectContaining({ role: 'admin' })] });
    const reset = await stationInProcess(s.dataDir, ['users', 'reset', 'cli@sign-in.example']);
    expect(reset.out).toMatch(/not mailed; hand over: http:\/\/127\.0\.0\.1:\d+\/password-reset\/[\w-]{43}/);
    await stationInProcess(s.dataDir, ['users', 'station-admin', '--email', 'cli@sign-in.example']);
    expect(await (await person.call('/admin/api/me')).json()).toMatchObject({ stationAdmin: true });
    expect((await person.call('/admin/api/settings/network')).status).toBe(200);
    const disabled = await stationInProcess(s.dataDir, ['users', 'disable', '--email', 'cli@sign-in.example']);
    expect(disabled.code).toBe(0);
    expect((await person.call('/admin/api/me')).status).toBe(401);
  });

  it('station invitations accept reads the password from standard input', async () => {
    const token = await invite(s, team.team.id, 'stdin@sign-in.example', 'operator');
    const none = await stationInProcess(s.dataDir, ['invitations', 'accept', '--token', token, '--json'], '');
    expect(none.code).toBe(2);
    const accepted = await stationInProcess(s.dataDir, ['invitations', 'accept', '--token', token, '--name', 'Stdin Person', '--json'], `${PASSWORD}\n`);
    expect(accepted.code).toBe(0);
    expect(JSON.parse(accepted.out)).toMatchObject({ role: 'operator', email: 'stdin@sign-in.example', loginUrl: expect.stringMatching(/\/#login=[\w-]+$/) });
    expect((await signIn(s, 'stdin@sign-in.example')).status).toBe(201);
  });
});

describe('teams made from the dashboard', () => {
  it('a station admin makes a 3PL team and invites its admin, who joins and manages it', async () => {
    const made = await adminClient(s).call('/admin/api/teams', { json: { name: 'Северный 3PL', type: 'three_pl', adminEmail: 'lead@north.example' } });
    expect(made.status).toBe(201);
    const { team, invitationSent, invitation } = (await made.json()) as { team: { id: string; type: string }; invitationSent: boolean; invitation: { acceptUrl: string; role: string } };
    expect(team.type).toBe('three_pl');
    expect(invitationSent).toBe(false);
    expect(invitation.role).toBe('admin');
    const token = invitation.acceptUrl.replace(/^.*\/invitations\//, '');
    expect((await s.call('/admin/api/invitations/accept', { json: { token, password: PASSWORD, name: 'Lead' } })).status).toBe(200);
    const lead = withSession(s, (await signIn(s, 'lead@north.example')).token!);
    const merchant = await lead(`/admin/api/teams/${team.id}/merchants`, { json: { name: 'Shop under the 3PL' } });
    expect(merchant.status).toBe(201);
    // A 3PL's admin is admin of its merchants too (the API keys' rule); not a station admin.
    const { team: shop } = (await merchant.json()) as { team: { id: string } };
    expect((await lead(`/admin/api/teams/${shop.id}/flow`)).status).toBe(200);
    expect((await lead('/admin/api/teams', { json: { name: 'Not mine to make' } })).status).toBe(403);
    expect((await adminClient(s).call('/admin/api/teams', { json: { name: ' ', type: 'standard' } })).status).toBe(400);
  });
});
