import { randomBytes, randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Db } from '../../foundations/db/open';
import { unauthorized } from '../../foundations/errors';
import { hashSecret } from '../keys/service';
import { deleteSession, findLiveSession, insertAdminToken, listSessionRows, touchAdminToken, useLoginToken, type TokenRow } from './sessions-store';

const LOGIN_TOKEN_TTL_MS = 15 * 60_000;
/** A session's last use is written at most this often (not a write per request). */
const TOUCH_EVERY_MS = 60_000;

/** How long dashboard sessions live (Settings → Sessions; docs/api.md, Security). */
export interface SessionPolicy {
  /** Unused this long, a session ends. */
  idleHours: number;
  /** However used, a session ends this long after sign-in. */
  absoluteHours: number;
}
export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleHours: 12, absoluteHours: 7 * 24 };

export interface SessionView {
  id: string;
  /** Where it was opened: `desktop window`, or the browser as `Chrome 131 on Linux`. */
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** When it ends unless used before (idle) or at the latest (absolute). */
  expiresAt: string;
  current: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Dashboard sessions. The dashboard is the station operator's: a session may act on every
 * team of this station (unlike API keys, which are scoped to a team). Tokens are stored as
 * hashes; a session ends when idle for `idleHours`, `absoluteHours` after sign-in, or when
 * revoked (sign-out, or Settings → Sessions).
 */
export function createAdminSessions(db: Db, policy: () => SessionPolicy = () => DEFAULT_SESSION_POLICY) {
  function issue(kind: 'login' | 'session', ttlMs: number, label: string | null): string {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    insertAdminToken(db, { tokenHash: hashSecret(token), id: randomUUID(), kind, label, createdAt: iso(now), expiresAt: iso(now + ttlMs) });
    return token;
  }

  const startSession = (label: string) => issue('session', policy().absoluteHours * 3600_000, label);

  /** The session's row while it is alive (not expired, not idle too long), else undefined. */
  function liveSession(sessionToken: string): (TokenRow & { token_hash: string }) | undefined {
    const now = Date.now();
    const { idleHours, absoluteHours } = policy();
    return findLiveSession(db, hashSecret(sessionToken), { now: iso(now), createdAfter: iso(now - absoluteHours * 3600_000), usedAfter: iso(now - idleHours * 3600_000) });
  }

  /** The live session's id after recording its use (at most once a minute), or undefined. */
  function touch(sessionToken: string): string | undefined {
    const row = liveSession(sessionToken);
    if (!row) return undefined;
    const now = Date.now();
    if (!row.last_used_at || Date.parse(row.last_used_at) < now - TOUCH_EVERY_MS) {
      touchAdminToken(db, row.token_hash, iso(now));
    }
    return row.id;
  }

  function view(row: TokenRow, { idleHours, absoluteHours }: SessionPolicy, currentId?: string): SessionView {
    const idleEnd = Date.parse(row.last_used_at ?? row.created_at) + idleHours * 3600_000;
    const absoluteEnd = Math.min(Date.parse(row.expires_at), Date.parse(row.created_at) + absoluteHours * 3600_000);
    return {
      id: row.id,
      label: row.label ?? 'dashboard',
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
      expiresAt: iso(Math.min(idleEnd, absoluteEnd)),
      current: row.id === currentId,
    };
  }

  return {
    /** A one-time login token (valid 15 minutes), for the login URL printed at start and by `station login`. */
    createLoginToken: () => issue('login', LOGIN_TOKEN_TTL_MS, null),
    /** A session token directly: for the desktop window, which needs no login step. */
    createSessionToken: (label = 'desktop window') => startSession(label),
    /** Exchanges a login token, once, for a session token. */
    exchangeLoginToken(loginToken: string, label = 'browser'): string | undefined {
      return useLoginToken(db, hashSecret(loginToken), iso(Date.now())) ? startSession(label) : undefined;
    },
    /** Whether the session is alive; using it keeps it from going idle. */
    isValidSession: (sessionToken: string): boolean => touch(sessionToken) !== undefined,
    touch,
    /** Live sessions, newest first; `current` marks the caller's. */
    list(currentId?: string): SessionView[] {
      const rows = listSessionRows(db);
      const now = Date.now();
      const lifetimes = policy();
      return rows.map((row) => view(row, lifetimes, currentId)).filter((session) => Date.parse(session.expiresAt) > now);
    },
    /** Ends a session by its id; false when there is none. */
    revoke(id: string): boolean {
      return deleteSession(db, id);
    },
  };
}
export type AdminSessions = ReturnType<typeof createAdminSessions>;

/** The only admin route that takes its session in the query: EventSource cannot set headers. */
const QUERY_SESSION_PATH = '/admin/api/events';

/**
 * Session auth for `/admin/api/*`: `Authorization: Bearer <session token>`, or `?session=`
 * on the event stream only. The session's id is kept in `ctx.state.sessionId`.
 */
export function adminAuth(sessions: AdminSessions) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const header = ctx.get('authorization');
    const query = ctx.path === QUERY_SESSION_PATH && typeof ctx.query.session === 'string' ? ctx.query.session : '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : query;
    const sessionId = token ? sessions.touch(token) : undefined;
    if (!sessionId) throw unauthorized('Sign in to the dashboard again: open a fresh login link (run `station login`, or restart the station)');
    ctx.state.sessionId = sessionId;
    await next();
  };
}
