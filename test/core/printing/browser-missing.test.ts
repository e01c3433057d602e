import { expect, it } from 'vitest';
import type { PaperSpec, PdfRenderer, RenderedHtml } from '../../../main/core/features/documents/contract';
import { ChromiumMissingError } from '../../../main/core/features/render/chromium-path';
import { rendererInWorkerChromium } from '../../helpers/worker-chromium';
import { useTestCups } from '../../helpers/cups/test-cups';
import { waitFor } from '../printers/cups-output';
import { json, printStation } from './print-harness';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

/** A machine without Chromium until the test installs it: then the worker's real browser renders. */
class BrowserInstalledLater implements PdfRenderer {
  private installed = false;
  private readonly real = rendererInWorkerChromium();
  /** Renders asked for, with or without a browser. */
  tries = 0;

  install(): void {
    this.installed = true;
  }

  render(documents: RenderedHtml[], paper: PaperSpec): Promise<Uint8Array> {
    this.tries++;
    // What the real renderer throws on a machine where no Chromium is found (render/chromium-path.ts).
    if (!this.installed) return Promise.reject(new ChromiumMissingError(['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium']));
    return this.real.render(documents, paper);
  }

  close(): Promise<void> {
    return this.real.close();
  }
}

it('without Chromium a job waits, says once what to install, spends no attempt, and prints once it is installed', { timeout: 60_000 }, async () => {
  const renderer = new BrowserInstalledLater();
  const logged: { message: string; fields?: Record<string, unknown> }[] = [];
  const s = await printStation({ pdfRenderer: renderer, logger: { info: () => {}, error: (message, fields) => logged.push({ message, fields }) } });
  try {
    const { key } = await s.printTeam('Fresh Machine');
    const orders = [await s.createOrder(key, 'NB-1'), await s.createOrder(key, 'NB-2')];
    const results: { id: string }[] = [];
    for (const order of orders) results.push(...(await json<{ id: string }[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: {} }), 200)));
    const jobs = () => s.station.db.prepare('SELECT state, attempts, reason FROM print_jobs ORDER BY created_at').all() as { state: string; attempts: number; reason: string | null }[];

    // Both jobs tried twice each (2 s apart): still waiting, no attempt spent, the install command in their reason.
    await waitFor(() => (renderer.tries >= 4 && jobs().every((job) => job.state === 'queued') ? true : undefined), 30_000, 'each job to be tried twice');
    for (const job of jobs()) {
      expect(job.attempts).toBe(0);
      expect(job.reason).toMatch(/^Waiting for Chromium to be installed: Chromium was not found .*apt-get install chromium-headless-shell/);
    }
    // Said once in the log, not at every try of every job.
    expect(logged.filter((line) => /no browser/.test(line.message))).toHaveLength(1);
    expect(String(logged[0]!.fields?.install)).toContain('STATION_CHROMIUM_PATH');
    const status = await json<{ status: string }>(await s.call(`/api/orders/${orders[0]!.id}/status`, { key }), 200);
    expect(status.status).toBe('ready');

    renderer.install();
    for (const result of results) {
      const batch = await s.settled(result.id);
      expect(batch.jobs.map((job) => job.state)).toEqual(['done']);
    }
    expect(jobs().map((job) => job.attempts)).toEqual([1, 1]);
    for (const order of orders) expect((await json<{ status: string }>(await s.call(`/api/orders/${order.id}/status`, { key }), 200)).status).toBe('printed');
  } finally {
    await s.stop();
  }
});
