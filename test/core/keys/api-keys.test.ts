import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../main/core/foundations/db/open';
import { createHooks } from '../../../main/core/features/hooks';
import { StationError } from '../../../main/core/foundations/errors';
import { KEY_PATTERN, checkApiKey, createApiKey, hashSecret, revokeKey } from '../../../main/core/features/keys/service';
import { listApiKeys } from '../../../main/core/features/keys/store';
import { createTeam } from '../../../main/core/features/teams/service';

let dir: string;
let db: Db;
let teamId: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'station-keys-'));
  db = openDatabase(dir);
  teamId = db.transaction(() => createTeam(db, createHooks(), { name: 'Key Shop', type: 'standard' }).team.id)();
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('API keys', () => {
  it('a new key is ops_ + 43 base64url characters (32 random bytes), different every time', () => {
    const a = createApiKey(db, teamId, 'a').secret;
    const b = createApiKey(db, teamId, 'b').secret;
    expect(a).toMatch(KEY_PATTERN);
    expect(b).toMatch(KEY_PATTERN);
    expect(a).not.toBe(b);
  });

  it('only the SHA-256 of the secret is stored, with a 12-character display prefix', () => {
    const { key, secret } = createApiKey(db, teamId, 'stored');
    const row = db.prepare('SELECT * FROM api_keys WHERE id = ?').get(key.id) as Record<string, unknown>;
    expect(row.secret_hash).toBe(hashSecret(secret));
    expect(row.prefix).toBe(secret.slice(0, 12));
    expect(Object.values(row)).not.toContain(secret);
  });

  it('checkApiKey tells missing, malformed, unknown, revoked and valid apart', () => {
    const { key, secret } = createApiKey(db, teamId, 'check');
    expect(checkApiKey(db, undefined)).toEqual({ ok: false, reason: 'missing' });
    expect(checkApiKey(db, 'Bearer xyz')).toEqual({ ok: false, reason: 'malformed' });
    expect(checkApiKey(db, `ops_${'Z'.repeat(43)}`)).toEqual({ ok: false, reason: 'unknown' });
    expect(checkApiKey(db, secret)).toMatchObject({ ok: true, key: { id: key.id, team_id: teamId } });
    revokeKey(db, key.id);
    expect(checkApiKey(db, secret)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('a key name has 1 to 100 characters, trimmed', () => {
    expect(() => createApiKey(db, teamId, '   ')).toThrow(StationError);
    expect(() => createApiKey(db, teamId, 'n'.repeat(101))).toThrow(StationError);
    expect(createApiKey(db, teamId, '  spaced  ').key.name).toBe('spaced');
  });

  it('a key needs an existing team', () => {
    expect(() => createApiKey(db, 'no-such-team', 'x')).toThrow(/No team/);
  });

  it('revoking twice keeps the first revocation time; an unknown key is not found', () => {
    const { key } = createApiKey(db, teamId, 'twice');
    const first = revokeKey(db, key.id).revokedAt;
    expect(first).not.toBeNull();
    expect(revokeKey(db, key.id).revokedAt).toBe(first);
    expect(() => revokeKey(db, 'no-such-key')).toThrow(/No API key/);
  });

  it('keys are listed per team or all together, oldest first', () => {
    const other = db.transaction(() => createTeam(db, createHooks(), { name: 'Other Key Shop', type: 'standard' }).team.id)();
    createApiKey(db, other, 'other-1');
    expect(listApiKeys(db, other).map((k) => k.name)).toEqual(['other-1']);
    expect(listApiKeys(db).length).toBeGreaterThan(listApiKeys(db, teamId).length);
  });
});
