import type { SessionView } from './answers';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Db } from '../../foundations/db/open';
import type { StationEvents } from '../../foundations/events';
import { unauthorized } from '../../foundations/errors';
import { hashSecret } from '../keys/service';
import { deleteDeadSessions, deleteSession, deleteSpentLoginTokens, deleteTokensOf, findLiveSession, insertAdminToken, listSessionRows, touchAdminToken, useLoginToken, type TokenRow } from './sessions-store';

const LOGIN_TOKEN_TTL_MS = 15 * 60_000;
/** A session's last use is written at most this often (not a write per request). */
const TOUCH_EVERY_MS = 60_000;

/** How long dashboard sessions live (Settings → Sessions; docs/api.md, Security). */
export interface SessionPolicy {
  /** Unused this long, a session ends. */
  idleHours: number;
  /** However used, a session ends this long after sign-in. */
  absoluteHours: number;
  /** A bench session (badge or PIN) unused this long ends: the bench locks for the next shift. */
  benchIdleMinutes: number;
}
export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleHours: 12, absoluteHours: 7 * 24, benchIdleMinutes: 15 };

export type { SessionView } from './answers';

/** Whose a live session is: its id, and its person (null: the station admin's own). */
export interface SessionIdentity {
  sessionId: string;
  personId: string | null;
  /** Opened at a bench with a badge or PIN: operator rights at most. */
  bench: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Dashboard sessions. A session is a person's (signed in with their password, an
 * invitation or a reset link) or the station admin's own (the login link the station
 * prints, the desktop window): what it may do is the person's roles (people/dashboard-caller.ts).
 * Tokens are stored as hashes; a session ends when idle for `idleHours`, `absoluteHours`
 * after sign-in, or when revoked (sign-out, Settings → Sessions, the person disabled).
 */
