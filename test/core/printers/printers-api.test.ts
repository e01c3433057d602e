import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, printStation, type PrintStation } from '../printing/print-harness';
import type { PrinterResource } from '../../../main/core/features/printers/service';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

describe('printers API', { timeout: 60_000 }, () => {
  let s: PrintStation;
  let key: string;
  beforeAll(async () => {
    s = await printStation();
    key = s.team('Printers').key;
  });
  afterAll(() => s.stop());

  const list = async (query = '') => json<PrinterResource[]>(await s.call(`/api/printers${query}`, { key }), 200);

  it('lists the OS queues and the folder printer as Printer resources', async () => {
    const printers = await list();
    const vendorIds = printers.map((printer) => printer.printerVendorId);
    expect(vendorIds).toEqual(expect.arrayContaining(['PDF', 'TRAYS', 'save-as-pdf']));
    const trays = printers.find((printer) => printer.printerVendorId === 'TRAYS')!;
    expect(Object.keys(trays).sort()).toEqual(['computer', 'config', 'id', 'layoutConfigs', 'name', 'nickname', 'paperSizes', 'printerVendorId', 'status', 'statusReason', 'trays', 'visible', 'zpl']);
    expect(trays).toMatchObject({ name: 'TRAYS', nickname: 'TRAYS', visible: true, trays: ['Default', 'Upper', 'Manual'], config: { fitToPage: false, tray: '' }, layoutConfigs: [] });
    expect(['online', 'busy']).toContain(trays.status);
    expect(trays.statusReason).toBeNull();
    expect(trays.paperSizes).toContainEqual({ name: 'A4', width: '210mm', height: '297mm' });
    expect(Object.keys(trays.computer).sort()).toEqual(['id', 'name', 'nickname', 'printerVendorId', 'status']);
    // One station, one computer.
    expect(new Set(printers.map((printer) => printer.computer.id)).size).toBe(1);
  });

  it('filters by printerVendorId and visibility, and refuses other query parameters', async () => {
    expect((await list('?printerVendorId=PDF')).map((printer) => printer.printerVendorId)).toEqual(['PDF']);
    expect(await list('?printerVendorId=NOPE')).toEqual([]);
    expect((await s.call('/api/printers?visibility=some', { key })).status).toBe(400);
    expect((await s.call('/api/printers?colour=red', { key })).status).toBe(400);
    expect((await s.call('/api/printers')).status).toBe(401);
  });

  it('fetches one printer by id or by printerVendorId, 404 otherwise', async () => {
    const pdf = (await list('?printerVendorId=PDF'))[0]!;
    expect(await json(await s.call(`/api/printers/${pdf.id}`, { key }), 200)).toEqual(pdf);
    expect(await json(await s.call('/api/printers/PDF', { key }), 200)).toEqual(pdf);
    expect((await s.call('/api/printers/NO_SUCH_PRINTER', { key })).status).toBe(404);
  });

  it("keeps the admin's nickname, visibility and config across refreshes; ids are stable", async () => {
    const before = await list();
    const trays = before.find((printer) => printer.printerVendorId === 'TRAYS')!;
    await json(
      await s.admin(`/admin/api/printers/${trays.id}`, { method: 'PATCH', json: { nickname: 'Packing bench', visible: false, config: { tray: 'Upper' } } }),
      200,
    );
    const refreshed = await json<PrinterResource[]>(await s.call('/api/printers/refresh', { key }), 200);
    expect(refreshed.map((printer) => printer.id).sort()).toEqual(before.map((printer) => printer.id).sort());
    expect(refreshed.find((printer) => printer.id === trays.id)).toMatchObject({ nickname: 'Packing bench', visible: false, config: { fitToPage: false, tray: 'Upper' } });
    expect((await list('?visibility=hidden')).map((printer) => printer.id)).toEqual([trays.id]);
    expect((await list('?visibility=visible')).map((printer) => printer.id)).not.toContain(trays.id);
    // A tray the printer does not have is refused.
    expect((await s.admin(`/admin/api/printers/${trays.id}`, { method: 'PATCH', json: { config: { tray: 'Drawer 9' } } })).status).toBe(400);
    await json(await s.admin(`/admin/api/printers/${trays.id}`, { method: 'PATCH', json: { nickname: null, visible: true, config: { tray: null } } }), 200);
  });
});
