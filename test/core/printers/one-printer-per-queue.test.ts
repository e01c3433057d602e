import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DiscoveredPrinter, OsJobReport, PrintBackend } from '../../../main/core/features/printers/backend';
import { FOLDER_VENDOR_ID } from '../../../main/core/features/printers/folder-backend';
import { startStation } from '../../helpers/station';
import { json } from '../printing/print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

/**
 * A backend whose printer list the test sets; it never prints (discovery only is tested
 * here). `kind` says which backend a printer is printed by.
 */
class FakeDiscoveryBackend implements PrintBackend {
  readonly findsSubmitted = true;
  /** `'fails'`: discovery rejects, as CUPS does while its scheduler restarts. */
  queues: string[] | 'fails' = [];
  constructor(readonly kind: string) {}
  async discover(): Promise<DiscoveredPrinter[]> {
    if (this.queues === 'fails') throw new Error('lpstat: Bad file descriptor');
    return this.queues.map((vendorId) => ({ vendorId, name: `${vendorId} (${this.kind})`, status: 'online', trays: [], paperSizes: [], acceptsCustomPaper: true, isDefault: false }));
  }
  async submit(): Promise<{ osJobId: string; held: boolean }> {
    throw new Error('FakeDiscoveryBackend does not print');
  }
  async release(): Promise<void> {}
  async findSubmitted(): Promise<string | undefined> {
    return undefined;
  }
  async cancel(): Promise<void> {}
  async jobStates(): Promise<Map<string, OsJobReport>> {
    return new Map();
  }
}

interface PrinterView {
  id: string;
  printerVendorId: string;
  name: string;
  status: string;
}

describe('an OS queue seen by two backends (CUPS and Electron on Linux and macOS)', { timeout: 60_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'station-one-printer-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is one printer printed by the first backend; its id survives restarts, a backend that does not answer and a change of backend', async () => {
    const first = new FakeDiscoveryBackend('first');
    const second = new FakeDiscoveryBackend('second');
    first.queues = ['Shared_Laser'];
    second.queues = ['Shared_Laser', 'Only_Second'];
    const options = { dataDir, cupsPrinting: false, printBackends: [first, second] };

    let s = await startStation(options);
    const { key } = s.team('Dedup');
    const listed = async () => (await json<PrinterView[]>(await s.call('/api/printers', { key }), 200)).filter((printer) => printer.printerVendorId !== FOLDER_VENDOR_ID);
    const backendOf = (id: string) => s.station.printing.printers.find(id)!.backend;
    const refresh = () => s.station.printing.printers.refresh();

    const initial = await listed();
    expect(initial.map((printer) => printer.printerVendorId).sort()).toEqual(['Only_Second', 'Shared_Laser']);
    const shared = initial.find((printer) => printer.printerVendorId === 'Shared_Laser')!;
    expect(shared.name).toBe('Shared_Laser (first)');
    expect(backendOf(shared.id)).toBe('first');
    await s.stop();

    s = await startStation(options);
    try {
      expect((await listed()).map((printer) => printer.id).sort()).toEqual(initial.map((printer) => printer.id).sort());

      // The first backend cannot answer (its scheduler restarts): the queue stays its, listed once.
      first.queues = 'fails';
      await refresh();
      let now = await listed();
      expect(now.filter((printer) => printer.printerVendorId === 'Shared_Laser')).toEqual([shared]);
      expect(backendOf(shared.id)).toBe('first');

      // The first backend answers without the queue: the second prints it, under the same id.
      first.queues = [];
      await refresh();
      now = await listed();
      expect(now.filter((printer) => printer.printerVendorId === 'Shared_Laser')).toEqual([{ ...shared, name: 'Shared_Laser (second)', nickname: 'Shared_Laser (second)' }]);
      expect(backendOf(shared.id)).toBe('second');

      // No backend sees it any more: kept, marked missing.
      second.queues = ['Only_Second'];
      await refresh();
      expect((await listed()).find((printer) => printer.id === shared.id)!.status).toBe('missing');
    } finally {
      await s.stop();
    }
  });
});
