import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOTTEN_REASON } from '../../../main/core/features/printers/cups-backend';
import { useTestCups } from '../../helpers/cups/test-cups';
import { waitFor } from '../printers/cups-output';
import { json, printStation, type BatchView, type PrintStation } from './print-harness';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

/**
 * A job the print system took and then forgot (here purged from CUPS, history and all, with
 * `cancel -a -x`, as a scheduler wiped clean would) may or may not be on paper. The station
 * never sends it again on its own: it waits for a person at the printer to print it again or
 * to count it as printed.
 */
const QUEUE = 'PAUSABLE';
const cups = (command: string, ...args: string[]) => execFileSync(command, args, { encoding: 'utf8' });
const jobsAtCups = () => cups('lpstat', '-W', 'all', '-o', QUEUE).trim();

interface Job {
  id: string;
  state: string;
  reason: string | null;
  awaitingDecision: boolean;
  attempts: number;
  osJobId: string | null;
}

let s: PrintStation;
beforeAll(async () => {
  cups('cupsdisable', '-r', 'Lid open', QUEUE);
  s = await printStation();
});
afterAll(async () => {
  cups('cupsenable', QUEUE);
  await s.stop();
});

/** An order printed at the paused queue, its job waiting there, then forgotten by CUPS. */
async function forgottenJob(key: string, sourceId: string) {
  const pausable = await s.printerId(QUEUE);
  const order = await s.createOrder(key, sourceId, { customer: { firstName: 'Алия', lastName: 'מזרחי' } });
  const [result] = await json<{ id: string }[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer: pausable } } }), 200);
  const waiting = await waitFor(async () => {
    const view = await json<BatchView>(await s.admin(`/admin/api/print-batches/${result!.id}`), 200);
    return view.jobs[0]?.state === 'submitted' ? view.jobs[0] : undefined;
  }, 60_000, 'the job to wait at the paused queue');
  expect(jobsAtCups()).toContain(`${waiting.osJobId} `);
  cups('cancel', '-a', '-x', QUEUE);
  expect(jobsAtCups()).toBe('');
  const job = await waitFor(async () => {
    const read = await json<Job>(await s.admin(`/admin/api/print-jobs/${waiting.id}`), 200);
    return read.state === 'failed' ? read : undefined;
  }, 30_000, 'the station to find the job forgotten');
  return { order, batchId: result!.id, job };
}

const orderStatus = async (key: string, orderId: string) => (await json<{ status: string }>(await s.call(`/api/orders/${orderId}/status`, { key }), 200)).status;

describe('a job the print system forgot', { timeout: 60_000 }, () => {
  it('waits for a decision and is not sent again; counted as printed, its order is printed, with who said so', async () => {
    const { key } = await s.printTeam('Forgetful CUPS');
    const { order, job } = await forgottenJob(key, 'F-1');
    expect(job).toMatchObject({ awaitingDecision: true, reason: FORGOTTEN_REASON, attempts: 1 });
    expect(await orderStatus(key, order.id)).toBe('ready');
    // Failed jobs are never picked by the queue: nothing of it went back to CUPS.
    expect(jobsAtCups()).toBe('');

    const counted = await json<Job>(await s.admin(`/admin/api/print-jobs/${job.id}/count-as-printed`, { method: 'POST' }), 200);
    expect(counted).toMatchObject({ state: 'done', awaitingDecision: false, reason: expect.stringMatching(/^Counted as printed by .+/) });
    expect(await orderStatus(key, order.id)).toBe('printed');
    // The order's history names who counted it, not who asked for the print.
    const detail = await json<{ history: Array<{ status: string; reason: string }> }>(await s.admin(`/admin/api/orders/${order.id}`), 200);
    expect(detail.history.at(-1)).toMatchObject({ status: 'printed', reason: expect.stringMatching(/^counted as printed \(.+\) on .+ by .+/) });
    expect(jobsAtCups()).toBe('');
    // Decided once: a second decision, or one for a job that waits for none, is a conflict.
    const again = await s.admin(`/admin/api/print-jobs/${job.id}/count-as-printed`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 'not_awaiting_decision' } });
    expect((await s.admin('/admin/api/print-jobs/no-such-job/count-as-printed', { method: 'POST' })).status).toBe(404);
    // Who decided is in the activity list.
    const activity = await json<Array<{ action: string }>>(await s.admin('/admin/api/activity'), 200);
    expect(activity.map((entry) => entry.action)).toContain('Count a job that may have printed as printed');
  });

  it('printed again on a person’s word, it prints once', async () => {
    const { key } = await s.printTeam('Print it again');
    const { order, batchId, job } = await forgottenJob(key, 'F-2');
    expect(job.awaitingDecision).toBe(true);
    cups('cupsenable', QUEUE);
    const retried = await json<Job>(await s.admin(`/admin/api/print-jobs/${job.id}/retry`, { method: 'POST' }), 200);
    expect(retried).toMatchObject({ state: 'queued', awaitingDecision: false });
    const settled = await s.settled(batchId);
    expect(settled.jobs[0]!.state).toBe('done');
    expect(await orderStatus(key, order.id)).toBe('printed');
    // One job at CUPS for it: the one sent on the person's word.
    expect(jobsAtCups().split('\n')).toHaveLength(1);
  });
});
