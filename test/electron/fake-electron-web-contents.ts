import { ElectronPrintBackend, type PrintWindow, type PrinterInfo, type WebContentsPrintOptions } from '../../main/electron/print-backend';

/**
 * Stands in for Electron's WebContents, whose binary cannot run here: it records what the
 * backend asks of it and answers like Electron does.
 */
export class FakeElectronWebContents {
  readonly printCalls: WebContentsPrintOptions[] = [];
  constructor(
    private readonly printers: PrinterInfo[],
    private readonly outcome: { success: boolean; failureReason: string } = { success: true, failureReason: '' },
  ) {}
  async getPrintersAsync(): Promise<PrinterInfo[]> {
    return this.printers;
  }
  print(options: WebContentsPrintOptions, callback: (success: boolean, failureReason: string) => void): void {
    this.printCalls.push(options);
    setImmediate(() => callback(this.outcome.success, this.outcome.failureReason));
  }
}

export const printerInfo = (name: string, options: Record<string, string> = {}): PrinterInfo => ({
  name,
  displayName: `${name} display`,
  description: '',
  options,
});

export function backendWith(contents: FakeElectronWebContents) {
  const opened: { title: string; closed: boolean }[] = [];
  const backend = new ElectronPrintBackend({
    printers: contents,
    async openPdf(_pdf, title): Promise<PrintWindow> {
      const window = { title, closed: false };
      opened.push(window);
      return { webContents: contents, close: () => (window.closed = true) };
    },
  });
  return { backend, opened };
}
