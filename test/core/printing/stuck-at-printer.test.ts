import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOverview, STUCK_AFTER_MS } from '../../../main/core/features/admin/overview-routes';
import type { PrinterResource } from '../../../main/core/features/printers/service';
import { freePort } from '../../helpers/cups/private-cupsd';
import { useTestCups } from '../../helpers/cups/test-cups';
import { waitFor } from '../printers/cups-output';
import { json, printStation, type PrintStation } from './print-harness';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
const cups = useTestCups();

/**
 * A queue whose printer cannot be reached (its JetDirect socket on loopback: nobody listens)
 * reads online in CUPS, job or no job. The station asks the printer itself (printers/reach.ts):
 * it reads offline, "not answering since HH:MM", before any job, and a job there waits and is
 * listed under Needs a look at once, with the printer's words.
 */
let s: PrintStation;
beforeAll(async () => {
  cups.addUnreachableQueue('UNREACHABLE', await freePort());
  s = await printStation();
});
afterAll(() => s.stop());

const NOT_ANSWERING = /^not answering since \d\d:\d\d/;

describe('a printer nobody can reach', { timeout: 60_000 }, () => {
  it('reads offline, not answering, before any job; a job there waits and is listed under Needs a look at once', async () => {
    const { key } = await s.printTeam('Stuck bench');
    const printer = await s.printerId('UNREACHABLE');
    // No job yet: what the station heard when it asked the printer, in the public API.
    const silent = await waitFor(
      async () => {
        const listed = await json<PrinterResource>(await s.call(`/api/printers/${printer}`, { key }), 200);
        return listed.status === 'offline' ? listed : undefined;
      },
      30_000,
      'the printer to read offline',
    );
    expect(silent.statusReason).toMatch(/^not answering since \d\d:\d\d$/);
    expect(readOverview(s.station.db).printers.find((listed) => listed.id === printer)).toMatchObject({ status: 'offline', reason: silent.statusReason });

    const order = await s.createOrder(key, 'S-1', { customer: { firstName: 'Ольга', lastName: '高橋' } });
    const [result] = await json<{ id: string; status: string }[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer } } }), 200);
    expect(result!.status).toBe('pending');
    // CUPS took it and cannot reach the printer; the job waits there, listed at once (not
    // after the minute a job stuck at a printer that answers waits to be listed).
    const id = await waitFor(
      () => s.station.db.prepare("SELECT id FROM print_jobs WHERE batch_id = ? AND state = 'submitted'").pluck().get(result!.id) as string | undefined,
      60_000,
      'the job at the printer',
    );
    const listed = readOverview(s.station.db).failingJobs.find((failing) => failing.id === id);
    expect(listed).toMatchObject({ state: 'submitted', orderNumbers: ['#S-1'] });
    expect(listed!.reason).toMatch(new RegExp(`^Waiting at UNREACHABLE: ${NOT_ANSWERING.source.slice(1)}`));
    // The silence keeps the time it began while CUPS tries (its own words may follow).
    const batch = await json<{ state: string }>(await s.admin(`/admin/api/print-batches/${result!.id}`), 200);
    expect(batch.state).not.toBe('done');
    expect((await json<PrinterResource>(await s.call(`/api/printers/${printer}`, { key }), 200)).statusReason).toMatch(new RegExp(`^${silent.statusReason}`));
  });

  it('a job at a printer that answers but says something of it is listed once it has waited past the limit', () => {
    // The state a backend at work leaves ("Connecting to printer." for long, the printer there):
    // a printer that reads busy with words, and a job submitted to it.
    const printer = s.station.db.prepare("SELECT id FROM printers WHERE vendor_id = 'UNREACHABLE'").pluck().get() as string;
    s.station.db.prepare("UPDATE printers SET status = 'busy', status_reason = 'Connecting to printer.' WHERE id = ?").run(printer);
    const id = s.station.db.prepare("SELECT id FROM print_jobs WHERE printer_id = ? AND state = 'submitted'").pluck().get(printer) as string;
    s.station.db.prepare('UPDATE print_jobs SET reason = NULL WHERE id = ?').run(id);
    expect(readOverview(s.station.db).failingJobs.map((failing) => failing.id)).not.toContain(id);
    const later = readOverview(s.station.db, new Date(Date.now() + STUCK_AFTER_MS + 1_000));
    expect(later.failingJobs.find((failing) => failing.id === id)).toMatchObject({ state: 'submitted', reason: 'At UNREACHABLE: Connecting to printer.' });
  });
});
