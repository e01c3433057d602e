import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRIER_LABEL_MAX_BYTES } from '../../../main/core/features/carrier-labels/labels';
import { PermanentPrintError } from '../../../main/core/features/printers/backend';
import { READY_PDF_NOT_TAKEN, renderJobContent } from '../../../main/core/features/printing/jobs/job-content';
import { makePdf, LABEL_4X6_MM, pdfPapersNear, pdfPageTexts, waitForPrintedPdf } from '../printers/cups-output';
import { json, printStation, type PrintStation } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

/**
 * Carrier labels: ready-made PDFs an order carries under `order.variables.carrierLabels`,
 * printed on the real LABEL4x6 cups-pdf queue (4×6 in) beside the station's own label.
 */
const SLIP_AND_LABEL = [
  { template: 'Packing slip (A4)', tag: 'packing-slip' },
  { template: 'Shipping label (4×6 in)', tag: 'label' },
];
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const labelPdf = (text: string) => makePdf([text], 101.6, 152.4);

interface DocumentView {
  id: string;
  tag: string;
  templateId: string;
  complete: boolean;
  paper: { name: string; widthMm: number; heightMm: number; marginsMm: Record<string, number> };
  carrierLabel: { index: number; format: string; name: string | null } | null;
}
interface Result {
  id: string;
  status: string;
  printer?: { id: string };
}
interface ErrorBody {
  error: { code: string; details: { path: string; message: string }[] };
}

let s: PrintStation;
beforeAll(async () => {
  s = await printStation();
});
afterAll(() => s.stop());