export function createAdminSessions(db: Db, policy: () => SessionPolicy = () => DEFAULT_SESSION_POLICY, events?: StationEvents) {
  /** Open event streams of ended sessions close at once (admin/events-routes.ts listens). */
  const ended = (sessionIds: string[]) => {
    if (sessionIds.length > 0) events?.emit('sessionsEnded', { sessionIds });
  };
  function issue(kind: 'login' | 'session', ttlMs: number, label: string | null, userId: string | null, bench = false): string {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    insertAdminToken(db, { tokenHash: hashSecret(token), id: randomUUID(), kind, label, createdAt: iso(now), expiresAt: iso(now + ttlMs), userId, bench });
    return token;
  }

  const startSession = (label: string, userId: string | null, bench = false) => issue('session', policy().absoluteHours * 3600_000, label, userId, bench);

  /** When a session must have been made and last used to be alive now (the policy's times). */
  function aliveSince() {
    const now = Date.now();
    const { idleHours, absoluteHours, benchIdleMinutes } = policy();
    return {
      now: iso(now),
      createdAfter: iso(now - absoluteHours * 3600_000),
      usedAfter: iso(now - idleHours * 3600_000),
      benchUsedAfter: iso(now - benchIdleMinutes * 60_000),
    };
  }

  /** The session's row while it is alive (not expired, not idle too long), else undefined. */
  function liveSession(sessionToken: string): (TokenRow & { token_hash: string }) | undefined {
    return findLiveSession(db, hashSecret(sessionToken), aliveSince());
  }

  /** Whose the live session is, after recording its use (at most once a minute); undefined when it is not alive. */
  function touch(sessionToken: string): SessionIdentity | undefined {
    const row = liveSession(sessionToken);
    if (!row) return undefined;
    const now = Date.now();
    if (!row.last_used_at || Date.parse(row.last_used_at) < now - TOUCH_EVERY_MS) {
      touchAdminToken(db, row.token_hash, iso(now));
    }
    return { sessionId: row.id, personId: row.user_id, bench: row.bench === 1 };
  }

  function view(row: TokenRow & { person_name: string | null }, { idleHours, absoluteHours }: SessionPolicy, currentId?: string): SessionView {
    const idleEnd = Date.parse(row.last_used_at ?? row.created_at) + idleHours * 3600_000;
    const absoluteEnd = Math.min(Date.parse(row.expires_at), Date.parse(row.created_at) + absoluteHours * 3600_000);
    return {
      id: row.id,
      label: row.label ?? 'dashboard',
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
      expiresAt: iso(Math.min(idleEnd, absoluteEnd)),
      current: row.id === currentId,
      person: row.user_id ? { id: row.user_id, name: row.person_name ?? '' } : null,
    };
  }

  return {
    /**
     * A one-time login token (valid 15 minutes): the station admin's for the login URL printed
     * at start and by `station login`; a person's (`userId`) once they set their password.
     */
    createLoginToken: (userId: string | null = null) => issue('login', LOGIN_TOKEN_TTL_MS, null, userId),
    /** A session token directly: the station admin's for the desktop window, which needs no login step; a person's after a password sign-in. */
    createSessionToken: (label = 'desktop window', userId: string | null = null) => startSession(label, userId),
    /** A bench session of a person (badge or PIN): operator rights at most, the bench's idle time. */
    createBenchSession: (label: string, userId: string) => startSession(label, userId, true),
    /** Exchanges a login token, once, for a session token of the same person. */
    exchangeLoginToken(loginToken: string, label = 'browser'): string | undefined {
      const used = useLoginToken(db, hashSecret(loginToken), iso(Date.now()));
      return used ? startSession(label, used.userId) : undefined;
    },
    /** Whether the session is alive; using it keeps it from going idle. */
    isValidSession: (sessionToken: string): boolean => touch(sessionToken) !== undefined,
    touch,
    /** Live sessions, newest first (one person's with `userId`); `current` marks the caller's. */
    list(currentId?: string, userId?: string): SessionView[] {
      const rows = listSessionRows(db, userId);
      const now = Date.now();
      const lifetimes = policy();
      return rows.map((row) => view(row, lifetimes, currentId)).filter((session) => Date.parse(session.expiresAt) > now);
    },
    /** Ends a session by its id (with `userId`, only that person's); false when there is none. */
    revoke(id: string, userId?: string): boolean {
      const done = deleteSession(db, id, userId);
      if (done) ended([id]);
      return done;
    },
    /**
     * Ends the sessions that went idle or ran out since the last look (a serving station
     * looks every 30 s, station/loops.ts): a session that simply stops being used ends like
     * a revoked one, its open event streams with it, and a bench screen whose operator's
     * session idled out hears it and locks. How many ended.
     */
    endDeadSessions(): number {
      const ids = deleteDeadSessions(db, aliveSince());
      ended(ids);
      // Login links used or run out go with them: they can sign no one in, and were kept forever.
      deleteSpentLoginTokens(db, iso(Date.now()));
      return ids.length;
    },
    /** Ends every session and login link of a person, at once (their open streams too); how many sessions ended. */
    revokeAllOf(userId: string): number {
      const ids = deleteTokensOf(db, userId);
      ended(ids);
      return ids.length;
    },
  };
}
export type AdminSessions = ReturnType<typeof createAdminSessions>;

/** The only admin route that takes its session in the query: EventSource cannot set headers. */
const QUERY_SESSION_PATH = '/admin/api/events';

/**
 * Session auth for `/admin/api/*`: `Authorization: Bearer <session token>`, or `?session=`
 * on the event stream only. The session's id is kept in `ctx.state.sessionId`, its person's
 * in `ctx.state.personId` (null: the station admin's own session).
 */
export function adminAuth(sessions: AdminSessions) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const header = ctx.get('authorization');
    const query = ctx.path === QUERY_SESSION_PATH && typeof ctx.query.session === 'string' ? ctx.query.session : '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : query;
    const identity = token ? sessions.touch(token) : undefined;
    if (!identity) throw unauthorized('Sign in to the dashboard again: with your e-mail and password, or a fresh login link (`station login`)');
    ctx.state.sessionId = identity.sessionId;
    ctx.state.personId = identity.personId;
    ctx.state.bench = identity.bench;
    await next();
  };
}
