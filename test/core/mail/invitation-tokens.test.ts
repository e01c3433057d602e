import Database from 'better-sqlite3';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { hashSecret } from '../../../main/core/features/keys/service';
import { listMembers } from '../../../main/core/features/teams/people-store';
import { PASSWORD } from '../people/people-helpers';
import { bodyText } from './smtp-server';

import { acceptLinkIn, admin, cli, configureMail, createMerchant, s, smtp, useMailStation } from './mail-station';

useMailStation();

describe('invitation tokens stored hashed', () => {
  beforeEach(async () => {
    await admin('/admin/api/settings/mail', { method: 'DELETE' });
  });

  async function inviteByDashboard(teamId: string, email: string) {
    const res = await admin(`/admin/api/teams/${teamId}/invitations`, { json: { email } });
    expect(res.status).toBe(201);
    const { invitation } = await res.json();
    const link: string = invitation.acceptUrl;
    return { id: invitation.id as string, link, token: acceptLinkIn(link)![2]! };
  }

  /** The names of the data dir's files that hold `text` (station.db, its WAL…). */
  const filesHolding = (text: string) =>
    readdirSync(s.dataDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && readFileSync(join(entry.parentPath, entry.name)).includes(Buffer.from(text)))
      .map((entry) => entry.name);

  it('a mailed invitation keeps only the SHA-256 of its token: not in the invitations table, nowhere in the files', async () => {
    await configureMail();
    const { team } = await createMerchant('Hashed Co');
    const arrived = smtp.next();
    const res = await admin(`/admin/api/teams/${team.id}/invitations`, { json: { email: 'hashed@example.com' } });
    const { invitation, invitationSent } = await res.json();
    expect(invitationSent).toBe(true);
    const token = acceptLinkIn(bodyText((await arrived).raw))![2]!;

    const reader = new Database(join(s.dataDir, 'station.db'), { readonly: true });
    try {
      const rows = reader.prepare('SELECT * FROM invitations').all();
      expect(rows.length).toBeGreaterThan(0);
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(reader.prepare('SELECT token_hash, handover_token FROM invitations WHERE id = ?').get(invitation.id)).toEqual({
        token_hash: hashSecret(token),
        handover_token: null,
      });
    } finally {
      reader.close();
    }
    expect(filesHolding(token)).toEqual([]);
    const [listed] = await (await admin(`/admin/api/teams/${team.id}/invitations`)).json();
    expect(listed).toMatchObject({ id: invitation.id, state: 'open', acceptUrl: null });
  });

  it('the link from the answer opens the page and accepts once', async () => {
    const { team } = await createMerchant('Once Co');
    const { link, token } = await inviteByDashboard(team.id, 'once@example.com');
    expect((await fetch(link)).status).toBe(200);
    const posted = await fetch(link, { method: 'POST', body: new URLSearchParams({ name: 'Once Only', password: PASSWORD, confirm: PASSWORD }), redirect: 'manual' });
    expect(posted.status).toBe(303);
    expect(listMembers(s.station.db, team.id)).toContainEqual(expect.objectContaining({ email: 'once@example.com', role: 'admin' }));
    expect((await fetch(link, { method: 'POST', body: '' })).status).toBe(410);
    expect((await admin('/admin/api/invitations/accept', { json: { token, password: PASSWORD } })).status).toBe(410);
  });

  it('an unmailed link is listed until it is used: dashboard, invitation lookup and the CLI list; then it is gone', async () => {
    const { team } = await createMerchant('Listed Co');
    const { id, link, token } = await inviteByDashboard(team.id, 'listed@example.com');

    const listed = await (await admin(`/admin/api/teams/${team.id}/invitations`)).json();
    expect(listed).toEqual([expect.objectContaining({ id, email: 'listed@example.com', state: 'open', acceptUrl: link })]);
    expect(s.station.services.invitations.findByToken(token)).toMatchObject({ state: 'open', acceptUrl: link, teamName: 'Listed Co' });
    const json = await cli(['invitations', 'list', '--team', team.id, '--json']);
    expect(JSON.parse(json.out)).toEqual([expect.objectContaining({ email: 'listed@example.com', acceptUrl: link })]);
    expect((await cli(['invitations', 'list', '--team', team.id])).out).toContain(`not mailed, hand over: ${link}`);

    expect((await admin('/admin/api/invitations/accept', { json: { token, name: 'Listed', password: PASSWORD } })).status).toBe(200);
    const [accepted] = await (await admin(`/admin/api/teams/${team.id}/invitations`)).json();
    expect(accepted).toMatchObject({ id, state: 'accepted', acceptUrl: null });
    const reader = new Database(join(s.dataDir, 'station.db'), { readonly: true });
    try {
      expect(reader.prepare('SELECT handover_token FROM invitations WHERE id = ?').get(id)).toEqual({ handover_token: null });
    } finally {
      reader.close();
    }
    const text = await cli(['invitations', 'list', '--team', team.id]);
    expect(text.out).not.toContain('/invitations/');
  });

  it('inviting the same address again gives a new link that works; the old one is replaced', async () => {
    const { team } = await createMerchant('Again Co');
    const first = await inviteByDashboard(team.id, 'again@example.com');
    const second = await inviteByDashboard(team.id, 'again@example.com');
    expect(second.token).not.toBe(first.token);
    expect((await fetch(first.link)).status).toBe(410);
    expect((await admin('/admin/api/invitations/accept', { json: { token: second.token, password: PASSWORD } })).status).toBe(200);
  });
});
