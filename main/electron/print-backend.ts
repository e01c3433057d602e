import type { PrinterInfo, WebContentsPrintOptions } from 'electron';
import {
  TransientPrintError,
  UnconfirmedPrintError,
  pdfOf,
  RAW_NOT_TAKEN,
  PermanentPrintError,
  type DiscoveredPrinter,
  type OsJobReport,
  type PrintBackend,
  type PrinterPaperSize,
  type SubmitRequest,
} from '../core/features/printers/backend';
import { knownPaperSize } from '../core/features/printers/paper-sizes';
import { choosePrintPath } from '../core/features/printers/print-path';

/** Why an Electron job ends `unknown`: the print callback says only that the spooler took it. */
export const UNFOLLOWED_REASON = 'Handed to the printer system; the desktop app cannot follow a job further, so whether it reached paper is not known';

export type { PrinterInfo, WebContentsPrintOptions };

/** What the backend needs of a WebContents: discovery only. */
export interface PrinterSource {
  getPrintersAsync(): Promise<PrinterInfo[]>;
}

/** A hidden window showing one job's HTML, ready to print (print-window.ts has the real one). */
export interface PrintWindow {
  webContents: { print(options: WebContentsPrintOptions, callback: (success: boolean, failureReason: string) => void): void };
  close(): void;
}

/** A Windows printer as pdf-to-printer and the .NET printer settings describe it. */
export interface WindowsPrinterDetails {
  name: string;
  /** Paper names the driver lists (`PrinterPaperNames`). */
  paperSizes: string[];
  /** Paper sources (trays, bins) by the names the driver gives them. */
  trays: string[];
}

/** The options pdf-to-printer passes to SumatraPDF (`-print-settings`). */
export interface PdfToPrinterOptions {
  printer: string;
  bin?: string;
  paperSize?: string;
  scale: 'noscale' | 'fit';
  orientation: 'portrait' | 'landscape';
  copies: number;
  silent: true;
}

/** Windows only: trays and paper through pdf-to-printer (windows-trays.ts has the real one). */
export interface TrayPrinting {
  printers(): Promise<WindowsPrinterDetails[]>;
  print(pdf: Uint8Array, options: PdfToPrinterOptions): Promise<void>;
}

export interface ElectronPrintDeps {
  platform: NodeJS.Platform;
  printers: PrinterSource;
  openHtml(html: string, title: string): Promise<PrintWindow>;
  /** Present on Windows. */
  trays?: TrayPrinting;
  /** Present on Windows: sends bytes through the spooler's RAW datatype (windows-raw.ts); resolves to the spooler's job id. */
  printRaw?: (printer: string, title: string, data: Uint8Array) => Promise<string>;
  /** How long `webContents.print` may take to call back (default 60 s). */
  printTimeoutMs?: number;
}

const MICRONS_PER_MM = 1000;
const PRINT_TIMEOUT_MS = 60_000;
const SIZES_WITHOUT_DRIVER_LIST = ['A4', 'A5', 'A6', 'Letter', 'Legal', '4x6'];

/**
 * Electron's print options for a station job (electron v41 `webContents.print`, read in
 * lib/browser/api/web-contents.ts and shell/browser/api/electron_api_web_contents.cc):
 * silent, on the named device, the job's paper in microns, no margins (the HTML's `@page`
 * has them), the copies. Headers and footers stay off: Electron enables them only when a
 * `header` or `footer` is given. Electron's C++ reads the background switch as
 * `shouldPrintBackgrounds`, not the documented `printBackground` (electron/electron#20583):
 * both are set, and the page itself asks for exact colours (`print-color-adjust`).
 */
export function electronPrintOptions(request: SubmitRequest): WebContentsPrintOptions {
  const width = Math.round(request.paper.widthMm * MICRONS_PER_MM);
  const height = Math.round(request.paper.heightMm * MICRONS_PER_MM);
  return {
    silent: true,
    deviceName: request.vendorId,
    printBackground: true,
    shouldPrintBackgrounds: true,
    copies: request.copies,
    landscape: request.paper.landscape,
    margins: { marginType: 'none' },
    // Chromium expects portrait dimensions and rotates for `landscape` itself.
    pageSize: { width: Math.min(width, height), height: Math.max(width, height) },
  } as WebContentsPrintOptions;
}

/** pdf-to-printer's options for a job with a tray or a ready-made PDF: the driver's paper name when it has one. */
export function pdfToPrinterOptions(request: SubmitRequest): PdfToPrinterOptions {
  return {
    printer: request.vendorId,
    ...(request.tray ? { bin: request.tray } : {}),
    ...(request.paper.name ? { paperSize: request.paper.name } : {}),
    // The PDF is already the paper's size: print it as it is unless the printer fits to page.
    scale: request.fitToPage ? 'fit' : 'noscale',
    orientation: request.paper.landscape ? 'landscape' : 'portrait',
    copies: request.copies,
    silent: true,
  };
}

/** CUPS's IPP printer-state, which Electron passes through in `options` on Linux and macOS. */
function statusOf(info: PrinterInfo): DiscoveredPrinter['status'] {
  const options = (info.options ?? {}) as Record<string, string>;
  if (options['printer-is-accepting-jobs'] === 'false' || options['printer-state'] === '5') return 'offline';
  if (options['printer-state'] === '4') return 'busy';
  return 'online';
}