describe('carrier labels', { timeout: 60_000 }, () => {
  it('become documents with their tag after the flow’s, print in the batch’s order and share the OS job of documents on the same printer, tray and paper', async () => {
    const { team, key } = await s.printTeam('Carrier shop', { documents: SLIP_AND_LABEL });
    const [label4x6, pdf] = [await s.printerId('LABEL4x6'), await s.printerId('PDF')];
    await json(await s.admin(`/admin/api/teams/${team.id}/routing/tags/label`, { method: 'PUT', json: { printerId: label4x6 } }), 200);
    await json(await s.admin(`/admin/api/teams/${team.id}/routing/tags/dhl`, { method: 'PUT', json: { printerId: label4x6 } }), 200);
    await json(await s.admin(`/admin/api/teams/${team.id}/routing/tags/packing-slip`, { method: 'PUT', json: { printerId: pdf } }), 200);

    // pdf-lib stamps the time into a PDF: the bytes are made once and compared with themselves.
    const firstLabel = await labelPdf('DHL 0034 CL-1');
    const carried = async (text: string, bytes?: Uint8Array) => ({ tag: 'dhl', format: 'pdf', data: base64(bytes ?? (await labelPdf(text))), name: `${text} (Москва)` });
    const first = await s.createOrder(key, 'CL-1', { variables: { carrierLabels: [await carried('DHL 0034 CL-1', firstLabel)] } });
    const second = await s.createOrder(key, 'CL-2', { variables: { carrierLabels: [await carried('DHL 0034 CL-2')] } });

    const documents = await json<DocumentView[]>(await s.call(`/api/orders/${first.id}/documents`, { key }), 200);
    expect(documents.map((document) => [document.tag, document.templateId === 'carrier-label'])).toEqual([
      ['packing-slip', false],
      ['label', false],
      ['dhl', true],
    ]);
    expect(documents[2]).toMatchObject({
      complete: true,
      carrierLabel: { index: 0, format: 'pdf', name: 'DHL 0034 CL-1 (Москва)' },
      paper: { name: '4x6in', widthMm: 101.6, heightMm: 152.4, marginsMm: { top: 0, right: 0, bottom: 0, left: 0 } },
    });
    // The document's PDF is the label as the station wrote it anew (what it checked, and what
    // it prints and keeps): the carrier's page and text, not the carrier's bytes.
    const shown = await s.call(`/api/orders/${first.id}/documents/${documents[2]!.id}/pdf`, { key });
    expect(shown.headers.get('content-type')).toBe('application/pdf');
    const shownBytes = Buffer.from(await shown.arrayBuffer());
    expect(shownBytes.equals(Buffer.from(firstLabel))).toBe(false);
    const shownFile = join(mkdtempSync(join(tmpdir(), 'carrier-label-')), 'shown.pdf');
    writeFileSync(shownFile, shownBytes);
    expect(pdfPageTexts(shownFile)).toEqual([expect.stringContaining('DHL 0034 CL-1')]);
    expect(pdfPapersNear(shownFile, LABEL_4X6_MM)).toEqual([LABEL_4X6_MM]);
    const stored = s.station.db.prepare('SELECT variables FROM orders WHERE id = ?').pluck().get(first.id) as string;
    expect(JSON.parse(stored).carrierLabels[0].data).toBe(shownBytes.toString('base64'));

    const results = await json<Result[]>(await s.call('/api/orders/print', { key, json: { orderIds: [first.id, second.id] } }), 200);
    const onLabels = results.find((result) => result.printer?.id === label4x6)!;
    const batch = await s.settled(onLabels.id);
    // One OS job on the label printer: both orders' labels, each followed by its carrier label.
    expect(batch.jobs.map((job) => job.state)).toEqual(['done']);
    const file = await waitForPrintedPdf(batch.jobs[0]!.osJobId!);
    const pages = pdfPageTexts(file);
    expect(pages).toHaveLength(4);
    expect(pages[0]).toContain('#CL-1');
    expect(pages[1]).toContain('DHL 0034 CL-1');
    expect(pages[2]).toContain('#CL-2');
    expect(pages[3]).toContain('DHL 0034 CL-2');
    expect(pdfPapersNear(file, LABEL_4X6_MM)).toEqual(Array(4).fill(LABEL_4X6_MM));
    // The packing slips went to their own printer in their own job.
    expect(results.find((result) => result.printer?.id === pdf)).toBeDefined();
  });

  it('follow the order: a new label replaces the old one and removing it removes the document', async () => {
    const { key } = await s.printTeam('Relabel shop', { documents: [{ template: 'Packing slip (A4)', tag: 'packing-slip' }] });
    const order = await s.createOrder(key, 'RL-1', { variables: { carrierLabels: [{ tag: 'ups', format: 'pdf', data: base64(await labelPdf('UPS first')) }] } });
    const before = await json<DocumentView[]>(await s.call(`/api/orders/${order.id}/documents`, { key }), 200);
    const second = await labelPdf('UPS second');
    await s.createOrder(key, 'RL-1', { variables: { carrierLabels: [{ tag: 'ups', format: 'pdf', data: base64(second) }] } });
    const after = await json<DocumentView[]>(await s.call(`/api/orders/${order.id}/documents`, { key }), 200);
    // Same document (print jobs keep pointing at it), new bytes.
    expect(after[1]!.id).toBe(before[1]!.id);
    const shown = Buffer.from(await (await s.call(`/api/orders/${order.id}/documents/${after[1]!.id}/pdf`, { key })).arrayBuffer());
    const shownFile = join(mkdtempSync(join(tmpdir(), 'carrier-label-')), 'shown.pdf');
    writeFileSync(shownFile, shown);
    expect(pdfPageTexts(shownFile)).toEqual([expect.stringContaining('UPS second')]);

    await s.createOrder(key, 'RL-1', { variables: {} });
    const removed = await json<DocumentView[]>(await s.call(`/api/orders/${order.id}/documents`, { key }), 200);
    expect(removed.map((document) => document.tag)).toEqual(['packing-slip']);
  });

  it('are refused with a clear 400 naming the field when they are not what they claim, and nothing is written', async () => {
    const { key } = await s.printTeam('Bad labels');
    const pdfData = base64(await labelPdf('fine'));
    const cases: [string, unknown, string, RegExp][] = [
      ['not a list', { tag: 'dhl' }, 'order.variables.carrierLabels', /array/i],
      ['missing tag', [{ format: 'pdf', data: pdfData }], 'order.variables.carrierLabels.0.tag', /Required/],
      ['unknown format', [{ tag: 'dhl', format: 'png', data: pdfData }], 'order.variables.carrierLabels.0.format', /pdf.*zpl/],
      ['not base64', [{ tag: 'dhl', format: 'pdf', data: '%%% not base64 %%%' }], 'order.variables.carrierLabels.0.data', /base64/],
      ['not a PDF', [{ tag: 'dhl', format: 'pdf', data: base64(Buffer.from('GIF89a…')) }], 'order.variables.carrierLabels.0.data', /%PDF-/],
      ['a PDF that does not parse', [{ tag: 'dhl', format: 'pdf', data: base64(Buffer.from('%PDF-1.7\nthis is no pdf')) }], 'order.variables.carrierLabels.0.data', /does not parse/],
      ['ZPL without ^XA', [{ tag: 'dhl', format: 'zpl', data: base64(Buffer.from('~JA^FDhello^FS^XZ')) }], 'order.variables.carrierLabels.0.data', /\^XA/],
      ['too big', [{ tag: 'dhl', format: 'zpl', data: base64(Buffer.alloc(CARRIER_LABEL_MAX_BYTES + 1, '^XA')) }], 'order.variables.carrierLabels.0.data', /bytes/],
      ['too many', Array.from({ length: 11 }, () => ({ tag: 'dhl', format: 'zpl', data: base64(Buffer.from('^XA^XZ')) })), 'order.variables.carrierLabels', /At most 10/],
    ];
    for (const [what, carrierLabels, path, message] of cases) {
      const response = await s.call('/api/orders', { key, json: { source: 'wms', sourceId: `BAD-${what}`, order: { orderNumber: 'B-1', variables: { carrierLabels } } } });
      const { error } = await json<ErrorBody>(response, 400);
      expect(error.code, what).toBe('validation_failed');
      expect(error.details.find((detail) => detail.path === path)?.message, what).toMatch(message);
      await json(await s.call(`/api/orders/wms-BAD-${encodeURIComponent(what)}/status`, { key }), 404);
    }

    // A refused update loses nothing: the order keeps the label it had.
    const order = await s.createOrder(key, 'KEEP-1', { variables: { carrierLabels: [{ tag: 'dhl', format: 'pdf', data: pdfData }] } });
    const refused = await s.call('/api/orders', { key, json: { source: 'api', sourceId: 'KEEP-1', order: { orderNumber: 'KEEP-1', variables: { carrierLabels: [{ tag: 'dhl', format: 'pdf', data: 'JVBERi0=' }] } } } });
    await json(refused, 400);
    const kept = await json<DocumentView[]>(await s.call(`/api/orders/${order.id}/documents`, { key }), 200);
    expect(kept.find((document) => document.carrierLabel)?.complete).toBe(true);
  });
});

describe('a job holding a carrier PDF', () => {
  it('fails at once on a printer that prints HTML, never sending the label as something else', async () => {
    const paper = { name: '4x6in', widthMm: 101.6, heightMm: 152.4, orientation: 'portrait' as const, marginsMm: { top: 0, right: 0, bottom: 0, left: 0 } };
    const rendererThatMustNotRun = {
      render: () => Promise.reject(new Error('the renderer ran')),
      printableHtml: () => Promise.reject(new Error('the renderer ran')),
      close: async () => undefined,
    };
    const label = { html: '<p>label</p>', paper, ready: { format: 'pdf' as const, bytes: await labelPdf('DHL') } };
    const refused = renderJobContent(rendererThatMustNotRun, 'html', [label], paper);
    await expect(refused).rejects.toBeInstanceOf(PermanentPrintError);
    await expect(refused).rejects.toThrow(READY_PDF_NOT_TAKEN);
    // On a PDF path the label alone is its own bytes, not re-rendered.
    expect(await renderJobContent(rendererThatMustNotRun, 'pdf', [label], paper)).toEqual({ kind: 'pdf', pdf: label.ready.bytes });
  });
});
