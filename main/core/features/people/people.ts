import { randomBytes } from 'node:crypto';
import type { Db } from '../../foundations/db/open';
import { badRequest, forbidden, notFound, StationError, unauthorized } from '../../foundations/errors';
import { hashSecret } from '../../foundations/hash-secret';
import { nowIso } from '../../foundations/ids';
import type { Mailer } from '../mail/mailer';
import type { AdminSessions } from '../sessions/sessions';
import type { InvitationsService } from '../teams/invitations';
import { getTeam } from '../teams/store';
import type { MemberRole } from '../teams/users-store';
import { hashPassword, passwordMatches } from './passwords';
import {
  findPasswordReset,
  findPersonByBadgeHash,
  findPersonByEmail,
  pinHashOf,
  setBadgeHash,
  setPinHash,
  getPerson,
  insertPasswordReset,
  listPeople,
  membershipsOf,
  removeMembership,
  setDisabled,
  setMemberRole,
  setPasswordHash,
  setPersonName,
  setStationAdmin,
  usePasswordReset,
  type PersonRow,
} from './people-store';
import { SignInThrottle } from './throttle';

/** A reset link works once, for a day (long enough to hand over at the next shift). */
export const RESET_TTL_MS = 24 * 3600_000;

/** One answer for a wrong password, an unknown e-mail and a disabled person: none tells which. */
const SIGN_IN_REFUSED = 'The e-mail or the password is not right';

export interface PeopleDeps {
  db: Db;
  sessions: AdminSessions;
  invitations: InvitationsService;
  mailer: Mailer;
  /** Base of reset links: the configured public address, else where the station listens. */
  linkBaseUrl: () => string;
  throttle?: SignInThrottle;
}

export type PeopleService = ReturnType<typeof createPeople>;

/** A person as the People list shows them: never a hash. */
export function personView(db: Db, person: PersonRow) {
  return {
    id: person.id,
    name: person.name,
    email: person.email,
    stationAdmin: person.station_admin === 1,
    disabled: person.disabled_at !== null,
    hasPassword: person.password_hash !== null,
    createdAt: person.created_at,
    teams: membershipsOf(db, person.id).map((row) => ({ teamId: row.team_id, teamName: getTeam(db, row.team_id)?.name ?? '', role: row.role })),
  };
}

/**
 * People at the station: signing in with a password, joining by invitation with one,
 * changing and resetting it, and a station admin's disable and role changes. Hashing runs
 * on libuv's thread pool (passwords.ts); nothing here holds the event loop.
 */
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

