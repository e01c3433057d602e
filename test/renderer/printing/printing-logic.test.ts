import { describe, expect, it } from 'vitest';
import { batchProgress, jobSentence, type PrintBatch, type PrintJob } from '../../../renderer/features/batches/batches';
import { describeResults, nameOrders } from '../../../renderer/features/orders/print';
import { printState } from '../../../renderer/features/orders/ScanLog';
import type { Printer } from '../../../renderer/features/printers/use-printers';
import { effectiveTarget, missingInRouting, printerChoice, trayProblem } from '../../../renderer/features/routing/routing';

const printer = (id: string, name: string, trays: string[] = [], nickname = ''): Printer => ({
  id,
  printerVendorId: id,
  name,
  nickname,
  visible: true,
  status: 'online',
  statusReason: null,
  computer: { id: 'c', printerVendorId: 'bench', status: 'online', nickname: 'bench', name: 'bench' },
  trays,
  paperSizes: [],
  config: { fitToPage: false, tray: '' },
  layoutConfigs: [],
  zpl: { takesZpl: false, detected: false, setting: null },
});
const job = (state: PrintJob['state'], extra: Partial<PrintJob> = {}): PrintJob => ({
  id: state,
  batchId: 'b',
  printerId: 'p',
  tray: null,
  paper: { name: 'A4', widthMm: 210, heightMm: 297 },
  state,
  awaitingDecision: false,
  attempts: 0,
  nextAttemptAt: null,
  osJobId: null,
  reason: null,
  updatedAt: '',
  plannedPrinterId: 'p',
  fallbackPrinterIds: [],
  failover: null,
  fitToPage: false,
  copies: 1,
  createdAt: '',
  renderedAt: null,
  submittedAt: null,
  printingAt: null,
  finishedAt: null,
  chunk: null,
  printedCopy: null,
  reprintOf: null,
  ...extra,
});

describe('routing table', () => {
  const printers = [printer('folder', 'Save as PDF'), printer('trays', 'TRAYS', ['Upper', 'Manual'], 'Labels')];
  const routing = { teamId: 't', defaultPrinterId: null, effectiveDefaultPrinterId: 'folder', routes: [] };

  it('says where a tag prints: its rule’s printer, else the team default', () => {
    expect(effectiveTarget({ tag: 'label', printerId: 'trays', fallbackPrinterIds: [], tray: 'Upper', template: null }, routing, printers)).toEqual({ printer: 'Labels', tray: 'Upper', fromDefault: false, missing: false });
    expect(effectiveTarget({ tag: 'invoice', printerId: null, fallbackPrinterIds: [], tray: null, template: null }, routing, printers)).toEqual({ printer: 'Save as PDF', tray: "printer's choice", fromDefault: true, missing: false });
  });

  it('names the printers routing sends to that the print system no longer lists, and offers them only where already chosen', () => {
    const gone = { ...printer('gone', 'GIFT_SHELF', [], 'Подарки'), status: 'missing' };
    const withGone = [...printers, gone];
    const stranded = { ...routing, defaultPrinterId: 'gone', routes: [{ tag: 'gift-note', printerId: 'gone', fallbackPrinterIds: [], tray: null, template: null }, { tag: 'label', printerId: 'trays', fallbackPrinterIds: ['gone'], tray: null, template: null }] };
    expect(effectiveTarget(stranded.routes[0]!, stranded, withGone).missing).toBe(true);
    expect(missingInRouting(stranded, withGone)).toEqual(["the team's default printer, Подарки", '“gift-note” → Подарки', '“label” falls back on Подарки']);
    expect(missingInRouting({ ...routing, routes: [{ tag: 'label', printerId: 'trays', fallbackPrinterIds: [], tray: null, template: null }] }, withGone)).toEqual([]);
    expect(printerChoice(gone, 'gone')).toEqual({ label: 'Подарки (missing)', disabled: false });
    expect(printerChoice(gone, 'trays')).toEqual({ label: 'Подарки (missing)', disabled: true });
    expect(printerChoice(printers[1]!, null)).toEqual({ label: 'Labels', disabled: false });
  });

  it('accepts only trays the printer has', () => {
    expect(trayProblem(printers[1], 'Upper')).toBeNull();
    expect(trayProblem(printers[1], 'Lower')).toBe('Labels has no tray “Lower”');
    expect(trayProblem(undefined, 'Upper')).toMatch(/Choose a printer/);
  });
});

