import { isIP } from 'node:net';
import { z } from 'zod';
import { StationError, badRequest } from '../../../foundations/errors';
import { hasControlCharacters } from '../../../foundations/text';
import { OutboundRefused, vetHost } from '../../net/outbound';
import type { Printer } from '../store';
import type { PrintersService } from '../service';
import { createCupsQueue, removeCupsQueue } from './cups-queue';
import { probePrinter, ProbeRefused, type ProbedPrinter } from './probe';


export const addPrinterInput = z.strictObject({
  uri: z.string().trim().min(1, 'The printer’s address').max(1024, 'At most 1024 characters'),
  name: z
    .string()
    .trim()
    .min(1, 'A name for the printer')
    .max(100, 'At most 100 characters')
    .refine((name) => !hasControlCharacters(name), 'No control characters'),
});
export type AddPrinterInput = z.output<typeof addPrinterInput>;

/** The address schemes the station adds: IPP (Everywhere printers, another computer's CUPS queue) and raw sockets (ZPL label printers). */
const SCHEMES = ['ipp:', 'ipps:', 'socket:'];

/**
 * Who may reach which address: the dashboard and the admin API go through the outbound
 * policy (loopback and private hosts only where Settings → Network allows them); the
 * `station` command, run by whoever runs the machine, may add any address.
 */
export type AddressPolicy = { allowedHosts: string[] } | 'any address';

/**
 * The CUPS queue name for a printer's name: CUPS takes any printable UTF-8 but spaces, `/`,
 * `\`, `?`, quotes, `#` and `@`, up to 127 bytes ("Склад 2 Zebra" → "Склад_2_Zebra").
 */
