import type { ElectronPrintDeps, PdfToPrinterOptions, TrayPrinting, WindowsPrinterDetails } from '../../main/electron/print-backend';
import { ElectronPrintBackend, type PrintWindow, type PrinterInfo, type WebContentsPrintOptions } from '../../main/electron/print-backend';

/** How the fake WebContents answers a print: like Electron, or never (a known Electron failure). */
export type FakePrintOutcome = { success: boolean; failureReason: string } | 'never-calls-back';

/**
 * Stands in for Electron's WebContents, whose binary cannot run here: it records what the
 * backend asks of it and answers like Electron does.
 */
export class FakeElectronWebContents {
  readonly printCalls: WebContentsPrintOptions[] = [];
  constructor(
    private readonly printers: PrinterInfo[],
    private readonly outcome: FakePrintOutcome = { success: true, failureReason: '' },
  ) {}
  async getPrintersAsync(): Promise<PrinterInfo[]> {
    return this.printers;
  }
  print(options: WebContentsPrintOptions, callback: (success: boolean, failureReason: string) => void): void {
    this.printCalls.push(options);
    const outcome = this.outcome;
    if (outcome === 'never-calls-back') return;
    setImmediate(() => callback(outcome.success, outcome.failureReason));
  }
}

/** Stands in for pdf-to-printer (SumatraPDF runs on Windows only): records each print. */
export class FakePdfToPrinter implements TrayPrinting {
  readonly printed: { pdf: Uint8Array; options: PdfToPrinterOptions }[] = [];
  constructor(
    private readonly details: WindowsPrinterDetails[],
    private readonly failure?: string,
  ) {}
  async printers(): Promise<WindowsPrinterDetails[]> {
    return this.details;
  }
  async print(pdf: Uint8Array, options: PdfToPrinterOptions): Promise<void> {
    if (this.failure) throw new Error(this.failure);
    this.printed.push({ pdf, options });
  }
}

export const printerInfo = (name: string, options: Record<string, string> = {}): PrinterInfo => ({
  name,
  displayName: `${name} display`,
  description: '',
  options,
});

export function backendWith(
  contents: FakeElectronWebContents,
  host: { platform?: NodeJS.Platform; trays?: TrayPrinting; printRaw?: ElectronPrintDeps['printRaw']; printTimeoutMs?: number } = {},
) {
  const opened: { title: string; html: string; closed: boolean }[] = [];
  const backend = new ElectronPrintBackend({
    platform: host.platform ?? 'linux',
    printers: contents,
    ...(host.trays ? { trays: host.trays } : {}),
    ...(host.printRaw ? { printRaw: host.printRaw } : {}),
    ...(host.printTimeoutMs ? { printTimeoutMs: host.printTimeoutMs } : {}),
    async openHtml(html, title): Promise<PrintWindow> {
      const window = { title, html, closed: false };
      opened.push(window);
      return { webContents: contents, close: () => (window.closed = true) };
    },
  });
  return { backend, opened };
}
