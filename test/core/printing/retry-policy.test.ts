import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS } from '../../../main/core/features/printing/jobs/queue';
import type { PaperSpec, PdfRenderer, RenderedHtml } from '../../../main/core/features/documents/contract';
import { ChromiumPdfRenderer } from '../../../main/core/features/render/chromium';
import { waitFor } from '../printers/cups-output';
import { json, printStation, type BatchView, type PrintStation } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

/** A CUPS queue that refuses every job while the test runs (cupsreject). */
const REFUSING_QUEUE = 'STATION_REFUSING_TEST';

interface JobEvent {
  jobId: string;
  state: string;
  reason: string | null;
}

/** Every `job` event of the station, in order, for one job. */
function recordJobEvents(s: PrintStation): (jobId: string) => JobEvent[] {
  const events: JobEvent[] = [];
  s.station.events.on('job', (event) => events.push({ jobId: event.jobId, state: event.state, reason: event.reason ?? null }));
  return (jobId) => events.filter((event) => event.jobId === jobId);
}

const jobRow = (s: PrintStation, jobId: string) =>
  s.station.db.prepare('SELECT state, attempts, reason FROM print_jobs WHERE id = ?').get(jobId) as { state: string; attempts: number; reason: string | null };

describe('the print retry policy', { timeout: 60_000 }, () => {
  let s: PrintStation;
  let eventsOf: (jobId: string) => JobEvent[];
  beforeAll(async () => {
    execFileSync('lpadmin', ['-p', REFUSING_QUEUE, '-E', '-v', 'file:///dev/null', '-m', 'drv:///sample.drv/generic.ppd']);
    execFileSync('cupsreject', [REFUSING_QUEUE]);
    s = await printStation();
    eventsOf = recordJobEvents(s);
  });
  afterAll(async () => {
    await s.stop();
    execFileSync('lpadmin', ['-x', REFUSING_QUEUE]);
  });

  const printOne = async (key: string, sourceId: string, body: object, orderFields: Record<string, unknown> = {}) => {
    const order = await s.createOrder(key, sourceId, orderFields);
    const [result] = await json<{ id: string; status: string }[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: body }), 200);
    expect(result!.status).toBe('pending');
    const batch = await json<BatchView>(await s.admin(`/admin/api/print-batches/${result!.id}`), 200);
    return { order, batchId: batch.id, jobId: batch.jobs[0]!.id };
  };

  it(`a job that keeps failing is given up after ${MAX_ATTEMPTS} attempts, failed with the last reason; its order stays ready`, async () => {
    const { key } = await s.printTeam('Refused');
    await json(await s.call('/api/printers/refresh', { key }), 200);
    const printerId = await s.printerId(REFUSING_QUEUE);
    const { order, batchId, jobId } = await printOne(key, 'R-1', { overrides: { printer: printerId } });
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      await waitFor(() => {
        const row = jobRow(s, jobId);
        return row.state === 'queued' && row.attempts === attempt ? row : undefined;
      }, 30_000, `attempt ${attempt} to fail`);
      // The clock moves on: the backoff (measured in print-queue.test.ts) is over now.
      s.station.db.prepare('UPDATE print_jobs SET next_attempt_at = ? WHERE id = ?').run(new Date().toISOString(), jobId);
      s.station.printing.queue.wake();
    }
    const failed = await waitFor(() => (jobRow(s, jobId).state === 'failed' ? jobRow(s, jobId) : undefined), 30_000, 'the final failure');
    expect(failed.attempts).toBe(MAX_ATTEMPTS);
    expect(failed.reason).toMatch(/^CUPS refused the job/);
    const retries = eventsOf(jobId).filter((event) => event.state === 'queued' && event.reason?.startsWith('Attempt'));
    expect(retries.map((event) => event.reason!.match(/^Attempt (\d+) failed/)![1])).toEqual(['1', '2', '3', '4']);
    expect((await json<BatchView>(await s.admin(`/admin/api/print-batches/${batchId}`), 200)).state).toBe('failed');
    expect((await json<{ status: string }>(await s.call(`/api/orders/${order.id}/status`, { key }), 200)).status).toBe('ready');
  });

  it('a template that cannot render the order fails the job at once, with no second attempt', async () => {
    const { team, key } = await s.printTeam('Unrenderable');
    await json(
      await s.admin(`/admin/api/teams/${team.id}/templates`, { method: 'POST', json: { name: 'Code label', tag: 'label', body: "{{ variables.code | barcode: 'code128' }}" } }),
      201,
    );
    // The flow's slip is complete; the print-time template cannot encode this order's code.
    const { jobId } = await printOne(key, 'U-1', { overrides: { template: 'Code label' } }, { variables: { code: 'Код-日本' } });
    const failed = await waitFor(() => (jobRow(s, jobId).state === 'failed' ? jobRow(s, jobId) : undefined), 30_000, 'the failure');
    expect(failed.attempts).toBe(1);
    expect(failed.reason).toMatch(/^The document \S+ cannot render: .*Code 128 cannot encode "Код-日本"/);
    expect(eventsOf(jobId).map((event) => event.state)).toEqual(['rendering', 'failed']);
  });
});

