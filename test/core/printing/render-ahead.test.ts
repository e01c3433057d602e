import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PaperSpec, PdfRenderer, RenderedHtml } from '../../../main/core/features/documents/contract';
import type { StationEventMap } from '../../../main/core/foundations/events';
import { BUSY_SHARE, INGEST_QUIET_MS, renderAheadRest } from '../../../main/core/features/printing/ahead/render-ahead';
import { ChromiumPdfRenderer } from '../../../main/core/features/render/chromium';
import { pdfText, waitForPrintedPdf } from '../printers/cups-output';
import { json, printStation, type PrintStation } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

/** The real Chromium renderer, counting the browser passes (a print from the cache makes none). */
class CountingChromiumRenderer implements PdfRenderer {
  passes = 0;
  private readonly chromium = new ChromiumPdfRenderer();
  render(documents: RenderedHtml[], paper: PaperSpec) {
    this.passes++;
    return this.chromium.render(documents, paper);
  }
  close() {
    return this.chromium.close();
  }
}

type Ahead = StationEventMap['renderedAhead'][0];

/** Every render-ahead report of the station from now on; `of(id)` resolves with the order's first. */
function renderAheadReports(s: PrintStation) {
  const reports: Ahead[] = [];
  const waiting: Array<() => void> = [];
  s.station.events.on('renderedAhead', (event) => {
    reports.push(event);
    for (const wake of waiting.splice(0)) wake();
  });
  return {
    async of(orderId: string): Promise<Ahead> {
      for (;;) {
        const found = reports.find((report) => report.orderId === orderId);
        if (found) return found;
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
    },
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'station-render-ahead-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function printOnPdfQueue(s: PrintStation, key: string, orderId: string): Promise<string> {
  const pdf = await s.printerId('PDF');
  const [result] = await json<{ id: string }[]>(await s.call(`/api/orders/${orderId}/print`, { key, json: { overrides: { printer: pdf } } }), 200);
  const batch = await s.settled(result!.id);
  expect(batch.jobs.map((job) => job.state)).toEqual(['done']);
  return pdfText(await waitForPrintedPdf(batch.jobs[0]!.osJobId!));
}

describe('documents rendered ahead', { timeout: 60_000 }, () => {
  it('print from the cache without the browser, never print an outdated document, and are kept across a restart', async () => {
    let renderer = new CountingChromiumRenderer();
    let s = await printStation({ dataDir, pdfRenderer: renderer, renderAhead: true });
    let key: string;
    let orders: { id: string }[] = [];
    try {
      ({ key } = await s.printTeam('Ahead'));
      const reports = renderAheadReports(s);
      const a = await s.createOrder(key, 'AHEAD-1', { note: 'Первая версия 注文 שלום' });
      const b = await s.createOrder(key, 'AHEAD-2', { note: 'Второй заказ 二番目' });
      orders = [a, b];
      expect(await reports.of(a.id)).toMatchObject({ rendered: 1, cached: 0, failed: 0 });
      expect(await reports.of(b.id)).toMatchObject({ rendered: 1, failed: 0 });
      expect(renderer.passes).toBe(2);

      // The print hands the cached PDF to CUPS: no browser pass.
      const text = await printOnPdfQueue(s, key, a.id);
      expect(renderer.passes).toBe(2);
      expect(text).toContain('Первая версия');
      expect(text).toContain('#AHEAD-1');

      // Changed after it was rendered ahead (and nothing renders it ahead again): the new text prints.
      await s.station.printing.renderAhead.stop();
      await json(await s.call('/api/orders', { key, json: { sourceId: 'AHEAD-1', order: { orderNumber: '#AHEAD-1', note: 'Новая версия 新版' } } }), 201);
      const changed = await printOnPdfQueue(s, key, a.id);
      expect(renderer.passes).toBe(3);
      // (cups-pdf's re-encoded text keeps the CJK of this note reliably, not always its Cyrillic)
      expect(changed).toContain('新版');
      expect(changed).not.toContain('注文');
      expect(changed).not.toContain('Первая версия');
    } finally {
      await s.stop();
    }

    // A restart keeps the cache: the second order prints without a browser pass.
    renderer = new CountingChromiumRenderer();
    s = await printStation({ dataDir, pdfRenderer: renderer, renderAhead: false });
    try {
      const text = await printOnPdfQueue(s, key, orders[1]!.id);
      expect(renderer.passes).toBe(0);
      expect(text).toContain('Второй заказ');
    } finally {
      await s.stop();
    }
  });
});

describe('rendering ahead keeps within its budget while the station is busy', () => {
  const quiet = { printing: false, sinceLastOrderMs: Infinity };
  it('renders the next order at once on a quiet station', () => {
    expect(renderAheadRest({ ...quiet, renderedMs: 800 })).toBe(0);
  });

  it('rests as long as it rendered while a print job is in hand, and keeps rendering', () => {
    expect(renderAheadRest({ ...quiet, printing: true, renderedMs: 800 })).toBe(800 * (1 - BUSY_SHARE) / BUSY_SHARE);
  });

  it('rests likewise while orders arrive, and not once they have paused for INGEST_QUIET_MS', () => {
    expect(renderAheadRest({ ...quiet, sinceLastOrderMs: INGEST_QUIET_MS - 1, renderedMs: 300 })).toBe(300 * (1 - BUSY_SHARE) / BUSY_SHARE);
    expect(renderAheadRest({ ...quiet, sinceLastOrderMs: INGEST_QUIET_MS, renderedMs: 300 })).toBe(0);
  });

  it('never stops: however steady the stream, its share of the time is BUSY_SHARE, never nothing', () => {
    const renderedMs = 500;
    const rest = renderAheadRest({ printing: true, sinceLastOrderMs: 0, renderedMs });
    expect(rest).toBeGreaterThan(0);
    expect(renderedMs / (renderedMs + rest)).toBeCloseTo(BUSY_SHARE);
  });
});