/** Paper names a Windows driver lists, as sizes the station knows (others are left out). */
function windowsPaperSizes(names: string[]): PrinterPaperSize[] {
  const sizes: PrinterPaperSize[] = [];
  for (const name of names) {
    const known = knownPaperSize(name) ?? knownPaperSize(name.replace(/\s+/g, '').replace(/^(\d+)x(\d+)(in)?$/i, '$1x$2'));
    if (known && !sizes.some((size) => size.name === known.name)) sizes.push({ ...known, name });
  }
  return sizes;
}

export function discoveredFromElectron(info: PrinterInfo, windows?: WindowsPrinterDetails): DiscoveredPrinter {
  const options = (info.options ?? {}) as Record<string, string>;
  const listed = windows ? windowsPaperSizes(windows.paperSizes) : [];
  return {
    vendorId: info.name,
    name: info.displayName || info.name,
    status: statusOf(info),
    trays: windows?.trays ?? [],
    paperSizes: listed.length ? listed : SIZES_WITHOUT_DRIVER_LIST.map((name) => knownPaperSize(name)!),
    acceptsCustomPaper: true,
    isDefault: (info as PrinterInfo & { isDefault?: boolean }).isDefault === true || options.isDefault === 'true',
  };
}

/**
 * Printing through Electron: the OS printer list from `webContents.getPrintersAsync`, jobs
 * as HTML through `webContents.print` (never a PDF: Electron's PDF viewer cannot be printed,
 * electron/electron#27383 and #30947), and on Windows jobs with a tray as a PDF through
 * pdf-to-printer. Nothing is held: the OS job id is the station's title.
 */
export class ElectronPrintBackend implements PrintBackend {
  readonly kind = 'electron';
  /** `webContents.print` leaves no trace the station can look up after a crash. */
  readonly findsSubmitted = false;

  constructor(private readonly deps: ElectronPrintDeps) {}

  takes(tray: string | null, job?: { readyPdf: boolean }): 'pdf' | 'html' {
    return choosePrintPath({ platform: this.deps.platform, seenBy: this.kind, tray, readyPdf: job?.readyPdf }) === 'pdf-to-printer' ? 'pdf' : 'html';
  }

  async discover(): Promise<DiscoveredPrinter[]> {
    const [printers, windows] = await Promise.all([
      this.deps.printers.getPrintersAsync(),
      // Trays and paper names are extras: a printer still lists without them.
      this.deps.trays?.printers().catch(() => []) ?? Promise.resolve([]),
    ]);
    return printers.map((info) => discoveredFromElectron(info, windows.find((details) => details.name === info.name)));
  }

  async submit(request: SubmitRequest): Promise<{ osJobId: string; held: boolean }> {
    const { content } = request;
    const path = choosePrintPath({ platform: this.deps.platform, seenBy: this.kind, tray: request.tray, readyPdf: content.kind === 'pdf', raw: content.kind === 'raw' });
    if (path === 'winspool-raw' && content.kind === 'raw') {
      if (!this.deps.printRaw) throw new PermanentPrintError(RAW_NOT_TAKEN);
      try {
        await this.deps.printRaw(request.vendorId, request.title, content.data);
      } catch (error) {
        throw new TransientPrintError(`The printer did not take the job: ${error instanceof Error ? error.message : String(error)}`);
      }
    } else if (path === 'pdf-to-printer') {
      if (!this.deps.trays) throw new Error('pdf-to-printer is not available on this host');
      try {
        await this.deps.trays.print(pdfOf(request), pdfToPrinterOptions(request));
      } catch (error) {
        throw new TransientPrintError(`The printer did not take the job: ${error instanceof Error ? error.message : String(error)}`);
      }
    } else {
      if (request.content.kind === 'raw') throw new PermanentPrintError(RAW_NOT_TAKEN);
      if (request.content.kind !== 'html') throw new Error('webContents.print prints HTML: the job came as a PDF');
      await this.printHtml(request.content.html, request);
    }
    return { osJobId: `electron:${request.title}`, held: false };
  }

  private async printHtml(html: string, request: SubmitRequest): Promise<void> {
    const window = await this.deps.openHtml(html, request.title);
    const timeoutMs = this.deps.printTimeoutMs ?? PRINT_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        // A callback that never comes (seen with some drivers) must not hold the queue.
        timer = setTimeout(
          () =>
            reject(
              new UnconfirmedPrintError(
                `Electron did not say within ${Math.round(timeoutMs / 1000)} s whether the printer took the job, so it may have printed. Check the printer, and retry the job only if nothing came out.`,
              ),
            ),
          timeoutMs,
        );
        window.webContents.print(electronPrintOptions(request), (success, failureReason) =>
          success ? resolve() : reject(new TransientPrintError(`The printer did not take the job: ${failureReason || 'unknown reason'}`)),
        );
      });
    } finally {
      clearTimeout(timer);
      window.close();
    }
  }

  async release(): Promise<void> {}

  async cancel(): Promise<void> {}

  async findSubmitted(): Promise<string | undefined> {
    return undefined;
  }

  /** Electron hears nothing after the spooler took the job: whether it reached paper is not known. */
  async jobStates(_vendorId: string, osJobIds: string[]): Promise<Map<string, OsJobReport>> {
    return new Map(osJobIds.map((id) => [id, { state: 'unknown', reason: UNFOLLOWED_REASON }]));
  }
}
