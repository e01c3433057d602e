import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLDER_VENDOR_ID } from '../../../main/core/features/printers/folder-backend';
import { CHUNK_SIZES, cutIntoChunks } from '../../../main/core/features/printing/jobs/chunks';
import { PreparedDocuments, renderJobDocuments } from '../../../main/core/features/printing/jobs/job-documents';
import { getJob, listBatchJobs, nextDueJob, updateJob } from '../../../main/core/features/printing/jobs/store';
import { json, printStation, type PrintStation } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

interface ChunkJob {
  id: string;
  state: string;
  osJobId: string;
  chunk: { index: number; count: number } | null;
}

const doc = (orderId: string) => ({ order: { id: orderId } });
const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-']).toString();

describe('cutting a job into chunks', () => {
  it('grows the chunks and never cuts between two documents of one order', () => {
    // 300 orders of one document, then one order of three documents across the 25th place.
    const documents = [...Array.from({ length: 24 }, (_, n) => doc(`o${n}`)), doc('big'), doc('big'), doc('big'), ...Array.from({ length: 300 }, (_, n) => doc(`p${n}`))];
    const chunks = cutIntoChunks(documents);
    expect(chunks.map((chunk) => chunk.length)).toEqual([27, 50, 100, 150]);
    expect(chunks.flat()).toEqual(documents);
    expect(CHUNK_SIZES[0]).toBe(25);
  });

  it('keeps a job that fits the first chunk whole', () => {
    expect(cutIntoChunks(Array.from({ length: 25 }, (_, n) => doc(`o${n}`)))).toHaveLength(1);
  });
});

describe('a big print request in chunks', () => {
  let s: PrintStation;
  beforeAll(async () => {
    s = await printStation();
  });
  afterAll(() => s.stop());

  // 130 packing slips rendered by Chromium: about 10 s on a quiet machine, past 30 s beside a busy worker.
  it('prints 130 orders as 3 chunks in order, every order once, the batch showing each chunk', { timeout: 60_000 }, async () => {
    const { key } = await s.printTeam('Chunks');
    const folder = await s.printerId(FOLDER_VENDOR_ID);
    const orders: { id: string }[] = [];
    for (let n = 1; n <= 130; n++) orders.push(await s.createOrder(key, `CH-${String(n).padStart(3, '0')}`, { note: `Заказ 注文 ${n}` }));
    const [result] = await json<{ id: string; status: string }[]>(await s.call('/api/orders/print', { key, json: { orderIds: orders.map((order) => order.id), overrides: { printer: folder } } }), 200);
    expect(result!.status).toBe('pending');
    const batch = (await s.settled(result!.id)) as unknown as { state: string; jobs: ChunkJob[] };
    expect(batch.state).toBe('done');
    expect(batch.jobs.map((job) => [job.state, job.chunk])).toEqual([
      ['done', { index: 1, count: 3 }],
      ['done', { index: 2, count: 3 }],
      ['done', { index: 3, count: 3 }],
    ]);
    // Read in chunk order, the pages hold the orders in the requested order, each once.
    const printed = batch.jobs.flatMap((job) => [...pdfText(job.osJobId).matchAll(/#CH-(\d{3})/g)].map((match) => Number(match[1])));
    expect([...new Set(printed)]).toEqual(Array.from({ length: 130 }, (_, n) => n + 1));
    // Submitted one after the other: each chunk reached the printer after the one before.
    const submitted = batch.jobs.map((job) => getJob(s.station.db, job.id)!.submitted_at!);
    expect([...submitted].sort()).toEqual(submitted);
  });
});

describe('chunk order across retries', () => {
  it('holds a chunk while an earlier chunk of its job waits to be tried again', async () => {
    // No worker: the queue's choice is read straight from the store.
    const s = await printStation({ background: false });
    try {
      const { key } = await s.printTeam('Held chunks');
      const orders: { id: string }[] = [];
      for (let n = 1; n <= 30; n++) orders.push(await s.createOrder(key, `HC-${n}`));
      const [result] = await json<{ id: string }[]>(await s.call('/api/orders/print', { key, json: { orderIds: orders.map((order) => order.id) } }), 200);
      const [first, second] = listBatchJobs(s.station.db, result!.id);
      expect([first!.chunk_index, second!.chunk_index]).toEqual([1, 2]);
      const now = new Date().toISOString();
      expect(nextDueJob(s.station.db, now)?.id).toBe(first!.id);

      // Chunk 1 failed once and waits a minute for its next attempt: chunk 2 must not go first.
      updateJob(s.station.db, first!.id, { attempts: 1, next_attempt_at: new Date(Date.now() + 60_000).toISOString() });
      expect(nextDueJob(s.station.db, now)).toBeUndefined();
      // Once chunk 1 is with the printer, chunk 2 is due.
      updateJob(s.station.db, first!.id, { state: 'submitted' });
      expect(nextDueJob(s.station.db, now)?.id).toBe(second!.id);
      // A chunk that failed for good does not hold the rest (it can be retried on its own).
      updateJob(s.station.db, first!.id, { state: 'failed' });
      expect(nextDueJob(s.station.db, now)?.id).toBe(second!.id);
    } finally {
      await s.stop();
    }
  });

  it('renders afresh a chunk prepared early whose order changed since', async () => {
    const s = await printStation({ background: false });
    try {
      const { key } = await s.printTeam('Prepared');
      const orders: { id: string }[] = [];
      for (let n = 1; n <= 30; n++) orders.push(await s.createOrder(key, `PR-${n}`, { note: 'старый текст' }));
      const [result] = await json<{ id: string }[]>(await s.call('/api/orders/print', { key, json: { orderIds: orders.map((order) => order.id) } }), 200);
      const second = listBatchJobs(s.station.db, result!.id)[1]!;
      const documents = s.station.services.documents;
      const prepared = new PreparedDocuments(s.station.db);

      prepared.startAhead(second, () => renderJobDocuments(s.station.db, documents, second));
      const unchanged = prepared.take(second.id);
      expect(unchanged).toBeDefined();
      expect((await unchanged!).map((html) => html.html).join()).toContain('старый текст');

      prepared.startAhead(second, () => renderJobDocuments(s.station.db, documents, second));
      const orderInSecond = (s.station.db.prepare('SELECT order_id FROM print_job_documents WHERE job_id = ? LIMIT 1').get(second.id) as { order_id: string }).order_id;
      const number = (s.station.db.prepare('SELECT order_number FROM orders WHERE id = ?').get(orderInSecond) as { order_number: string }).order_number;
      await json(await s.call('/api/orders', { key, json: { sourceId: number.slice(1), order: { orderNumber: number, note: 'новый текст' } } }), 201);
      expect(prepared.take(second.id)).toBeUndefined();
    } finally {
      await s.stop();
    }
  });
});
