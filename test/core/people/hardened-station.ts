import { afterAll, beforeAll, expect } from 'vitest';
import { startStation, type RunningStation } from '../../helpers/station';
import { adminClient } from '../admin/admin-helpers';
import type { SignedIn } from './people-helpers';

/**
 * The station tried as an attacker inside a 3PL would: a merchant's admin, an operator at a
 * bench, someone on the warehouse LAN with no account. Clients at other addresses are other
 * machines behind the station's trusted proxy (Settings → Network, `trustedProxies`), which
 * names them in X-Forwarded-For: the same way a station behind an HTTPS proxy tells them apart.
 *
 * The hardened tests' station and the calls they make from other machines (hardened*.test.ts).
 */
export let s: RunningStation;
export let shop: ReturnType<RunningStation['team']>;

/** Starts the file's station (its trusted proxy is 127.0.0.1) before its tests, and stops it after. */
export function useHardenedStation(): void {
  beforeAll(async () => {
    s = await startStation({ background: false, cupsPrinting: false });
    shop = s.team('Hardened shop');
    const proxies = await adminClient(s).call('/admin/api/settings/network', { method: 'PUT', json: { imageHostsAllowed: [], trustedProxies: ['127.0.0.1'] } });
    expect(proxies.status).toBe(200);
  });
  afterAll(() => s.stop());
}

/** A call from another machine on the LAN (through the trusted proxy). */
export const from = (address: string, path: string, init: RequestInit & { json?: unknown; token?: string } = {}) => {
  const { token, ...rest } = init;
  return s.call(path, { ...rest, headers: { 'X-Forwarded-For': address, ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(rest.headers as Record<string, string>) } });
};
export const signInFrom = (address: string, json: unknown, headers: Record<string, string> = {}) => from(address, '/admin/api/session', { json, headers });
/** The same from a browser that opened the dashboard at localhost (Host and Origin both localhost), where passkeys work. */
export const fromLocalhost = (address: string, path: string, json?: unknown) => {
  const local = s.url.replace('127.0.0.1', 'localhost');
  return fetch(`${local}${path}`, { method: 'POST', headers: { Origin: local, 'X-Forwarded-For': address, 'Content-Type': 'application/json' }, body: json === undefined ? undefined : JSON.stringify(json) });
};
export const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string } }).error;
export const unknownBadge = (n: number) => `STAFF-${'A'.repeat(23)}${'BCDEFGHIJK'[n]}`;
export const badgeOf = async (person: SignedIn) => ((await (await adminClient(s).call(`/admin/api/people/${person.id}/badge`, { method: 'POST' })).json()) as { badge: string }).badge;
export const sessionOf = async (response: Response) => ((await response.json()) as { sessionToken: string }).sessionToken;
