// 1,000 packing slips into ONE PDF, against the one-HTML floor of the same Chromium:
//   node --import tsx bench/render.ts [COUNT]
// Ours: each order's document rendered by the documents service (Liquid, barcode SVG,
// wrapping) and handed to the Chromium PdfRenderer (one HTML, a shadow root per document,
// locked-down page). Floor: the same slips' markup pasted into one plain HTML page, served
// and printed by Playwright directly in a second browser of the same executable. Figures:
// pages/s of both and the ratio ours / floor in time (goal ≤ 2).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { chromium } from 'playwright-core';
import type { RenderedHtml } from '../main/core/features/documents/contract';
import { silentLogger } from '../main/core/foundations/logger';
import { CHROMIUM_ARGS, ChromiumPdfRenderer } from '../main/core/features/render/chromium';
import { resolveChromiumPath } from '../main/core/features/render/chromium-path';
import { pageCss } from '../main/core/features/render/combine';
import { createStation } from '../main/core/station';
import { createTeam } from '../main/core/features/teams/service';

const COUNT = Number(process.argv[2] ?? 1000);
// One measured run each: a 1,000-page PDF takes tens of seconds on a small machine.
const RUNS = Number(process.argv[3] ?? 1);

function order(n: number) {
  return {
    source: 'shop',
    sourceId: `r-${n}`,
    order: {
      orderNumber: `#${10000 + n}`,
      orderDate: '2026-11-01T10:00:00Z',
      note: n % 3 === 0 ? 'Please gift wrap the mugs separately.' : undefined,
      customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      shippingAddress: { firstName: 'Ada', lastName: `Lovelace ${n}`, address1: '12 Analytical St', city: 'London', postalCode: 'N1 9GU', country: 'GB' },
      lineItems: Array.from({ length: 1 + (n % 6) }, (_, i) => ({
        name: `Product ${i} — stoneware, hand glazed`,
        quantity: (i % 3) + 1,
        sku: `SKU-${1000 + i}`,
        price: { amount: 9.5 + i, currency: 'EUR' },
      })),
      orderTotal: { amount: 99.5, currency: 'EUR' },
      variables: { carrier: 'DHL' },
    },
  };
}

const pageCount = async (pdf: Uint8Array) => (await PDFDocument.load(pdf, { updateMetadata: false })).getPageCount();
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

const dataDir = mkdtempSync(join(tmpdir(), 'station-bench-render-'));
const renderer = new ChromiumPdfRenderer();
const station = createStation({ dataDir, logger: silentLogger, pdfRenderer: renderer });
const floorBrowser = await chromium.launch({ executablePath: resolveChromiumPath(), headless: true, args: CHROMIUM_ARGS });
try {
  const team = station.db.transaction(() => createTeam(station.db, station.hooks, { name: 'Bench Shop', type: 'standard' }).team)();
  const caller = { keyId: 'bench', team, teamIds: [team.id], actor: { kind: 'key' as const, id: null, name: 'bench' } };
  for (let i = 0; i < COUNT; i += 100) {
    await Promise.all(Array.from({ length: Math.min(100, COUNT - i) }, (_, j) => station.services.orders.ingest(caller, order(i + j))));
  }
  const documentIds = (station.db.prepare("SELECT id FROM documents WHERE team_id = ? AND tag = 'packing-slip' ORDER BY rowid").all(team.id) as { id: string }[]).map((r) => r.id);
  if (documentIds.length !== COUNT) throw new Error(`expected ${COUNT} packing slips, found ${documentIds.length}`);

  async function ours(ids = documentIds) {
    const start = process.hrtime.bigint();
    const docs: RenderedHtml[] = [];
    for (const id of ids) docs.push(await station.services.documents.renderHtml(id));
    const htmlMs = ms(start);
    const pdf = await renderer.render(docs, docs[0]!.paper);
    return { totalMs: ms(start), htmlMs, pdf, docs };
  }

  // The floor: the same markup in one plain page, printed straight through Playwright.
  async function floor(docs: RenderedHtml[]) {
    const bodies = docs.map((d) => `<div class="station-doc">${/<body>([\s\S]*)<\/body>/.exec(d.html)![1]}</div>`);
    const html = `<!doctype html><html><head><meta charset="utf-8"><style>${pageCss(docs[0]!.paper)}</style></head><body>${bodies.join('')}</body></html>`;
    const start = process.hrtime.bigint();
    const context = await floorBrowser.newContext({ javaScriptEnabled: false });
    // Loaded the way the renderer loads its page (a served document), so only the station's own work differs.
    await context.route('http://floor.invalid/', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
    const page = await context.newPage();
    await page.goto('http://floor.invalid/', { waitUntil: 'load' });
    const m = docs[0]!.paper.marginsMm;
    const pdf = await page.pdf({ width: '210mm', height: '297mm', margin: { top: `${m.top}mm`, right: `${m.right}mm`, bottom: `${m.bottom}mm`, left: `${m.left}mm` }, printBackground: true });
    await context.close();
    return { totalMs: ms(start), pdf: new Uint8Array(pdf) };
  }

  // Start both browsers and warm the caches on a few documents.
  const warm = await ours(documentIds.slice(0, 20));
  await floor(warm.docs);
  const all: RenderedHtml[] = [];
  for (const id of documentIds) all.push(await station.services.documents.renderHtml(id));

  const oursRuns: Awaited<ReturnType<typeof ours>>[] = [];
  const floorRuns: Awaited<ReturnType<typeof floor>>[] = [];
  for (let run = 0; run < RUNS; run++) {
    floorRuns.push(await floor(all));
    oursRuns.push(await ours());
  }
  const best = <T extends { totalMs: number }>(runs: T[]) => runs.reduce((a, b) => (b.totalMs < a.totalMs ? b : a));
  const o = best(oursRuns);
  const f = best(floorRuns);
  const [oursPages, floorPages] = [await pageCount(o.pdf), await pageCount(f.pdf)];
  if (oursPages !== floorPages) throw new Error(`page counts differ: ours ${oursPages}, floor ${floorPages}`);

  console.log(`packing slips: ${COUNT} orders → ${oursPages} pages in one PDF (${(o.pdf.byteLength / 1e6).toFixed(1)} MB)`);
  console.log(`floor (one plain HTML, Playwright page.pdf): ${f.totalMs.toFixed(0)} ms, ${((floorPages / f.totalMs) * 1000).toFixed(0)} pages/s`);
  console.log(`station (documents + PdfRenderer): ${o.totalMs.toFixed(0)} ms, ${((oursPages / o.totalMs) * 1000).toFixed(0)} pages/s (Liquid + HTML ${o.htmlMs.toFixed(0)} ms, PDF ${(o.totalMs - o.htmlMs).toFixed(0)} ms)`);
  const ratio = o.totalMs / f.totalMs;
  console.log(`ratio station / floor (time): ${ratio.toFixed(2)}× (goal ≤ 2×) ${ratio <= 2 ? 'OK' : 'ABOVE GOAL'}`);
} finally {
  await floorBrowser.close();
  await station.close();
  rmSync(dataDir, { recursive: true, force: true });
}
