import type { Context, Next } from 'koa';
import { hostname, networkInterfaces } from 'node:os';
import { StationError } from '../foundations/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ADDRESSES_FRESH_MS = 10_000;

/** `Host: [::1]:5717` → `::1`; `Station.Local.:80` → `station.local`. */
export function hostOf(header: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(header);
  const host = bracketed ? bracketed[1]! : header.replace(/:\d+$/, '');
  return host.toLowerCase().replace(/\.$/, '');
}

/**
 * The names the station is reached by: localhost names, the machine's host name (and its
 * `.local` mDNS name), its own addresses, and names an admin configured. The name and the
 * addresses are re-read every few seconds (a laptop changes networks).
 */
export function stationHostNames(configured: () => string[]): (host: string) => boolean {
  let addresses = new Set<string>();
  let machine = '';
  let readAt = 0;
  return (host) => {
    if (host === 'localhost' || host.endsWith('.localhost')) return true;
    // The machine's name and addresses are read again every few seconds, not at every request.
    if (Date.now() - readAt > ADDRESSES_FRESH_MS) {
      machine = hostname().toLowerCase();
      addresses = new Set(Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((entry) => entry.address.toLowerCase().replace(/%.*$/, ''))));
      addresses.add('127.0.0.1').add('::1');
      readAt = Date.now();
    }
    if (host === machine || host === `${machine}.local`) return true;
    return addresses.has(host) || configured().includes(host);
  };
}

/**
 * In front of `/admin/api/*`: answers only requests addressed to a name the station is
 * reached by — a page on another site that re-points its own name at this machine (DNS
 * rebinding) is refused — and refuses state-changing calls from another origin. The public
 * API (`/api/*`, which needs a key) is not behind it: a WMS may use any name for the station.
 */
export function adminHostGuard(isStationHost: (host: string) => boolean) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const host = hostOf(ctx.get('host'));
    if (!isStationHost(host)) {
      throw new StationError(
        'forbidden',
        'host_not_allowed',
        `The dashboard does not answer for the host name "${host}". Open it at the station's own address, or add the name under Settings → Network (dashboard host names).`,
      );
    }
    const origin = ctx.get('origin');
    if (origin && !SAFE_METHODS.has(ctx.method) && originHost(origin) !== ctx.get('host').toLowerCase()) {
      throw new StationError('forbidden', 'origin_not_allowed', `Changes to the station are accepted only from its own dashboard, not from ${origin}`);
    }
    await next();
  };
}

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined;
  }
}
