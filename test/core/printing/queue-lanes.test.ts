import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/core/foundations/logger';
import { createStation } from '../../../main/core/station';
import { waitFor, waitForPrintedPdf } from '../printers/cups-output';
import { json, printStation } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
const cups = useTestCups();

/**
 * Three jobs queued before the worker starts: two for the CUPS PDF queue, one for the
 * folder printer between them. The folder job is taken while the first PDF job is still in
 * hand; the second PDF job waits for the first, so each printer gets its pages in order.
 */
describe('print queue lanes', { timeout: 60_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'station-lanes-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('works on different printers side by side and on one printer in queue order', async () => {
    // Automatic printing off: these three jobs are the only ones.
    const setup = await printStation({ dataDir, background: false });
    const { key } = await setup.printTeam('Lanes', { autoPrint: false });
    const jobIds: string[] = [];
    for (const [number, printer] of [['LANE-1', 'PDF'], ['LANE-2', 'save-as-pdf'], ['LANE-3', 'PDF']] as const) {
      const order = await json<{ id: string }>(await setup.call('/api/orders', { key, json: { sourceId: number, order: { orderNumber: number } } }), 201);
      const [result] = await json<{ id: string; status: string }[]>(await setup.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer } } }), 200);
      expect(result!.status).toBe('pending');
      const batch = await json<{ jobs: { id: string }[] }>(await setup.admin(`/admin/api/print-batches/${result!.id}`), 200);
      jobIds.push(batch.jobs[0]!.id);
    }
    await setup.stop();
    const [firstPdf, folder, secondPdf] = jobIds as [string, string, string];

    // The worker starts inside createStation; listening right after it misses nothing.
    const station = createStation({ dataDir, background: true, logger: silentLogger, automaticBackups: false, retentionSweeps: false });
    const steps: string[] = [];
    station.events.on('job', (event) => steps.push(`${event.jobId}:${event.state}`));
    try {
      await waitFor(() => (jobIds.every((id) => steps.includes(`${id}:done`)) ? true : undefined), 30_000, 'all three jobs done');
      const at = (jobId: string, state: string) => {
        const index = steps.indexOf(`${jobId}:${state}`);
        expect(index, `${jobId} reached ${state}`).toBeGreaterThanOrEqual(0);
        return index;
      };
      // Beside: the folder job started before the first PDF job was handed to CUPS.
      expect(at(folder, 'rendering')).toBeLessThan(at(firstPdf, 'submitted'));
      // In order: the second PDF job started only once the first was handed to CUPS.
      expect(at(secondPdf, 'rendering')).toBeGreaterThan(at(firstPdf, 'submitted'));
      const jobs = station.db.prepare('SELECT id, state, os_job_id AS osJobId FROM print_jobs').all() as { id: string; state: string; osJobId: string }[];
      expect(jobs.map((job) => job.state)).toEqual(['done', 'done', 'done']);
      for (const id of [firstPdf, secondPdf]) await waitForPrintedPdf(jobs.find((job) => job.id === id)!.osJobId);
    } finally {
      await station.close();
    }
  });

  it('releases each held job once, however many lanes hand jobs over at the same moment', async () => {
    const lanesDir = mkdtempSync(join(tmpdir(), 'station-lanes-release-'));
    try {
      const setup = await printStation({ dataDir: lanesDir, background: false });
      const { key } = await setup.printTeam('Released once', { autoPrint: false });
      const printers = ['PDF', 'TRAYS', 'LABEL4x6', 'PDF', 'TRAYS', 'LABEL4x6', 'PDF', 'TRAYS'];
      for (const [index, printer] of printers.entries()) {
        const order = await json<{ id: string }>(await setup.call('/api/orders', { key, json: { sourceId: `ONCE-${index}`, order: { orderNumber: `ONCE-${index}`, lineItems: [{ name: 'Тетрадь', quantity: 1 }] } } }), 201);
        await json(await setup.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer } } }), 200);
      }
      await setup.stop();
      const errorLog = join(cups.dir, 'log', 'error_log');
      const refusalsBefore = (readFileSync(errorLog, 'utf8').match(/client-error-not-possible for Release-Job/g) ?? []).length;

      // Started with eight jobs due at once: three printers' lanes hand theirs over side by side.
      const station = createStation({ dataDir: lanesDir, background: true, logger: silentLogger, automaticBackups: false, retentionSweeps: false });
      const done = new Set<string>();
      station.events.on('job', (event) => {
        if (event.state === 'done') done.add(event.jobId);
      });
      try {
        await waitFor(() => (done.size === printers.length ? true : undefined), 45_000, 'all eight jobs done');
      } finally {
        await station.close();
      }
      // CUPS refuses a second Release-Job of a job it already released.
      const refusals = (readFileSync(errorLog, 'utf8').match(/client-error-not-possible for Release-Job/g) ?? []).length;
      expect(refusals - refusalsBefore).toBe(0);
    } finally {
      rmSync(lanesDir, { recursive: true, force: true });
    }
  });
});
