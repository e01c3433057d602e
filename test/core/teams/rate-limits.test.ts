import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTeam } from '../../../main/core/features/teams/store';
import { startStation, type RunningStation } from '../../helpers/station';
import { bodyText, startSmtpServer, type TestSmtpServer } from '../mail/smtp-server';

describe('a 3PL key and the operator’s mail server', { timeout: 60_000 }, () => {
  let s: RunningStation;
  let smtp: TestSmtpServer;
  let dataDir: string;
  const admin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    s.call(path, { ...init, headers: { Authorization: `Bearer ${s.station.services.adminSessions.createSessionToken()}` } });
  beforeAll(async () => {
    smtp = await startSmtpServer();
    dataDir = mkdtempSync(join(tmpdir(), 'station-outbox-'));
    s = await startStation({ dataDir });
    const mail = { host: '127.0.0.1', port: smtp.port, secure: false, user: 'station', password: 's3cret', from: 'Print Station <station@example.com>' };
    expect((await admin('/admin/api/settings/mail', { method: 'PUT', json: mail })).status).toBe(200);
  });
  afterAll(async () => {
    await s.stop();
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates every merchant of a 200-merchant run; invitation mails past the hourly budget wait in the outbox, survive a restart and go out as it frees', async () => {
    expect(await (await admin('/admin/api/settings/limits')).json()).toEqual({ invitationsPerHour: 30 });
    expect((await admin('/admin/api/settings/limits', { method: 'PUT', json: { invitationsPerHour: 0 } })).status).toBe(400);
    expect((await admin('/admin/api/settings/limits', { method: 'PUT', json: { invitationsPerHour: 5 } })).status).toBe(200);
    const mover = s.team('Moving 3PL', 'three_pl');
    const other = s.team('Calm 3PL', 'three_pl');
    const mailed = () => smtp.received.filter((mail) => mail.to[0]!.endsWith('@moving.example')).length;
    const answers: boolean[] = [];
    for (let i = 0; i < 200; i++) {
      const created = await s.call('/api/teams/merchants', { key: mover.key, json: { name: `Shop ${i}`, email: `owner${i}@moving.example` } });
      expect(created.status).toBe(201);
      answers.push(((await created.json()) as { invitationSent: boolean }).invitationSent);
    }
    expect(answers.filter(Boolean)).toHaveLength(5);
    expect(mailed()).toBe(5);
    const merchants = s.station.db.prepare('SELECT COUNT(*) FROM teams WHERE parent_team_id = ?').pluck().get(mover.team.id);
    expect(merchants).toBe(200);
    // Another 3PL keeps its own budget.
    const calm = await s.call('/api/teams/merchants', { key: other.key, json: { name: 'Calm shop', email: 'owner@calm.example' } });
    expect(await calm.json()).toMatchObject({ invitationSent: true });

    // The dashboard says why a mail waits, and keeps its link to hand over meanwhile.
    const waiting = s.station.db.prepare("SELECT id FROM teams WHERE parent_team_id = ? AND name = 'Shop 199'").pluck().get(mover.team.id) as string;
    const [invitation] = (await (await admin(`/admin/api/teams/${waiting}/invitations`)).json()) as { mailQueued: boolean; sendError: string; acceptUrl: string | null }[];
    expect(invitation).toMatchObject({ mailQueued: true, sendError: expect.stringMatching(/^Waiting in the outbox for the 3PL team's hourly mail budget \(5 an hour\); it goes out from /) });
    expect(invitation!.acceptUrl).toMatch(/\/invitations\/[\w-]{43}$/);

    // A restart keeps the outbox: it is the invitations table.
    await s.stop();
    s = await startStation({ dataDir });
    expect(await s.station.services.invitations.drainOutbox(() => 5)).toBe(0);
    // The budget frees (here: raised); what the station's minute timer runs sends the rest, once.
    expect((await admin('/admin/api/settings/limits', { method: 'PUT', json: { invitationsPerHour: 500 } })).status).toBe(200);
    expect(await s.station.services.invitations.drainOutbox(() => 500)).toBe(195);
    expect(mailed()).toBe(200);
    expect(await s.station.services.invitations.drainOutbox(() => 500)).toBe(0);
    const [sent] = (await (await admin(`/admin/api/teams/${waiting}/invitations`)).json()) as { mailQueued: boolean; sentAt: string | null; acceptUrl: string | null }[];
    expect(sent).toMatchObject({ mailQueued: false, acceptUrl: null });
    expect(sent!.sentAt).not.toBeNull();
  });

  it('a name with line breaks is kept to one line: in the team and in the invitation mail', async () => {
    const threePl = s.team('Lines 3PL', 'three_pl');
    const arrived = smtp.next();
    const res = await s.call('/api/teams/merchants', { key: threePl.key, json: { name: 'Shop\r\nBcc: victim@example.com\r\n\r\nClick here', email: 'owner@lines.example' } });
    expect(res.status).toBe(201);
    const { team } = (await res.json()) as { team: { id: string; name: string } };
    expect(team.name).toBe('Shop Bcc: victim@example.com Click here');
    expect(getTeam(s.station.db, team.id)!.name).toBe('Shop Bcc: victim@example.com Click here');
    const mail = await arrived;
    expect(mail.to).toEqual(['owner@lines.example']);
    expect(bodyText(mail.raw).split(/\r?\n/).some((line) => line.startsWith('Bcc:'))).toBe(false);
  });
});
