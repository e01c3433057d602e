import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../../helpers/station';

/** Dashboard sessions as an attacker on the same machine or a web page would try them. */
let s: RunningStation;
beforeAll(async () => {
  s = await startStation();
});
afterAll(() => s.stop());

const sessions = () => s.station.services.adminSessions;
const asSession = (token: string, path: string, init: RequestInit = {}) =>
  s.call(path, { ...init, headers: { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });

/** A raw HTTP request, so the Host and Origin headers are exactly what a browser on another site would send. */
function raw(path: string, headers: Record<string, string>, method = 'GET'): Promise<{ status: number; body: string }> {
  const { port } = new URL(s.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('signing out', () => {
  it('DELETE /admin/api/session revokes the session on the station, not only in the browser', async () => {
    const token = sessions().createSessionToken('browser');
    expect((await asSession(token, '/admin/api/station')).status).toBe(200);
    expect((await asSession(token, '/admin/api/session', { method: 'DELETE' })).status).toBe(204);
    const after = await asSession(token, '/admin/api/station');
    expect(after.status).toBe(401);
    expect((await after.json()).error.message).toMatch(/station login/);
  });

  it('lists the sessions and revokes another one by id', async () => {
    const mine = sessions().createSessionToken('desktop window');
    const other = sessions().createSessionToken('Chrome 131 on Linux');
    await asSession(other, '/admin/api/station');
    const listed = (await (await asSession(mine, '/admin/api/sessions')).json()) as Array<{ id: string; label: string; current: boolean; lastUsedAt: string | null }>;
    const current = listed.find((session) => session.current)!;
    expect(current.label).toBe('desktop window');
    const victim = listed.find((session) => session.label === 'Chrome 131 on Linux')!;
    expect(victim.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(other);
    expect((await asSession(mine, `/admin/api/sessions/${victim.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await asSession(other, '/admin/api/station')).status).toBe(401);
    expect((await asSession(mine, `/admin/api/sessions/${victim.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('login links', () => {
  const exchange = (loginToken: string) =>
    s.call('/admin/api/session', { method: 'POST', body: JSON.stringify({ loginToken }), headers: { 'Content-Type': 'application/json' } });
  /** Moves the login token's creation and expiry back as if `minutes` had passed. */
  const ageLogin = (loginToken: string, minutes: number) => {
    const row = s.station.db.prepare("SELECT id, created_at FROM admin_tokens WHERE kind = 'login' ORDER BY rowid DESC LIMIT 1").get() as { id: string; created_at: string };
    const shift = minutes * 60_000;
    s.station.db
      .prepare('UPDATE admin_tokens SET created_at = ?, expires_at = ? WHERE id = ?')
      .run(new Date(Date.parse(row.created_at) - shift).toISOString(), new Date(Date.parse(row.created_at) - shift + 15 * 60_000).toISOString(), row.id);
    return loginToken;
  };

  it('a login link works once within 15 minutes and not after', async () => {
    const fresh = ageLogin(sessions().createLoginToken(), 14.9);
    expect((await exchange(fresh)).status).toBe(201);
    const stale = ageLogin(sessions().createLoginToken(), 15.1);
    const refused = await exchange(stale);
    expect(refused.status).toBe(401);
    expect(s.station.db.prepare("SELECT used_at FROM admin_tokens WHERE kind = 'login' ORDER BY rowid DESC LIMIT 1").get()).toEqual({ used_at: null });
  });
});

describe('session lifetimes', () => {
  const age = (token: string, column: 'last_used_at' | 'created_at', hoursAgo: number) => {
    const id = sessions().touch(token)!.sessionId;
    s.station.db.prepare(`UPDATE admin_tokens SET ${column} = ? WHERE id = ?`).run(new Date(Date.now() - hoursAgo * 3600_000).toISOString(), id);
  };

  it('a session unused for longer than the idle limit (12 h by default) has ended', async () => {
    const idle = sessions().createSessionToken('browser');
    age(idle, 'last_used_at', 11.9);
    expect((await asSession(idle, '/admin/api/station')).status).toBe(200);
    age(idle, 'last_used_at', 12.1);
    expect((await asSession(idle, '/admin/api/station')).status).toBe(401);
  });

  it('a session in use ends at the absolute limit (7 days by default); both limits are settings', async () => {
    const admin = sessions().createSessionToken('browser');
    const old = sessions().createSessionToken('browser');
    age(old, 'created_at', 24 * 7 + 1);
    expect((await asSession(old, '/admin/api/station')).status).toBe(401);
    const set = await asSession(admin, '/admin/api/settings/sessions', { method: 'PUT', body: JSON.stringify({ idleHours: 1, absoluteHours: 48 }), headers: { 'Content-Type': 'application/json' } });
    expect(await set.json()).toEqual({ idleHours: 1, absoluteHours: 48, benchIdleMinutes: 15 });
    const shortIdle = sessions().createSessionToken('browser');
    age(shortIdle, 'last_used_at', 1.1);
    expect((await asSession(shortIdle, '/admin/api/station')).status).toBe(401);
    const bad = await asSession(admin, '/admin/api/settings/sessions', { method: 'PUT', body: JSON.stringify({ idleHours: 0, absoluteHours: 48 }), headers: { 'Content-Type': 'application/json' } });
    expect(bad.status).toBe(400);
    await asSession(admin, '/admin/api/settings/sessions', { method: 'PUT', body: JSON.stringify({ idleHours: 12, absoluteHours: 168 }), headers: { 'Content-Type': 'application/json' } });
  });
});

describe('where a session token is accepted', () => {
  it('?session= works on the event stream only', async () => {
    const token = sessions().createSessionToken('browser');
    expect((await s.call(`/admin/api/station?session=${token}`)).status).toBe(401);
    const controller = new AbortController();
    const stream = await s.call(`/admin/api/events?session=${token}`, { signal: controller.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    controller.abort();
  });

  it('admin routes answer only the station’s own names (no DNS rebinding); the API answers any', async () => {
    const token = sessions().createSessionToken('browser');
    const { port } = new URL(s.url);
    const foreign = await raw('/admin/api/station', { host: `rebind.attacker.example:${port}`, authorization: `Bearer ${token}` });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body).error.code).toBe('host_not_allowed');
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect((await raw('/admin/api/station', { host, authorization: `Bearer ${token}` })).status, host).toBe(200);
    }
    const { key } = s.team('Any host');
    expect((await raw('/api/auth/whoami', { host: 'print-station.wms.example', 'x-api-key': key })).status).toBe(200);
  });

  it('an admin can add a name the dashboard answers for', async () => {
    const token = sessions().createSessionToken('browser');
    const { port } = new URL(s.url);
    const put = await asSession(token, '/admin/api/settings/network', { method: 'PUT', body: JSON.stringify({ imageHostsAllowed: [], dashboardHosts: ['Packing-3.Example.LAN'] }), headers: { 'Content-Type': 'application/json' } });
    expect((await put.json()).dashboardHosts).toEqual(['packing-3.example.lan']);
    expect((await raw('/admin/api/station', { host: `packing-3.example.lan:${port}`, authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it('refuses a state-changing call from another origin, even with a valid session', async () => {
    const token = sessions().createSessionToken('browser');
    const { port } = new URL(s.url);
    const headers = { host: `127.0.0.1:${port}`, authorization: `Bearer ${token}` };
    const forged = await raw('/admin/api/session', { ...headers, origin: 'https://attacker.example' }, 'DELETE');
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.body).error.code).toBe('origin_not_allowed');
    expect((await asSession(token, '/admin/api/station')).status).toBe(200);
    expect((await raw('/admin/api/session', { ...headers, origin: `http://127.0.0.1:${port}` }, 'DELETE')).status).toBe(204);
  });
});