export function createPeople({ db, sessions, invitations, mailer, linkBaseUrl, throttle = new SignInThrottle() }: PeopleDeps) {
  const resetUrl = (token: string) => `${linkBaseUrl()}/password-reset/${token}`;

  /** A badge or PIN signs in only a person with a role here: a member of a team, or the station admin. */
  function requireSomeRole(found: PersonRow): void {
    if (found.station_admin !== 1 && membershipsOf(db, found.id).length === 0) throw forbidden('This person has no role at this station: a team admin or the station admin can add them to a team');
  }

  function person(userId: string): PersonRow {
    const found = getPerson(db, userId);
    if (!found || found.email === null) throw notFound('No person with that id');
    return found;
  }

  return {
    /**
     * A session for an e-mail and password (`label`: where it was opened). Throttled per
     * e-mail and per client address (429 with Retry-After); every refusal is the same 401.
     */
    async signIn(email: string, password: string, address: string, label: string): Promise<string> {
      throttle.check(email, address);
      const found = findPersonByEmail(db, email);
      const matches = await passwordMatches(found?.password_hash, password);
      if (!found || !matches || found.disabled_at) {
        throttle.fail(email, address);
        throw unauthorized(SIGN_IN_REFUSED);
      }
      throttle.succeed(email);
      return sessions.createSessionToken(label, found.id);
    },

    /**
     * Accepts an invitation with a password: a new person sets theirs (and their name), a
     * person who has one confirms it. The invitation is used up in the same transaction that
     * sets the password; the answer carries a one-time login token (`/#login=`).
     */
    async acceptInvitation(token: string, password: string, name: string | undefined, address: string) {
      const invitation = invitations.openInvitation(token);
      throttle.check(invitation.email, address);
      const existing = findPersonByEmail(db, invitation.email);
      let newHash: string | undefined;
      if (existing?.password_hash) {
        if (!(await passwordMatches(existing.password_hash, password)) || existing.disabled_at) {
          throttle.fail(invitation.email, address);
          throw unauthorized('This e-mail already has a password at this station: give that password to accept');
        }
      } else {
        newHash = await hashPassword(password);
      }
      const joined = invitations.accept(token, name, (userId) => {
        if (newHash) setPasswordHash(db, userId, newHash);
        if (name && !existing?.password_hash) setPersonName(db, userId, name);
      });
      return { ...joined, name: name && !existing?.password_hash ? name : joined.name, loginToken: sessions.createLoginToken(joined.userId) };
    },

    /** A bench session for a scanned badge: 401 for one the station does not know (or a disabled person's), 403 for a person with no role here. */
    signInWithBadge(badge: string, address: string, label: string): string {
      throttle.check('badge', address);
      const found = findPersonByBadgeHash(db, hashSecret(badge));
      if (!found || found.disabled_at) {
        throttle.fail('badge', address);
        throw unauthorized('This badge is not known at this station');
      }
      requireSomeRole(found);
      return sessions.createBenchSession(label, found.id);
    },

    /** A bench session for an e-mail and PIN: one 401 for every wrong pair, throttled as passwords are. */
    async signInWithPin(email: string, pin: string, address: string, label: string): Promise<string> {
      throttle.check(email, address);
      const found = findPersonByEmail(db, email);
      const matches = await passwordMatches(found ? pinHashOf(db, found.id) : null, pin);
      if (!found || !matches || found.disabled_at) {
        throttle.fail(email, address);
        throw unauthorized('The e-mail or the PIN is not right');
      }
      throttle.succeed(email);
      requireSomeRole(found);
      return sessions.createBenchSession(label, found.id);
    },

    /** A new badge for a person (the old one stops working): its code, shown this once. */
    issueBadge(userId: string): { badge: string } {
      person(userId);
      const badge = `STAFF-${base32(randomBytes(15))}`;
      setBadgeHash(db, userId, hashSecret(badge));
      return { badge };
    },

    /** Sets one's bench PIN; the password confirms it. */
    async setPin(userId: string, currentPassword: string, pin: string): Promise<void> {
      const found = person(userId);
      if (!(await passwordMatches(found.password_hash, currentPassword))) throw badRequest('The current password is not right', [{ path: 'currentPassword', message: 'Not right' }], 'wrong_password');
      setPinHash(db, userId, await hashPassword(pin));
    },

    /** Changes one's own password; the current one confirms it. Other sessions of the person end. */
    async changePassword(userId: string, current: string, next: string, sessionId: string): Promise<void> {
      const found = person(userId);
      if (!(await passwordMatches(found.password_hash, current))) throw badRequest('The current password is not right', [{ path: 'currentPassword', message: 'Not right' }], 'wrong_password');
      setPasswordHash(db, userId, await hashPassword(next));
      for (const session of sessions.list(undefined, userId)) if (session.id !== sessionId) sessions.revoke(session.id);
    },

    /** A reset link for a person, mailed when mail is set, else to hand over: `mailed` says which. */
    async createReset(userId: string): Promise<{ resetUrl: string; expiresAt: string; mailed: boolean; mailError: string | null }> {
      const found = person(userId);
      const token = randomBytes(32).toString('base64url');
      const now = Date.now();
      const expiresAt = new Date(now + RESET_TTL_MS).toISOString();
      insertPasswordReset(db, { tokenHash: hashSecret(token), userId, createdAt: new Date(now).toISOString(), expiresAt });
      const url = resetUrl(token);
      const result = await Promise.resolve()
        .then(() => mailer.send({ to: found.email!, subject: 'Set a new password for Order Print Station', text: `Set a new password: ${url}\n\nThe link works once, until ${expiresAt}.` }))
        .catch((error: unknown) => ({ accepted: false as const, reason: (error as Error).message }));
      return { resetUrl: url, expiresAt, mailed: result.accepted, mailError: result.accepted ? null : result.reason };
    },

    /** Whom a reset link is for, while it works (the page shows it before the form). */
    resetFor(token: string): PersonRow | undefined {
      const userId = findPasswordReset(db, hashSecret(token), nowIso());
      return userId ? getPerson(db, userId) : undefined;
    },

    /** Sets a new password with a reset link (once); every other session ends; a login token for the new one. */
    async useReset(token: string, password: string): Promise<{ loginToken: string; email: string }> {
      const newHash = await hashPassword(password);
      const userId = db.transaction(() => {
        const id = usePasswordReset(db, hashSecret(token), nowIso());
        if (id) setPasswordHash(db, id, newHash);
        return id;
      }).immediate();
      if (!userId) throw new StationError('gone', 'reset_closed', 'This reset link was already used or has expired; ask a station admin for a new one');
      sessions.revokeAllOf(userId);
      return { loginToken: sessions.createLoginToken(userId), email: person(userId).email! };
    },

    list: () => listPeople(db).map((row) => personView(db, row)),
    /** The id of the person with this e-mail, or 404. */
    idOf(email: string): string {
      const found = findPersonByEmail(db, email);
      if (!found) throw notFound(`No person with the e-mail ${email} at this station`);
      return found.id;
    },
    /** Marks a person station admin (every team, every setting), or takes the mark away. */
    markStationAdmin(userId: string, on: boolean) {
      person(userId);
      setStationAdmin(db, userId, on);
      return personView(db, person(userId));
    },
    view: (userId: string) => personView(db, person(userId)),

    /** Disables a person: they cannot sign in, and their sessions end at once. */
    disable(userId: string) {
      person(userId);
      setDisabled(db, userId, nowIso());
      sessions.revokeAllOf(userId);
      return personView(db, person(userId));
    },

    enable(userId: string) {
      person(userId);
      setDisabled(db, userId, null);
      return personView(db, person(userId));
    },

    setRole(teamId: string, userId: string, role: MemberRole) {
      if (!setMemberRole(db, teamId, userId, role)) throw notFound('That person is not a member of this team');
      return personView(db, person(userId));
    },

    removeMember(teamId: string, userId: string): void {
      if (!removeMembership(db, teamId, userId)) throw notFound('That person is not a member of this team');
    },
  };
}
