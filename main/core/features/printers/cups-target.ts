import { existsSync } from 'node:fs';
import type { IppConnection } from './ipp/ipp-client';

/** Where the machine's own CUPS listens when nothing names a server (Debian, Fedora, macOS). */
const MACHINE_CUPS_SOCKETS = ['/run/cups/cups.sock', '/var/run/cups/cups.sock', '/private/var/run/cupsd'];

/** Where a CUPS request goes, and the host part of the printer URIs it names. */
export interface CupsTarget {
  connection: IppConnection;
  uriHost: string;
}

/**
 * The scheduler a request goes to: `named` (`host:port`, `[v6]:port` or a socket path), else
 * `CUPS_SERVER`, else the machine's own CUPS (its socket, else localhost:631).
 */
export function cupsTarget(named: string | undefined): CupsTarget {
  named ||= process.env.CUPS_SERVER || undefined;
  if (named?.startsWith('/')) return { connection: { kind: 'unix', socketPath: named }, uriHost: 'localhost' };
  if (named) {
    const { hostname, port } = new URL(`ipp://${named.includes(':') && !named.startsWith('[') && named.split(':').length > 2 ? `[${named}]` : named}`);
    const host = hostname.replace(/^\[(.*)\]$/, '$1');
    return { connection: { kind: 'tcp', host, port: port ? Number(port) : 631, secure: false }, uriHost: `${hostname}:${port || 631}` };
  }
  const socketPath = MACHINE_CUPS_SOCKETS.find((path) => existsSync(path));
  return socketPath ? { connection: { kind: 'unix', socketPath }, uriHost: 'localhost' } : { connection: { kind: 'tcp', host: 'localhost', port: 631, secure: false }, uriHost: 'localhost:631' };
}
