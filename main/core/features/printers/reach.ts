import { connectOnce } from './by-address/probe';
import { IppHttpError, IppStatusError, ippCall, connectionOf } from './ipp/ipp-client';

/** How long a printer on the network has to answer the station's question. */
export const REACH_TIMEOUT_MS = 3_000;
/** How often the station asks each printer on the network whether it is there. */
export const REACH_INTERVAL_MS = 3_000;
/** Printers asked at once: a floor of fifty printers costs a few connections at a time. */
const AT_ONCE = 8;

/** A queue whose printer is on the network, as the print system names it (CUPS's `device-uri`). */
export interface PrinterAddress {
  vendorId: string;
  /** `ipp://`, `ipps://` or `socket://`. */
  uri: string;
  /** The queue is printing now: a raw socket printer takes one connection at a time, and is not asked then. */
  printing: boolean;
}

/** Since when a printer has not answered, and what the attempt met. */
export interface Silence {
  since: Date;
  why: string;
}

/** Asks a printer whether it is there: Get-Printer-Attributes for IPP, a TCP connect for a raw socket. Throws what it met. */
export type AskPrinter = (uri: URL, timeoutMs: number) => Promise<void>;

/**
 * The station's own reach of the printers on the network. CUPS says a network printer is gone
 * only while it tries to print there (the queue reads `processing`, "The printer may not exist
 * or is unavailable at this time"), and before any job not at all: so the station asks each
 * printer itself, every few seconds, with a short deadline, a few at a time. A printer that
 * does not answer is silent from the first miss to the next answer.
 */
export class PrinterReach {
  private readonly silences = new Map<string, Silence>();
  /** The queues asked in the last round: of the others (not on the network, a socket printer at work) only the print system can say. */
  private asked = new Set<string>();

  constructor(
    private readonly ask: AskPrinter = askPrinter,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Asks every address once; true when a printer fell silent or answered again. */
  async check(addresses: PrinterAddress[]): Promise<boolean> {
    const knocking = (address: PrinterAddress) => address.printing && address.uri.startsWith('socket:');
    const asked = addresses.filter((address) => !knocking(address));
    // A socket printer at work is not asked; one that was silent stays silent meanwhile (CUPS
    // is trying to reach it too), one that answered is CUPS's to say.
    this.asked = new Set([...asked.map((address) => address.vendorId), ...addresses.filter((address) => knocking(address) && this.silences.has(address.vendorId)).map((address) => address.vendorId)]);
    const known = new Set(addresses.map((address) => address.vendorId));
    let changed = false;
    // A queue gone from the print system (or no longer on the network) is not silent.
    for (const vendorId of this.silences.keys()) {
      if (!known.has(vendorId)) changed = this.silences.delete(vendorId) || changed;
    }
    for (let index = 0; index < asked.length; index += AT_ONCE) {
      const answers = await Promise.all(
        asked.slice(index, index + AT_ONCE).map(async ({ vendorId, uri }) => {
          try {
            await this.ask(new URL(uri), REACH_TIMEOUT_MS);
            return { vendorId, why: undefined };
          } catch (error) {
            return { vendorId, why: error instanceof Error ? error.message : String(error) };
          }
        }),
      );
      for (const { vendorId, why } of answers) {
        if (why === undefined) {
          changed = this.silences.delete(vendorId) || changed;
        } else if (!this.silences.has(vendorId)) {
          this.silences.set(vendorId, { since: this.now(), why });
          changed = true;
        }
      }
    }
    return changed;
  }

  /**
   * What the last round heard of this queue's printer: `null` it answered, a Silence it did
   * not (since the first miss), undefined when it was not asked (the print system's word holds).
   */
  heard(vendorId: string): Silence | null | undefined {
    if (!this.asked.has(vendorId)) return undefined;
    return this.silences.get(vendorId) ?? null;
  }
}

/** The printer schemes the station can ask itself (others, `usb://`, `dnssd://`…, only CUPS can). */
export function askableAddress(deviceUri: string): string | undefined {
  return /^(ipps?|socket):\/\/[^/]/i.test(deviceUri) ? deviceUri : undefined;
}

/** Asks an address as the station's add-by-address probe does, for the one attribute that says a printer is there. */
export async function askPrinter(uri: URL, timeoutMs: number): Promise<void> {
  if (uri.protocol === 'socket:') return connectOnce(uri.hostname.replace(/^\[(.*)\]$/, '$1'), Number(uri.port || 9100), timeoutMs);
  const { connection, path } = connectionOf(uri);
  try {
    await ippCall(
      connection,
      path,
      {
        operation: 'Get-Printer-Attributes',
        'operation-attributes-tag': { 'attributes-charset': 'utf-8', 'attributes-natural-language': 'en', 'printer-uri': uri.href, 'requested-attributes': ['printer-state'] },
      },
      { timeoutMs, signal: AbortSignal.timeout(timeoutMs) },
    );
  } catch (error) {
    // Any answer, an IPP or HTTP refusal included, is a printer that is there.
    if (error instanceof IppStatusError || error instanceof IppHttpError) return;
    throw error;
  }
}

/** The words of a printer that does not answer, and how they begin: "not answering since 16:04[: what CUPS says]". */
export function notAnsweringReason(since: Date, said?: string): string {
  return `${NOT_ANSWERING} ${timeOfDay(since)}${said ? `: ${said}` : ''}`;
}
const NOT_ANSWERING = 'not answering since';
export const isNotAnswering = (reason: string | null | undefined): boolean => reason?.startsWith(NOT_ANSWERING) === true;

/** "16:04": the local time of day a silence began, as the station's screens say it. */
export function timeOfDay(at: Date): string {
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}
