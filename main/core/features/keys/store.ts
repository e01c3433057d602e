import type { Db } from '../../foundations/db/open';
import { statement } from '../../foundations/db/statements';

export interface ApiKeyRow {
  id: string;
  team_id: string;
  name: string;
  prefix: string;
  secret_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export function insertApiKey(db: Db, key: ApiKeyRow): void {
  statement(db, 
    `INSERT INTO api_keys (id, team_id, name, prefix, secret_hash, created_at, last_used_at, revoked_at)
     VALUES (@id, @team_id, @name, @prefix, @secret_hash, @created_at, @last_used_at, @revoked_at)`,
  ).run(key);
}

export function findApiKeyByHash(db: Db, secretHash: string): ApiKeyRow | undefined {
  return statement(db, 'SELECT * FROM api_keys WHERE secret_hash = ?').get(secretHash) as ApiKeyRow | undefined;
}

export function listApiKeys(db: Db, teamId?: string): ApiKeyRow[] {
  return teamId
    ? (statement(db, 'SELECT * FROM api_keys WHERE team_id = ? ORDER BY created_at').all(teamId) as ApiKeyRow[])
    : (statement(db, 'SELECT * FROM api_keys ORDER BY created_at').all() as ApiKeyRow[]);
}

export function revokeApiKey(db: Db, id: string, at: string): boolean {
  return statement(db, 'UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(at, id).changes === 1;
}

export function getApiKey(db: Db, id: string): ApiKeyRow | undefined {
  return statement(db, 'SELECT * FROM api_keys WHERE id = ?').get(id) as ApiKeyRow | undefined;
}

export function touchApiKey(db: Db, id: string, at: string): void {
  statement(db, 'UPDATE api_keys SET last_used_at = ? WHERE id = ?').run(at, id);
}
