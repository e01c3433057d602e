import type { Db } from '../../foundations/db/open';
import { statement } from '../../foundations/db/statements';

/** A dashboard token as stored: only its hash (sessions/sessions.ts). */
export interface TokenRow {
  id: string;
  label: string | null;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
}

export function insertAdminToken(db: Db, row: { tokenHash: string; id: string; kind: 'login' | 'session'; label: string | null; createdAt: string; expiresAt: string }): void {
  statement(db, 'INSERT INTO admin_tokens (token_hash, id, kind, label, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)').run(
    row.tokenHash,
    row.id,
    row.kind,
    row.label,
    row.createdAt,
    row.expiresAt,
  );
}

/** A session not expired, created after `createdAfter` and last used (or created) after `usedAfter`. */
export function findLiveSession(db: Db, tokenHash: string, times: { now: string; createdAfter: string; usedAfter: string }): (TokenRow & { token_hash: string }) | undefined {
  return statement(
    db,
    `SELECT token_hash, id, label, created_at, expires_at, last_used_at FROM admin_tokens
     WHERE token_hash = ? AND kind = 'session' AND expires_at > ? AND created_at > ? AND COALESCE(last_used_at, created_at) > ?`,
  ).get(tokenHash, times.now, times.createdAfter, times.usedAfter) as (TokenRow & { token_hash: string }) | undefined;
}

export function touchAdminToken(db: Db, tokenHash: string, at: string): void {
  statement(db, 'UPDATE admin_tokens SET last_used_at = ? WHERE token_hash = ?').run(at, tokenHash);
}

/** Marks an unused, unexpired login token used: true for the one call that did. */
export function useLoginToken(db: Db, tokenHash: string, now: string): boolean {
  return statement(db, "UPDATE admin_tokens SET used_at = ? WHERE token_hash = ? AND kind = 'login' AND used_at IS NULL AND expires_at > ?").run(now, tokenHash, now).changes === 1;
}

export function listSessionRows(db: Db): TokenRow[] {
  return statement(db, "SELECT id, label, created_at, expires_at, last_used_at FROM admin_tokens WHERE kind = 'session' ORDER BY created_at DESC").all() as TokenRow[];
}

export function deleteSession(db: Db, id: string): boolean {
  return statement(db, "DELETE FROM admin_tokens WHERE id = ? AND kind = 'session'").run(id).changes === 1;
}