describe('batches', () => {
  it('counts finished jobs for the progress bar', () => {
    const batch = { jobs: [job('done'), job('failed'), job('unknown'), job('queued'), job('rendering')] } as PrintBatch;
    expect(batchProgress(batch)).toEqual({ finished: 3, total: 5, percent: 60, words: '3 of 5 jobs finished' });
  });

  it('puts job states in plain words, with the failure reason', () => {
    expect(jobSentence(job('failed', { reason: 'The printer is offline' }))).toBe('Failed: The printer is offline');
    expect(jobSentence(job('queued', { attempts: 2 }))).toBe('Waiting to retry (attempt 3)');
    expect(jobSentence(job('submitted', { osJobId: 'PDF-12' }))).toBe('With the printer (job PDF-12)');
  });

  it('says what the printer or the print system said, and when printing cannot be known', () => {
    const down = 'Waiting for the print system: The CUPS scheduler is not running (restarting or stopped); the job waits and prints as soon as CUPS answers again';
    expect(jobSentence(job('queued', { reason: down }))).toBe(down);
    const noBrowser = 'Waiting for Chromium to be installed: Chromium was not found (looked at /usr/bin/chromium). Install it — Debian/Ubuntu: `sudo apt-get install chromium-headless-shell`';
    expect(jobSentence(job('queued', { reason: noBrowser }))).toBe(noBrowser);
    expect(jobSentence(job('submitted', { osJobId: 'PDF-12', reason: 'Waiting at the printer: the printer is out of paper' }))).toBe('With the printer (job PDF-12). Waiting at the printer: the printer is out of paper');
    expect(jobSentence(job('done', { reason: 'Printed, but the printer reported errors' }))).toBe('Printed, but the printer reported errors');
    expect(jobSentence(job('unknown', { reason: 'CUPS no longer has this job in its history, so whether it printed is not known' }))).toBe(
      'Not known whether it printed: CUPS no longer has this job in its history, so whether it printed is not known',
    );
  });

  it('sums up print results naming the orders, the failing template and the next step', () => {
    const numbers: Record<string, string> = { o: '#1001', x: '#1002', y: '#1003' };
    expect(
      describeResults(
        [
          { id: '1', name: 'b', status: 'pending', printer: { id: 'p', name: 'TRAYS' }, orders: [{ id: 'o', orderKeys: [] }] },
          { id: '2', name: 'b', status: 'warning', orders: [{ id: 'x', orderKeys: [], reasons: [{ code: 'order_ignored', message: 'The order is ignored; print it with force=true' }] }] },
          { id: '3', name: 'b', status: 'error', reason: 'Some requested orders are missing or have documents that cannot print', orders: [{ id: 'y', orderKeys: [], reasons: [{ code: 'template_not_found', message: 'No template "Slipp" for this team' }] }] },
        ],
        (id) => numbers[id]!,
      ),
    ).toEqual([
      '1 order (#1001) printing on TRAYS',
      '1 order (#1002) skipped — #1002: The order is ignored; print it with force=true. Tick “Print ignored orders too” to print it anyway.',
      '1 order (#1003) not printed — #1003: No template "Slipp" for this team. Check the name on the Templates page, or leave Template empty to print as routed.',
    ]);
  });

  it('names the first three orders of a batch, then how many more', () => {
    expect(nameOrders(['#1', '#2', '#3', '#4'])).toBe('#1, #2, #3, #4');
    expect(nameOrders(['#1', '#2', '#3', '#4', '#5', '#6'])).toBe('#1, #2, #3 and 3 more');
  });

  it("says at the bench where a scan's print waits: the printer not answering, with how many of its jobs wait there", () => {
    const name = (id: string) => (id === 'p' ? 'Bench 2 Laser' : 'Other');
    const silent = { id: 'p', status: 'offline', statusReason: 'not answering since 04:24' };
    expect(printState([{ jobs: [job('submitted')] }], [silent], name)).toEqual({ tone: 'wait', words: 'Waiting: Bench 2 Laser is not answering since 04:24 — 1 job waiting' });
    expect(printState([{ jobs: [job('submitted'), { ...job('queued'), id: 'q' }] }], [silent], name).words).toBe('Waiting: Bench 2 Laser is not answering since 04:24 — 2 jobs waiting');
    expect(printState([{ jobs: [job('submitted')] }], [{ id: 'p', status: 'offline', statusReason: 'the printer is out of paper' }], name).words).toBe('Waiting: Bench 2 Laser: the printer is out of paper — 1 job waiting');
    expect(printState([{ jobs: [job('submitted')] }], [{ id: 'p', status: 'offline', statusReason: null }], name).words).toBe('Waiting: Bench 2 Laser is offline — 1 job waiting');
    // On paper: how long from the print's arrival to done.
    const done = { ...job('done'), createdAt: '2026-11-29T16:04:00.000Z', finishedAt: '2026-11-29T16:04:01.350Z' };
    expect(printState([{ jobs: [done] }], [{ id: 'p', status: 'online' }], name)).toEqual({ tone: 'ok', words: 'Printed on Bench 2 Laser in 1.4 s' });
        // Back online: at the printer again.
    expect(printState([{ jobs: [job('submitted')] }], [{ id: 'p', status: 'busy', statusReason: null }], name)).toEqual({ tone: 'wait', words: 'At the printer Bench 2 Laser' });
  });
});
