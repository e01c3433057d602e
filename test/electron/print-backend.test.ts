import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RAW_NOT_TAKEN, UnconfirmedPrintError, type SubmitRequest } from '../../main/core/features/printers/backend';
import { choosePrintPath } from '../../main/core/features/printers/print-path';
import { electronPrintOptions, pdfToPrinterOptions, UNFOLLOWED_REASON } from '../../main/electron/print-backend';
import { parseTrayListing } from '../../main/electron/windows-trays';
import { backendWith, FakeElectronWebContents, FakePdfToPrinter, printerInfo } from './fake-electron-web-contents';

const HTML = '<!doctype html><html><body><div class="station-doc">Slip #1</div></body></html>';
const PDF = new Uint8Array([37, 80, 68, 70]);

const job = (overrides: Partial<SubmitRequest> = {}): SubmitRequest => ({
  vendorId: 'Zebra_GK420d',
  content: { kind: 'html', html: HTML },
  title: 'station-job-1',
  copies: 2,
  paper: { name: null, widthMm: 101.6, heightMm: 152.4, landscape: false },
  tray: null,
  fitToPage: false,
  ...overrides,
});

describe('which path prints a job', () => {
  it('follows the table: folder, CUPS wherever CUPS sees the queue, pdf-to-printer for trays on Windows, webContents.print otherwise', () => {
    const cases: [NodeJS.Platform, string, string | null, string][] = [
      ['linux', 'folder', null, 'folder'],
      ['win32', 'folder', null, 'folder'],
      ['linux', 'cups', 'Tray 2', 'cups'],
      ['darwin', 'cups', null, 'cups'],
      ['linux', 'electron', null, 'webcontents-print'],
      ['darwin', 'electron', null, 'webcontents-print'],
      ['win32', 'electron', null, 'webcontents-print'],
      ['win32', 'electron', 'Tray 2', 'pdf-to-printer'],
    ];
    for (const [platform, seenBy, tray, path] of cases) expect([platform, seenBy, tray, choosePrintPath({ platform, seenBy, tray })]).toEqual([platform, seenBy, tray, path]);
  });

  it('the Electron backend asks the queue for HTML, and for a PDF only for a tray on Windows', () => {
    const linux = backendWith(new FakeElectronWebContents([])).backend;
    const windows = backendWith(new FakeElectronWebContents([]), { platform: 'win32', trays: new FakePdfToPrinter([]) }).backend;
    expect([linux.takes(null), linux.takes('Tray 2'), windows.takes(null), windows.takes('Tray 2')]).toEqual(['html', 'html', 'html', 'pdf']);
    // A job holding a carrier label's PDF can print only as a PDF: pdf-to-printer on Windows.
    expect([linux.takes(null, { readyPdf: true }), windows.takes(null, { readyPdf: true })]).toEqual(['html', 'pdf']);
  });

  it('sends ZPL through the Windows spooler raw, and nowhere on an Electron-only printer elsewhere', async () => {
    const raw = new Uint8Array(Buffer.from('^XA^FDJos\u00e9^FS^XZ', 'latin1'));
    const sent: [string, string, Uint8Array][] = [];
    const contents = new FakeElectronWebContents([]);
    const windows = backendWith(contents, { platform: 'win32', printRaw: async (...call) => (sent.push(call), '17') }).backend;
    await windows.submit(job({ content: { kind: 'raw', data: raw } }));
    expect(sent).toEqual([['Zebra_GK420d', 'station-job-1', raw]]);
    expect(contents.printCalls).toEqual([]);
    expect(choosePrintPath({ platform: 'win32', seenBy: 'electron', tray: null, raw: true })).toBe('winspool-raw');

    const linux = backendWith(new FakeElectronWebContents([])).backend;
    await expect(linux.submit(job({ content: { kind: 'raw', data: raw } }))).rejects.toThrow(RAW_NOT_TAKEN);
    const refusing = backendWith(new FakeElectronWebContents([]), { platform: 'win32', printRaw: async () => Promise.reject(new Error('The printer name is invalid')) }).backend;
    await expect(refusing.submit(job({ content: { kind: 'raw', data: raw } }))).rejects.toThrow(/did not take the job: The printer name is invalid/);
  });

  it('prints a job holding a carrier PDF through pdf-to-printer on Windows even without a tray', async () => {
    const trays = new FakePdfToPrinter([]);
    const contents = new FakeElectronWebContents([]);
    const { backend } = backendWith(contents, { platform: 'win32', trays });
    await backend.submit(job({ content: { kind: 'pdf', pdf: PDF } }));
    expect(trays.printed.map((entry) => [entry.pdf, entry.options.bin])).toEqual([[PDF, undefined]]);
    expect(contents.printCalls).toEqual([]);
  });
});

