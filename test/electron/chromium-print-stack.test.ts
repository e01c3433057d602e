import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ElectronPrintBackend, type PrintWindow, type WebContentsPrintOptions } from '../../main/electron/print-backend';
import { CHROMIUM_ARGS } from '../../main/core/features/render/chromium';
import { LABEL_4X6_MM, pdfPageTexts, pdfPapersNear, waitForPrintedPdf } from '../core/printers/cups-output';
import { json, printStation, type PrintStation } from '../core/printing/print-harness';
import { printerInfo } from './fake-electron-web-contents';
import { KioskChromium, startXvfb } from './kiosk-chromium';
import { useTestCups } from '../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

/** How long the stand-in's print may take to call back: twice Electron's own 60 s (below). */
const KIOSK_PRINT_TIMEOUT_MS = 120_000;

/** This file's own CUPS queues (useTestCups): A4 by default, and 4×6 in by default. */
const A4_QUEUE = 'PDF';
const LABEL_QUEUE = 'LABEL4x6';

interface Printed {
  options: WebContentsPrintOptions;
  html: string;
  cupsJobId: string;
}

/**
 * The Electron backend exactly as the desktop builds it, except that the hidden window's
 * `webContents.print` is Debian's Chromium printing the same HTML silently
 * (`--kiosk-printing`) onto the CUPS queue named by `deviceName`, one warm browser per queue.
 */
function electronBackendOverKioskChromium(kiosks: Map<string, KioskChromium>) {
  const printed: Printed[] = [];
  const backend = new ElectronPrintBackend({
    platform: 'linux',
    // Kiosk Chromium's window.print() runs its print preview pipeline before it spools: 6–10 s
    // a print on a loaded machine, and past Electron's 60 s in CI runs with a core held busy
    // (twice before, and again when the stand-in was given 60 s). This file checks what the
    // print stack puts on paper; the deadline has its own test (print-backend.test.ts), so
    // the stand-in gets twice Electron's.
    printTimeoutMs: KIOSK_PRINT_TIMEOUT_MS,
    printers: { getPrintersAsync: async () => [printerInfo(A4_QUEUE), printerInfo(LABEL_QUEUE)] },
    async openHtml(html): Promise<PrintWindow> {
      return {
        webContents: {
          print(options, callback) {
            const kiosk = kiosks.get(options.deviceName!);
            if (!kiosk) return callback(false, `no printer ${options.deviceName}`);
            kiosk.print(html).then(
              (cupsJobId) => {
                printed.push({ options, html, cupsJobId });
                callback(true, '');
              },
              (error: Error) => callback(false, error.message),
            );
          },
        },
        close() {},
      };
    },
  });
  return { backend, printed };
}

/** Where a word is drawn on the first page it is on, in points (pdftotext -bbox). */
function wordBox(file: string, word: string): { x: number; y: number; height: number } {
  const xhtml = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const match = new RegExp(`<word xMin="([\\d.]+)" yMin="([\\d.]+)" xMax="[\\d.]+" yMax="([\\d.]+)">${word}</word>`).exec(xhtml);
  if (!match) throw new Error(`"${word}" is not in ${file}`);
  return { x: Number(match[1]), y: Number(match[2]), height: Number(match[3]) - Number(match[2]) };
}

/** The same HTML as a PDF from headless Chromium at its CSS page size: the unscaled layout. */
async function referencePdf(html: string, dir: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.setContent(html);
    const file = join(dir, 'reference.pdf');
    writeFileSync(file, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    return file;
  } finally {
    await browser.close();
  }
}