export function queueNameFor(name: string): string {
  let queue = [...name].map((char) => (hasControlCharacters(char) || /[\s/\\?'"#@]/u.test(char) ? '_' : char)).join('').replace(/_+/g, '_').replace(/^_+|_+$/g, '') || 'printer';
  while (Buffer.byteLength(queue) > 127) queue = [...queue].slice(0, -1).join('');
  return queue;
}

/** The address as a URL the station can add, or a 400 that says what is wrong with it. */
export function printerAddress(uri: string): URL {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw badRequest('The address is not a URI', [{ path: 'uri', message: 'e.g. ipp://printer.local/ipp/print, ipp://bench-2.local:631/printers/zebra or socket://192.168.1.40:9100' }], 'invalid_printer_address');
  }
  if (!SCHEMES.includes(url.protocol)) throw badRequest(`${url.protocol} is not a printer address the station adds`, [{ path: 'uri', message: 'ipp://, ipps:// or socket://' }], 'invalid_printer_address');
  if (!url.hostname) throw badRequest('The address names no host', [{ path: 'uri', message: 'ipp://HOST[:PORT]/PATH or socket://HOST[:PORT]' }], 'invalid_printer_address');
  if (url.username || url.password) throw badRequest('The address carries a user or password', [{ path: 'uri', message: 'Printers are added without credentials in the address' }], 'invalid_printer_address');
  return url;
}

/**
 * Adds a printer by its address: checks the name is free and the address allowed, probes
 * the address (a printer that does not answer, or is not one, is refused before anything
 * changes), makes a CUPS queue for it, and answers the printer as the station lists it.
 * A socket printer is a ZPL label printer: its queue uses CUPS's Zebra driver, so raw ZPL
 * goes to it unchanged and documents are turned into ZPL by the driver.
 */
export async function addPrinterByAddress(
  deps: { printers: PrintersService; cupsServer: () => string | undefined },
  input: AddPrinterInput,
  policy: AddressPolicy,
): Promise<{ printer: Printer; probe: ProbedPrinter }> {
  const url = printerAddress(input.uri);
  const queue = queueNameFor(input.name);
  const taken = (await deps.printers.list()).find((printer) => printer.status !== 'missing' && [printer.name, printer.nickname, printer.vendorId].some((name) => name?.toLowerCase() === input.name.toLowerCase() || name === queue));
  if (taken) throw new StationError('conflict', 'printer_name_taken', `A printer is already called ${input.name}: choose another name`);
  const { probe, address } = await probeAddress(url, policy);
  // CUPS gets the address the probe vetted, not the name: a name that resolves elsewhere the
  // second time (DNS rebinding) cannot point the queue at a host the policy refused.
  const made = { queue, name: input.name, uri: withVettedAddress(url, address).href, kind: probe.kind, server: deps.cupsServer() };
  await createCupsQueue(made);
  let printer = await discovered(deps.printers, queue, probe);
  if (!printer) throw new StationError('unavailable', 'print_system_refused', `CUPS made the queue ${queue} but does not list it`);
  // A printer just added takes no job before it can print one: a driverless queue takes only
  // raw bytes until CUPS has made its driver, and every PDF sent meanwhile is refused.
  if (probe.kind === 'ipp' && !(await takesPdfSoon(deps.printers, printer))) {
    // Made once more (a driver that never came); then the queue is taken away again and the add refused.
    await createCupsQueue(made);
    printer = await discovered(deps.printers, queue, probe);
    if (!printer || !(await takesPdfSoon(deps.printers, printer))) {
      await removeCupsQueue(queue, made.server).catch(() => undefined);
      await deps.printers.refresh();
      throw new StationError('unavailable', 'printer_not_ready', `CUPS made a queue for ${input.uri} but it takes no PDF: the driver CUPS makes from what the printer says of itself did not come within ${DRIVER_READY_MS / 1000} s, twice. Add it again; if it fails again, the printer may not be an IPP Everywhere printer.`);
    }
  }
  // A raw label printer: ZPL goes to it whatever CUPS says of its driver.
  if (probe.kind === 'socket' && !printer.takesZpl) printer = deps.printers.updateSettings(printer.id, { takesZpl: true });
  return { printer, probe };
}

/**
 * What answers at an address the policy allows: the host vetted (loopback and private hosts
 * only from the allow-list) and the probe sent to the vetted address; each refusal a 400.
 */
export async function probeAddress(url: URL, policy: AddressPolicy): Promise<{ probe: ProbedPrinter; address: string | undefined }> {
  let address: string | undefined;
  if (policy !== 'any address') {
    try {
      address = (await vetHost(url.hostname, policy.allowedHosts)).address;
    } catch (error) {
      if (error instanceof OutboundRefused) throw badRequest(error.message.replace('Settings → Network', 'Settings → Network (printer hosts)'), [{ path: 'uri', message: 'Not allowed by the outbound policy' }], 'printer_address_not_allowed');
      throw badRequest(`${url.hostname} cannot be found on the network`, [{ path: 'uri', message: String((error as Error).message) }], 'printer_unreachable');
    }
  }
  try {
    return { probe: await probePrinter(url, address), address };
  } catch (error) {
    if (error instanceof ProbeRefused) throw badRequest(error.message, [{ path: 'uri', message: error.code === 'not_a_printer' ? 'Not a printer' : 'Unreachable' }], error.code);
    throw error;
  }
}

/** The address with its host replaced by the vetted IP literal (IPv6 in brackets); as it was when nothing was vetted (the `station` command). */
export function withVettedAddress(url: URL, address: string | undefined): URL {
  if (!address) return url;
  const pinned = new URL(url.href);
  pinned.hostname = isIP(address) === 6 ? `[${address}]` : address;
  return pinned;
}

/** How long a new driverless queue may take to take PDF documents (its driver made by CUPS). */
const DRIVER_READY_MS = 15_000;
const DRIVER_POLL_MS = 200;

/** Whether the new queue takes PDF documents within DRIVER_READY_MS (asked of CUPS every DRIVER_POLL_MS). */
async function takesPdfSoon(printers: PrintersService, printer: Printer): Promise<boolean> {
  const deadline = Date.now() + DRIVER_READY_MS;
  for (;;) {
    if (await printers.line(printer.id)!.takesPdf().catch(() => false)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, DRIVER_POLL_MS));
  }
}

/** Tries at discovering a new queue with its papers before it is answered without them. */
const DISCOVERY_ATTEMPTS = 5;
const DISCOVERY_RETRY_MS = 200;

/**
 * The new queue as the station discovers it. A driverless queue's PPD may reach CUPS a
 * moment after \`lpadmin\` returns (the queue is announced first): a queue of a printer that
 * said it has papers is looked at again until its papers are there.
 */
async function discovered(printers: PrintersService, queue: string, probe: ProbedPrinter): Promise<Printer | undefined> {
  for (let attempt = 1; ; attempt++) {
    await printers.refresh();
    const printer = printers.find(queue);
    const complete = printer && (probe.kind === 'socket' || probe.papers.length === 0 || printer.paperSizes.length > 0);
    if (complete || attempt === DISCOVERY_ATTEMPTS) return printer;
    await new Promise((resolve) => setTimeout(resolve, DISCOVERY_RETRY_MS));
  }
}