describe('webContents.print of a job’s HTML', () => {
  it('prints silently on the device with the page size in microns, the copies, no margins and backgrounds', () => {
    expect(electronPrintOptions(job())).toEqual({
      silent: true,
      deviceName: 'Zebra_GK420d',
      printBackground: true,
      shouldPrintBackgrounds: true,
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

  it('opens the job’s HTML (never a PDF), prints it and closes the window', async () => {
    const contents = new FakeElectronWebContents([]);
    const { backend, opened } = backendWith(contents);
    expect(await backend.submit(job())).toEqual({ osJobId: 'electron:station-job-1', held: false });
    expect(opened).toEqual([{ title: 'station-job-1', html: HTML, closed: true }]);
    expect(contents.printCalls.map((options) => options.deviceName)).toEqual(['Zebra_GK420d']);
    await expect(backend.submit(job({ content: { kind: 'pdf', pdf: PDF } }))).rejects.toThrow(/prints HTML/);
  });

  it('cannot follow a job past the spooler: it ends unknown, with the reason, never done', async () => {
    const { backend } = backendWith(new FakeElectronWebContents([]));
    const { osJobId } = await backend.submit(job());
    expect((await backend.jobStates('Zebra_GK420d', [osJobId])).get(osJobId)).toEqual({ state: 'unknown', reason: UNFOLLOWED_REASON });
  });

  it('turns a print failure into a retryable error and still closes the window', async () => {
    const { backend, opened } = backendWith(new FakeElectronWebContents([], { success: false, failureReason: 'Print job failed' }));
    await expect(backend.submit(job())).rejects.toThrow(/Print job failed/);
    expect(opened[0]!.closed).toBe(true);
  });

  it('a callback that never comes ends after the timeout as an unconfirmed print (not retried), and the window closes', async () => {
    const { backend, opened } = backendWith(new FakeElectronWebContents([], 'never-calls-back'), { printTimeoutMs: 50 });
    const failure = await backend.submit(job()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UnconfirmedPrintError);
    expect((failure as Error).message).toMatch(/may have printed\. Check the printer/);
    expect(opened[0]!.closed).toBe(true);
  });
});

describe('trays on Windows through pdf-to-printer', () => {
  it('maps a job with a tray to SumatraPDF’s bin, paper, scale, orientation and copies', () => {
    expect(pdfToPrinterOptions({ ...job({ paper: { name: 'A4', widthMm: 210, heightMm: 297, landscape: false } }), tray: 'Tray 2' })).toEqual({
      printer: 'Zebra_GK420d',
      bin: 'Tray 2',
      paperSize: 'A4',
      scale: 'noscale',
      orientation: 'portrait',
      copies: 2,
      silent: true,
    });
    const fitted = pdfToPrinterOptions({ ...job({ fitToPage: true, paper: { name: null, widthMm: 297, heightMm: 210, landscape: true } }), tray: 'Manual' });
    expect(fitted).toMatchObject({ scale: 'fit', orientation: 'landscape' });
    expect(fitted).not.toHaveProperty('paperSize');
  });

  it('prints the PDF through the tray and not through webContents.print', async () => {
    const trays = new FakePdfToPrinter([]);
    const contents = new FakeElectronWebContents([]);
    const { backend, opened } = backendWith(contents, { platform: 'win32', trays });
    await backend.submit(job({ tray: 'Tray 2', content: { kind: 'pdf', pdf: PDF } }));
    expect(trays.printed.map((entry) => [entry.pdf, entry.options.bin])).toEqual([[PDF, 'Tray 2']]);
    expect(contents.printCalls).toEqual([]);
    expect(opened).toEqual([]);
  });

  it('a refused tray print is retryable', async () => {
    const { backend } = backendWith(new FakeElectronWebContents([]), { platform: 'win32', trays: new FakePdfToPrinter([], 'SumatraPDF exited with code 1') });
    await expect(backend.submit(job({ tray: 'Tray 2', content: { kind: 'pdf', pdf: PDF } }))).rejects.toThrow(/did not take the job: SumatraPDF exited/);
  });

  it('lists the real trays and the driver’s paper sizes of Windows printers', async () => {
    const trays = new FakePdfToPrinter([{ name: 'HP LaserJet', paperSizes: ['Letter', 'A4', 'Envelope #10'], trays: ['Automatically Select', 'Tray 1', 'Tray 2'] }]);
    const { backend } = backendWith(new FakeElectronWebContents([printerInfo('HP LaserJet'), printerInfo('Zebra')]), { platform: 'win32', trays });
    const [hp, zebra] = await backend.discover();
    expect(hp!.trays).toEqual(['Automatically Select', 'Tray 1', 'Tray 2']);
    expect(hp!.paperSizes.map((size) => size.name)).toEqual(['Letter', 'A4']);
    // A printer the driver listing does not know keeps the usual sizes and no trays.
    expect(zebra!.trays).toEqual([]);
    expect(zebra!.paperSizes.map((size) => size.name)).toContain('4x6');
  });

  it('loads pdf-to-printer under Node’s own ESM loader, as the built desktop does (the test runner’s interop is kinder), and it answers off Windows', () => {
    // A named import of this CommonJS bundle passes the typecheck and vitest but throws under Node.
    const script = `const { windowsTrayPrinting } = await import(${JSON.stringify(join(import.meta.dirname, '../../main/electron/windows-trays.ts'))});
      console.log(await windowsTrayPrinting().printers().then(() => 'listed', (error) => String(error)));`;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(output.trim()).toBe(process.platform === 'win32' ? 'listed' : 'Operating System not supported');
  });

  it('reads PowerShell’s tray listing, one tray or many', () => {
    const listing = parseTrayListing('[{"name":"HP","trays":["Tray 1","Tray 2"]},{"name":"Label","trays":"Roll"},{"name":"Odd","trays":null}]');
    expect([...listing]).toEqual([
      ['HP', ['Tray 1', 'Tray 2']],
      ['Label', ['Roll']],
      ['Odd', []],
    ]);
  });
});

describe('discovery through Electron', () => {
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
