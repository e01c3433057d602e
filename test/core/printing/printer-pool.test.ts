import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, printStation, type BatchView, type PrintStation } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

/** Two PostScript queues with the same trays and paper: a pool of two label printers. */
const FIRST = 'STATION_POOL_FIRST';
const SECOND = 'STATION_POOL_SECOND';

interface JobView {
  id: string;
  state: string;
  printerId: string;
  plannedPrinterId: string;
  failover: string | null;
  osJobId: string | null;
}

describe('printer pools and failover on real CUPS', { timeout: 60_000 }, () => {
  let s: PrintStation;
  let key: string;
  let teamId: string;
  let first: string;
  let second: string;
  const reasons: { jobId: string; type: string; reason?: string | null }[] = [];

  beforeAll(async () => {
    for (const queue of [FIRST, SECOND]) execFileSync('lpadmin', ['-p', queue, '-E', '-v', 'file:///dev/null', '-m', 'drv:///sample.drv/generic.ppd']);
    s = await printStation();
    s.station.events.on('job', (event) => reasons.push({ jobId: event.jobId, type: event.type, reason: event.reason }));
    const team = await s.printTeam('Pool Shop', { documents: [{ template: 'Packing slip (A4)', tag: 'packing-slip' }] });
    key = team.key;
    teamId = team.team.id;
    await json(await s.admin('/admin/api/printers/refresh', { method: 'POST', json: {} }), 200);
    first = await s.printerId(FIRST);
    second = await s.printerId(SECOND);
    const route = await json<{ printerId: string; fallbackPrinterIds: string[] }>(
      await s.admin(`/admin/api/teams/${teamId}/routing/tags/packing-slip`, { method: 'PUT', json: { printerId: first, fallbackPrinterIds: [SECOND], tray: 'Upper' } }),
      200,
    );
    expect(route).toMatchObject({ printerId: first, fallbackPrinterIds: [second] });
  });
  afterAll(async () => {
    await s.stop();
    for (const queue of [FIRST, SECOND]) execFileSync('lpadmin', ['-x', queue]);
  });

  const printAndSettle = async (sourceId: string) => {
    const order = await s.createOrder(key, sourceId, { customer: { firstName: 'Ольга', lastName: '田中' } });
    const [result] = await json<{ id: string; status: string; printer: { id: string } }[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: {} }), 200);
    expect(result).toMatchObject({ status: 'pending', printer: { id: first } });
    const batch = await s.settled(result!.id);
    const job = await json<JobView>(await s.admin(`/admin/api/print-jobs/${(batch as BatchView).jobs[0]!.id}`), 200);
    return job;
  };

  it('prints on the first printer while it takes jobs', async () => {
    const job = await printAndSettle('POOL-1');
    expect(job).toMatchObject({ state: 'done', printerId: first, plannedPrinterId: first, failover: null });
    expect(job.osJobId).toMatch(new RegExp(`^${FIRST}-\\d+$`));
  });

  it('a paused first printer (cupsdisable) sends the job to the next, saying where and why', async () => {
    execFileSync('cupsdisable', [FIRST]);
    try {
      const job = await printAndSettle('POOL-2');
      expect(job).toMatchObject({ state: 'done', printerId: second, plannedPrinterId: first, failover: `Printed on "${SECOND}" because "${FIRST}" is paused` });
      expect(job.osJobId).toMatch(new RegExp(`^${SECOND}-\\d+$`));
      expect(reasons).toContainEqual({ jobId: job.id, type: 'reason', reason: job.failover });
    } finally {
      execFileSync('cupsenable', [FIRST]);
    }
  });

  it('a first printer rejecting jobs (cupsreject) sends the job to the next', async () => {
    execFileSync('cupsreject', [FIRST]);
    try {
      const job = await printAndSettle('POOL-3');
      expect(job).toMatchObject({ state: 'done', printerId: second, failover: `Printed on "${SECOND}" because "${FIRST}" is not accepting jobs` });
    } finally {
      execFileSync('cupsaccept', [FIRST]);
    }
  });

  it('refuses a pool whose printers lack the route tray, an unknown printer, or a printer twice', async () => {
    const put = (body: object) => s.admin(`/admin/api/teams/${teamId}/routing/tags/label`, { method: 'PUT', json: body });
    const pdf = await s.printerId('PDF');
    const noTray = await json<{ error: { details: { path: string }[] } }>(await put({ printerId: first, fallbackPrinterIds: [pdf], tray: 'Upper' }), 400);
    expect(noTray.error.details[0]!.path).toBe('fallbackPrinterIds.0');
    expect((await put({ printerId: first, fallbackPrinterIds: ['no-such-printer'] })).status).toBe(400);
    expect((await put({ printerId: first, fallbackPrinterIds: [second, SECOND] })).status).toBe(400);
    expect((await put({ printerId: first, fallbackPrinterIds: [first] })).status).toBe(400);
    expect((await put({ printerId: null, fallbackPrinterIds: [second] })).status).toBe(400);
  });
});
