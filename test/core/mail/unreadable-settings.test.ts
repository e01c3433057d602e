import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../../helpers/station';

/**
 * settings.json is a file a person can edit by hand. When it cannot be read, mail cannot
 * go out, but a merchant the request already created must not turn into a 500 (a retry
 * would create it twice): the answer is 201 with invitationSent false.
 */
let dataDir: string;
let s: RunningStation;
let session: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'station-bad-settings-'));
  writeFileSync(join(dataDir, 'settings.json'), '{not json');
  s = await startStation({ dataDir });
  session = s.station.services.adminSessions.createSessionToken();
});
afterAll(async () => {
  await s.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('an unreadable settings.json', () => {
  it('creating a merchant with an email answers 201 with invitationSent false, and the invitation says why', async () => {
    const threePl = s.team('Broken Settings 3PL', 'three_pl');
    const res = await s.call('/api/teams/merchants', { key: threePl.key, json: { name: 'Still Created Co', email: 'owner@still.example' } });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { team: { id: string; name: string }; invitationSent: boolean };
    expect(body).toMatchObject({ team: { name: 'Still Created Co' }, invitationSent: false });

    const listed = await s.call(`/admin/api/teams/${body.team.id}/invitations`, { headers: { Authorization: `Bearer ${session}` } });
    const [invitation] = (await listed.json()) as { email: string; state: string; sentAt: string | null; sendError: string }[];
    expect(invitation).toMatchObject({ email: 'owner@still.example', state: 'open', sentAt: null });
    expect(invitation!.sendError).toMatch(/settings\.json is not valid JSON/);
  });

  it('inviting through the dashboard answers 201 with the link to hand over, on the address the station listens on', async () => {
    const threePl = s.team('Broken Settings Dashboard 3PL', 'three_pl');
    const created = await s.call(`/api/teams/merchants`, { key: threePl.key, json: { name: 'Dashboard Invite Co' } });
    const { team } = (await created.json()) as { team: { id: string } };
    const res = await s.call(`/admin/api/teams/${team.id}/invitations`, { headers: { Authorization: `Bearer ${session}` }, json: { email: 'admin@dash.example' } });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { invitationSent: boolean; invitation: { acceptUrl: string } };
    expect(body.invitationSent).toBe(false);
    expect(body.invitation.acceptUrl).toMatch(new RegExp(`^${s.url}/invitations/[\\w-]{43}$`));
  });

  it('the mail settings page says which file cannot be read and overwrites nothing', async () => {
    const admin = (path: string, init: RequestInit & { json?: unknown } = {}) => s.call(path, { ...init, headers: { Authorization: `Bearer ${session}` } });
    const read = await admin('/admin/api/settings/mail');
    expect(read.status).toBe(409);
    const body = (await read.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('settings_unreadable');
    expect(body.error.message).toContain(join(dataDir, 'settings.json'));
    expect(body.error.message).toMatch(/not valid JSON.*fix or delete it/);

    const write = await admin('/admin/api/settings/mail', { method: 'PUT', json: { host: 'smtp.example.com', port: 587, secure: false, from: 'station@example.com' } });
    expect(write.status).toBe(409);
    expect((await admin('/admin/api/settings/mail', { method: 'DELETE' })).status).toBe(409);
    expect(readFileSync(join(dataDir, 'settings.json'), 'utf8')).toBe('{not json');

    const test = await admin('/admin/api/settings/mail/test', { method: 'POST', json: { to: 'ops@example.com' } });
    expect(test.status).toBe(409);
    expect(await test.json()).toMatchObject({ error: { code: 'settings_unreadable' } });
  });
});
