import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startStation } from '../../helpers/station';
import { serve, type Served } from '../cli/run-station';
import { jobsTitled, orderNumbersByPage, waitFor, waitForPrintedPdf } from '../printers/cups-output';
import { json } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

// 60 one-order requests, killed once a third is submitted: a crash in the middle of a run with
// jobs on every side of it (done, submitted, rendering, queued). STATION_CRASH_JOBS=200 runs
// the longer run this test ran until it was the suite's slowest file (2 s of rendering a job).
const JOBS = Number(process.env.STATION_CRASH_JOBS ?? 60);
const SUBMITTED_AT_CRASH = Math.ceil(JOBS / 3);

describe('crash recovery of the print queue', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'station-crash-'));
  let served: Served | undefined;
  afterAll(() => {
    served?.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  const jobStates = () => {
    const db = new Database(join(dataDir, 'station.db'), { readonly: true });
    try {
      return db.prepare('SELECT id, state, os_job_id AS osJobId FROM print_jobs').all() as { id: string; state: string; osJobId: string | null }[];
    } finally {
      db.close();
    }
  };

  it('prints every document exactly once when the station is killed during a run', { timeout: 120_000 }, async () => {
    // JOBS print requests of one order each, recorded by a station without a worker.
    const setup = await startStation({ dataDir, background: false });
    const token = setup.station.services.adminSessions.createSessionToken();
    const { team, key } = setup.team('Crash');
    const templates = await json<{ id: string; name: string }[]>(await setup.call(`/admin/api/teams/${team.id}/templates`, { headers: { Authorization: `Bearer ${token}` } }), 200);
    const slip = templates.find((template) => template.name === 'Packing slip (A4)')!.id;
    await json(
      await setup.call(`/admin/api/teams/${team.id}/flow`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${token}` },
        json: { autoPrint: false, rules: [{ actions: [{ type: 'addDocument', templateId: slip, tag: 'packing-slip' }] }] },
      }),
      200,
    );
    const numbers = Array.from({ length: JOBS }, (_, index) => `CRASH-${String(index + 1).padStart(3, '0')}`);
    for (let i = 0; i < numbers.length; i += 20) {
      await Promise.all(
        numbers.slice(i, i + 20).map(async (number) => {
          const order = await json<{ id: string }>(await setup.call('/api/orders', { key, json: { sourceId: number, order: { orderNumber: number } } }), 201);
          await json(await setup.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer: 'PDF' } } }), 200);
        }),
      );
    }
    await setup.stop();
    expect(jobStates().filter((job) => job.state === 'queued')).toHaveLength(JOBS);

    // The worker starts; the station is killed (no shutdown) part-way through. Twenty renders
    // beside a busy test worker may take a minute: the wait is long, what it waits for is not.
    served = await serve(['--data-dir', dataDir, '--port', '0']);
    await waitFor(() => (jobStates().filter((job) => job.osJobId).length >= SUBMITTED_AT_CRASH ? true : undefined), 60_000, `${SUBMITTED_AT_CRASH} submitted jobs`);
    served.child.kill('SIGKILL');
    await served.exited;
    const atCrash = jobStates();
    expect(atCrash.filter((job) => job.state === 'done' || job.state === 'submitted').length).toBeLessThan(JOBS);

    // Restarted, it finishes the run without submitting anything twice.
    served = await serve(['--data-dir', dataDir, '--port', '0']);
    const finished = await waitFor(() => {
      const jobs = jobStates();
      return jobs.every((job) => job.state === 'done' || job.state === 'failed') ? jobs : undefined;
    }, 90_000, 'all jobs to finish').catch((error: Error) => {
      const counts = new Map<string, number>();
      for (const job of jobStates()) counts.set(job.state, (counts.get(job.state) ?? 0) + 1);
      throw new Error(`${error.message}: ${JSON.stringify([...counts])}\n${served?.output()}`);
    });
    served.child.kill('SIGTERM');
    await served.exited;
    served = undefined;
    expect(finished.filter((job) => job.state === 'failed')).toEqual([]);

    // The output: one cups-pdf file per job, and every order number on exactly one page.
    const printed: (string | undefined)[] = [];
    for (const job of finished) {
      const file = await waitForPrintedPdf(job.osJobId!, 60_000);
      printed.push(...orderNumbersByPage(file, numbers));
      expect(jobsTitled(`station-job-${job.id}`)).toHaveLength(1);
    }
    expect(printed).toHaveLength(JOBS);
    expect([...printed].sort()).toEqual(numbers);
  });
});
