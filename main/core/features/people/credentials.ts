import { randomBytes } from 'node:crypto';
import type { Db } from '../../foundations/db/open';
import { badRequest, notFound, unauthorized } from '../../foundations/errors';
import type { StationEvents } from '../../foundations/events';
import { hashSecret } from '../../foundations/hash-secret';
import { nowIso } from '../../foundations/ids';
import type { SecretThrottle } from '../../foundations/secret-throttle';
import type { AdminSessions } from '../sessions/sessions';
import { hashPassword, passwordMatches } from './passwords';
import { deletePasskey, deletePasskeysOf, listPasskeys } from './passkeys-store';
import { credentialTimesOf, getPerson, setBadgeHash, setPinHash, type PersonRow } from '../teams/people-store';

/** RFC 4648 base32 without padding (A–Z, 2–7): what a badge's barcode carries, in any scanner's keyboard layout. */
function base32(bytes: Buffer): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return bits > 0 ? out + alphabet[(value << (5 - bits)) & 31] : out;
}

/** Where a check of one's own password happens: the address it is throttled by and the session that ends when it fails too often. */
export interface AtSession {
  address: string;
  sessionId: string;
}

/**
 * A person's credentials beside their password: the bench badge, the bench PIN and passkeys.
 * Made by the person after confirming their current password (or for them by a station
 * admin), listed and removed by a station admin, and revoked together with every session and
 * open stream when the person is reset, disabled or signed out everywhere.
 */
export function createCredentials({ db, sessions, throttle, events }: { db: Db; sessions: AdminSessions; throttle: SecretThrottle; events?: StationEvents }) {
  function person(userId: string): PersonRow {
    const found = getPerson(db, userId);
    if (!found || found.email === null) throw notFound('No person with that id');
    return found;
  }

  /**
   * Checks one's own current password (before a PIN, a badge, a passkey or a new password).
   * Throttled like a sign-in, by (the person's e-mail, address) and address: a bench session
   * (operator rights) cannot guess the password that holds the person's full rights. The
   * failure that uses the last try ends the session it came from.
   */
  async function confirmPassword(userId: string, password: string, at: AtSession): Promise<void> {
    const found = person(userId);
    const key = { account: found.email!, address: at.address };
    throttle.check(key);
    if (await passwordMatches(found.password_hash, password)) {
      throttle.succeed(key);
      return;
    }
    if (throttle.fail(key)) {
      sessions.revoke(at.sessionId);
      throw unauthorized('Too many wrong passwords: this session was ended. Sign in again in 15 minutes');
    }
    throw badRequest('The current password is not right', [{ path: 'currentPassword', message: 'Not right' }], 'wrong_password');
  }

  /** A new badge (the old one stops working): its code, shown this once. */
  function issueBadge(userId: string): { badge: string } {
    person(userId);
    const badge = `STAFF-${base32(randomBytes(15))}`;
    setBadgeHash(db, userId, hashSecret(badge), nowIso());
    return { badge };
  }

  return {
    confirmPassword,
    /** A station admin issues a badge for a person. */
    issueBadge,
    /** One's own new badge; the current password confirms it. */
    async issueOwnBadge(userId: string, currentPassword: string, at: AtSession): Promise<{ badge: string }> {
      await confirmPassword(userId, currentPassword, at);
      return issueBadge(userId);
    },
    /** Sets one's bench PIN; the current password confirms it. */
    async setPin(userId: string, currentPassword: string, pin: string, at: AtSession): Promise<void> {
      await confirmPassword(userId, currentPassword, at);
      setPinHash(db, userId, await hashPassword(pin), nowIso());
    },

    /** What a person signs in with besides the password, for Settings → People. */
    credentialsOf(userId: string) {
      person(userId);
      const times = credentialTimesOf(db, userId);
      return {
        badge: times.badgeIssuedAt === null ? null : { issuedAt: times.badgeIssuedAt || null },
        pin: times.pinSetAt === null ? null : { setAt: times.pinSetAt || null },
        passkeys: listPasskeys(db, userId).map((row) => ({ id: row.id, name: row.name, host: row.rp_id, createdAt: row.created_at, lastUsedAt: row.last_used_at })),
        sessions: sessions.list(undefined, userId).length,
      };
    },
    removeBadge(userId: string): void {
      if (credentialTimesOf(db, person(userId).id).badgeIssuedAt === null) throw notFound('This person has no badge');
      setBadgeHash(db, userId, null);
    },
    removePin(userId: string): void {
      if (credentialTimesOf(db, person(userId).id).pinSetAt === null) throw notFound('This person has no PIN');
      setPinHash(db, userId, null);
    },
    removePasskey(userId: string, passkeyId: string): void {
      person(userId);
      if (!deletePasskey(db, userId, passkeyId)) throw notFound('This person has no passkey with that id');
    },

    /**
     * Ends everything a person signs in with but the password: sessions and login links (their
     * open event streams close with them), badge, PIN and passkeys. Badges and passkeys are
     * made again by the person (with their password) or a station admin.
     */
    revokeAll(userId: string): { sessions: number; badge: boolean; pin: boolean; passkeys: number } {
      const times = credentialTimesOf(db, userId);
      const revoked = db.transaction(() => {
        setBadgeHash(db, userId, null);
        setPinHash(db, userId, null);
        return deletePasskeysOf(db, userId);
      }).immediate();
      const ended = sessions.revokeAllOf(userId);
      events?.emit('personChanged', { personId: userId });
      return { sessions: ended, badge: times.badgeIssuedAt !== null, pin: times.pinSetAt !== null, passkeys: revoked };
    },
  };
}
