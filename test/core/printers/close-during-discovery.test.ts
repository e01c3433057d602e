import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { Logger } from '../../../main/core/foundations/logger';
import { createStation } from '../../../main/core/station';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

test('closing right after start waits for printer discovery instead of writing to a closed database', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'station-close-'));
  const errors: string[] = [];
  const logger: Logger = { info: () => {}, error: (message, fields) => errors.push(`${message} ${JSON.stringify(fields)}`) };
  const station = createStation({ dataDir, logger, background: true, automaticBackups: false, retentionSweeps: false });
  // What happened, in order: discovery finishing (its event) and the database closing.
  const steps: string[] = [];
  station.events.on('printers', () => steps.push('discovery finished'));
  const close = station.db.close.bind(station.db);
  station.db.close = () => {
    steps.push('database closed');
    return close();
  };
  // Discovery (lpstat, lpoptions…) is still running when close is called.
  expect(steps).toEqual([]);
  await station.close();
  rmSync(dataDir, { recursive: true, force: true });
  expect(steps).toEqual(['discovery finished', 'database closed']);
  expect(errors).toEqual([]);
});
