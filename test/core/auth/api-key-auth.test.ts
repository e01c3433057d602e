import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { revokeKey } from '../../../main/core/features/keys/service';
import { sampleOrder, startStation, type RunningStation } from '../../helpers/station';

let s: RunningStation;

beforeAll(async () => {
  // No print queue worker: these tests are about ingestion, not printing.
  s = await startStation({ background: false });
});
afterAll(() => s.stop());

async function expect401(init: { key?: string; headers?: Record<string, string> }) {
  for (const [path, json] of [['/api/orders', sampleOrder('auth-1')], ['/api/auth/whoami', undefined]] as const) {
    const res = await s.call(path, { ...init, json });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  }
  expect(s.station.db.prepare("SELECT COUNT(*) AS n FROM order_sources WHERE source_id = 'auth-1'").get()).toEqual({ n: 0 });
}

describe('X-API-Key authentication', () => {
  it('a missing key is 401', async () => {
    await expect401({});
  });

  it('an empty key is 401', async () => {
    await expect401({ headers: { 'X-API-Key': '' } });
  });

  it('a malformed key is 401', async () => {
    await expect401({ key: 'not-a-key' });
    await expect401({ key: `ops_${'a'.repeat(42)}!` });
  });

  it('an unknown key of the right shape is 401', async () => {
    await expect401({ key: `ops_${'A'.repeat(43)}` });
  });

  it('a revoked key is 401 from the next request on', async () => {
    const { key, keyId } = s.team('Revoked Shop');
    expect((await s.call('/api/auth/whoami', { key })).status).toBe(200);
    revokeKey(s.station.db, keyId);
    await expect401({ key });
  });

  it('the key of another header name or as a bearer token is not accepted', async () => {
    const { key } = s.team('Header Shop');
    await expect401({ headers: { Authorization: `Bearer ${key}` } });
  });

  it('the header name is case-insensitive', async () => {
    const { key } = s.team('Case Shop');
    expect((await s.call('/api/auth/whoami', { headers: { 'x-api-key': key } })).status).toBe(200);
  });

  it('only the hash of a key is stored, and last_used_at is recorded', async () => {
    const { key, keyId } = s.team('Hash Shop');
    await s.call('/api/auth/whoami', { key });
    const row = s.station.db.prepare('SELECT * FROM api_keys WHERE id = ?').get(keyId) as Record<string, string>;
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.last_used_at).toMatch(/^\d{4}-/);
  });

  it('last_used_at is written at most once a minute per key', async () => {
    const { key, keyId } = s.team('Busy Shop');
    const lastUsed = () => (s.station.db.prepare('SELECT last_used_at FROM api_keys WHERE id = ?').get(keyId) as { last_used_at: string | null }).last_used_at;
    await s.call('/api/auth/whoami', { key });
    expect(lastUsed()).toMatch(/^\d{4}-/);
    // A marker the station would overwrite on its next write.
    const marker = '2000-01-01T00:00:00.000Z';
    s.station.db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?').run(marker, keyId);
    for (let i = 0; i < 5; i++) expect((await s.call('/api/auth/whoami', { key })).status).toBe(200);
    expect(lastUsed()).toBe(marker);
    // A minute later (only the clock moves: the station runs in this process) the next call writes.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      await s.call('/api/auth/whoami', { key });
      expect(Date.parse(lastUsed()!)).toBeGreaterThan(Date.parse(marker));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('GET /api/auth/whoami', () => {
  it('answers the identity of the key: api-key, team id and slug, version from package.json', async () => {
    const { readFileSync } = await import('node:fs');
    const version = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
    const { team, key } = s.team('Who Am I');
    const res = await s.call('/api/auth/whoami', { key });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ authMethod: 'api-key', teamId: team.id, teamSlug: 'who-am-i', version });
  });

  it('for a 3PL key it is the parent team, never a merchant', async () => {
    const parent = s.team('Whoami 3PL', 'three_pl');
    s.team('Whoami Merchant', 'merchant', parent.team);
    const body = (await (await s.call('/api/auth/whoami', { key: parent.key })).json()) as { teamId: string; teamSlug: string };
    expect(body.teamId).toBe(parent.team.id);
    expect(body.teamSlug).toBe(parent.team.slug);
  });

  it("for a merchant's own key it is the merchant", async () => {
    const parent = s.team('Whoami 3PL 2', 'three_pl');
    const merchant = s.team('Whoami Merchant 2', 'merchant', parent.team);
    const body = (await (await s.call('/api/auth/whoami', { key: merchant.key })).json()) as { teamId: string };
    expect(body.teamId).toBe(merchant.team.id);
  });
});
