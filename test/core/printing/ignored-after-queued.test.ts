import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_IGNORED_REASON } from '../../../main/core/features/printing/jobs/queue';
import { pdfText, waitFor } from '../printers/cups-output';
import { json, printStation } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

type Result = { id: string; status: string };

/**
 * `ignored` means intentionally excluded from printing. Jobs are queued by a station without
 * its print worker; the orders are ignored before the worker (a second station on the same
 * data) takes the jobs.
 */
describe('an order ignored after its print job was queued', { timeout: 60_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'station-ignored-queued-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is left out of the PDF and stays ignored; a job left with nothing fails saying why; force still prints it', async () => {
    const setup = await printStation({ dataDir, background: false });
    const { key } = await setup.printTeam('Ignoring');
    const [kept, dropped, alone] = [await setup.createOrder(key, 'IG-KEPT'), await setup.createOrder(key, 'IG-DROPPED'), await setup.createOrder(key, 'IG-ALONE')];
    const [both] = await json<Result[]>(await setup.call('/api/orders/print', { key, json: { orderIds: [kept.id, dropped.id] } }), 200);
    const [single] = await json<Result[]>(await setup.call(`/api/orders/${alone.id}/print`, { key, json: {} }), 200);
    for (const order of [dropped, alone]) await json(await setup.admin(`/admin/api/orders/${order.id}/ignore`, { method: 'POST', json: {} }), 200);
    await setup.stop();

    const s = await printStation({ dataDir });
    try {
      const status = async (id: string) => (await json<{ status: string }>(await s.call(`/api/orders/${id}/status`, { key }), 200)).status;
      const printedBoth = await s.settled(both!.id);
      expect(printedBoth.jobs.map((job) => job.state)).toEqual(['done']);
      const text = pdfText(join(dataDir, 'printed', `station-job-${printedBoth.jobs[0]!.id}.pdf`));
      expect(text).toContain('IG-KEPT');
      expect(text).not.toContain('IG-DROPPED');
      expect([await status(kept.id), await status(dropped.id)]).toEqual(['printed', 'ignored']);

      const nothing = await s.settled(single!.id);
      expect(nothing.jobs.map((job) => [job.state, job.reason])).toEqual([['failed', ALL_IGNORED_REASON]]);
      expect(existsSync(join(dataDir, 'printed', `station-job-${nothing.jobs[0]!.id}.pdf`))).toBe(false);
      expect(await status(alone.id)).toBe('ignored');

      // Printing an ignored order on purpose still works.
      const [forced] = await json<Result[]>(await s.call(`/api/orders/${alone.id}/print`, { key, json: { force: true } }), 200);
      expect((await s.settled(forced!.id)).jobs.map((job) => job.state)).toEqual(['done']);
      expect(await status(alone.id)).toBe('printed');
    } finally {
      await s.stop();
    }
  });
});

/** A CUPS queue that holds its jobs while disabled (output discarded). */
const HOLDING_QUEUE = 'STATION_HOLDING_TEST';

describe('an order ignored after its job was handed to the OS', { timeout: 60_000 }, () => {
  it('changes status only: the OS job is not cancelled and prints, and the order stays ignored', async () => {
    execFileSync('lpadmin', ['-p', HOLDING_QUEUE, '-E', '-v', 'file:///dev/null', '-m', 'drv:///sample.drv/generic.ppd']);
    execFileSync('cupsdisable', [HOLDING_QUEUE]);
    const s = await printStation();
    try {
      const { key } = await s.printTeam('Handed over');
      await json(await s.call('/api/printers/refresh', { key }), 200);
      const printerId = await s.printerId(HOLDING_QUEUE);
      const order = await s.createOrder(key, 'IG-HANDED');
      const [result] = await json<Result[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer: printerId } } }), 200);
      const jobId = (s.station.db.prepare('SELECT id FROM print_jobs WHERE batch_id = ?').get(result!.id) as { id: string }).id;
      const handed = await waitFor(() => {
        const row = s.station.db.prepare('SELECT state, os_job_id AS osJobId, released FROM print_jobs WHERE id = ?').get(jobId) as { state: string; osJobId: string; released: number };
        return row.state === 'submitted' && row.released === 1 ? row : undefined;
      }, 30_000, 'the job to be handed to CUPS');
      // The queue is stopped: CUPS holds the job, not yet printed.
      expect(execFileSync('lpstat', ['-W', 'not-completed', '-o', HOLDING_QUEUE], { encoding: 'utf8' })).toContain(handed.osJobId);

      const ignored = await json<{ status: string }>(await s.admin(`/admin/api/orders/${order.id}/ignore`, { method: 'POST', json: {} }), 200);
      expect(ignored.status).toBe('ignored');
      execFileSync('cupsenable', [HOLDING_QUEUE]);
      const batch = await s.settled(result!.id);
      expect(batch.jobs.map((job) => [job.state, job.osJobId])).toEqual([['done', handed.osJobId]]);
      expect(execFileSync('lpstat', ['-W', 'completed', '-o', HOLDING_QUEUE], { encoding: 'utf8' })).toContain(handed.osJobId);
      expect((await json<{ status: string }>(await s.call(`/api/orders/${order.id}/status`, { key }), 200)).status).toBe('ignored');
    } finally {
      await s.stop();
      execFileSync('lpadmin', ['-x', HOLDING_QUEUE]);
    }
  });
});
