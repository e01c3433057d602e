import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPages, LABEL_4X6_MM, pdfPapersNear, waitForKeptJob, waitForPrintedPdf } from '../printers/cups-output';
import { json, printStation, type PrintStation } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

interface Result {
  id: string;
  status: string;
  printer?: { id: string; name: string };
  orders: { id: string; orderKeys: string[]; reasons?: { code: string; tag?: string }[] }[];
}

const SLIP_AND_LABEL = [
  { template: 'Packing slip (A4)', tag: 'packing-slip' },
  { template: 'Shipping label (4×6 in)', tag: 'label' },
];

describe('per-tag routing on real CUPS queues', { timeout: 60_000 }, () => {
  let s: PrintStation;
  let pdf: string;
  let trays: string;
  beforeAll(async () => {
    s = await printStation();
    pdf = await s.printerId('PDF');
    trays = await s.printerId('TRAYS');
  });
  afterAll(() => s.stop());

  /** Prints, then checks: slip on TRAYS in `tray`, label as a 4×6 in page on the PDF queue. */
  async function expectSlipOnTraysAndLabelOnPdf(results: Result[], tray: string) {
    expect(results.map((result) => result.status)).toEqual(['pending', 'pending']);
    const byPrinter = new Map(results.map((result) => [result.printer!.id, result]));
    const slipBatch = await s.settled(byPrinter.get(trays)!.id);
    const labelBatch = await s.settled(byPrinter.get(pdf)!.id);
    expect(slipBatch.jobs.map((job) => [job.state, job.tray, job.paper.name])).toEqual([['done', tray, 'A4']]);
    expect((await waitForKeptJob('TRAYS', `station-job-${slipBatch.jobs[0]!.id}`)).options.InputSlot).toBe(tray);
    expect(labelBatch.jobs.map((job) => job.state)).toEqual(['done']);
    const labels = await waitForPrintedPdf(labelBatch.jobs[0]!.osJobId!);
    expect(pdfPages(labels)).toBe(1);
    expect(pdfPapersNear(labels, LABEL_4X6_MM)).toEqual([LABEL_4X6_MM]);
  }

  it('routes each document tag to its own printer and tray in one request (array overrides)', async () => {
      const { key } = await s.printTeam('Array routing', { documents: SLIP_AND_LABEL });
      const order = await s.createOrder(key, 'R-1');
      const results = await json<Result[]>(
        await s.call('/api/orders/print', {
          key,
          json: {
            orderIds: [order.id],
            overrides: [
              { filters: { 'document.tag': 'packing-slip' }, printer: trays, tray: 'Upper' },
              { filters: { 'document.tag': 'label' }, printer: pdf },
            ],
          },
        }),
        200,
      );
      await expectSlipOnTraysAndLabelOnPdf(results, 'Upper');
    });

  it("routes by the team's tag routing when the request names no printer", async () => {
      const { team, key } = await s.printTeam('Team routing', { documents: SLIP_AND_LABEL });
      await json(await s.admin(`/admin/api/teams/${team.id}/routing/tags/packing-slip`, { method: 'PUT', json: { printerId: trays, tray: 'Manual' } }), 200);
      await json(await s.admin(`/admin/api/teams/${team.id}/routing/tags/label`, { method: 'PUT', json: { printerId: 'PDF' } }), 200);
      const order = await s.createOrder(key, 'R-2');
      const results = await json<Result[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: {} }), 200);
      await expectSlipOnTraysAndLabelOnPdf(results, 'Manual');
    });

  it('resolves printer, tray and template independently: request > order overrides > tag routing > team default', async () => {
    const { team, key } = await s.printTeam('Precedence', { documents: SLIP_AND_LABEL });
    await json(await s.admin(`/admin/api/teams/${team.id}/routing/tags/packing-slip`, { method: 'PUT', json: { printerId: trays, tray: 'Upper' } }), 200);
    await json(await s.admin(`/admin/api/teams/${team.id}/routing/default-printer`, { method: 'PUT', json: { printerId: pdf } }), 200);
    const plain = await s.createOrder(key, 'P-1');
    const overridden = await s.createOrder(key, 'P-2', { overrides: { printer: 'PDF' } });

    const print = async (orderId: string, body: object = {}) => {
      const results = await json<Result[]>(await s.call(`/api/orders/${orderId}/print`, { key, json: body }), 200);
      const jobs = await Promise.all(results.map(async (result) => (await s.settled(result.id)).jobs.map((job) => ({ printer: result.printer!.id, tray: job.tray, paper: job.paper.name }))));
      return jobs.flat().sort((a, b) => a.paper.localeCompare(b.paper));
    };
    // Tag routing for the slip (TRAYS, Upper); the label has no route: the team default printer.
    expect(await print(plain.id)).toEqual([
      { printer: pdf, tray: null, paper: '4x6in' },
      { printer: trays, tray: 'Upper', paper: 'A4' },
    ]);
    // The order's printer beats tag routing; the tray still comes from tag routing (resolved alone) but
    // PDF has no trays, so the slip cannot print: one document failing keeps the whole order back.
    const blocked = await json<Result[]>(await s.call(`/api/orders/${overridden.id}/print`, { key, json: {} }), 200);
    expect(blocked.map((result) => result.status)).toEqual(['error']);
    expect(blocked[0]!.orders[0]!.reasons!.map((reason) => [reason.code, reason.tag])).toEqual([['tray_not_found', 'packing-slip']]);
    // The request's tray beats tag routing, its printer beats the order's, its template beats the
    // document's: both documents become A4 slips in the same tray, so they share one job.
    expect(await print(overridden.id, { overrides: { printer: trays, tray: 'Manual', templateId: 'Packing slip (A4)' } })).toEqual([
      { printer: trays, tray: 'Manual', paper: 'A4' },
    ]);
  });

  it('refuses a paper size the printer lacks unless the printer fits to page', async () => {
    const { key } = await s.printTeam('Paper', { documents: [{ template: 'Shipping label (4×6 in)', tag: 'label' }] });
    const order = await s.createOrder(key, 'L-1');
    const refused = await json<Result[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer: 'TRAYS' } } }), 200);
    expect(refused.map((result) => result.status)).toEqual(['error']);
    expect(refused[0]!.orders[0]!.reasons![0]!.code).toBe('paper_size_unsupported');

    await json(await s.admin(`/admin/api/printers/${trays}`, { method: 'PATCH', json: { config: { fitToPage: true } } }), 200);
    try {
      const printed = await json<Result[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer: 'TRAYS' } } }), 200);
      expect(printed.map((result) => result.status)).toEqual(['pending']);
      const batch = await s.settled(printed[0]!.id);
      expect(batch.jobs[0]!.state).toBe('done');
    } finally {
      await json(await s.admin(`/admin/api/printers/${trays}`, { method: 'PATCH', json: { config: { fitToPage: false } } }), 200);
    }
  });
});
