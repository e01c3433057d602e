import { describe, expect, it } from 'vitest';
import type { SubmitRequest } from '../../main/core/printers/backend';
import { electronPrintOptions } from '../../main/electron/print-backend';
import { backendWith, FakeElectronWebContents, printerInfo } from './fake-electron-web-contents';

const job = (overrides: Partial<SubmitRequest> = {}): SubmitRequest => ({
  vendorId: 'Zebra_GK420d',
  pdf: new Uint8Array([37, 80, 68, 70]),
  title: 'station-job-1',
  copies: 2,
  paper: { name: null, widthMm: 101.6, heightMm: 152.4, landscape: false },
  tray: null,
  fitToPage: false,
  ...overrides,
});

describe('Electron print backend mapping', () => {
  it('prints silently on the device with the page size in microns, the copies and no margins', () => {
    expect(electronPrintOptions(job())).toEqual({
      silent: true,
      deviceName: 'Zebra_GK420d',
      printBackground: true,
      copies: 2,
      landscape: false,
      margins: { marginType: 'none' },
      pageSize: { width: 101600, height: 152400 },
    });
  });

  it('keeps the page size portrait and sets landscape for landscape paper', () => {
    const options = electronPrintOptions(job({ paper: { name: 'A4', widthMm: 297, heightMm: 210, landscape: true } }));
    expect(options.pageSize).toEqual({ width: 210000, height: 297000 });
    expect(options.landscape).toBe(true);
  });

  it('submits through webContents.print and closes the print window', async () => {
    const contents = new FakeElectronWebContents([]);
    const { backend, opened } = backendWith(contents);
    const result = await backend.submit(job());
    expect(result).toEqual({ osJobId: 'electron:station-job-1', held: false });
    expect(contents.printCalls).toHaveLength(1);
    expect(contents.printCalls[0]!.deviceName).toBe('Zebra_GK420d');
    expect(opened).toEqual([{ title: 'station-job-1', closed: true }]);
  });

  it('turns a print failure into a retryable error and still closes the window', async () => {
    const { backend, opened } = backendWith(new FakeElectronWebContents([], { success: false, failureReason: 'Print job failed' }));
    await expect(backend.submit(job())).rejects.toThrow(/Print job failed/);
    expect(opened[0]!.closed).toBe(true);
  });

  it('discovers printers from getPrintersAsync with status from the CUPS printer-state', async () => {
    const { backend } = backendWith(
      new FakeElectronWebContents([
        printerInfo('Office', { 'printer-state': '3' }),
        printerInfo('Busy', { 'printer-state': '4' }),
        printerInfo('Stopped', { 'printer-state': '5' }),
        printerInfo('Refusing', { 'printer-state': '3', 'printer-is-accepting-jobs': 'false' }),
      ]),
    );
    const printers = await backend.discover();
    expect(printers.map((printer) => [printer.vendorId, printer.name, printer.status])).toEqual([
      ['Office', 'Office display', 'online'],
      ['Busy', 'Busy display', 'busy'],
      ['Stopped', 'Stopped display', 'offline'],
      ['Refusing', 'Refusing display', 'offline'],
    ]);
    expect(printers[0]!.trays).toEqual([]);
    expect(printers[0]!.acceptsCustomPaper).toBe(true);
  });
});