/** The process ids of the Chromium browsers this test process launched (its direct children). */
function ownChromiumProcesses(): number[] {
  let children: string;
  try {
    children = execFileSync('pgrep', ['-P', String(process.pid)], { encoding: 'utf8' });
  } catch {
    return [];
  }
  return children
    .split('\n')
    .filter(Boolean)
    .map(Number)
    .filter((pid) => {
      try {
        return /chrom/i.test(readFileSync(`/proc/${pid}/comm`, 'utf8'));
      } catch {
        return false;
      }
    });
}

/**
 * The real Chromium renderer, whose browser is killed (SIGKILL) in the middle of the first
 * render: what a renderer crash looks like to the queue.
 */
class BrowserKilledOnFirstRender implements PdfRenderer {
  readonly inner = new ChromiumPdfRenderer();
  killed: number[] = [];
  firstRender?: Promise<unknown>;

  async render(documents: RenderedHtml[], paper: PaperSpec): Promise<Uint8Array> {
    if (this.firstRender) return this.inner.render(documents, paper);
    // The worker's own Chromium (test/helpers/worker-chromium.ts) may be running: only the browser this renderer launches is killed.
    const before = new Set(ownChromiumProcesses());
    const browser = await this.inner.browserToShare();
    const launched = ownChromiumProcesses().filter((pid) => !before.has(pid));
    // Killed the moment the render has made its context and before it has a page: the render
    // is under way when its browser dies, whatever the speed of the machine or the browser.
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (...args) => {
      const context = await newContext(...args);
      for (const pid of launched) process.kill(pid, 'SIGKILL');
      this.killed = launched;
      return context;
    };
    const rendering = this.inner.render(documents, paper);
    this.firstRender = rendering.catch((error: unknown) => error);
    return rendering;
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

describe('a renderer crash', { timeout: 60_000 }, () => {
  it('is retried: the job renders in a fresh browser and prints', async () => {
    const renderer = new BrowserKilledOnFirstRender();
    const s = await printStation({ pdfRenderer: renderer });
    try {
      const eventsOf = recordJobEvents(s);
      const { key } = await s.printTeam('Crash');
      const order = await s.createOrder(key, 'K-1');
      const [result] = await json<{ id: string }[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: {} }), 200);
      const batch = await s.settled(result!.id);
      const job = batch.jobs[0]!;
      expect(renderer.killed.length).toBeGreaterThan(0);
      // The first render really died with the browser (not a render that finished first).
      expect(String(await renderer.firstRender)).toMatch(/closed|crash|disconnected/i);
      expect(job.state).toBe('done');
      expect(job.attempts).toBe(2);
      expect(eventsOf(job.id).find((event) => event.state === 'queued' && event.reason)?.reason).toMatch(/^Attempt 1 failed, retrying: Rendering failed/);
      expect((await json<{ status: string }>(await s.call(`/api/orders/${order.id}/status`, { key }), 200)).status).toBe('printed');
    } finally {
      await s.stop();
    }
  });
});
