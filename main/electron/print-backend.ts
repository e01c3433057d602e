import type { PrinterInfo, WebContentsPrintOptions } from 'electron';
import { TransientPrintError, type DiscoveredPrinter, type OsJobState, type PrintBackend, type SubmitRequest } from '../core/printers/backend';
import { knownPaperSize } from '../core/printers/paper-sizes';

export type { PrinterInfo, WebContentsPrintOptions };

/** What the backend needs of a WebContents: discovery only. */
export interface PrinterSource {
  getPrintersAsync(): Promise<PrinterInfo[]>;
}

/** A window showing one PDF, ready to print (see print-window.ts for the real one). */
export interface PrintWindow {
  webContents: { print(options: WebContentsPrintOptions, callback: (success: boolean, failureReason: string) => void): void };
  close(): void;
}

export interface ElectronPrintDeps {
  printers: PrinterSource;
  openPdf(pdf: Uint8Array, title: string): Promise<PrintWindow>;
}

const MICRONS_PER_MM = 1000;

/**
 * Electron's print options for a station job: silent, on the named device, the job's
 * paper in microns (Electron's unit), no margins (the PDF already has them), and the
 * copies. Electron has no tray option: trays print through the CUPS backend.
 */
export function electronPrintOptions(request: SubmitRequest): WebContentsPrintOptions {
  const width = Math.round(request.paper.widthMm * MICRONS_PER_MM);
  const height = Math.round(request.paper.heightMm * MICRONS_PER_MM);
  return {
    silent: true,
    deviceName: request.vendorId,
    printBackground: true,
    copies: request.copies,
    landscape: request.paper.landscape,
    margins: { marginType: 'none' },
    // Chromium expects portrait dimensions and rotates for `landscape` itself.
    pageSize: { width: Math.min(width, height), height: Math.max(width, height) },
  };
}

/** CUPS's IPP printer-state, which Electron passes through in `options` on Linux and macOS. */
function statusOf(info: PrinterInfo): DiscoveredPrinter['status'] {
  const options = (info.options ?? {}) as Record<string, string>;
  if (options['printer-is-accepting-jobs'] === 'false' || options['printer-state'] === '5') return 'offline';
  if (options['printer-state'] === '4') return 'busy';
  return 'online';
}

export function discoveredFromElectron(info: PrinterInfo): DiscoveredPrinter {
  const options = (info.options ?? {}) as Record<string, string>;
  return {
    vendorId: info.name,
    name: info.displayName || info.name,
    status: statusOf(info),
    trays: [],
    paperSizes: ['A4', 'A5', 'A6', 'Letter', 'Legal', '4x6'].map((name) => knownPaperSize(name)!),
    acceptsCustomPaper: true,
    isDefault: (info as PrinterInfo & { isDefault?: boolean }).isDefault === true || options.isDefault === 'true',
  };
}

/**
 * Printing through Electron (`webContents.getPrintersAsync` / `webContents.print`), the
 * backend for hosts without CUPS tools. Electron prints synchronously from the station's
 * view: the job is done when the print callback succeeds; there is no OS job to hold, so
 * its id is the station's title.
 */
export class ElectronPrintBackend implements PrintBackend {
  readonly kind = 'electron';
  /** `webContents.print` leaves no trace the station can look up after a crash. */
  readonly findsSubmitted = false;

  constructor(private readonly deps: ElectronPrintDeps) {}

  async discover(): Promise<DiscoveredPrinter[]> {
    return (await this.deps.printers.getPrintersAsync()).map(discoveredFromElectron);
  }

  async submit(request: SubmitRequest): Promise<{ osJobId: string; held: boolean }> {
    const window = await this.deps.openPdf(request.pdf, request.title);
    try {
      await new Promise<void>((resolve, reject) =>
        window.webContents.print(electronPrintOptions(request), (success, failureReason) =>
          success ? resolve() : reject(new TransientPrintError(`The printer did not take the job: ${failureReason || 'unknown reason'}`)),
        ),
      );
    } finally {
      window.close();
    }
    return { osJobId: `electron:${request.title}`, held: false };
  }

  async release(): Promise<void> {}

  async cancel(): Promise<void> {}

  async findSubmitted(): Promise<string | undefined> {
    return undefined;
  }

  async jobStates(_vendorId: string, osJobIds: string[]): Promise<Map<string, OsJobState>> {
    return new Map(osJobIds.map((id) => [id, 'done']));
  }
}
