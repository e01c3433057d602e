import { join } from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BatchesPage } from '../../../renderer/features/batches/BatchesPage';
import { batchProgress, type PrintBatch, type PrintJob } from '../../../renderer/features/batches/batches';
import { renderPage, stationForPage, useBridge } from '../station-harness';
import { sampleOrder, type StationProcess } from '../station-process';

let station: StationProcess;
beforeAll(async () => {
  station = await stationForPage('Batches shop');
});
beforeEach(() => useBridge(station));
afterAll(() => station.stop());

const job = (state: PrintJob['state'], chunk: PrintJob['chunk']): PrintJob =>
  ({ id: `${state}-${chunk?.index}`, batchId: 'b', printerId: 'p', tray: null, paper: { name: 'A4', widthMm: 210, heightMm: 297 }, state, awaitingDecision: false, attempts: 0, nextAttemptAt: null, osJobId: null, reason: null, updatedAt: '', chunk, plannedPrinterId: 'p', fallbackPrinterIds: [], failover: null, fitToPage: false, copies: 1, createdAt: '', renderedAt: null, submittedAt: null, printingAt: null, finishedAt: null, printedCopy: null, reprintOf: null }) satisfies PrintJob;

describe('the progress of a batch', () => {
  it('counts a big job in chunks handed to the printer', () => {
    const batch = { jobs: [job('done', { index: 1, count: 3 }), job('submitted', { index: 2, count: 3 }), job('rendering', { index: 3, count: 3 })] } as PrintBatch;
    expect(batchProgress(batch)).toMatchObject({ finished: 2, total: 3, percent: 67, words: '2 of 3 chunks with the printer' });
  });

  it('counts whole jobs finished otherwise', () => {
    const batch = { jobs: [job('done', null), job('queued', null)] } as PrintBatch;
    expect(batchProgress(batch)).toMatchObject({ finished: 1, total: 2, words: '1 of 2 jobs finished' });
  });
});

describe('the Batches page', () => {
  it('shows a job as it printed and reprints it as a new batch', async () => {
    const order = (await (await station.post('/api/orders', sampleOrder('BATCH-1', { note: 'Заказ 注文 הזמנה' }))).json()) as { id: string };
    const printers = (await (await station.admin('/printers')).json()) as { id: string; printerVendorId: string }[];
    const folder = printers.find((printer) => printer.printerVendorId === 'save-as-pdf')!.id;
    expect((await station.post(`/api/orders/${order.id}/print`, { name: 'Morning run', overrides: { printer: folder } })).status).toBe(200);

    renderPage(<BatchesPage />);
    const batch = await screen.findByRole('article', { name: 'Print request API · Morning run' });
    // The page reloads on the job's events: the buttons come once the job is with the printer.
    fireEvent.click(await within(batch).findByRole('button', { name: 'As printed' }, { timeout: 20_000 }));
    expect(await within(batch).findByTitle(/^As printed: job /)).toBeInTheDocument();

    fireEvent.click(await within(batch).findByRole('button', { name: 'Reprint' }));
    expect(await screen.findByRole('article', { name: 'Print request Reprint of Morning run' }, { timeout: 20_000 })).toBeInTheDocument();
    await waitFor(async () => {
      const batches = (await (await station.admin('/print-batches')).json()) as { name: string; jobs: { state: string; reprintOf: string | null }[] }[];
      expect(batches.find((one) => one.name === 'Reprint of Morning run')?.jobs[0]?.reprintOf).toBeTruthy();
    });
  });

  it('offers a job that may have printed to be printed again or counted as printed, and counts it', async () => {
    const order = (await (await station.post('/api/orders', sampleOrder('BATCH-2', { note: 'Ольга 美咲' }))).json()) as { id: string };
    const printers = (await (await station.admin('/printers')).json()) as { id: string; printerVendorId: string }[];
    const folder = printers.find((printer) => printer.printerVendorId === 'save-as-pdf')!.id;
    const [result] = (await (await station.post(`/api/orders/${order.id}/print`, { name: 'Lost at the printer', overrides: { printer: folder } })).json()) as { id: string }[];
    const settled = async () => {
      const batch = (await (await station.admin(`/print-batches/${result!.id}`)).json()) as { jobs: { id: string; state: string }[] };
      return batch.jobs.every((job) => job.state === 'done') ? batch : undefined;
    };
    const batch = await waitFor(async () => expect(await settled()).toBeDefined()).then(settled);
    // What the print system's forgetting leaves (test/core/printing/forgotten-job.test.ts makes it on CUPS).
    const db = new Database(join(station.dataDir, 'station.db'));
    db.prepare("UPDATE print_jobs SET state = 'failed', awaiting_decision = 1, reason = 'CUPS no longer has this job' WHERE id = ?").run(batch!.jobs[0]!.id);
    db.close();

    renderPage(<BatchesPage />);
    const request = await screen.findByRole('article', { name: 'Print request API · Lost at the printer' });
    expect(await within(request).findByText(/^May have printed: CUPS no longer has this job/)).toBeInTheDocument();
    // The job's actions come once the page knows the person may act (an operator's): awaited.
    expect(await within(request).findByRole('button', { name: 'Print again' })).toBeInTheDocument();
    fireEvent.click(await within(request).findByRole('button', { name: 'Count as printed' }));
    await waitFor(() => expect(within(request).queryByRole('button', { name: 'Count as printed' })).not.toBeInTheDocument());
    const job = (await (await station.admin(`/print-jobs/${batch!.jobs[0]!.id}`)).json()) as { state: string; reason: string; awaitingDecision: boolean };
    expect(job).toMatchObject({ state: 'done', awaitingDecision: false, reason: expect.stringMatching(/^Counted as printed by /) });
  });
});
