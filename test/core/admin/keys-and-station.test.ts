import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../../helpers/station';
import { adminClient } from './admin-helpers';

let running: RunningStation;
let admin: ReturnType<typeof adminClient>;
beforeEach(async () => {
  running = await startStation();
  admin = adminClient(running);
});
afterEach(() => running.stop());

describe('dashboard API keys', () => {
  it('creates a key whose secret works once shown, lists it without the secret, and revokes it', async () => {
    const { team } = running.team('Shop');
    const created = await admin.call('/admin/api/keys', { json: { teamId: team.id, name: 'WMS' } });
    expect(created.status).toBe(201);
    const { key, secret } = await created.json();
    expect(secret).toMatch(/^ops_/);
    expect((await running.call('/api/auth/whoami', { key: secret })).status).toBe(200);

    const list = await (await admin.call('/admin/api/keys')).json();
    const listed = list.find((k: { id: string }) => k.id === key.id);
    expect(listed).toMatchObject({ name: 'WMS', teamName: 'Shop', revokedAt: null });
    expect(JSON.stringify(list)).not.toContain(secret);

    const revoked = await (await admin.call(`/admin/api/keys/${key.id}/revoke`, { method: 'POST' })).json();
    expect(revoked.revokedAt).not.toBeNull();
    expect((await running.call('/api/auth/whoami', { key: secret })).status).toBe(401);
  });

  it('refuses a key without a name', async () => {
    const { team } = running.team('Shop');
    const response = await admin.call('/admin/api/keys', { json: { teamId: team.id, name: ' ' } });
    expect(response.status).toBe(400);
    expect((await response.json()).error.details[0].path).toBe('name');
  });
});

describe('dashboard station info', () => {
  it('shows the address the station listens on, its data folder and its teams', async () => {
    const { team } = running.team('Shop');
    const info = await (await admin.call('/admin/api/station')).json();
    const port = Number(new URL(running.url).port);
    expect(info).toMatchObject({ url: running.url, host: '127.0.0.1', port, apiBaseUrl: `${running.url}/api`, dataDir: running.dataDir });
    expect(info.teams).toEqual([expect.objectContaining({ id: team.id, name: 'Shop', type: 'standard' })]);
  });
});
