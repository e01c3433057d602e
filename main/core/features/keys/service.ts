import type { ApiKeyView, CreatedKey } from './answers';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../foundations/db/open';
import { newId, nowIso } from '../../foundations/ids';
import { badRequest, notFound } from '../../foundations/errors';
import { getTeam } from '../teams/store';
import { hashSecret } from '../../foundations/hash-secret';
import { findApiKeyByHash, getApiKey, insertApiKey, revokeApiKey, type ApiKeyRow } from './store';

/** `ops_` + 43 base64url characters (32 random bytes). The prefix makes a leaked key recognisable. */
export const KEY_PATTERN = /^ops_[A-Za-z0-9_-]{43}$/;
const DISPLAY_PREFIX_LENGTH = 12;

export { hashSecret };

export type { ApiKeyView, CreatedKey } from './answers';

export const apiKeyView = (row: ApiKeyRow): ApiKeyView => ({
  id: row.id,
  teamId: row.team_id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
});

export function createApiKey(db: Db, teamId: string, name: string): CreatedKey {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > 100) throw badRequest('A key name has 1 to 100 characters');
  if (!getTeam(db, teamId)) throw notFound(`No team ${teamId}`);
  const secret = `ops_${randomBytes(32).toString('base64url')}`;
  const row: ApiKeyRow = {
    id: newId(),
    team_id: teamId,
    name: trimmed,
    prefix: secret.slice(0, DISPLAY_PREFIX_LENGTH),
    secret_hash: hashSecret(secret),
    created_at: nowIso(),
    last_used_at: null,
    revoked_at: null,
  };
  insertApiKey(db, row);
  return { key: apiKeyView(row), secret };
}

export function revokeKey(db: Db, id: string): ApiKeyView {
  const row = getApiKey(db, id);
  if (!row) throw notFound(`No API key ${id}`);
  revokeApiKey(db, id, nowIso());
  return apiKeyView(getApiKey(db, id)!);
}

export type KeyCheck = { ok: true; key: ApiKeyRow } | { ok: false; reason: 'missing' | 'malformed' | 'unknown' | 'revoked' };

/**
 * Looks a presented secret up by its hash, then compares the hashes in constant time so
 * the answer's timing does not depend on how much of a guess was right.
 */
export function checkApiKey(db: Db, presented: string | undefined): KeyCheck {
  if (!presented) return { ok: false, reason: 'missing' };
  if (!KEY_PATTERN.test(presented)) return { ok: false, reason: 'malformed' };
  const hash = hashSecret(presented);
  const row = findApiKeyByHash(db, hash);
  if (!row || !timingSafeEqual(Buffer.from(row.secret_hash, 'hex'), Buffer.from(hash, 'hex'))) {
    return { ok: false, reason: 'unknown' };
  }
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  return { ok: true, key: row };
}
