import { BlockList, isIP } from 'node:net';

/**
 * Addresses the station never fetches from unless an admin allows the host: loopback,
 * private, link-local, CGNAT, multicast, documentation, benchmarking and reserved ranges,
 * IPv6 unique-local, link-local and multicast, and IPv4 addresses embedded in IPv6
 * (mapped, compatible, NAT64) when the embedded address is one of these.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  // Local-use NAT64 (RFC 8215): translated inside a site, never to the public internet.
  ['64:ff9b:1::', 48],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** An IPv6 literal's 16 bytes (a dotted IPv4 tail included), or undefined when it is not one. */
function ipv6Bytes(address: string): number[] | undefined {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const all = halves.length === 2 ? [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail] : head;
  if (all.length !== 8 || all.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return undefined;
  return all.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 255];
  });
}

const zeros = (bytes: number[], from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);

/**
 * The IPv4 address an IPv6 address carries, where it carries one that reaches IPv4 hosts:
 * IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d, deprecated but still routed by
 * some stacks) and the well-known NAT64 prefix (64:ff9b::/96, RFC 6052). The local-use NAT64
 * prefix (64:ff9b:1::/48, RFC 8215) is never public, whatever it embeds.
 */
function embeddedIpv4(address: string): string | undefined {
  const bytes = ipv6Bytes(address);
  if (!bytes) return undefined;
  const mapped = zeros(bytes, 0, 10) && bytes[10] === 0xff && bytes[11] === 0xff;
  // ::/96 holds :: and ::1 too (both refused by their own /128 entries, before this is asked).
  const compatible = zeros(bytes, 0, 12) && !zeros(bytes, 12, 15);
  const nat64 = bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(bytes, 4, 12);
  return mapped || compatible || nat64 ? bytes.slice(12).join('.') : undefined;
}

/** Whether `address` (an IP literal) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  const inner = embeddedIpv4(address);
  if (inner) return isPublicAddress(inner);
  return !NOT_PUBLIC.check(address, 'ipv6');
}
