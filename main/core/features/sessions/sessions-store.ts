import type { Db } from '../../foundations/db/open';
import { statement } from '../../foundations/db/statements';

/** A dashboard token as stored: only its hash (sessions/sessions.ts). */
export interface TokenRow {
  id: string;
  label: string | null;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  /** The person signed in; null for the station admin's own sessions (login link, desktop window). */
  user_id: string | null;
  /** 1: a bench session (badge or PIN): operator rights at most, the bench's idle time. */
  bench?: 0 | 1;
}

export function insertAdminToken(
  db: Db,
  row: { tokenHash: string; id: string; kind: 'login' | 'session'; label: string | null; createdAt: string; expiresAt: string; userId: string | null; bench?: boolean },
): void {
  statement(db, 'INSERT INTO admin_tokens (token_hash, id, kind, label, created_at, expires_at, user_id, bench) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
    row.tokenHash,
    row.id,
    row.kind,
    row.label,
    row.createdAt,
    row.expiresAt,
    row.userId,
    row.bench ? 1 : 0,
  );
}

/**
 * A session not expired, created after `createdAfter` and last used (or created) after
 * `usedAfter` (a bench session: after `benchUsedAfter`, the bench's shorter idle time).
 */
export function findLiveSession(
  db: Db,
  tokenHash: string,
  times: { now: string; createdAfter: string; usedAfter: string; benchUsedAfter: string },
): (TokenRow & { token_hash: string }) | undefined {
  return statement(
    db,
    `SELECT token_hash, id, label, created_at, expires_at, last_used_at, user_id, bench FROM admin_tokens
     WHERE token_hash = ? AND kind = 'session' AND expires_at > ? AND created_at > ?
       AND COALESCE(last_used_at, created_at) > CASE bench WHEN 1 THEN ? ELSE ? END`,
  ).get(tokenHash, times.now, times.createdAfter, times.benchUsedAfter, times.usedAfter) as (TokenRow & { token_hash: string }) | undefined;
}

/**
 * Deletes the sessions no longer alive (past `expires_at` or their lifetime, or unused past
 * their idle time: a bench's own, or the dashboard's) and answers their ids. The same test
 * as findLiveSession's, turned round.
 */
export function deleteDeadSessions(db: Db, times: { now: string; createdAfter: string; usedAfter: string; benchUsedAfter: string }): string[] {
  return statement(
    db,
    `DELETE FROM admin_tokens
     WHERE kind = 'session' AND NOT (expires_at > ? AND created_at > ? AND COALESCE(last_used_at, created_at) > CASE bench WHEN 1 THEN ? ELSE ? END)
     RETURNING id`,
  )
    .pluck()
    .all(times.now, times.createdAfter, times.benchUsedAfter, times.usedAfter) as string[];
}

/** Login links used or run out: nothing can sign in with them again, so they are forgotten. How many. */
export function deleteSpentLoginTokens(db: Db, now: string): number {
  return statement(db, "DELETE FROM admin_tokens WHERE kind = 'login' AND (used_at IS NOT NULL OR expires_at <= ?)").run(now).changes;
}

export function touchAdminToken(db: Db, tokenHash: string, at: string): void {
  statement(db, 'UPDATE admin_tokens SET last_used_at = ? WHERE token_hash = ?').run(at, tokenHash);
}

/**
 * Marks an unused, unexpired login token used: for the one call that did, whom it signs in
 * (`{ userId: null }` for the station admin); undefined for every other call.
 */
export function useLoginToken(db: Db, tokenHash: string, now: string): { userId: string | null } | undefined {
  const row = statement(db, "UPDATE admin_tokens SET used_at = ? WHERE token_hash = ? AND kind = 'login' AND used_at IS NULL AND expires_at > ? RETURNING user_id").get(now, tokenHash, now) as
    | { user_id: string | null }
    | undefined;
  return row ? { userId: row.user_id } : undefined;
}

/** Sessions with their person's name (null: the station admin's own), newest first; one person's with `userId`. */
export function listSessionRows(db: Db, userId?: string): Array<TokenRow & { person_name: string | null }> {
  return statement(
    db,
    `SELECT t.id, t.label, t.created_at, t.expires_at, t.last_used_at, t.user_id, u.name AS person_name FROM admin_tokens t LEFT JOIN users u ON u.id = t.user_id
     WHERE t.kind = 'session' AND (? IS NULL OR t.user_id = ?) ORDER BY t.created_at DESC`,
  ).all(userId ?? null, userId ?? null) as Array<TokenRow & { person_name: string | null }>;
}

/** Ends every session and unused login link of a person (disabled, or a new password): the ids of the sessions ended. */
export function deleteTokensOf(db: Db, userId: string): string[] {
  const ids = statement(db, "SELECT id FROM admin_tokens WHERE user_id = ? AND kind = 'session'").pluck().all(userId) as string[];
  statement(db, 'DELETE FROM admin_tokens WHERE user_id = ?').run(userId);
  return ids;
}

/** Ends a session by its id; with `userId`, only if it is that person's. */
export function deleteSession(db: Db, id: string, userId?: string): boolean {
  return statement(db, "DELETE FROM admin_tokens WHERE id = ? AND kind = 'session' AND (? IS NULL OR user_id = ?)").run(id, userId ?? null, userId ?? null).changes === 1;
}
