import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStation } from '../../../main/core/hosts/cli/with-station';
import { silentLogger } from '../../../main/core/foundations/logger';
import { createStation } from '../../../main/core/station';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'station-one-shot-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('how a station commits', () => {
  it('a one-shot command syncs each commit itself (FULL) and leaves checkpoints to SQLite', async () => {
    const pragmas = await withStation(dir, (station) => [station.db.pragma('synchronous', { simple: true }), station.db.pragma('wal_autocheckpoint', { simple: true })]);
    expect(pragmas).toEqual([2, 1000]);
  });

  it('a serving station commits without a sync on its event loop (NORMAL) and checkpoints on its own thread', async () => {
    const station = createStation({ dataDir: dir, logger: silentLogger });
    try {
      expect([station.db.pragma('synchronous', { simple: true }), station.db.pragma('wal_autocheckpoint', { simple: true })]).toEqual([1, 0]);
    } finally {
      await station.close();
    }
  });
});
