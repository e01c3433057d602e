import Database from 'better-sqlite3';
import { fdatasync, mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WalSync } from '../../../main/core/foundations/db/wal-sync';

let dir: string;
let db: Database.Database;
const insert = (v: string) => db.prepare('INSERT INTO t (v) VALUES (?)').run(v);

/** A sync that records which file it flushed and can be held until the test lets it go. */
function heldSync() {
  const files: string[] = [];
  const holds: Array<() => void> = [];
  const started: Array<() => void> = [];
  const realSync = promisify(fdatasync);
  return {
    files,
    /** Resolves when the nth sync (1-based) has started. */
    started: (n: number) => new Promise<void>((resolve) => (files.length >= n ? resolve() : started.push(resolve))),
    /** Lets the nth sync (1-based) finish. */
    release: (n: number) => holds[n - 1]!(),
    sync: async (fd: number) => {
      files.push(readlinkSync(`/proc/self/fd/${fd}`));
      started.splice(0).forEach((resolve) => resolve());
      const index = files.length - 1;
      await new Promise<void>((resolve) => (holds[index] = resolve));
      await realSync(fd);
    },
  };
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'station-wal-sync-'));
  db = new Database(join(dir, 's.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
});
afterEach(() => {
  if (db.open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('WAL sync off the event loop', () => {
  it('commits stop syncing on the loop (NORMAL); a barrier after a commit syncs the WAL file once', async () => {
    const fake = heldSync();
    const walSync = new WalSync(db, fake.sync);
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    insert('a');
    const barrier = walSync.barrier();
    await fake.started(1);
    fake.release(1);
    await barrier;
    expect(fake.files).toEqual([join(dir, 's.db-wal')]);
    // Nothing committed since: nothing to sync.
    await walSync.barrier();
    expect(fake.files).toHaveLength(1);
  });

  it('nothing committed since it was made: a barrier resolves without a sync', async () => {
    insert('before');
    const fake = heldSync();
    const walSync = new WalSync(db, fake.sync);
    await walSync.barrier();
    expect(fake.files).toEqual([]);
  });

  it('a barrier during a sync joins it when nothing changed; after a commit, a second sync starts at once and answers alone', async () => {
    const fake = heldSync();
    const walSync = new WalSync(db, fake.sync);
    insert('first');
    const order: string[] = [];
    const first = walSync.barrier().then(() => order.push('first'));
    await fake.started(1);
    const joined = walSync.barrier().then(() => order.push('joined'));
    insert('second');
    // The first sync may have started before 'second' was written: it cannot answer for it.
    const later = Promise.all([walSync.barrier(), walSync.barrier()]).then(() => order.push('later'));
    await fake.started(2);
    expect(fake.files).toHaveLength(2);
    fake.release(2);
    await later;
    expect(order).toEqual(['later']);
    fake.release(1);
    await Promise.all([first, joined]);
    expect(order).toEqual(['later', 'first', 'joined']);
  });

  it('a failed sync refuses its waiters; the next barrier syncs again', async () => {
    let calls = 0;
    const walSync = new WalSync(db, async () => {
      calls++;
      if (calls === 1) throw new Error('EIO: i/o error, fdatasync');
    });
    insert('a');
    await expect(walSync.barrier()).rejects.toThrow(/could not be synced to disk: EIO/);
    await walSync.barrier();
    expect(calls).toBe(2);
  });

  it('an in-memory database has nothing to sync', async () => {
    const memory = new Database(':memory:');
    try {
      let calls = 0;
      const walSync = new WalSync(memory, async () => void calls++);
      memory.exec('CREATE TABLE m (x); INSERT INTO m VALUES (1)');
      await walSync.barrier();
      expect(calls).toBe(0);
    } finally {
      memory.close();
    }
  });
});

describe('a one-shot command', () => {
  it('keeps FULL: each commit syncs itself, and a barrier has nothing left to sync', async () => {
    let calls = 0;
    const walSync = new WalSync(db, async () => void calls++, { commitWithoutSync: false });
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    insert('a');
    await walSync.barrier();
    expect(calls).toBe(0);
  });
});
