import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../../main/core/foundations/logger';
import type { Overview } from '../../../main/core/features/admin/overview-routes';
import type { PrinterResource } from '../../../main/core/features/printers/service';
import { useTestCups } from '../../helpers/cups/test-cups';
import { json, printStation, type PrintStation } from './print-harness';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
const cups = useTestCups();

/**
 * A queue removed from CUPS while the station runs reads missing within a follow round,
 * without anyone pressing "Refresh printers", and the terminal says so.
 */
const lines: string[] = [];
const logger: Logger = { info: (message) => void lines.push(message), error: (message) => void lines.push(message) };

let s: PrintStation;
beforeAll(async () => {
  cups.addQueue('BENCH_GONE', 'documents');
  cups.addQueue('GIFT_GONE', 'documents');
  s = await printStation({ logger });
});
afterAll(() => s.stop());

/** Resolves at the station's next `printers` event of `type`. */
const nextPrintersEvent = (type: string) =>
  new Promise<void>((resolve) => {
    const listener = (event: { type: string }) => {
      if (event.type === type) {
        s.station.events.off('printers', listener);
        resolve();
      }
    };
    s.station.events.on('printers', listener);
  });

describe('a printer that vanishes from CUPS', { timeout: 60_000 }, () => {
  it('is marked missing by the printer following itself, and the terminal says so', async () => {
    const id = await s.printerId('BENCH_GONE');
    const listed = async () => (await json<PrinterResource[]>(await s.call('/api/printers', { key: s.team('Reader').key }), 200)).find((printer) => printer.id === id);
    expect((await listed())?.status).toBe('online');
    const refreshed = nextPrintersEvent('refreshed');
    execFileSync('lpadmin', ['-x', 'BENCH_GONE']);
    // The follow loop's own discovery (no refresh route was called).
    await refreshed;
    expect((await listed())?.status).toBe('missing');
    expect(lines).toContain('printer BENCH_GONE is missing: The queue is gone from the print system');
  });
});

describe('a missing printer', { timeout: 60_000 }, () => {
  let id = '';
  const errorOf = async (response: Response, status: number) => (await json<{ error: { code: string; message: string } }>(response, status)).error;

  it('routing that names it says so on the Overview; it offers no test print, and is removed only once nothing routes or waits for it', async () => {
    id = await s.printerId('GIFT_GONE');
    const shop = s.team('Гифт Shop');
    const route = `/admin/api/teams/${shop.team.id}/routing/tags/gift-note`;
    await json(await s.admin(route, { method: 'PUT', json: { printerId: id, saveAnyway: true } }), 200);
    await json(await s.admin(`/admin/api/printers/${id}`, { method: 'PATCH', json: { nickname: 'Gift table' } }), 200);

    // An online printer is not removed here: its queue is in the print system.
    expect((await errorOf(await s.admin(`/admin/api/printers/${id}`, { method: 'DELETE' }), 409)).code).toBe('printer_not_missing');

    const refreshed = nextPrintersEvent('refreshed');
    execFileSync('lpadmin', ['-x', 'GIFT_GONE']);
    await refreshed;

    const overview = await json<Overview>(await s.admin('/admin/api/overview'), 200);
    expect(overview.routesToMissingPrinters).toContainEqual(expect.objectContaining({ teamName: 'Гифт Shop', tag: 'gift-note', printerId: id, as: 'printer' }));

    const testPrint = await errorOf(await s.admin(`/admin/api/printers/${id}/test-print`, { method: 'POST' }), 409);
    expect(testPrint).toMatchObject({ code: 'printer_missing' });
    // Nor can routing be pointed at it now.
    expect((await errorOf(await s.admin(`/admin/api/teams/${shop.team.id}/routing/tags/invoice`, { method: 'PUT', json: { printerId: id } }), 409)).code).toBe('printer_missing');

    const inUse = await errorOf(await s.admin(`/admin/api/printers/${id}`, { method: 'DELETE' }), 409);
    expect(inUse.code).toBe('printer_in_use');
    expect(inUse.message).toContain('Гифт Shop\'s "gift-note"');

    await json(await s.admin(route, { method: 'DELETE' }), 200);
    expect((await json<Overview>(await s.admin('/admin/api/overview'), 200)).routesToMissingPrinters.filter((use) => use.printerId === id)).toEqual([]);

    expect((await s.admin(`/admin/api/printers/${id}`, { method: 'DELETE' })).status).toBe(204);
    const adminList = await json<PrinterResource[]>(await s.admin('/admin/api/printers'), 200);
    expect(adminList.map((printer) => printer.id)).not.toContain(id);
    const apiList = await json<PrinterResource[]>(await s.call('/api/printers', { key: shop.key }), 200);
    expect(apiList.map((printer) => printer.id)).not.toContain(id);
    expect((await s.call(`/api/printers/${id}`, { key: shop.key })).status).toBe(404);
  });

  it('comes back, with its id and settings, when its queue is added to the print system again', async () => {
    const printers = await json<PrinterResource[]>(await s.admin('/admin/api/printers'), 200);
    expect(printers.map((printer) => printer.printerVendorId)).not.toContain('GIFT_GONE');
    cups.addQueue('GIFT_GONE', 'documents');
    const back = (await json<PrinterResource[]>(await s.admin('/admin/api/printers/refresh', { method: 'POST' }), 200)).find((printer) => printer.printerVendorId === 'GIFT_GONE');
    expect(back?.status).toBe('online');
    expect(back?.id).toBe(id);
    expect(back?.nickname).toBe('Gift table');
  });
});
