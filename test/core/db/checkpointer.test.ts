import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Checkpointer, type CheckpointResult } from '../../../main/core/foundations/db/checkpointer';
import { openDatabase, type Db } from '../../../main/core/foundations/db/open';
import { silentLogger } from '../../../main/core/foundations/logger';

let dir: string;
let db: Db;
const walSize = () => statSync(join(dir, 'station.db-wal')).size;
const databaseSize = () => statSync(join(dir, 'station.db')).size;
/** A commit of 1,500 pages: past SQLite's 1,000-page automatic checkpoint. */
function writeManyPages(): void {
  db.exec('CREATE TABLE IF NOT EXISTS filler (id INTEGER PRIMARY KEY, blob BLOB)');
  const insert = db.prepare('INSERT INTO filler (blob) VALUES (zeroblob(3000))');
  db.transaction(() => {
    for (let i = 0; i < 1500; i++) insert.run();
  })();
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'station-checkpoint-'));
  db = openDatabase(dir);
});
afterEach(() => {
  if (db.open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('WAL checkpoints on their own thread', () => {
  it('the connection never checkpoints itself; the thread copies the WAL into the database, and the next commit starts the WAL over', async () => {
    // An interval that never comes: only checkpointNow() runs one.
    const checkpointer = new Checkpointer(db, { logger: silentLogger, intervalMs: 3_600_000 });
    try {
      expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      const before = databaseSize();
      writeManyPages();
      // The pages are in the WAL only: SQLite alone would have copied them at the commit.
      expect(databaseSize()).toBe(before);
      const grown = walSize();
      expect(grown).toBeGreaterThan(1000 * 4096);
      const result = await checkpointer.checkpointNow();
      expect(result.busy).toBe(0);
      expect(result.log).toBeGreaterThan(1000);
      expect(result.checkpointed).toBe(result.log);
      expect(databaseSize()).toBeGreaterThan(before + 1000 * 4096);
      db.prepare('INSERT INTO filler (blob) VALUES (zeroblob(10))').run();
      // Written at the WAL's start again: the file did not grow.
      expect(walSize()).toBe(grown);
      expect(db.prepare('SELECT COUNT(*) AS n FROM filler').get()).toEqual({ n: 1501 });
    } finally {
      await checkpointer.close();
    }
  });

  it('checkpoints on its own timer, and says so', async () => {
    const checkpointer = new Checkpointer(db, { logger: silentLogger, intervalMs: 50 });
    try {
      const checkpointed = new Promise<CheckpointResult>((resolve) => checkpointer.once('checkpoint', resolve));
      writeManyPages();
      expect((await checkpointed).checkpointed).toBeGreaterThan(0);
    } finally {
      await checkpointer.close();
    }
  });

  it('a thread that cannot start hands checkpoints back to the connection', async () => {
    const errors: string[] = [];
    const logger = { ...silentLogger, error: (message: string) => errors.push(message) };
    const checkpointer = new Checkpointer(db, { logger, nativeBinding: join(dir, 'missing.node') });
    await checkpointer.stopped;
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    expect(errors).toEqual(['the checkpoint thread stopped; the station checkpoints on its own connection again']);
  });
});
