import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { isPublicAddress } from './addresses';

/**
 * The station's outbound policy, for everything it sends or fetches on its own (document
 * images, webhook deliveries; docs/api.md, Security): http(s) only; hosts whose every
 * resolved address is public, unless an admin allowed the host; the connection made to the
 * address that was checked, so no second DNS answer can move it (no DNS rebinding).
 */
export class OutboundRefused extends Error {}

/** `[::1]` → `::1`: the WHATWG URL keeps brackets around IPv6 hosts. */
export const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();

/** The address to connect to, once the URL and every address of its host pass the policy. */
export async function vetDestination(url: URL, allowedHosts: string[]): Promise<{ address: string; family: 4 | 6 }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused(`${url.protocol} URLs are not fetched`);
  return vetHost(url.hostname, allowedHosts);
}

/**
 * The address to connect to for a host of any protocol (a printer's `ipp://` or
 * `socket://`), once every address of the host passes the policy.
 */
export async function vetHost(hostname: string, allowedHosts: string[]): Promise<{ address: string; family: 4 | 6 }> {
  const host = bareHost(hostname);
  const allowed = allowedHosts.includes(host);
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) as 4 | 6 }] : ((await lookup(host, { all: true, verbatim: true })) as Array<{ address: string; family: 4 | 6 }>);
  if (addresses.length === 0) throw new OutboundRefused(`${host} has no address`);
  if (!allowed) {
    const inner = addresses.find((candidate) => !isPublicAddress(candidate.address));
    if (inner) throw new OutboundRefused(`${host} is not a public address (${inner.address}); an admin can allow the host in Settings → Network`);
  }
  return addresses[0]!;
}

/** One request to the vetted address of `href` (redirects are the caller's to check); answers the response. */
export async function requestVetted(
  href: string,
  allowedHosts: string[],
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string; signal: AbortSignal },
): Promise<IncomingMessage> {
  const url = new URL(href);
  const { address, family } = await vetDestination(url, allowedHosts);
  const host = bareHost(url.hostname);
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const request = (secure ? httpsRequest : httpRequest)(
      {
        // Connect to the vetted address itself; the Host header and TLS name stay the URL's.
        host: address,
        family,
        port: url.port || (secure ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: init.method,
        headers: { host: url.host, ...init.headers },
        agent: false,
        signal: init.signal,
        ...(secure && !isIP(host) ? { servername: host } : {}),
      },
      resolve,
    );
    request.on('error', reject);
    request.end(init.body);
  });
}
