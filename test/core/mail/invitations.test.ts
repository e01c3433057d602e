import { beforeEach, describe, expect, it } from 'vitest';
import { hashSecret } from '../../../main/core/features/keys/service';
import { listMembers } from '../../../main/core/features/teams/people-store';
import { PASSWORD } from '../people/people-helpers';
import { bodyText, startSmtpServer } from './smtp-server';

import { acceptLinkIn, admin, cli, configureMail, createMerchant, mailSettings, s, smtp, threePl, useMailStation } from './mail-station';

useMailStation();

describe('mail settings', () => {
  beforeEach(async () => {
    await admin('/admin/api/settings/mail', { method: 'DELETE' });
  });

  it('are stored, read back without the password, and keep the password when it is omitted', async () => {
    expect(await (await admin('/admin/api/settings/mail')).json()).toEqual({ configured: false });
    await configureMail();
    const view = await (await admin('/admin/api/settings/mail')).json();
    expect(view).toEqual({ configured: true, host: '127.0.0.1', port: smtp.port, secure: false, user: 'station', from: 'Print Station <station@example.com>', passwordSet: true });
    expect(JSON.stringify(view)).not.toContain('s3cret');

    const { password: _password, ...withoutPassword } = mailSettings({ host: 'localhost' });
    const res = await admin('/admin/api/settings/mail', { method: 'PUT', json: withoutPassword });
    expect(await res.json()).toMatchObject({ host: 'localhost', passwordSet: true });
    expect(s.station.services.settings.get('mail')?.password).toBe('s3cret');

    const cleared = await admin('/admin/api/settings/mail', { method: 'PUT', json: { ...withoutPassword, password: null } });
    expect(await cleared.json()).toMatchObject({ passwordSet: false });
  });

  it('refuse an invalid port or host with 400', async () => {
    expect((await admin('/admin/api/settings/mail', { method: 'PUT', json: mailSettings({ port: 70000 }) })).status).toBe(400);
    expect((await admin('/admin/api/settings/mail', { method: 'PUT', json: mailSettings({ host: '' }) })).status).toBe(400);
  });

  it('send a test message that the SMTP server receives', async () => {
    await configureMail();
    const arrived = smtp.next();
    const res = await admin('/admin/api/settings/mail/test', { json: { to: 'ops@example.com' } });
    expect(await res.json()).toEqual({ sent: true });
    expect((await arrived).to).toEqual(['ops@example.com']);
  });

  it('report a refused login as not sent', async () => {
    await configureMail({ password: 'wrong' });
    const res = await admin('/admin/api/settings/mail/test', { json: { to: 'ops@example.com' } });
    const body = await res.json();
    expect(body.sent).toBe(false);
    expect(body.reason).toMatch(/Invalid|auth/i);
  });
});

