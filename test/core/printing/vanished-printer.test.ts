import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../../main/core/logger';
import type { PrinterResource } from '../../../main/core/printers/service';
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
