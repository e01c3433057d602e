import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOverview, STUCK_AFTER_MS } from '../../../main/core/features/admin/overview-routes';
import { freePort } from '../../helpers/cups/private-cupsd';
import { useTestCups } from '../../helpers/cups/test-cups';
import { waitFor } from '../printers/cups-output';
import { json, printStation, type PrintStation } from './print-harness';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
const cups = useTestCups();

/**
 * A queue whose printer cannot be reached (its JetDirect socket does not answer) reads
 * online in CUPS while its job sits "processing": once the job has been at the printer
 * past STUCK_AFTER_MS with something the printer says about it, "Needs a look" lists it
 * with that reason.
 */
let s: PrintStation;
beforeAll(async () => {
  // A port nobody listens on.
  cups.addUnreachableQueue('UNREACHABLE', await freePort());
  s = await printStation();
});
afterAll(() => s.stop());

describe('a job stuck at a printer nobody can reach', { timeout: 120_000 }, () => {
  it('is listed under Needs a look with what CUPS says, once it has waited past the limit', async () => {
    const { key } = await s.printTeam('Stuck bench');
    const order = await s.createOrder(key, 'S-1', { customer: { firstName: 'Ольга', lastName: '高橋' } });
    const printer = await s.printerId('UNREACHABLE');
    const [result] = await json<{ id: string; status: string }[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer } } }), 200);
    expect(result!.status).toBe('pending');
    // CUPS took it; the follow loop reads what the print system says of the printer.
    const id = await waitFor(
      () => s.station.db.prepare("SELECT j.id FROM print_jobs j JOIN printers p ON p.id = j.printer_id WHERE j.batch_id = ? AND j.state = 'submitted' AND p.status = 'busy' AND p.status_reason IS NOT NULL").pluck().get(result!.id) as string | undefined,
      60_000,
      'the job at a printer that says why it does not print',
    );
    // Not yet past the limit: not listed.
    expect(readOverview(s.station.db).failingJobs.map((failing) => failing.id)).not.toContain(id);
    // Past it (the overview read as of a moment later): listed, with the print system's words.
    const later = readOverview(s.station.db, new Date(Date.now() + STUCK_AFTER_MS + 1_000));
    expect(later.failingJobs.find((failing) => failing.id === id)).toMatchObject({ state: 'submitted', orderNumbers: ['#S-1'], reason: 'At UNREACHABLE: The printer may not exist or is unavailable at this time.' });
    expect(later.printers.find((listed) => listed.id === printer)).toMatchObject({ status: 'busy', reason: 'The printer may not exist or is unavailable at this time.' });
  });
});
