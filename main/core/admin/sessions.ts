import { randomBytes } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Db } from '../db/open';
import { unauthorized } from '../http/errors';
import { hashSecret } from '../keys/service';

const LOGIN_TOKEN_TTL_MS = 15 * 60_000;
const SESSION_TTL_MS = 30 * 24 * 3600_000;

/**
 * Dashboard sessions. The dashboard is the station operator's: a session may act on every
 * team of this station (unlike API keys, which are scoped to a team).
 */
export function createAdminSessions(db: Db) {
  function issue(kind: 'login' | 'session', ttlMs: number): string {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    db.prepare('INSERT INTO admin_tokens (token_hash, kind, created_at, expires_at) VALUES (?, ?, ?, ?)').run(
      hashSecret(token),
      kind,
      new Date(now).toISOString(),
      new Date(now + ttlMs).toISOString(),
    );
    return token;
  }

  return {
    /** A one-time login token (valid 15 minutes), for the login URL printed at start. */
    createLoginToken: () => issue('login', LOGIN_TOKEN_TTL_MS),
    /** A session token directly: for the Electron window, which needs no login step. */
    createSessionToken: () => issue('session', SESSION_TTL_MS),
    /** Exchanges a login token, once, for a session token. */
    exchangeLoginToken(loginToken: string): string | undefined {
      const now = new Date().toISOString();
      const used = db
        .prepare("UPDATE admin_tokens SET used_at = ? WHERE token_hash = ? AND kind = 'login' AND used_at IS NULL AND expires_at > ?")
        .run(now, hashSecret(loginToken), now);
      return used.changes === 1 ? issue('session', SESSION_TTL_MS) : undefined;
    },
    isValidSession(sessionToken: string): boolean {
      return (
        db
          .prepare("SELECT 1 FROM admin_tokens WHERE token_hash = ? AND kind = 'session' AND expires_at > ?")
          .get(hashSecret(sessionToken), new Date().toISOString()) !== undefined
      );
    },
    revokeSession(sessionToken: string): void {
      db.prepare("DELETE FROM admin_tokens WHERE token_hash = ? AND kind = 'session'").run(hashSecret(sessionToken));
    },
  };
}
export type AdminSessions = ReturnType<typeof createAdminSessions>;

/**
 * Session auth for `/admin/api/*`: `Authorization: Bearer <session token>`, or
 * `?session=` for EventSource, which cannot set headers.
 */
export function adminAuth(sessions: AdminSessions) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const header = ctx.get('authorization');
    const token = header.startsWith('Bearer ') ? header.slice(7) : typeof ctx.query.session === 'string' ? ctx.query.session : '';
    if (!token || !sessions.isValidSession(token)) throw unauthorized('Sign in to the dashboard again (open the login link the station printed)');
    await next();
  };
}
