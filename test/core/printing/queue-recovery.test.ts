import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CupsBackend } from '../../../main/core/features/printers/cups-backend';
import { osJobTitle } from '../../../main/core/features/printing/jobs/queue';
import { startStation } from '../../helpers/station';
import { jobsTitled, makePdf, pdfText, waitFor, waitForPrintedPdf } from '../printers/cups-output';
import { json } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

/**
 * The states a crash can leave, set up by hand: a job caught `submitting` whose held CUPS
 * job exists, one caught `submitting` that CUPS never got, one caught `rendering`, and one
 * released and printed whose release was never recorded.
 */
describe('print queue recovery at start-up', { timeout: 60_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'station-recovery-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('adopts a held job CUPS already has, submits the ones it never got, finishes a released one, and never prints twice', async () => {
    const setup = await startStation({ dataDir, background: false });
    const token = setup.station.services.adminSessions.createSessionToken();
    const { key } = setup.team('Recovery');
    const jobIds: string[] = [];
    for (const number of ['REC-1', 'REC-2', 'REC-3', 'REC-4']) {
      const order = await json<{ id: string }>(await setup.call('/api/orders', { key, json: { sourceId: number, order: { orderNumber: number } } }), 201);
      const [result] = await json<{ id: string }[]>(await setup.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer: 'PDF' } } }), 200);
      const batch = await json<{ jobs: { id: string }[] }>(await setup.call(`/admin/api/print-batches/${result!.id}`, { headers: { Authorization: `Bearer ${token}` } }), 200);
      jobIds.push(batch.jobs[0]!.id);
    }
    await setup.stop();
    const [adopted, lost, rendering, printedUnrecorded] = jobIds as [string, string, string, string];

    // The crash came after `lp` returned for the first job but before its id was recorded.
    const held = await new CupsBackend().submit({
      vendorId: 'PDF',
      content: { kind: 'pdf', pdf: await makePdf(['HELD BEFORE THE CRASH']) },
      title: osJobTitle(adopted),
      copies: 1,
      paper: { name: 'A4', widthMm: 210, heightMm: 297, landscape: false },
      tray: null,
      fitToPage: false,
    });
    // The crash came after the fourth job was released (and printed) but before that was recorded.
    const released = await new CupsBackend().submit({
      vendorId: 'PDF',
      content: { kind: 'pdf', pdf: await makePdf(['RELEASED BEFORE THE CRASH']) },
      title: osJobTitle(printedUnrecorded),
      copies: 1,
      paper: { name: 'A4', widthMm: 210, heightMm: 297, landscape: false },
      tray: null,
      fitToPage: false,
    });
    await new CupsBackend().release('PDF', released.osJobId);
    await waitForPrintedPdf(released.osJobId);
    const db = new Database(join(dataDir, 'station.db'));
    db.prepare("UPDATE print_jobs SET state = 'submitting' WHERE id IN (?, ?)").run(adopted, lost);
    db.prepare("UPDATE print_jobs SET state = 'rendering' WHERE id = ?").run(rendering);
    db.prepare("UPDATE print_jobs SET state = 'submitted', os_job_id = ?, released = 0 WHERE id = ?").run(released.osJobId, printedUnrecorded);
    db.close();

    const restarted = await startStation({ dataDir, background: true });
    try {
      const read = (id: string) => restarted.station.db.prepare('SELECT state, os_job_id AS osJobId FROM print_jobs WHERE id = ?').get(id) as { state: string; osJobId: string };
      await waitFor(() => (jobIds.every((id) => read(id).state === 'done') ? true : undefined), 60_000, 'recovered jobs to finish');
      // The held job was adopted and released, not submitted again: its output is the PDF CUPS held.
      expect(read(adopted).osJobId).toBe(held.osJobId);
      expect(pdfText(await waitForPrintedPdf(held.osJobId))).toContain('HELD BEFORE THE CRASH');
      for (const id of jobIds) {
        expect(jobsTitled(osJobTitle(id))).toHaveLength(1);
      }
      expect(pdfText(await waitForPrintedPdf(read(lost).osJobId))).toContain('Order REC-2');
      expect(pdfText(await waitForPrintedPdf(read(rendering).osJobId))).toContain('Order REC-3');
      expect(read(printedUnrecorded).osJobId).toBe(released.osJobId);
    } finally {
      await restarted.stop();
    }
  });
});