describe('invitations by mail', () => {
  beforeEach(async () => {
    await configureMail();
  });

  it('creating a merchant with an email sends the invitation: the message arrives with the accept link', async () => {
    const arrived = smtp.next();
    const { team, invitationSent } = await createMerchant('Invited Goods', 'owner@invited.example');
    expect(invitationSent).toBe(true);
    const mail = await arrived;
    expect(mail.to).toEqual(['owner@invited.example']);
    expect(mail.from).toBe('station@example.com');
    const text = bodyText(mail.raw);
    expect(text).toContain('Invited Goods');
    const link = acceptLinkIn(text);
    expect(link?.[1]).toBe(`${s.url}/invitations/${link?.[2]}`);

    // The dashboard lists the open invitation, without its link: only the token's hash is kept.
    const [invitation] = await (await admin(`/admin/api/teams/${team.id}/invitations`)).json();
    expect(invitation).toMatchObject({ email: 'owner@invited.example', role: 'admin', state: 'open', acceptUrl: null });
    expect(invitation.sentAt).not.toBeNull();
  });

  it('POST /api/teams/merchants/{id}/invitations answers 201 {invitationSent: true} and the accept link creates an admin membership', async () => {
    const { team } = await createMerchant('Accept Co');
    const arrived = smtp.next();
    const res = await s.call(`/api/teams/merchants/${team.id}/invitations`, { key: threePl.key, json: { email: 'Boss@Accept.example' } });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ invitationSent: true });
    const token = acceptLinkIn(bodyText((await arrived).raw))![2]!;

    const accepted = await admin('/admin/api/invitations/accept', { json: { token, name: 'Bo Boss', password: PASSWORD } });
    expect(accepted.status).toBe(200);
    const joined = await accepted.json();
    expect(joined).toMatchObject({ teamId: team.id, role: 'admin', name: 'Bo Boss', email: 'Boss@Accept.example' });
    expect(listMembers(s.station.db, team.id)).toContainEqual(expect.objectContaining({ id: joined.userId, role: 'admin' }));

    const { tasks } = await (await admin(`/admin/api/teams/${team.id}/onboarding`)).json();
    expect(tasks.find((t: { kind: string }) => t.kind === 'invite_merchant_admin')).toMatchObject({ done: true, completedBy: joined.userId });

    // Single use.
    const again = await admin('/admin/api/invitations/accept', { json: { token, password: PASSWORD } });
    expect(again.status).toBe(410);
  });

  it('the link in the mail opens a page that accepts the invitation with a form post, once', async () => {
    const arrived = smtp.next();
    const { team } = await createMerchant('<b>Tags & Co</b>', 'page@example.com');
    const link = acceptLinkIn(bodyText((await arrived).raw))![1]!;

    const shown = await fetch(link);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await shown.text();
    expect(html).toContain('&lt;b&gt;Tags &amp; Co&lt;/b&gt;');
    expect(html).not.toContain('<b>Tags');
    // Opening the link (as a mail scanner would) accepts nothing.
    expect(listMembers(s.station.db, team.id).map((m) => m.email)).not.toContain('page@example.com');

    // Two passwords that differ: the page says so and the invitation stays open.
    const mismatched = await fetch(link, { method: 'POST', body: new URLSearchParams({ name: 'Page Person', password: PASSWORD, confirm: `${PASSWORD}!` }), redirect: 'manual' });
    expect(mismatched.status).toBe(400);
    const mismatchPage = await mismatched.text();
    expect(mismatchPage).toContain('The two passwords are not the same');
    // The first password and the name come back as typed; only the confirmation is asked again.
    expect(mismatchPage).toContain(`name="password" type="password" required minlength="10" maxlength="200" autocomplete="new-password" value="${PASSWORD}"`);
    expect(mismatchPage).toMatch(/name="confirm" type="password" [^>]*autofocus>/);
    expect(mismatchPage).not.toMatch(/name="confirm"[^>]*value=/);
    expect(mismatchPage).toContain('value="Page Person"');
    expect(listMembers(s.station.db, team.id).map((m) => m.email)).not.toContain('page@example.com');

    // Accepted: the browser goes to the dashboard with a one-time login link, signed in as the person.
    const posted = await fetch(link, { method: 'POST', body: new URLSearchParams({ name: 'Page Person', password: PASSWORD, confirm: PASSWORD }), redirect: 'manual' });
    expect(posted.status).toBe(303);
    const loginToken = /\/#login=([\w-]+)$/.exec(posted.headers.get('location') ?? '')![1]!;
    const session = await s.call('/admin/api/session', { json: { loginToken } });
    expect(session.status).toBe(201);
    const { sessionToken } = (await session.json()) as { sessionToken: string };
    expect(await (await s.call('/admin/api/me', { headers: { Authorization: `Bearer ${sessionToken}` } })).json()).toMatchObject({ name: 'Page Person', email: 'page@example.com', stationAdmin: false });
    expect(listMembers(s.station.db, team.id)).toContainEqual(expect.objectContaining({ email: 'page@example.com', name: 'Page Person', role: 'admin' }));

    expect((await fetch(link)).status).toBe(410);
    expect((await fetch(link, { method: 'POST', body: '' })).status).toBe(410);
    expect((await fetch(`${s.url}/invitations/${'z'.repeat(43)}`)).status).toBe(404);
  });

  it('station invitations create mails the link from the command line', async () => {
    const { team } = await createMerchant('CLI Invite Co');
    const arrived = smtp.next();
    const { code, out } = await cli(['invitations', 'create', '--team', team.id, '--email', 'cli@example.com', '--json']);
    expect(code).toBe(0);
    const printed = JSON.parse(out);
    expect(printed.invitationSent).toBe(true);
    const token = acceptLinkIn(bodyText((await arrived).raw))![2]!;
    // The command does not listen itself: the link points where the station serving this data dir listens.
    expect(printed.invitation.acceptUrl).toBe(`${s.url}/invitations/${token}`);
  });

  it('answers invitationSent false when the SMTP server refuses the recipient, and keeps the invitation', async () => {
    const { team } = await createMerchant('Refused Co');
    const res = await s.call(`/api/teams/merchants/${team.id}/invitations`, { key: threePl.key, json: { email: 'nobody@refused.example' } });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ invitationSent: false });
    const [invitation] = await (await admin(`/admin/api/teams/${team.id}/invitations`)).json();
    expect(invitation).toMatchObject({ state: 'open', sentAt: null });
    expect(invitation.sendError).toMatch(/Mailbox unavailable|refused|rejected/i);
    // Not mailed: the dashboard shows the link for someone to hand over.
    expect(invitation.acceptUrl).toMatch(new RegExp(`^${s.url}/invitations/[\\w-]{43}$`));
  });

  it('creates the merchant and answers invitationSent false when no SMTP server listens', async () => {
    const closed = await startSmtpServer();
    await closed.stop();
    await configureMail({ port: closed.port });
    const { team, invitationSent } = await createMerchant('Unreachable Co', 'someone@example.com');
    expect(invitationSent).toBe(false);
    const [invitation] = await (await admin(`/admin/api/teams/${team.id}/invitations`)).json();
    expect(invitation).toMatchObject({ email: 'someone@example.com', state: 'open', sentAt: null });
    expect(invitation.sendError).toMatch(/ECONNREFUSED|connect/i);
  });

  it('a newer invitation to the same address replaces the older one', async () => {
    const { team } = await createMerchant('Twice Co');
    const first = smtp.next();
    await s.call(`/api/teams/merchants/${team.id}/invitations`, { key: threePl.key, json: { email: 'twice@example.com' } });
    const oldToken = acceptLinkIn(bodyText((await first).raw))![2]!;
    const second = smtp.next();
    await s.call(`/api/teams/merchants/${team.id}/invitations`, { key: threePl.key, json: { email: 'twice@example.com' } });
    const newToken = acceptLinkIn(bodyText((await second).raw))![2]!;

    expect((await admin('/admin/api/invitations/accept', { json: { token: oldToken, password: PASSWORD } })).status).toBe(410);
    expect((await admin('/admin/api/invitations/accept', { json: { token: newToken, password: PASSWORD } })).status).toBe(200);
  });

  it('an expired invitation cannot be accepted; an unknown token is 404', async () => {
    const { team } = await createMerchant('Late Co');
    const arrived = smtp.next();
    await s.call(`/api/teams/merchants/${team.id}/invitations`, { key: threePl.key, json: { email: 'late@example.com' } });
    const token = acceptLinkIn(bodyText((await arrived).raw))![2]!;
    // Eight days later: move the expiry into the past rather than wait a week.
    s.station.db.prepare("UPDATE invitations SET expires_at = '2000-01-01T00:00:00.000Z' WHERE token_hash = ?").run(hashSecret(token));
    expect((await admin('/admin/api/invitations/accept', { json: { token, password: PASSWORD } })).status).toBe(410);
    expect(listMembers(s.station.db, team.id).map((m) => m.email)).not.toContain('late@example.com');
    expect((await admin('/admin/api/invitations/accept', { json: { token: 'x'.repeat(43), password: PASSWORD } })).status).toBe(404);
  });

  it('invitation expiry is seven days after creation', async () => {
    const { team } = await createMerchant('Week Co');
    await s.call(`/api/teams/merchants/${team.id}/invitations`, { key: threePl.key, json: { email: 'week@example.com' } });
    const [invitation] = await (await admin(`/admin/api/teams/${team.id}/invitations`)).json();
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(7 * 24 * 3600_000);
  });

  it('refuses an invalid email with 400 and an unmanaged merchant with 404', async () => {
    const { team } = await createMerchant('Checks Co');
    expect((await s.call(`/api/teams/merchants/${team.id}/invitations`, { key: threePl.key, json: { email: 'nope' } })).status).toBe(400);
    const other = s.team('Other Mail 3PL', 'three_pl');
    expect((await s.call(`/api/teams/merchants/${team.id}/invitations`, { key: other.key, json: { email: 'a@example.com' } })).status).toBe(404);
  });
});

