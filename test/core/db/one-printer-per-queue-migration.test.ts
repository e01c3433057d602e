import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/core/foundations/db/open';
import { startStation } from '../../helpers/station';
import { json } from '../printing/print-harness';
import { databaseBefore } from '../../helpers/migration';

/**
 * 0015 makes a printer one row per OS queue. A station that listed a queue twice (once by
 * CUPS, once by Electron) keeps one: the present row, else the oldest; routing, defaults and
 * job history follow it, and the id of the row merged away still finds it.
 */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'station-0015-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const AT = '2026-01-01T00:00:00.000Z';
const LATER = '2026-02-01T00:00:00.000Z';

function stationBefore0015(): string {
  const { db, teamId } = databaseBefore(dir, 15, 'Upgraded Desk');
  const printer = db.prepare(
    `INSERT INTO printers (id, backend, vendor_id, name, nickname, default_tray, status, present, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // CUPS listed the queue first; Electron listed it again later, while CUPS was restarting.
  printer.run('cups-row', 'cups', 'Desk_Laser', 'Desk Laser', null, null, 'online', 1, AT, AT);
  printer.run('electron-row', 'electron', 'Desk_Laser', 'Desk Laser', 'Front desk', 'Tray 2', 'online', 1, LATER, LATER);
  // A queue that only Electron ever saw, and one whose CUPS row is gone from the OS.
  printer.run('only-electron', 'electron', 'Label_4x6', 'Label', null, null, 'online', 1, AT, AT);
  printer.run('missing-cups', 'cups', 'Old_Queue', 'Old', null, null, 'missing', 0, AT, AT);
  printer.run('present-electron', 'electron', 'Old_Queue', 'Old', null, null, 'online', 1, LATER, LATER);

  db.prepare('INSERT INTO team_print_settings (team_id, default_printer_id, updated_at) VALUES (?, ?, ?)').run(teamId, 'electron-row', AT);
  db.prepare('INSERT INTO print_routes (team_id, tag, printer_id, tray, template, updated_at) VALUES (?, ?, ?, NULL, NULL, ?)').run(teamId, 'packing-slip', 'electron-row', AT);
  db.prepare('INSERT INTO print_routes (team_id, tag, printer_id, tray, template, updated_at) VALUES (?, ?, ?, NULL, NULL, ?)').run(teamId, 'label', 'missing-cups', AT);
  db.prepare(
    `INSERT INTO print_batches (id, request_id, team_id, printer_id, name, trigger, state, orders, created_at, updated_at)
     VALUES ('batch-1', 'request-1', ?, 'electron-row', 'Morning', 'api', 'done', '[]', ?, ?)`,
  ).run(teamId, AT, AT);
  db.prepare(
    `INSERT INTO print_jobs (id, batch_id, request_id, team_id, printer_id, paper, state, next_attempt_at, created_at, updated_at)
     VALUES ('job-1', 'batch-1', 'request-1', ?, 'electron-row', '{}', 'done', ?, ?, ?)`,
  ).run(teamId, AT, AT, AT);
  db.close();
  return teamId;
}

describe('migration 0015: one printer per OS queue', () => {
  it('merges the rows of a queue into the present, oldest one and moves routing, defaults and history to it', () => {
    const teamId = stationBefore0015();
    const db = openDatabase(dir);
    try {
      expect(db.prepare('SELECT id, backend, vendor_id, nickname, default_tray FROM printers ORDER BY vendor_id').all()).toEqual([
        { id: 'cups-row', backend: 'cups', vendor_id: 'Desk_Laser', nickname: 'Front desk', default_tray: 'Tray 2' },
        { id: 'only-electron', backend: 'electron', vendor_id: 'Label_4x6', nickname: null, default_tray: null },
        { id: 'present-electron', backend: 'electron', vendor_id: 'Old_Queue', nickname: null, default_tray: null },
      ]);
      expect(db.prepare('SELECT default_printer_id FROM team_print_settings WHERE team_id = ?').get(teamId)).toEqual({ default_printer_id: 'cups-row' });
      expect(db.prepare('SELECT tag, printer_id FROM print_routes ORDER BY tag').all()).toEqual([
        { tag: 'label', printer_id: 'present-electron' },
        { tag: 'packing-slip', printer_id: 'cups-row' },
      ]);
      expect(db.prepare('SELECT printer_id FROM print_batches').all()).toEqual([{ printer_id: 'cups-row' }]);
      expect(db.prepare('SELECT printer_id FROM print_jobs').all()).toEqual([{ printer_id: 'cups-row' }]);
      expect(() => db.prepare("INSERT INTO printers (id, backend, vendor_id, name, status, created_at, updated_at) VALUES ('again', 'electron', 'Label_4x6', 'x', 'online', ?, ?)").run(AT, AT)).toThrow(
        /UNIQUE constraint failed: printers.vendor_id/,
      );
    } finally {
      db.close();
    }
  });

  it('still finds a printer by the id of a row merged into it', async () => {
    stationBefore0015();
    const s = await startStation({ dataDir: dir, cupsPrinting: false, printBackends: [] });
    try {
      const { key } = s.team('Integrator');
      const printer = await json<{ id: string; printerVendorId: string; nickname: string }>(await s.call('/api/printers/electron-row', { key }), 200);
      expect(printer).toMatchObject({ id: 'cups-row', printerVendorId: 'Desk_Laser', nickname: 'Front desk' });
      await json(await s.call('/api/printers/no-such-printer', { key }), 404);
    } finally {
      await s.stop();
    }
  });
});
