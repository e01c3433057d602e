import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../../helpers/station';
import { adminClient } from '../admin/admin-helpers';
import { joinAs, PASSWORD } from './people-helpers';
import { passkeySite } from '../../../main/core/features/people/passkeys';

/**
 * Passkeys' refusals through the API (test/e2e/passkeys.test.ts signs in with one in
 * Chromium): where WebAuthn cannot work, answers that do not check out, a session that is
 * no person's, a passkey that is not one's own.
 */
let s: RunningStation;
let team: ReturnType<RunningStation['team']>;
beforeAll(async () => {
  s = await startStation({ background: false });
  team = s.team('Passkey shop');
});
afterAll(() => s.stop());

const local = () => s.url.replace('127.0.0.1', 'localhost');
/** A request as the dashboard opened at localhost sends it (Host and Origin both localhost). */
const atLocalhost = (path: string, init: { method?: string; json?: unknown; token?: string } = {}) =>
  fetch(`${local()}${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers: { Origin: local(), 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string } }).error;
const fakeAnswer = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'AAAA' } };

describe('passkeys through the API', () => {
  it('hands out a challenge at localhost, and refuses the station’s IP address with 400 passkeys_unavailable_here', async () => {
    const at = (origin: string) => s.call('/admin/api/session/passkey-options', { method: 'POST', headers: { Origin: origin } });
    const options = await atLocalhost('/admin/api/session/passkey-options', { method: 'POST' });
    expect(options.status).toBe(200);
    expect(await options.json()).toMatchObject({ challenge: expect.any(String), rpId: 'localhost' });
    // The station reached at its IP address (the desktop window's 127.0.0.1): no passkeys there.
    const refused = await at(s.url);
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toMatchObject({ code: 'passkeys_unavailable_here', message: expect.stringMatching(/localhost.*HTTPS/) });
  });

  it('knows where WebAuthn works: localhost, or a host name over HTTPS; not an IP address, nor plain HTTP elsewhere', () => {
    expect(passkeySite('http://localhost:5717', 'localhost:5717')).toEqual({ origin: 'http://localhost:5717', rpId: 'localhost' });
    expect(passkeySite('https://station.warehouse.example', 'station.warehouse.example')).toEqual({ origin: 'https://station.warehouse.example', rpId: 'station.warehouse.example' });
    for (const origin of ['http://station.lan:5717', 'http://192.168.1.20:5717', 'https://192.168.1.20', 'http://[::1]:5717', 'not a url']) {
      expect(() => passkeySite(origin, 'x')).toThrow(/Passkeys work where/);
    }
  });

  it('refuses a sign-in answer that does not check out with the one 401, and a malformed one with 400', async () => {
    const signIn = (passkey: unknown) => atLocalhost('/admin/api/session', { json: { passkey } });
    const unknown = await signIn(fakeAnswer);
    expect(unknown.status).toBe(401);
    expect((await errorOf(unknown)).message).toBe('This passkey is not known at this station, or it could not be checked');
    expect((await signIn({ id: 'x' })).status).toBe(400);
  });

  it('adds passkeys for a person only: the station admin’s own session is 403; a made-up answer is 400 and nothing is kept', async () => {
    const adminToken = s.station.services.adminSessions.createSessionToken('test');
    expect((await atLocalhost('/admin/api/me/passkeys/options', { token: adminToken, json: { currentPassword: 'any password' } })).status).toBe(403);
    expect(await (await adminClient(s).call('/admin/api/me/passkeys')).json()).toEqual([]);

    const person = await joinAs(s, team.team.id, 'kenji@passkey.example', 'operator', 'Кэндзи');
    // Adding a way in asks for the current password: a session alone cannot.
    expect((await atLocalhost('/admin/api/me/passkeys/options', { method: 'POST', token: person.token })).status).toBe(400);
    expect((await atLocalhost('/admin/api/me/passkeys/options', { token: person.token, json: { currentPassword: 'not the password' } })).status).toBe(400);
    const options = await atLocalhost('/admin/api/me/passkeys/options', { token: person.token, json: { currentPassword: PASSWORD } });
    expect(options.status).toBe(200);
    expect(await options.json()).toMatchObject({ rp: { id: 'localhost' }, user: { name: 'kenji@passkey.example', displayName: 'Кэндзи' } });
    const added = await atLocalhost('/admin/api/me/passkeys', { token: person.token, json: { name: 'Bench key', response: fakeAnswer } });
    expect(added.status).toBe(400);
    expect((await errorOf(added)).code).toBe('passkey_not_registered');
    expect(s.station.db.prepare('SELECT COUNT(*) FROM passkeys').pluck().get()).toBe(0);
    expect((await atLocalhost('/admin/api/me/passkeys/no-such-key', { method: 'DELETE', token: person.token })).status).toBe(404);
  });
});
