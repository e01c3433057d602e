import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText, waitForPrintedPdf } from '../printers/cups-output';
import { json, printStation, type PrintStation } from './print-harness';
import { testCups, useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

/**
 * The template editor's "Test print with order … on printer …": the unsaved draft, rendered
 * for a real order (or the sample order), printed on the printer and tray chosen. It is a
 * test: no batch, and the order stays unprinted.
 */
let s: PrintStation;
beforeAll(async () => {
  s = await printStation();
});
afterAll(() => s.stop());

const draft = (body: string, extra: Record<string, unknown> = {}) => ({ name: 'Подарок draft', tag: 'gift-note', paper: 'A6', body, ...extra });

describe('a template draft, test printed', { timeout: 60_000 }, () => {
  it('prints the draft for the order chosen, on the printer and tray chosen, and leaves the order unprinted', async () => {
    const { team, key } = await s.printTeam('Test print shop');
    const order = await s.createOrder(key, 'TP-1', { customer: { firstName: 'Анна', lastName: '山田' }, note: 'שלום' });
    const before = await json<unknown[]>(await s.admin(`/admin/api/print-batches?teamId=${team.id}`), 200);
    const printed = await json<{ printerId: string; osJobId: string; orderNumber: string }>(
      await s.admin(`/admin/api/teams/${team.id}/templates/test-print`, {
        method: 'POST',
        json: { template: draft('<h1>Gift for {{ order.customer.firstName }} {{ order.customer.lastName }}</h1><p>{{ order.note }} · {{ order.orderNumber }}</p>'), orderId: order.id, printerId: 'TRAYS', tray: 'Upper' },
      }),
      200,
    );
    expect(printed).toMatchObject({ printerId: await s.printerId('TRAYS'), orderNumber: '#TP-1' });
    const text = pdfText(await waitForPrintedPdf(printed.osJobId));
    expect(text).toMatch(/Gift for Анна\s+山田/);
    expect(text).toContain('שלום');
    expect(testCups().keptJob(printed.osJobId)?.options.InputSlot).toBe('Upper');

    // A test: no batch, and the order still waits for its real print.
    expect(await json<unknown[]>(await s.admin(`/admin/api/print-batches?teamId=${team.id}`), 200)).toEqual(before);
    expect((await json<{ status: string }>(await s.call(`/api/orders/${encodeURIComponent(order.id)}/status`, { key }), 200)).status).toBe('ready');
  });

  it('prints the sample order when no order is chosen', async () => {
    const { team } = await s.printTeam('Sample print shop');
    const printed = await json<{ osJobId: string; orderNumber: string }>(
      await s.admin(`/admin/api/teams/${team.id}/templates/test-print`, { method: 'POST', json: { template: draft('<p>Order {{ order.orderNumber }}</p>'), printerId: 'PDF' } }),
      200,
    );
    expect(printed.orderNumber).toBe('SAMPLE-1001');
    expect(pdfText(await waitForPrintedPdf(printed.osJobId))).toContain('Order SAMPLE-1001');
  });

  it('refuses in words: a draft that does not render, an unknown printer or tray, ZPL for a printer that takes none', async () => {
    const { team } = await s.printTeam('Refused test print shop');
    const post = (body: Record<string, unknown>) => s.admin(`/admin/api/teams/${team.id}/templates/test-print`, { method: 'POST', json: body });
    expect((await post({ template: draft('{% if %}'), printerId: 'PDF' })).status).toBe(400);
    expect((await post({ template: draft('<p>x</p>'), printerId: 'nope' })).status).toBe(404);
    const tray = await json<{ error: { details: { path: string }[] } }>(await post({ template: draft('<p>x</p>'), printerId: 'PDF', tray: 'Upper' }), 400);
    expect(tray.error.details[0]!.path).toBe('tray');
    const zpl = await json<{ error: { code: string } }>(await post({ template: draft('^XA^FO20,20^FD{{ order.orderNumber }}^FS^XZ', { kind: 'zpl', paper: { widthMm: 102, heightMm: 152 } }), printerId: 'PDF' }), 409);
    expect(zpl.error.code).toBe('printer_takes_no_zpl');
    expect((await post({ template: draft('<p>x</p>') })).status).toBe(400);
    expect((await s.admin('/admin/api/teams/no-such-team/templates/test-print', { method: 'POST', json: { template: draft('<p>x</p>'), printerId: 'PDF' } })).status).toBe(404);
  });
});
