import Database from 'better-sqlite3';
import { fdatasync, mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommitter } from '../../../main/core/foundations/db/group-commit';
import { WalSync } from '../../../main/core/foundations/db/wal-sync';

let dir: string;
let db: Database.Database;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'station-group-'));
  db = new Database(join(dir, 'g.db'));
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT UNIQUE)');
});
afterEach(() => {
  if (db.open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('group commit', () => {
  it('writes queued in the same turn share one transaction: none is visible outside before the one commit', async () => {
    const writer = new GroupCommitter(db, new WalSync(db));
    const reader = new Database(join(dir, 'g.db'), { readonly: true });
    const seenOutside: number[] = [];
    try {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          writer.write(() => {
            seenOutside.push((reader.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n);
            return db.prepare('INSERT INTO t (v) VALUES (?)').run(`v${i}`).changes;
          }),
        ),
      );
      expect(results).toEqual(Array(10).fill(1));
      expect(seenOutside).toEqual(Array(10).fill(0));
      expect(reader.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 10 });
    } finally {
      reader.close();
    }
  });

  it('a failing write rolls back alone; the others of its batch commit', async () => {
    const writer = new GroupCommitter(db, new WalSync(db));
    const outcomes = await Promise.allSettled([
      writer.write(() => db.prepare('INSERT INTO t (v) VALUES (?)').run('a')),
      writer.write(() => {
        db.prepare('INSERT INTO t (v) VALUES (?)').run('half-done');
        db.prepare('INSERT INTO t (v) VALUES (?)').run('a'); // unique violation
      }),
      writer.write(() => db.prepare('INSERT INTO t (v) VALUES (?)').run('b')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((db.prepare('SELECT v FROM t ORDER BY id').all() as { v: string }[]).map((r) => r.v)).toEqual(['a', 'b']);
  });

  it('no promise settles before the shared commit: another connection sees the row when it resolves', async () => {
    const writer = new GroupCommitter(db, new WalSync(db));
    const reader = new Database(join(dir, 'g.db'), { readonly: true });
    try {
      await writer.write(() => db.prepare('INSERT INTO t (v) VALUES (?)').run('seen'));
      expect(reader.prepare("SELECT COUNT(*) AS n FROM t WHERE v = 'seen'").get()).toEqual({ n: 1 });
    } finally {
      reader.close();
    }
  });

  it('close() commits what is queued; writes after close are refused', async () => {
    const writer = new GroupCommitter(db, new WalSync(db));
    const queued = writer.write(() => db.prepare('INSERT INTO t (v) VALUES (?)').run('queued'));
    const closing = writer.close();
    await queued;
    await closing;
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 1 });
    await expect(writer.write(() => 1)).rejects.toThrow(/shutting down/);
  });

  it("answers only after the group's WAL is synced; the loop stays free while it syncs", async () => {
    let syncStarted!: () => void;
    const started = new Promise<void>((resolve) => (syncStarted = resolve));
    let releaseSync!: () => void;
    const held = new Promise<void>((resolve) => (releaseSync = resolve));
    const syncedFiles: string[] = [];
    const realSync = promisify(fdatasync);
    const writer = new GroupCommitter(db, new WalSync(db, async (fd) => {
      syncedFiles.push(readlinkSync(`/proc/self/fd/${fd}`));
      if (syncedFiles.length === 1) {
        syncStarted();
        await held;
      }
      await realSync(fd);
    }));
    const reader = new Database(join(dir, 'g.db'), { readonly: true });
    try {
      let firstAnswered = false;
      const first = writer.write(() => db.prepare('INSERT INTO t (v) VALUES (?)').run('first')).then(() => (firstAnswered = true));
      await started;
      // Committed (another connection sees it) but not yet synced: no answer yet.
      expect(reader.prepare("SELECT COUNT(*) AS n FROM t WHERE v = 'first'").get()).toEqual({ n: 1 });
      expect(firstAnswered).toBe(false);
      // The event loop is free meanwhile: a read answers (another connection's too).
      expect(db.prepare("SELECT COUNT(*) AS n FROM t WHERE v = 'first'").get()).toEqual({ n: 1 });
      await new Promise((resolve) => setImmediate(resolve));
      expect(firstAnswered).toBe(false);
      const second = writer.write(() => db.prepare('INSERT INTO t (v) VALUES (?)').run('second'));
      releaseSync();
      await first;
      await second;
      expect(syncedFiles).toEqual([join(dir, 'g.db-wal'), join(dir, 'g.db-wal')]);
      // No COMMIT of the connection syncs on the event loop: NORMAL.
      expect(db.pragma('synchronous', { simple: true })).toBe(1);
    } finally {
      reader.close();
    }
  });

  it('writes queued while a group syncs gather into the next group: one commit and one sync for all of them', async () => {
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstStarted!: () => void;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    let syncs = 0;
    const realSync = promisify(fdatasync);
    const writer = new GroupCommitter(db, new WalSync(db, async (fd) => {
      syncs += 1;
      if (syncs === 1) {
        firstStarted();
        await firstHeld;
      }
      await realSync(fd);
    }));
    const reader = new Database(join(dir, 'g.db'), { readonly: true });
    try {
      const first = writer.write(() => db.prepare('INSERT INTO t (v) VALUES (?)').run('first'));
      await started;
      // Five writes, each in a turn of its own, while the first group's sync is under way.
      const later: Promise<unknown>[] = [];
      for (let i = 0; i < 5; i++) {
        later.push(writer.write(() => db.prepare('INSERT INTO t (v) VALUES (?)').run(`later-${i}`)));
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(reader.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 1 });
      releaseFirst();
      await first;
      await Promise.all(later);
      expect(reader.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 6 });
      expect(syncs).toBe(2);
    } finally {
      reader.close();
    }
  });

  it('a failing write of a group that ran without savepoints: the group runs again and only that write is undone', async () => {
    const writer = new GroupCommitter(db, new WalSync(db));
    const runs: string[] = [];
    const outcomes = await Promise.allSettled([
      writer.write(() => (runs.push('a'), db.prepare('INSERT INTO t (v) VALUES (?)').run('a').changes)),
      writer.write(() => {
        runs.push('bad');
        db.prepare('INSERT INTO t (v) VALUES (?)').run('half-done');
        throw new Error('refused after a statement');
      }),
      writer.write(() => (runs.push('b'), db.prepare('INSERT INTO t (v) VALUES (?)').run('b').changes)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('refused after a statement'));
    expect((db.prepare('SELECT v FROM t ORDER BY id').all() as { v: string }[]).map((r) => r.v)).toEqual(['a', 'b']);
    // Together first (a, bad: the group undone), then each alone.
    expect(runs).toEqual(['a', 'bad', 'a', 'bad', 'b']);
  });

  it('a group takes no more writes after 25 ms of them: slow writes queued at once commit over several turns, in their order', async () => {
    let syncs = 0;
    const realSync = promisify(fdatasync);
    const writer = new GroupCommitter(db, new WalSync(db, async (fd) => {
      syncs += 1;
      await realSync(fd);
    }));
    const slowWrite = (v: string) => () => {
      const until = performance.now() + 10; // a write that checks an order's documents for 10 ms
      while (performance.now() < until);
      return db.prepare('INSERT INTO t (v) VALUES (?)').run(v).changes;
    };
    const values = Array.from({ length: 10 }, (_, i) => `slow-${i}`);
    await Promise.all(values.map((v) => writer.write(slowWrite(v))));
    expect((db.prepare('SELECT v FROM t ORDER BY id').all() as { v: string }[]).map((r) => r.v)).toEqual(values);
    // Three writes (30 ms) at most a group: four groups, each synced.
    expect(syncs).toBeGreaterThanOrEqual(4);
  });

  it('a write whose group could not be synced is refused, though other connections may see it', async () => {
    const writer = new GroupCommitter(db, new WalSync(db, () => Promise.reject(new Error('EIO: i/o error, fdatasync'))));
    await expect(writer.write(() => db.prepare('INSERT INTO t (v) VALUES (?)').run('unsynced'))).rejects.toThrow(
      /could not be synced to disk: EIO/,
    );
  });
});