describe('invitations without mail', () => {
  beforeEach(async () => {
    await admin('/admin/api/settings/mail', { method: 'DELETE' });
  });

  it('records the invitation with invitationSent false; the dashboard shows its link until it is used, and the CLI accepts it', async () => {
    const before = smtp.received.length;
    const res = await admin(`/admin/api/teams/${threePl.team.id}/merchants`, { json: { name: 'Offline Co', email: 'offline@example.com' } });
    expect(res.status).toBe(201);
    const { team, invitationSent, invitation } = await res.json();
    expect(invitationSent).toBe(false);
    expect(smtp.received.length).toBe(before);
    expect(invitation).toMatchObject({ email: 'offline@example.com', state: 'open', sentAt: null, sendError: 'Mail is not configured on this station' });
    expect(invitation.acceptUrl).toMatch(new RegExp(`^${s.url}/invitations/[\\w-]{43}$`));

    // Listed afterwards with its link: someone has to hand it over.
    const [listed] = await (await admin(`/admin/api/teams/${team.id}/invitations`)).json();
    expect(listed).toMatchObject({ id: invitation.id, state: 'open', acceptUrl: invitation.acceptUrl });

    const { code, out } = await cli(['invitations', 'accept', '--token', invitation.acceptUrl, '--name', 'Off Line', '--json'], `${PASSWORD}\n`);
    expect(code).toBe(0);
    const joined = JSON.parse(out);
    expect(joined).toMatchObject({ teamId: team.id, role: 'admin', email: 'offline@example.com', name: 'Off Line' });
    expect(listMembers(s.station.db, team.id)).toContainEqual(expect.objectContaining({ id: joined.userId, role: 'admin' }));
    const [after] = await (await admin(`/admin/api/teams/${team.id}/invitations`)).json();
    expect(after).toMatchObject({ state: 'accepted', acceptUrl: null, acceptedBy: joined.userId });
  });

  it('the public API answers only {team, invitationSent}: a 3PL key never sees the link', async () => {
    const res = await s.call('/api/teams/merchants', { key: threePl.key, json: { name: 'Keyed Co', email: 'keyed@example.com' } });
    expect(res.status).toBe(201);
    expect(Object.keys(await res.json()).sort()).toEqual(['invitationSent', 'team']);
  });
});
