import { isIP } from 'node:net';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import type { Db } from '../../foundations/db/open';
import { StationError, forbidden, notFound, unauthorized } from '../../foundations/errors';
import { nowIso } from '../../foundations/ids';
import type { AdminSessions } from '../sessions/sessions';
import { getPerson } from '../teams/people-store';
import { deletePasskey, findPasskey, insertPasskey, listPasskeys, passkeyUsed, type PasskeyRow } from './passkeys-store';
import type { SecretThrottle } from '../../foundations/secret-throttle';

/**
 * Where the dashboard was reached, as the browser says it (its Origin): WebAuthn binds a
 * passkey to the host name (the relying party id) and checks the page's origin.
 */
export interface PasskeySite {
  origin: string;
  rpId: string;
}

/**
 * WebAuthn's library, loaded when a passkey is first asked for: with its ASN.1 and crypto
 * packages it is ~280 ms of loading, which every station start and every one-shot command
 * (`station teams create`…) would otherwise pay for a sign-in most of them never see.
 */
let webAuthnLibrary: Promise<typeof import('@simplewebauthn/server')> | undefined;
const webAuthn = () => (webAuthnLibrary ??= import('@simplewebauthn/server'));

/** A challenge lives this long: the person has a minute to touch their key or unlock their phone. */
const CHALLENGE_MS = 2 * 60_000;
/** The same words for an unknown passkey, a wrong signature and a disabled person: nothing told about who exists. */
const PASSKEY_REFUSED = 'This passkey is not known at this station, or it could not be checked';

