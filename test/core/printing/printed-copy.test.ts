import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLDER_VENDOR_ID } from '../../../main/core/features/printers/folder-backend';
import { COPY_GONE_REASON } from '../../../main/core/features/printing/jobs/printed-copy';
import { json, printStation, type BatchView, type PrintStation } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

interface CopiedJob {
  id: string;
  state: string;
  osJobId: string;
  printedCopy: { format: string; bytes: number } | null;
  reprintOf: string | null;
}

const pdfText = (pdf: Uint8Array) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();

describe('a copy of exactly what printed', () => {
  let s: PrintStation;
  beforeAll(async () => {
    s = await printStation();
  });
  afterAll(() => s.stop());

  it('keeps the PDF a job handed over, previews it, and a reprint sends the same bytes after the order changed', async () => {
    const { key } = await s.printTeam('Copies');
    const folder = await s.printerId(FOLDER_VENDOR_ID);
    const order = await s.createOrder(key, 'COPY-1', { note: 'Первая версия 最初の版' });
    const [result] = await json<{ id: string }[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer: folder } } }), 200);
    const batch = (await s.settled(result!.id)) as unknown as BatchView & { jobs: CopiedJob[] };
    const [job] = batch.jobs;
    expect(job!.state).toBe('done');
    const handedOver = new Uint8Array(readFileSync(job!.osJobId));
    expect(job!.printedCopy).toEqual({ format: 'pdf', bytes: handedOver.byteLength });

    const preview = await s.admin(`/admin/api/print-jobs/${job!.id}/printed`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await preview.arrayBuffer())).toEqual(handedOver);

    // The order changes; a reprint is still the first print, byte for byte.
    await json(await s.call('/api/orders', { key, json: { sourceId: 'COPY-1', order: { orderNumber: '#COPY-1', note: 'Вторая версия' } } }), 201);
    const reprint = await json<{ id: string; name: string; jobs: CopiedJob[] }>(await s.admin(`/admin/api/print-jobs/${job!.id}/reprint`, { method: 'POST' }), 201);
    expect(reprint.name).toBe(`Reprint of ${(batch as unknown as { name: string }).name}`);
    const reprinted = (await s.settled(reprint.id)) as unknown as { jobs: CopiedJob[] };
    expect(reprinted.jobs.map((one) => [one.state, one.reprintOf])).toEqual([['done', job!.id]]);
    const again = new Uint8Array(readFileSync(reprinted.jobs[0]!.osJobId));
    expect(again).toEqual(handedOver);
    expect(pdfText(again)).toContain('Первая версия');

    // A new print of the order is the new version.
    const [fresh] = await json<{ id: string }[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer: folder } } }), 200);
    const freshJob = ((await s.settled(fresh!.id)) as unknown as { jobs: CopiedJob[] }).jobs[0]!;
    expect(pdfText(new Uint8Array(readFileSync(freshJob.osJobId)))).toContain('Вторая версия');
  });

  it('answers 409 for a job that has not printed, and 404 for an unknown job', async () => {
    const stopped = await printStation({ background: false });
    try {
      const { key } = await stopped.printTeam('Not yet');
      const order = await stopped.createOrder(key, 'WAIT-1');
      const [result] = await json<{ id: string }[]>(await stopped.call(`/api/orders/${order.id}/print`, { key, json: {} }), 200);
      const batch = await json<{ jobs: { id: string }[] }>(await stopped.admin(`/admin/api/print-batches/${result!.id}`), 200);
      const refused = await json<{ error: { code: string; message: string } }>(await stopped.admin(`/admin/api/print-jobs/${batch.jobs[0]!.id}/reprint`, { method: 'POST' }), 409);
      expect(refused.error.message).toMatch(/not been printed yet/);
      expect((await stopped.admin(`/admin/api/print-jobs/${batch.jobs[0]!.id}/printed`)).status).toBe(404);
      expect((await stopped.admin('/admin/api/print-jobs/no-such-job/reprint', { method: 'POST' })).status).toBe(404);
    } finally {
      await stopped.stop();
    }
  });
});

describe('a copy the cache budget evicted', () => {
  it('is gone from the preview and refused for a reprint, with the reason', async () => {
    // A budget smaller than any PDF: no copy is kept (the store's own tests cover which entry goes first).
    const s = await printStation({ printCacheBytes: 1_000 });
    try {
      const { key } = await s.printTeam('Evicted');
      const folder = await s.printerId(FOLDER_VENDOR_ID);
      const jobs: CopiedJob[] = [];
      for (const id of ['EV-1']) {
        const order = await s.createOrder(key, id, { note: `${id} ${'x'.repeat(50)}` });
        const [result] = await json<{ id: string }[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer: folder } } }), 200);
        jobs.push(((await s.settled(result!.id)) as unknown as { jobs: CopiedJob[] }).jobs[0]!);
      }
      expect(jobs[0]!.printedCopy).toMatchObject({ format: 'pdf' });
      expect(s.station.printing.store.usage().entries).toBe(0);
      const gone = await json<{ error: { code: string; message: string } }>(await s.admin(`/admin/api/print-jobs/${jobs[0]!.id}/printed`), 404);
      expect(gone.error).toMatchObject({ code: 'copy_not_kept', message: COPY_GONE_REASON });
      expect((await json<{ error: { message: string } }>(await s.admin(`/admin/api/print-jobs/${jobs[0]!.id}/reprint`, { method: 'POST' }), 409)).error.message).toBe(COPY_GONE_REASON);
    } finally {
      await s.stop();
    }
  });
});
