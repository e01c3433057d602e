import { randomBytes } from 'node:crypto';
import type { Db } from '../../foundations/db/open';
import { forbidden, notFound, StationError, unauthorized } from '../../foundations/errors';
import { hashSecret } from '../../foundations/hash-secret';
import { nowIso } from '../../foundations/ids';
import type { Mailer } from '../mail/mailer';
import type { AdminSessions } from '../sessions/sessions';
import type { InvitationsService } from '../teams/invitations';
import { getTeam } from '../teams/store';
import type { MemberRole } from '../teams/people-store';
import { hashPassword, passwordMatches } from './passwords';
import { findPasswordReset, findPersonByBadgeHash, findPersonByEmail, getPerson, insertPasswordReset, listPeople, membershipsOf, pinHashOf, removeMembership, setDisabled, setMemberRole, setPasswordHash, setPersonName, setStationAdmin, type PersonRow, usePasswordReset } from '../teams/people-store';
import { SecretThrottle } from '../../foundations/secret-throttle';
import type { StationEvents } from '../../foundations/events';
import { createCredentials } from './credentials';

/** A reset link works once, for a day (long enough to hand over at the next shift). */
export const RESET_TTL_MS = 24 * 3600_000;

/** One answer for a wrong password, an unknown e-mail and a disabled person: none tells which. */
const SIGN_IN_REFUSED = 'The e-mail or the password is not right';
/** One answer for every invitation that may not be accepted with this password: it tells nothing of the account. */
const INVITATION_REFUSED =
  'This invitation cannot be accepted with that password. If you already sign in at this station, give that password; if you never set one, ask a station admin for a reset link first';

