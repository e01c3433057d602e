import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '../../../main/core/features/admin/overview-routes';
import { waitFor } from '../printers/cups-output';
import { json, printStation, type BatchView, type PrintStation } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

/**
 * The CUPS queue PAUSABLE (scripts/install-system-deps.sh) is this file's alone: paused and
 * resumed with cupsdisable/cupsenable as a person at the packing bench would.
 */
const QUEUE = 'PAUSABLE';
const cups = (command: string, ...args: string[]) => execFileSync(command, args, { encoding: 'utf8' });

let s: PrintStation;
beforeAll(async () => {
  cups('cupsenable', QUEUE);
  s = await printStation();
});
afterAll(async () => {
  cups('cupsenable', QUEUE);
  cups('cupsaccept', QUEUE);
  await s.stop();
});

/** The station's own word that a printer's state changed: its `printers` event. */
const stateChanged = (printerId: string) =>
  new Promise<void>((resolve) => {
    const listener = (event: { type: string; printerIds?: string[] }) => {
      if (event.type === 'state' && event.printerIds?.includes(printerId)) {
        s.station.events.off('printers', listener);
        resolve();
      }
    };
    s.station.events.on('printers', listener);
  });

describe('a paused printer, followed and told truthfully', { timeout: 60_000 }, () => {
  it('cupsdisable shows on the Overview without a refresh; the order stays ready (sent, waiting) until cupsenable lets its job finish, then it is printed', async () => {
    const pausable = await s.printerId(QUEUE);
    const overview = async () => json<Overview>(await s.admin('/admin/api/overview'), 200);
    expect((await overview()).printers.find((printer) => printer.id === pausable)).toMatchObject({ status: 'online', reason: null });

    // Paused at the print system: the station follows it by itself (no refresh asked for).
    const paused = stateChanged(pausable);
    cups('cupsdisable', '-r', 'Out of labels, back at 3', QUEUE);
    await paused;
    expect((await overview()).printers.find((printer) => printer.id === pausable)).toMatchObject({ status: 'offline', reason: 'paused: Out of labels, back at 3', since: expect.any(String) });

    const { key } = await s.printTeam('Paused bench');
    const order = await s.createOrder(key, 'P-1', { customer: { firstName: 'Олег', lastName: '佐藤' } });
    const [result] = await json<{ id: string; status: string }[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer: pausable } } }), 200);
    expect(result!.status).toBe('pending');
    // The job reaches the print system and waits there.
    const batch = await waitFor(async () => {
      const view = await json<BatchView>(await s.admin(`/admin/api/print-batches/${result!.id}`), 200);
      return view.jobs[0]?.state === 'submitted' ? view : undefined;
    }, 60_000, 'the job to reach CUPS');
    const jobId = batch.jobs[0]!.id;

    // Printed means printed: the order is not, while its page waits at the paused queue.
    const status = async () => (await json<{ status: string }>(await s.call(`/api/orders/${order.id}/status`, { key }), 200)).status;
    expect(await status()).toBe('ready');
    const waiting = (await overview()).failingJobs.find((job) => job.id === jobId);
    expect(waiting).toMatchObject({ state: 'submitted', printerName: QUEUE, reason: `Waiting at ${QUEUE}: paused: Out of labels, back at 3`, orderNumbers: ['#P-1'] });
    // Asking again for the ready orders does not print it a second time while it waits.
    const again = await s.call('/api/orders/print', { key, json: { orderFilters: { 'order.status': 'ready' }, overrides: { printer: pausable } } });
    const answer = (await again.json()) as unknown;
    expect(JSON.stringify(answer)).not.toContain('"pending"');
    expect(s.station.db.prepare('SELECT COUNT(*) FROM print_job_documents WHERE order_id = ?').pluck().get(order.id)).toBe(batch.jobs.length);

    const resumed = stateChanged(pausable);
    cups('cupsenable', QUEUE);
    await resumed;
    const settled = await s.settled(result!.id);
    expect(settled.jobs[0]!.state).toBe('done');
    await waitFor(async () => ((await status()) === 'printed' ? true : undefined), 30_000, 'the order to be printed');
    // Printing a moment after cupsenable ('busy'), then idle: followed to online by itself.
    await waitFor(async () => ((await overview()).printers.find((printer) => printer.id === pausable)?.status === 'online' ? true : undefined), 30_000, 'the printer to be online');
    expect((await overview()).printers.find((printer) => printer.id === pausable)).toMatchObject({ status: 'online', reason: null });
  });

  it('a job waiting at a paused printer can be cancelled there (IPP Cancel-Job), or moved to another printer where it prints', async () => {
    const pausable = await s.printerId(QUEUE);
    const folder = await s.printerId('save-as-pdf');
    const paused = stateChanged(pausable);
    cups('cupsdisable', '-r', 'Jammed', QUEUE);
    await paused;
    const { key } = await s.printTeam('Cancel and move');
    const waitingJob = async (sourceId: string) => {
      const order = await s.createOrder(key, sourceId);
      const [result] = await json<{ id: string }[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer: pausable } } }), 200);
      const batch = await waitFor(async () => {
        const view = await json<BatchView>(await s.admin(`/admin/api/print-batches/${result!.id}`), 200);
        return view.jobs[0]?.state === 'submitted' ? view : undefined;
      }, 60_000, 'the job to wait at the paused queue');
      return { order, batchId: result!.id, job: batch.jobs[0]! };
    };
    const queued = () => cups('lpstat', '-W', 'not-completed', '-o', QUEUE);

    // Cancelled where it waits: CUPS no longer has it to print, the order stays ready.
    const first = await waitingJob('CM-1');
    expect(queued()).toContain(`${first.job.osJobId} `);
    const cancelled = await json<{ state: string; reason: string }>(await s.admin(`/admin/api/print-jobs/${first.job.id}/cancel`, { method: 'POST' }), 200);
    expect(cancelled).toMatchObject({ state: 'failed', reason: 'Cancelled by an operator' });
    expect(queued()).not.toContain(`${first.job.osJobId} `);
    expect((await json<{ status: string }>(await s.call(`/api/orders/${first.order.id}/status`, { key }), 200)).status).toBe('ready');
    // A job already finished cannot be cancelled.
    expect((await s.admin(`/admin/api/print-jobs/${first.job.id}/cancel`, { method: 'POST' })).status).toBe(409);

    // Moved: taken back from the paused queue and printed on Save as PDF instead.
    const second = await waitingJob('CM-2');
    expect((await s.admin(`/admin/api/print-jobs/${second.job.id}/move`, { method: 'POST', json: { printerId: pausable } })).status).toBe(400);
    const moved = await json<{ state: string; printerId: string }>(await s.admin(`/admin/api/print-jobs/${second.job.id}/move`, { method: 'POST', json: { printerId: folder } }), 200);
    expect(moved).toMatchObject({ state: 'queued', printerId: folder });
    expect(queued()).not.toContain(`${second.job.osJobId} `);
    const settled = await s.settled(second.batchId);
    expect(settled.jobs[0]).toMatchObject({ state: 'done', printerId: folder });
    await waitFor(async () => ((await json<{ status: string }>(await s.call(`/api/orders/${second.order.id}/status`, { key }), 200)).status === 'printed' ? true : undefined), 30_000, 'the moved order to be printed');
    const resumed = stateChanged(pausable);
    cups('cupsenable', QUEUE);
    await resumed;
  });

  it('a queue that refuses jobs reads offline, not accepting jobs', async () => {
    const pausable = await s.printerId(QUEUE);
    const refusing = stateChanged(pausable);
    cups('cupsreject', QUEUE);
    await refusing;
    const view = await json<Overview>(await s.admin('/admin/api/overview'), 200);
    expect(view.printers.find((printer) => printer.id === pausable)).toMatchObject({ status: 'offline', reason: 'not accepting jobs' });
    const back = stateChanged(pausable);
    cups('cupsaccept', QUEUE);
    await back;
  });
});
