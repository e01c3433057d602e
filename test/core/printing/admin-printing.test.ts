import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABEL_4X6_MM, pdfPapersNear, waitForPrintedPdf } from '../printers/cups-output';
import { json, printStation, type PrintStation } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

describe('printing in the admin API', { timeout: 60_000 }, () => {
  let s: PrintStation;
  beforeAll(async () => {
    s = await printStation();
  });
  afterAll(() => s.stop());

  it("shows and edits a team's routing and default printer", async () => {
    const { team } = await s.printTeam('Routing admin');
    const folder = await s.printerId('save-as-pdf');
    const initial = await json<{ defaultPrinterId: string | null; effectiveDefaultPrinterId: string; routes: unknown[] }>(await s.admin(`/admin/api/teams/${team.id}/routing`), 200);
    // A new team: no default of its own; the OS has no default printer here, so Save as PDF.
    expect(initial).toMatchObject({ defaultPrinterId: null, effectiveDefaultPrinterId: folder, routes: [] });

    const trays = await s.printerId('TRAYS');
    await json(await s.admin(`/admin/api/teams/${team.id}/routing/tags/invoice`, { method: 'PUT', json: { printerId: 'TRAYS', tray: 'Upper', template: 'Invoice (A4)' } }), 200);
    await json(await s.admin(`/admin/api/teams/${team.id}/routing/default-printer`, { method: 'PUT', json: { printerId: trays } }), 200);
    expect(await json(await s.admin(`/admin/api/teams/${team.id}/routing`), 200)).toMatchObject({
      defaultPrinterId: trays,
      effectiveDefaultPrinterId: trays,
      routes: [{ tag: 'invoice', printerId: trays, tray: 'Upper', template: 'Invoice (A4)' }],
    });
    expect((await s.admin(`/admin/api/teams/${team.id}/routing/tags/invoice`, { method: 'PUT', json: { printerId: 'PDF', tray: 'Upper' } })).status).toBe(400);
    expect((await s.admin(`/admin/api/teams/${team.id}/routing/tags/invoice`, { method: 'PUT', json: { printerId: 'nope' } })).status).toBe(400);
    await json(await s.admin(`/admin/api/teams/${team.id}/routing/tags/invoice`, { method: 'DELETE' }), 200);
    expect((await s.admin(`/admin/api/teams/${team.id}/routing/tags/invoice`, { method: 'DELETE' })).status).toBe(404);
    expect((await s.admin('/admin/api/teams/no-such-team/routing')).status).toBe(404);
    expect((await s.call(`/admin/api/teams/${team.id}/routing`)).status).toBe(401);
  });

  it('lists batches with name, ref and jobs, and pushes batch and job events', async () => {
    const { team, key } = await s.printTeam('Batches admin');
    const events: string[] = [];
    const onJob = (event: { state: string }) => events.push(`job:${event.state}`);
    const onBatch = (event: { type: string }) => events.push(`batch:${event.type}`);
    s.station.events.on('job', onJob);
    s.station.events.on('batch', onBatch);
    try {
      const order = await s.createOrder(key, 'B-1');
      const [result] = await json<{ id: string }[]>(await s.call('/api/orders/print', { key, json: { orderIds: [order.id], name: 'Morning', ref: 'WMS-42' } }), 200);
      const batch = await s.settled(result!.id);
      expect(batch).toMatchObject({ id: result!.id, state: 'done', name: 'Morning', ref: 'WMS-42', trigger: 'api', team: { authId: team.id } });
      const list = await json<{ id: string; jobs: unknown[] }[]>(await s.admin(`/admin/api/print-batches?teamId=${team.id}`), 200);
      expect(list.map((item) => [item.id, item.jobs.length])).toEqual([[result!.id, 1]]);
      const detail = await json<{ documents: { orderId: string }[] }>(await s.admin(`/admin/api/print-jobs/${batch.jobs[0]!.id}`), 200);
      expect(detail.documents.map((document) => document.orderId)).toEqual([order.id]);
      expect(events).toEqual(expect.arrayContaining(['batch:created', 'job:rendering', 'job:submitting', 'job:submitted', 'job:done', 'batch:updated']));
      expect((await s.admin('/admin/api/print-batches/nope')).status).toBe(404);
      expect((await s.admin('/admin/api/print-jobs/nope')).status).toBe(404);
    } finally {
      s.station.events.off('job', onJob);
      s.station.events.off('batch', onBatch);
    }
  });

  it('test-prints one page on a printer without touching any order', async () => {
    const folder = await s.printerId('save-as-pdf');
    const result = await json<{ printerId: string; osJobId: string }>(await s.admin(`/admin/api/printers/${folder}/test-print`, { method: 'POST', json: {} }), 200);
    expect(result.printerId).toBe(folder);
    expect(existsSync(result.osJobId)).toBe(true);
    expect(readdirSync(join(s.dataDir, 'printed')).some((name) => name.startsWith('station-test-'))).toBe(true);
    expect((await s.admin('/admin/api/printers/nope/test-print', { method: 'POST', json: {} })).status).toBe(404);
  });

  it('a label queue leads its paper list with its default 4×6 in, and its test print is a 4×6 in page', async () => {
    const printers = await json<{ id: string; printerVendorId: string; paperSizes: { name: string; width: string; height: string }[] }[]>(await s.admin('/admin/api/printers'), 200);
    const label = printers.find((printer) => printer.printerVendorId === 'LABEL4x6')!;
    // The OS default first, then the common sizes, not "11x14, 11x17, …".
    expect(label.paperSizes[0]).toMatchObject({ name: 'w288h432', width: '101.6mm', height: '152.4mm' });
    expect(label.paperSizes.slice(1, 3).map((size) => size.name)).toEqual(['A4', 'Letter']);
    const office = printers.find((printer) => printer.printerVendorId === 'PDF')!;
    expect(office.paperSizes[0]!.name).toBe('A4');
    const result = await json<{ osJobId: string }>(await s.admin(`/admin/api/printers/${label.id}/test-print`, { method: 'POST', json: {} }), 200);
    expect(pdfPapersNear(await waitForPrintedPdf(result.osJobId), LABEL_4X6_MM)).toEqual([LABEL_4X6_MM]);
  });
});
