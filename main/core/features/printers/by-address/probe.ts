import { connect } from 'node:net';
import { IppHttpError, IppStatusError, IppUnreachableError, connectionOf, ippCall, type IppConnection } from '../ipp/ipp-client';
import { groupsOf, stringOf, stringsOf } from '../ipp/ipp-codec';
import { pwgPaperSize } from '../ppd';

/** What the station found at a printer's address, shown before and after it is added. */
export interface ProbedPrinter {
  /** `ipp` (IPP Everywhere, or a queue another computer's CUPS shares) or `socket` (a raw label printer on port 9100). */
  kind: 'ipp' | 'socket';
  makeAndModel: string | null;
  /** Paper sizes by the printer's own (PWG) names, with their size in millimetres where the name says it. */
  papers: Array<{ name: string; widthMm: number | null; heightMm: number | null }>;
  /** Trays (`media-source-supported`). */
  trays: string[];
  /** Document formats it takes (`application/pdf`, `image/pwg-raster`…), or `zpl` for a socket printer. */
  languages: string[];
  /** `idle`, `processing` or `stopped`, when the printer says. */
  state: string | null;
}

/** Why an address is refused, in words for the person who typed it (a 400 `details` entry). */
export class ProbeRefused extends Error {
  constructor(
    readonly code: 'printer_unreachable' | 'not_a_printer',
    message: string,
  ) {
    super(message);
  }
}

/** A printer answers a probe within seconds or is treated as not there. */
const PROBE_TIMEOUT_MS = 5_000;
/**
 * However it trickles its answer, a probe ends by then: the idle timeout above alone would
 * let an address that sends a byte every few seconds hold a probe (and its admin) for ever.
 */
const PROBE_DEADLINE_MS = 15_000;

/** How long a probe waits: between two pieces of the answer, and in all. */
export interface ProbeLimits {
  idleMs: number;
  deadlineMs: number;
}

/**
 * Asks the address what it is: Get-Printer-Attributes for `ipp://`/`ipps://`, a TCP connect
 * for `socket://` (a raw port says nothing about itself). `address`: the vetted IP to
 * connect to, so a second DNS answer cannot move the probe elsewhere.
 */
export async function probePrinter(uri: URL, address?: string, limits: ProbeLimits = { idleMs: PROBE_TIMEOUT_MS, deadlineMs: PROBE_DEADLINE_MS }): Promise<ProbedPrinter> {
  if (uri.protocol === 'socket:') {
    await connectOnce(address ?? uri.hostname.replace(/^\[(.*)\]$/, '$1'), Number(uri.port || 9100), limits.idleMs);
    return { kind: 'socket', makeAndModel: null, papers: [], trays: [], languages: ['zpl'], state: null };
  }
  const { connection, path } = connectionOf(uri);
  const target: IppConnection = address && connection.kind === 'tcp' ? { ...connection, host: address, hostHeader: uri.host } : connection;
  let answer;
  const deadline = AbortSignal.timeout(limits.deadlineMs);
  try {
    answer = await ippCall(
      target,
      path,
      {
        operation: 'Get-Printer-Attributes',
        'operation-attributes-tag': {
          'attributes-charset': 'utf-8',
          'attributes-natural-language': 'en',
          'printer-uri': uri.href,
          'requested-attributes': ['printer-make-and-model', 'printer-info', 'printer-state', 'media-supported', 'media-source-supported', 'document-format-supported'],
        },
      },
      { timeoutMs: limits.idleMs, signal: deadline },
    );
  } catch (error) {
    if (deadline.aborted) throw new ProbeRefused('printer_unreachable', `${uri.host} did not finish answering within ${limits.deadlineMs / 1000} s`);
    if (error instanceof IppUnreachableError) throw new ProbeRefused('printer_unreachable', `Nothing answers at ${uri.host}: ${error.message}`);
    if (error instanceof IppHttpError) throw new ProbeRefused('not_a_printer', `${uri.host} is not an IPP printer: ${error.message}`);
    if (error instanceof IppStatusError) throw new ProbeRefused('not_a_printer', `${uri.href} is not a printer there (${error.message})`);
    throw new ProbeRefused('printer_unreachable', `${uri.host} did not answer as a printer: ${error instanceof Error ? error.message : String(error)}`);
  }
  const printer = groupsOf(answer['printer-attributes-tag'])[0];
  if (!printer || (!printer['printer-state'] && !printer['document-format-supported'])) throw new ProbeRefused('not_a_printer', `${uri.href} answers IPP but says nothing of a printer`);
  return {
    kind: 'ipp',
    makeAndModel: stringOf(printer['printer-make-and-model']) || stringOf(printer['printer-info']) || null,
    papers: stringsOf(printer['media-supported'])
      .filter((name) => !name.startsWith('custom_'))
      .map((name) => {
        const size = pwgPaperSize(name);
        return { name, widthMm: size?.widthMm ?? null, heightMm: size?.heightMm ?? null };
      }),
    trays: stringsOf(printer['media-source-supported']),
    languages: stringsOf(printer['document-format-supported']).filter((format) => format !== 'application/octet-stream'),
    state: stringOf(printer['printer-state']) || null,
  };
}

/** Opens a TCP connection and closes it at once: a raw port's only answer. Refused: ProbeRefused `printer_unreachable`. */
export function connectOnce(host: string, port: number, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, timeout: timeoutMs });
    socket.once('connect', () => {
      socket.end();
      resolve();
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(new ProbeRefused('printer_unreachable', `Nothing answers at ${host}:${port} (no connection in ${timeoutMs / 1000} s)`));
    });
    socket.once('error', (error: NodeJS.ErrnoException) => reject(new ProbeRefused('printer_unreachable', `Nothing answers at ${host}:${port} (${error.code ?? error.message})`)));
  });
}
