import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULER_DOWN } from '../../../main/core/features/printers/cups-backend';
import { WAITING_FOR_PRINT_SYSTEM } from '../../../main/core/features/printing/jobs/job-words';
import { PrivateCupsd } from '../../helpers/cups/private-cupsd';
import { waitFor } from '../printers/cups-output';
import { json, printStation, type BatchView, type PrintStation } from './print-harness';

interface JobEvent {
  jobId: string;
  state: string;
  reason: string | null;
}

const jobRow = (s: PrintStation, jobId: string) =>
  s.station.db.prepare('SELECT state, attempts, reason, os_job_id FROM print_jobs WHERE id = ?').get(jobId) as { state: string; attempts: number; reason: string | null; os_job_id: string | null };

describe('a print system that is down is not a failed job', { timeout: 60_000 }, () => {
  const cupsd = new PrivateCupsd();
  let s: PrintStation;
  let output: string;
  const events: JobEvent[] = [];
  let key: string;

  beforeAll(async () => {
    await cupsd.start();
    output = cupsd.addFileQueue('STATION_DOWN_TEST');
    // The station prints through this scheduler only, so stopping it touches no other test.
    // Printers followed by reading alone: the deleted queue below must reach CUPS's own
    // refusal, not be noticed first by the station (which a CUPS announcement would do at once).
    s = await printStation({ cupsServer: cupsd.server, printerEvents: false });
    s.station.events.on('job', (event) => events.push({ jobId: event.jobId, state: event.state, reason: event.reason ?? null }));
    ({ key } = await s.printTeam('Down Shop'));
    await json(await s.call('/api/printers/refresh', { key }), 200);
  });
  afterAll(async () => {
    await s.stop();
    await cupsd.dispose();
  });

  const printOne = async (sourceId: string, printer: string) => {
    const order = await s.createOrder(key, sourceId, { customer: { firstName: 'Светлана', lastName: '李' } });
    const [result] = await json<{ id: string; status: string }[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer } } }), 200);
    expect(result!.status).toBe('pending');
    const batch = await json<BatchView>(await s.admin(`/admin/api/print-batches/${result!.id}`), 200);
    return { orderId: order.id, jobId: batch.jobs[0]!.id };
  };

  it('with cupsd stopped the job waits with the reason in words, counting no attempt, and prints as soon as cupsd is back', async () => {
    const printerId = await s.printerId('STATION_DOWN_TEST');
    await cupsd.stop();
    const { orderId, jobId } = await printOne('DOWN-1', printerId);

    // Three waits in a row: each one leaves the job queued with no attempt spent (the old
    // policy failed it for good after five attempts in 33 s).
    const waits = () => events.filter((event) => event.jobId === jobId && event.state === 'queued' && event.reason?.startsWith(WAITING_FOR_PRINT_SYSTEM));
    await waitFor(() => (waits().length >= 3 ? true : undefined), 60_000, 'three waits for the print system');
    expect(waits()[0]!.reason).toBe(`${WAITING_FOR_PRINT_SYSTEM}: ${SCHEDULER_DOWN}`);
    expect(jobRow(s, jobId)).toMatchObject({ state: 'queued', attempts: 0, os_job_id: null });
    expect(events.some((event) => event.jobId === jobId && event.state === 'failed')).toBe(false);
    // The dashboard shows the same words.
    const order = await json<{ status: string }>(await s.call(`/api/orders/${orderId}/status`, { key }), 200);
    expect(order.status).toBe('ready');

    await cupsd.start();
    const done = await waitFor(() => (jobRow(s, jobId).state === 'done' ? jobRow(s, jobId) : undefined), 60_000, 'the job to print once cupsd is back');
    expect(done).toMatchObject({ attempts: 1, reason: null });
    expect(done.os_job_id).toMatch(/^STATION_DOWN_TEST-\d+$/);
    // The exact job reached the printer's device, once.
    expect(existsSync(output)).toBe(true);
    expect(readFileSync(output, 'latin1')).toContain(`%%Title: (station-job-${jobId})`);
    expect(events.filter((event) => event.jobId === jobId && event.state === 'submitted')).toHaveLength(1);
    expect((await json<{ status: string }>(await s.call(`/api/orders/${orderId}/status`, { key }), 200)).status).toBe('printed');
  });

  it('a queue deleted while the scheduler runs fails the job at once, saying so', async () => {
    cupsd.addQueue('STATION_GONE_TEST');
    await json(await s.call('/api/printers/refresh', { key }), 200);
    const printerId = await s.printerId('STATION_GONE_TEST');
    // The job is recorded while the queue exists, and the worker takes it once the queue is
    // gone: deleted first, the station's own reading of its printers (every few seconds here)
    // could see it missing before the request and refuse the request instead.
    await s.station.printing.queue.stop();
    const { jobId } = await printOne('GONE-1', printerId);
    cupsd.lpadmin('-x', 'STATION_GONE_TEST');
    s.station.printing.queue.start();
    const failed = await waitFor(() => (jobRow(s, jobId).state === 'failed' ? jobRow(s, jobId) : undefined), 60_000, 'the job to fail');
    expect(failed.attempts).toBe(1);
    expect(failed.reason).toContain('CUPS has no printer queue "STATION_GONE_TEST" any more');
  });

  it('a job at a paused printer says what the printer waits for, on the job and in its events, and clears it once printed', async () => {
    const printerId = await s.printerId('STATION_DOWN_TEST');
    cupsd.cups('cupsdisable', 'STATION_DOWN_TEST');
    const { jobId } = await printOne('PAUSED-1', printerId);
    const waiting = 'Waiting at the printer: the printer queue is paused';
    await waitFor(() => (events.some((event) => event.jobId === jobId && event.reason === waiting) ? true : undefined), 60_000, 'the waiting reason');
    const job = await json<{ state: string; reason: string }>(await s.admin(`/admin/api/print-jobs/${jobId}`), 200);
    expect(job).toMatchObject({ state: 'submitted', reason: waiting });
    cupsd.cups('cupsenable', 'STATION_DOWN_TEST');
    const done = await waitFor(() => (jobRow(s, jobId).state === 'done' ? jobRow(s, jobId) : undefined), 60_000, 'the job to print once enabled');
    expect(done.reason).toBeNull();
  });
});
