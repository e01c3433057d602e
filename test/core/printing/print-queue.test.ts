import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../printers/cups-output';
import { json, printStation, type BatchView, type JobView, type PrintStation } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

/** A throw-away CUPS queue (output discarded) the test can stop, refuse and cancel. */
const QUEUE = 'STATION_QUEUE_TEST';

describe('the print queue on a real CUPS queue', { timeout: 60_000 }, () => {
  let s: PrintStation;
  let key: string;
  let printerId: string;
  beforeAll(async () => {
    execFileSync('lpadmin', ['-p', QUEUE, '-E', '-v', 'file:///dev/null', '-m', 'drv:///sample.drv/generic.ppd']);
    s = await printStation();
    key = (await s.printTeam('Queue')).key;
    await json(await s.call('/api/printers/refresh', { key }), 200);
    printerId = await s.printerId(QUEUE);
  });
  afterAll(async () => {
    await s.stop();
    execFileSync('lpadmin', ['-x', QUEUE]);
  });

  const job = async (id: string) => json<JobView>(await s.admin(`/admin/api/print-jobs/${id}`), 200);
  const printOne = async (sourceId: string) => {
    const order = await s.createOrder(key, sourceId);
    const [result] = await json<{ id: string }[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer: printerId } } }), 200);
    const batch = await json<BatchView>(await s.admin(`/admin/api/print-batches/${result!.id}`), 200);
    return { order, batch, jobId: batch.jobs[0]!.id };
  };

  it('retries a job the spooler refuses, with backoff, and prints it once the queue accepts again', async () => {
    execFileSync('cupsreject', [QUEUE]);
    const { order, jobId } = await printOne('Q-1');
    const waiting = await waitFor(async () => {
      const current = await job(jobId);
      return current.attempts >= 1 && current.state === 'queued' ? current : undefined;
    }, 60_000, 'a failed attempt');
    expect(waiting.reason).toMatch(/^Attempt 1 failed, retrying: CUPS refused the job/);
    expect((await json<{ status: string }>(await s.call(`/api/orders/${order.id}/status`, { key }), 200)).status).toBe('ready');
    // Backoff: the next attempt is due 2 s after the first failure, 4 s after the second.
    const delayAfter = async (attempts: number) => {
      await waitFor(async () => ((await job(jobId)).attempts >= attempts && (await job(jobId)).state === 'queued' ? true : undefined), 60_000, `attempt ${attempts}`);
      const row = s.station.db.prepare('SELECT attempts, next_attempt_at, updated_at FROM print_jobs WHERE id = ?').get(jobId) as { attempts: number; next_attempt_at: string; updated_at: string };
      expect(row.attempts).toBe(attempts);
      return Date.parse(row.next_attempt_at) - Date.parse(row.updated_at);
    };
    const first = await delayAfter(1);
    expect(first).toBeGreaterThanOrEqual(1_990);
    expect(first).toBeLessThan(2_100);
    const second = await delayAfter(2);
    expect(second).toBeGreaterThanOrEqual(3_990);
    expect(second).toBeLessThan(4_100);

    execFileSync('cupsaccept', [QUEUE]);
    const done = await waitFor(async () => {
      const current = await job(jobId);
      return current.state === 'done' ? current : undefined;
    }, 30_000, 'the retried job');
    expect(done.attempts).toBeGreaterThanOrEqual(2);
    expect(done.osJobId).toMatch(new RegExp(`^${QUEUE}-\\d+$`));
    expect((await json<{ status: string }>(await s.call(`/api/orders/${order.id}/status`, { key }), 200)).status).toBe('printed');
  });

  it('marks a job the spooler cancelled as failed with a reason; the admin retries it', async () => {
    execFileSync('cupsdisable', [QUEUE]);
    try {
      const { jobId, batch } = await printOne('Q-2');
      const submitted = await waitFor(async () => {
        const current = await job(jobId);
        return current.state === 'submitted' ? current : undefined;
      }, 60_000, 'submission');
      execFileSync('cancel', [submitted.osJobId!]);
      const failed = await waitFor(async () => {
        const current = await job(jobId);
        return current.state === 'failed' ? current : undefined;
      }, 60_000, 'failure');
      expect(failed.reason).toBe('Cancelled at the print system by a user');
      expect((await json<{ state: string }>(await s.admin(`/admin/api/print-batches/${batch.id}`), 200)).state).toBe('failed');

      execFileSync('cupsenable', [QUEUE]);
      const retried = await json<JobView>(await s.admin(`/admin/api/print-jobs/${jobId}/retry`, { method: 'POST', json: {} }), 200);
      expect(retried.state).toBe('queued');
      const settled = await s.settled(batch.id);
      expect(settled.jobs[0]!.state).toBe('done');
      expect(settled.jobs[0]!.osJobId).not.toBe(submitted.osJobId);
      // Only failed jobs can be retried.
      expect((await s.admin(`/admin/api/print-jobs/${jobId}/retry`, { method: 'POST', json: {} })).status).toBe(409);
    } finally {
      execFileSync('cupsenable', [QUEUE]);
    }
  });
});
