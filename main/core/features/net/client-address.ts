import { isIP } from 'node:net';
import type { Context, Next } from 'koa';

declare module 'koa' {
  interface DefaultState {
    /** The client's address as the station trusts it (net/client-address.ts): what sign-in throttles count against. */
    clientAddress?: string;
  }
}

/** `::ffff:10.0.0.5` → `10.0.0.5`: one client, one key, whichever socket family it came by. */
const plain = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1').toLowerCase();

/**
 * The client's address: the socket's peer, unless that peer is a proxy named in Settings →
 * Network (`trustedProxies`); then `X-Forwarded-For` is read from the right, skipping the
 * trusted proxies, and the first address that is not one of them is the client. A header
 * from anyone else is ignored (anyone can write it), as is an entry that is not an IP.
 */
export function clientAddressOf(peer: string, forwardedFor: string | undefined, trusted: readonly string[]): string {
  const trustedSet = new Set(trusted.map(plain));
  let address = plain(peer);
  if (!trustedSet.has(address) || !forwardedFor) return address;
  const hops = forwardedFor.split(',').map((hop) => plain(hop.trim()));
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = hops[index]!;
    if (isIP(hop) === 0) return address;
    address = hop;
    if (!trustedSet.has(hop)) return hop;
  }
  return address;
}

/** Sets `ctx.state.clientAddress` for every request, from the trusted proxies of the moment. */
export function clientAddress(trustedProxies: () => readonly string[]) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const forwardedFor = ctx.get('x-forwarded-for') || undefined;
    // Without the header the peer is the client: the settings are read only when there is one to weigh.
    ctx.state.clientAddress = clientAddressOf(ctx.request.socket.remoteAddress ?? '', forwardedFor, forwardedFor ? trustedProxies() : []);
    await next();
  };
}

/** The client's address for a throttle: the middleware's, or the socket's where it did not run (a route mounted in a test). */
export const addressOf = (ctx: Context): string => ctx.state.clientAddress ?? plain(ctx.request.socket.remoteAddress ?? '');
