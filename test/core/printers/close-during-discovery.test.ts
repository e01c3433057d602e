import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { Logger } from '../../../main/core/logger';
import { createStation } from '../../../main/core/station';

test('closing right after start waits for printer discovery instead of writing to a closed database', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'station-close-'));
  const errors: string[] = [];
  const logger: Logger = { info: () => {}, error: (message, fields) => errors.push(`${message} ${JSON.stringify(fields)}`) };
  const station = createStation({ dataDir, logger, background: true });
  // Discovery (lpstat, lpoptions…) is still running when close is called.
  await station.close();
  // Anything that outlived close would log within this window.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  rmSync(dataDir, { recursive: true, force: true });
  expect(errors).toEqual([]);
});