describe("Chromium's own print stack (the engine of webContents.print) on real CUPS queues", { timeout: 2 * KIOSK_PRINT_TIMEOUT_MS + 60_000 }, () => {
  let xvfb: Awaited<ReturnType<typeof startXvfb>>;
  let s: PrintStation;
  let printed: Printed[];
  const kiosks = new Map<string, KioskChromium>();
  const dir = mkdtempSync(join(tmpdir(), 'station-kiosk-test-'));

  beforeAll(async () => {
    xvfb = await startXvfb();
    for (const queue of [A4_QUEUE, LABEL_QUEUE]) kiosks.set(queue, await KioskChromium.launch(queue, xvfb.display));
    const kiosk = electronBackendOverKioskChromium(kiosks);
    printed = kiosk.printed;
    s = await printStation({ cupsPrinting: false, printBackends: [kiosk.backend] });
  });
  afterAll(async () => {
    await s?.stop();
    await Promise.all([...kiosks.values()].map((kiosk) => kiosk.close()));
    xvfb?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints a batch’s packing slips on A4 and its 4×6 in labels unscaled, every page in order, without headers or footers', async () => {
    const { key } = await s.printTeam('Kiosk', {
      documents: [
        { template: 'Packing slip (A4)', tag: 'packing-slip' },
        { template: 'Shipping label (4×6 in)', tag: 'label' },
      ],
    });
    const a4 = await s.printerId(A4_QUEUE);
    const label = await s.printerId(LABEL_QUEUE);
    const numbers = ['KP-101', 'KP-102', 'KP-103'];
    const orders = [];
    for (const number of numbers) {
      orders.push(await s.createOrder(key, number, { orderNumber: number, shippingAddress: { firstName: 'Борис', lastName: 'Пастернак', address1: 'Лаврушинский пер. 17', city: 'Москва', postalCode: '119017', country: 'RU' } }));
    }
    const results = await json<{ id: string; status: string }[]>(
      await s.call('/api/orders/print', {
        key,
        json: {
          orderIds: orders.map((order) => order.id),
          sortBy: 'orderNumber',
          sortDir: 'desc',
          overrides: [
            { filters: { 'document.tag': 'label' }, printer: label },
            { filters: { 'document.tag': 'packing-slip' }, printer: a4 },
          ],
        },
      }),
      200,
    );
    expect(results.map((result) => result.status)).toEqual(['pending', 'pending']);
    // Handed over: Electron cannot follow a job further. A job that failed says why (its reason).
    // The bound is past the backend's deadline for each print (two prints), so a print that
    // never answers fails with the backend's reason. The kiosk browsers were started before
    // (as Electron's window is there before it prints).
    for (const result of results) expect((await s.settled(result.id, 2 * KIOSK_PRINT_TIMEOUT_MS + 30_000)).jobs.map((job) => (job.state === 'unknown' ? job.state : `${job.state}: ${job.reason}`))).toEqual(['unknown']);

    // One OS job per printer + paper, each given its paper in microns and no margins.
    expect(printed.map((job) => [job.options.deviceName, job.options.pageSize]).sort()).toEqual([
      [LABEL_QUEUE, { width: 101_600, height: 152_400 }],
      [A4_QUEUE, { width: 210_000, height: 297_000 }],
    ]);
    for (const job of printed) expect(job.options).toMatchObject({ silent: true, margins: { marginType: 'none' }, copies: 1, landscape: false });

    const expectedOrder = [...numbers].reverse();
    for (const job of printed) {
      const paper = job.options.deviceName === LABEL_QUEUE ? LABEL_4X6_MM : { widthMm: 210, heightMm: 297 };
      // What Chromium's print stack handed to CUPS, as the queue received it: one page per
      // document, on the job's paper, each one order's document in the requested order with
      // its Cyrillic address, and no header or footer of Chromium's own (title, URL, date,
      // page numbers), as in Electron.
      const printedPdf = await waitForPrintedPdf(job.cupsJobId);
      expect(pdfPapersNear(printedPdf, paper), `${job.options.deviceName} print`).toEqual(expectedOrder.map(() => paper));
      const pages = pdfPageTexts(printedPdf);
      expect(pages.map((text) => expectedOrder.find((number) => text.includes(`Order ${number}`)))).toEqual(expectedOrder);
      for (const text of pages) {
        expect(text).toContain('Борис Пастернак');
        expect(text).not.toMatch(/file:|job\.html|\d+\/\d+\s*$/);
      }
      // Drawn where the page's own layout puts it, at its own size: not shrunk onto other paper.
      const reference = await referencePdf(job.html, dir);
      const [kioskBox, referenceBox] = [wordBox(printedPdf, expectedOrder[0]!), wordBox(reference, expectedOrder[0]!)];
      expect(Math.abs(kioskBox.x - referenceBox.x), `${job.options.deviceName} x`).toBeLessThan(2);
      expect(Math.abs(kioskBox.y - referenceBox.y), `${job.options.deviceName} y`).toBeLessThan(2);
      expect(Math.abs(kioskBox.height - referenceBox.height), `${job.options.deviceName} text height`).toBeLessThan(1);
    }
  });
});