/** A WebAuthn answer in its JSON form; its parts are checked by the verification, not here. */
export const passkeyResponseJson = z.looseObject({ id: z.string().min(1).max(1024), rawId: z.string().min(1).max(1024), type: z.literal('public-key'), response: z.looseObject({}) });
export const passkeyRegistrationBody = z.strictObject({ name: z.string().trim().min(1).max(60).optional(), response: passkeyResponseJson });
export const passkeyAnswer = z.strictObject({ id: z.string(), name: z.string(), host: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
/** The options the browser hands to navigator.credentials (WebAuthn's JSON forms), as the station makes them. */
export const passkeyOptionsAnswer = z.looseObject({ challenge: z.string() });

/**
 * The site a request came from, if passkeys can work there: WebAuthn takes a host name
 * (`localhost`, or a name the station answers for) and a secure page (HTTPS, or localhost).
 * An IP address (the desktop window's 127.0.0.1, a bench reaching 192.168.1.20) cannot be a
 * relying party: 400 `passkeys_unavailable_here`, saying what works.
 */
export function passkeySite(origin: string | undefined, host: string): PasskeySite {
  const url = parsedUrl(origin ?? `http://${host}`);
  const hostname = url?.hostname ?? '';
  const secure = url?.protocol === 'https:' || hostname === 'localhost';
  if (!url || isIP(hostname.replace(/^\[|\]$/g, '')) || !secure) {
    throw new StationError(
      'invalid',
      'passkeys_unavailable_here',
      'Passkeys work where the dashboard is opened as http://localhost:PORT on the station’s computer, or by a host name over HTTPS; not at an IP address or over plain HTTP elsewhere',
    );
  }
  return { origin: url.origin, rpId: hostname };
}

function parsedUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

const passkeyView = (row: PasskeyRow) => ({ id: row.id, name: row.name, host: row.rp_id, createdAt: row.created_at, lastUsedAt: row.last_used_at });

/** Passkeys: made by a signed-in person for their account, then used to sign in without a password. */
export function createPasskeys(deps: { db: Db; sessions: AdminSessions; throttle: SecretThrottle }) {
  const { db, sessions, throttle } = deps;
  /** Challenges handed out and not yet answered: for whom (a registration) and where. */
  const pending = new Map<string, { personId: string | null; site: PasskeySite; expires: number }>();
  const remember = (challenge: string, personId: string | null, site: PasskeySite) => {
    const now = Date.now();
    for (const [key, entry] of pending) if (entry.expires < now) pending.delete(key);
    pending.set(challenge, { personId, site, expires: now + CHALLENGE_MS });
  };
  /** A challenge is answered once, within its time, from where it was asked and (for a registration) by whom. */
  const takeChallenge = (challenge: string, personId: string | null, site: PasskeySite): boolean => {
    const entry = pending.get(challenge);
    pending.delete(challenge);
    return Boolean(entry && entry.expires >= Date.now() && entry.personId === personId && entry.site.origin === site.origin);
  };

  return {
    list: (personId: string) => listPasskeys(db, personId).map(passkeyView),

    /** Options to make a passkey for this person at this site (their own passkeys there excluded). */
    async registrationOptions(personId: string, site: PasskeySite) {
      const person = getPerson(db, personId);
      if (!person?.email) throw forbidden('Only a person signs in with a passkey');
      const options = await (await webAuthn()).generateRegistrationOptions({
        rpName: 'Order Print Station',
        rpID: site.rpId,
        userName: person.email,
        userDisplayName: person.name,
        userID: new TextEncoder().encode(person.id),
        attestationType: 'none',
        excludeCredentials: listPasskeys(db, personId)
          .filter((row) => row.rp_id === site.rpId)
          .map((row) => ({ id: row.id, transports: row.transports ? (JSON.parse(row.transports) as string[]) : undefined })),
        // A discoverable credential: signing in needs no e-mail typed first.
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      remember(options.challenge, personId, site);
      return options;
    },

    /** Keeps the passkey the browser made, once its answer checks out; 400 otherwise. */
    async register(personId: string, site: PasskeySite, response: RegistrationResponseJSON, name: string | undefined) {
      const refused = (why: string) => new StationError('invalid', 'passkey_not_registered', `The passkey was not added: ${why}`);
      const { verifyRegistrationResponse } = await webAuthn();
      let verified;
      try {
        verified = await verifyRegistrationResponse({
          response,
          expectedChallenge: (challenge) => takeChallenge(challenge, personId, site),
          expectedOrigin: site.origin,
          expectedRPID: site.rpId,
          requireUserVerification: false,
        });
      } catch (error) {
        throw refused(error instanceof Error ? error.message : String(error));
      }
      if (!verified.verified) throw refused('the browser’s answer did not check out');
      const { credential } = verified.registrationInfo;
      if (findPasskey(db, credential.id)) throw new StationError('conflict', 'passkey_exists', 'That passkey is already added');
      const row: PasskeyRow = {
        id: credential.id,
        user_id: personId,
        public_key: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ? JSON.stringify(credential.transports) : null,
        name: name ?? `Passkey ${listPasskeys(db, personId).length + 1}`,
        rp_id: site.rpId,
        created_at: nowIso(),
        last_used_at: null,
      };
      insertPasskey(db, row);
      return passkeyView(row);
    },

    remove(personId: string, id: string): void {
      if (!deletePasskey(db, personId, id)) throw notFound('You have no passkey with that id');
    },

    /** Options to sign in with any passkey made for this site (the browser offers the person's). */
    async signInOptions(site: PasskeySite) {
      const options = await (await webAuthn()).generateAuthenticationOptions({ rpID: site.rpId, userVerification: 'preferred' });
      remember(options.challenge, null, site);
      return options;
    },

    /**
     * A session for a passkey's signed challenge (`label`: where it was opened). An unknown or
     * failing passkey counts against the client address that sent it (never against every
     * passkey of the station); every refusal is the same 401.
     */
    async signIn(response: AuthenticationResponseJSON, site: PasskeySite, address: string, label: string): Promise<string> {
      throttle.check({ address });
      const refuse = () => {
        throttle.fail({ address });
        return unauthorized(PASSKEY_REFUSED);
      };
      const row = findPasskey(db, response.id);
      const person = row ? getPerson(db, row.user_id) : undefined;
      if (!row || !person || person.disabled_at || row.rp_id !== site.rpId) throw refuse();
      const { verifyAuthenticationResponse } = await webAuthn();
      let verified;
      try {
        verified = await verifyAuthenticationResponse({
          response,
          expectedChallenge: (challenge) => takeChallenge(challenge, null, site),
          expectedOrigin: site.origin,
          expectedRPID: site.rpId,
          credential: { id: row.id, publicKey: new Uint8Array(row.public_key), counter: row.counter, transports: row.transports ? JSON.parse(row.transports) : undefined },
          requireUserVerification: false,
        });
      } catch {
        throw refuse();
      }
      if (!verified.verified) throw refuse();
      passkeyUsed(db, row.id, verified.authenticationInfo.newCounter, nowIso());
      return sessions.createSessionToken(label, person.id);
    },
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;