export interface PeopleDeps {
  db: Db;
  sessions: AdminSessions;
  invitations: InvitationsService;
  mailer: Mailer;
  /** Base of reset links: the configured public address, else where the station listens. */
  linkBaseUrl: () => string;
  /** Counts failed checks of secrets (one for the station: passwords, PINs, badges, passkeys, tokens). */
  throttle?: SecretThrottle;
  /** Where revocations and role changes are announced (open event streams follow them). */
  events?: StationEvents;
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
 * on libuv's thread pool (passwords.ts); nothing here holds the event loop. Every check of a
 * secret goes through the one throttle, keyed by (account, address) and by address.
 */
export function createPeople({ db, sessions, invitations, mailer, linkBaseUrl, throttle = new SecretThrottle(), events }: PeopleDeps) {
  const resetUrl = (token: string) => `${linkBaseUrl()}/password-reset/${token}`;
  const credentials = createCredentials({ db, sessions, throttle, events });
  const changed = (personId: string) => events?.emit('personChanged', { personId });

  /** A badge or PIN signs in only a person with a role here: a member of a team, or the station admin. */
  function requireSomeRole(found: PersonRow): void {
    if (found.station_admin !== 1 && membershipsOf(db, found.id).length === 0) throw forbidden('This person has no role at this station: a team admin or the station admin can add them to a team');
  }

  function person(userId: string): PersonRow {
    const found = getPerson(db, userId);
    if (!found || found.email === null) throw notFound('No person with that id');
    return found;
  }

  /** A refusal that warns before the last try (the next failure is a 429). */
  const refusal = (message: string, key: { account: string; address: string }) =>
    unauthorized(throttle.triesLeft(key) === 1 ? `${message}. One more failed try from here waits 15 minutes` : message);

  return {
    ...credentials,

    /**
     * A session for an e-mail and password (`label`: where it was opened). Throttled per
     * (e-mail, client address) and per address (429 with Retry-After); every refusal is the same 401.
     */
    async signIn(email: string, password: string, address: string, label: string): Promise<string> {
      const key = { account: email, address };
      throttle.check(key);
      const found = findPersonByEmail(db, email);
      const matches = await passwordMatches(found?.password_hash, password);
      if (!found || !matches || found.disabled_at) {
        throttle.fail(key);
        throw refusal(SIGN_IN_REFUSED, key);
      }
      throttle.succeed(key);
      return sessions.createSessionToken(label, found.id);
    },

    /**
     * Accepts an invitation with a password. An e-mail the station does not know becomes a new
     * person with that password (and name); a person it knows proves who they are with the
     * password they have. A person who exists without a password (made as a team's owner, or
     * from before people) cannot accept: an invitation never sets the password of someone who
     * exists; a reset link made for them does. Each of these refusals is the same 401, so the
     * holder of a link learns nothing of the account. The token is looked up before any hashing.
     */
    async acceptInvitation(token: string, password: string, name: string | undefined, address: string) {
      throttle.check({ address });
      let invitation;
      try {
        invitation = invitations.openInvitation(token);
      } catch (error) {
        throttle.fail({ address });
        throw error;
      }
      const key = { account: invitation.email, address };
      throttle.check(key);
      const existing = findPersonByEmail(db, invitation.email);
      let newHash: string | undefined;
      if (existing) {
        if (!(await passwordMatches(existing.password_hash, password)) || existing.disabled_at) {
          throttle.fail(key);
          throw refusal(INVITATION_REFUSED, key);
        }
        throttle.succeed(key);
      } else {
        newHash = await hashPassword(password);
      }
      const joined = invitations.accept(token, name, (userId) => {
        if (!newHash) return;
        // Only a person made by this acceptance gets a password and a name from it: one made
        // meanwhile by someone else (a team's owner, in the same instant) is refused as above.
        const now = getPerson(db, userId);
        if (now?.password_hash || now?.station_admin === 1 || membershipsOf(db, userId).length > 0) throw unauthorized(INVITATION_REFUSED);
        setPasswordHash(db, userId, newHash);
        if (name) setPersonName(db, userId, name);
      });
      changed(joined.userId);
      return { ...joined, name: newHash && name ? name : joined.name, loginToken: sessions.createLoginToken(joined.userId) };
    },

    /** A bench session for an e-mail and PIN, only at a paired bench screen: one 401 for every wrong pair, throttled as passwords are. */
    async signInWithPin(email: string, pin: string, address: string, label: string, atPairedScreen: boolean): Promise<string> {
      if (!atPairedScreen) throw new StationError('forbidden', 'pin_needs_bench', 'A PIN signs in only at a paired bench screen: pair this screen on Printers → Benches, or sign in with your password');
      const key = { account: email, address };
      throttle.check(key);
      const found = findPersonByEmail(db, email);
      const matches = await passwordMatches(found ? pinHashOf(db, found.id) : null, pin);
      if (!found || !matches || found.disabled_at) {
        throttle.fail(key);
        throw refusal('The e-mail or the PIN is not right', key);
      }
      throttle.succeed(key);
      requireSomeRole(found);
      return sessions.createBenchSession(label, found.id);
    },

    /** A bench session for a scanned badge: 401 for one the station does not know (counted against the address alone), 403 for a person with no role here. */
    signInWithBadge(badge: string, address: string, label: string): string {
      throttle.check({ address });
      const found = findPersonByBadgeHash(db, hashSecret(badge));
      if (!found || found.disabled_at) {
        throttle.fail({ address });
        throw unauthorized('This badge is not known at this station');
      }
      requireSomeRole(found);
      return sessions.createBenchSession(label, found.id);
    },

    /** Changes one's own password; the current one confirms it (throttled). Other sessions of the person end. */
    async changePassword(userId: string, current: string, next: string, at: { address: string; sessionId: string }): Promise<void> {
      await credentials.confirmPassword(userId, current, at);
      setPasswordHash(db, userId, await hashPassword(next));
      for (const session of sessions.list(undefined, userId)) if (session.id !== at.sessionId) sessions.revoke(session.id);
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

    /**
     * Sets a new password with a reset link (once). The link is looked up before any hashing
     * (a made-up one costs a lookup and counts against its address). Every credential of the
     * person ends with it: sessions, badge, PIN, passkeys (a reset is the remedy for leaked
     * ones); a login token for the new session.
     */
    async useReset(token: string, password: string, address: string): Promise<{ loginToken: string; email: string }> {
      throttle.check({ address });
      const tokenHash = hashSecret(token);
      if (!findPasswordReset(db, tokenHash, nowIso())) {
        throttle.fail({ address });
        throw resetClosed();
      }
      const newHash = await hashPassword(password);
      const userId = db.transaction(() => {
        const id = usePasswordReset(db, tokenHash, nowIso());
        if (id) setPasswordHash(db, id, newHash);
        return id;
      }).immediate();
      if (!userId) throw resetClosed();
      credentials.revokeAll(userId);
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
      changed(userId);
      return personView(db, person(userId));
    },
    view: (userId: string) => personView(db, person(userId)),

    /** Disables a person: they cannot sign in, and every credential ends at once (sessions, streams, badge, PIN, passkeys). */
    disable(userId: string) {
      person(userId);
      setDisabled(db, userId, nowIso());
      credentials.revokeAll(userId);
      return personView(db, person(userId));
    },

    enable(userId: string) {
      person(userId);
      setDisabled(db, userId, null);
      return personView(db, person(userId));
    },

    /** A station admin's "sign out everywhere": every credential of the person ends; the password stays. */
    signOutEverywhere(userId: string) {
      person(userId);
      return credentials.revokeAll(userId);
    },

    /** A station admin lifts a person's lock-out (their failed tries from every address are forgiven). */
    liftLockout(userId: string): { lifted: number } {
      return { lifted: throttle.forgive(person(userId).email!) };
    },

    setRole(teamId: string, userId: string, role: MemberRole) {
      if (!setMemberRole(db, teamId, userId, role)) throw notFound('That person is not a member of this team');
      changed(userId);
      return personView(db, person(userId));
    },

    removeMember(teamId: string, userId: string): void {
      // The station's built-in admin (no e-mail: the owner of a team made without one) keeps its teams.
      if (getPerson(db, userId)?.email === null) throw forbidden('The station admin is not removed from a team');
      if (!removeMembership(db, teamId, userId)) throw notFound('That person is not a member of this team');
      changed(userId);
    },
  };
}

const resetClosed = () => new StationError('gone', 'reset_closed', 'This reset link was already used or has expired; ask a station admin for a new one');
