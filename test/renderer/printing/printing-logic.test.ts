import { describe, expect, it } from 'vitest';
import { batchProgress, jobSentence, type PrintBatch, type PrintJob } from '../../../renderer/features/batches/batches';
import { describeResults } from '../../../renderer/features/orders/print';
import type { Printer } from '../../../renderer/features/printers/use-printers';
import { effectiveTarget, trayProblem } from '../../../renderer/features/routing/routing';

const printer = (id: string, name: string, trays: string[] = [], nickname = ''): Printer => ({
  id,
  printerVendorId: id,
  name,
  nickname,
  visible: true,
  status: 'online',
  computer: { name: 'bench' },
  trays,
  paperSizes: [],
  config: { fitToPage: false, tray: '' },
});
const job = (state: PrintJob['state'], extra: Partial<PrintJob> = {}): PrintJob => ({
  id: state,
  batchId: 'b',
  printerId: 'p',
  tray: null,
  paper: null,
  state,
  attempts: 0,
  nextAttemptAt: null,
  osJobId: null,
  reason: null,
  updatedAt: '',
  ...extra,
});

describe('routing table', () => {
  const printers = [printer('folder', 'Save as PDF'), printer('trays', 'TRAYS', ['Upper', 'Manual'], 'Labels')];
  const routing = { teamId: 't', defaultPrinterId: null, effectiveDefaultPrinterId: 'folder', routes: [] };

  it('says where a tag prints: its rule’s printer, else the team default', () => {
    expect(effectiveTarget({ tag: 'label', printerId: 'trays', tray: 'Upper', template: null }, routing, printers)).toEqual({ printer: 'Labels', tray: 'Upper', fromDefault: false });
    expect(effectiveTarget({ tag: 'invoice', printerId: null, tray: null, template: null }, routing, printers)).toEqual({ printer: 'Save as PDF', tray: "printer's choice", fromDefault: true });
  });

  it('accepts only trays the printer has', () => {
    expect(trayProblem(printers[1], 'Upper')).toBeNull();
    expect(trayProblem(printers[1], 'Lower')).toBe('Labels has no tray “Lower”');
    expect(trayProblem(undefined, 'Upper')).toMatch(/Choose a printer/);
  });
});

describe('batches', () => {
  it('counts finished jobs for the progress bar', () => {
    const batch = { jobs: [job('done'), job('failed'), job('queued'), job('rendering')] } as PrintBatch;
    expect(batchProgress(batch)).toEqual({ finished: 2, total: 4, percent: 50 });
  });

  it('puts job states in plain words, with the failure reason', () => {
    expect(jobSentence(job('failed', { reason: 'The printer is offline' }))).toBe('Failed: The printer is offline');
    expect(jobSentence(job('queued', { attempts: 2 }))).toBe('Waiting to retry (attempt 3)');
    expect(jobSentence(job('submitted', { osJobId: 'PDF-12' }))).toBe('With the printer (job PDF-12)');
  });

  it('sums up print results for the operator', () => {
    expect(
      describeResults([
        { id: '1', name: 'b', status: 'pending', printer: { id: 'p', name: 'TRAYS' }, orders: [{ id: 'o', orderKeys: [] }] },
        { id: '2', name: 'b', status: 'warning', orders: [{ id: 'x', orderKeys: [], reasons: [{ code: 'ignored', message: 'The order is ignored' }] }] },
      ]),
    ).toEqual(['1 order printing on TRAYS', '1 order skipped: The order is ignored']);
  });
});
