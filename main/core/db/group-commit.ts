import { closeSync, existsSync, fdatasync, openSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Db } from './open';

interface PendingWrite {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Flushes a file's written data to the disk; runs on libuv's thread pool, off the event loop. */
export type SyncFile = (fd: number) => Promise<void>;

const syncOnThreadPool: SyncFile = promisify(fdatasync);

/**
 * Group commit: writes that arrive while the event loop is busy are committed together in
 * one transaction, so one fsync covers many requests. Each write runs in its own savepoint,
 * so one failing write rolls back alone; no promise settles before the group is on disk, so
 * a 201 still means the data is on disk.
 *
 * The fsync is not part of the COMMIT. A group commits with `synchronous = NORMAL` (in WAL
 * mode: no fsync at commit, the WAL is synced before every checkpoint), then the WAL file
 * itself is synced on the thread pool and only then do the group's promises settle. That is
 * what `synchronous = FULL` does at each commit (sync the WAL), moved off the event loop:
 * while one group's fsync runs, requests keep being parsed and the next group can commit.
 * Every other transaction on the connection keeps FULL. A reader may see a group's rows
 * during its fsync (before its writers get their answers), as other databases' readers may
 * see a commit whose log is still flushing; any later FULL commit syncs those frames too.
 * A database without a WAL file (in memory) commits with FULL, as before.
 */
export class GroupCommitter {
  private pending: PendingWrite[] = [];
  private scheduled = false;
  private closed = false;
  private walFd: number | undefined;
  private readonly syncing = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly syncFile: SyncFile = syncOnThreadPool,
  ) {}

  /** Runs `work` inside a transaction shared with other writes of the same turn. */
  write<T>(work: () => T): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the station is shutting down'));
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits what is queued now (used on shutdown so no accepted write is dropped). */
  flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    const walFd = this.openWal();
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      if (walFd !== undefined) this.db.pragma('synchronous = NORMAL');
      this.db.transaction(() => {
        for (const item of batch) {
          try {
            // A nested better-sqlite3 transaction is a SAVEPOINT: a throw undoes only this write.
            outcomes.push({ ok: true, value: this.db.transaction(item.work)() });
          } catch (error) {
            outcomes.push({ ok: false, value: error });
          }
        }
        // IMMEDIATE takes the write lock up front: a deferred transaction that read first
        // fails with SQLITE_BUSY_SNAPSHOT (no busy wait) if the CLI committed meanwhile.
      }).immediate();
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    } finally {
      if (walFd !== undefined) this.db.pragma('synchronous = FULL');
    }
    const settle = () =>
      batch.forEach((item, index) => {
        const outcome = outcomes[index]!;
        if (outcome.ok) item.resolve(outcome.value);
        else item.reject(outcome.value);
      });
    if (walFd === undefined) return settle();
    const synced = this.syncFile(walFd).then(settle, (error: unknown) => {
      // Committed but maybe not on disk: no writer may hear "stored". A retry is an upsert.
      const failure = new Error(`the write could not be synced to disk: ${(error as Error)?.message ?? error}`);
      for (const item of batch) item.reject(failure);
    });
    this.syncing.add(synced);
    void synced.finally(() => this.syncing.delete(synced));
  }

  /**
   * The WAL file, opened once for syncing. SQLite keeps it (truncating, never replacing it)
   * while this connection is open; it is removed only when the last connection closes.
   * Opened read-write because Windows flushes only handles that may write; nothing is written.
   */
  private openWal(): number | undefined {
    if (this.walFd !== undefined) return this.walFd;
    if (this.db.memory || this.db.pragma('journal_mode', { simple: true }) !== 'wal') return undefined;
    const path = `${this.db.name}-wal`;
    if (!existsSync(path)) return undefined; // created by the first write; FULL until then
    this.walFd = openSync(path, 'r+');
    return this.walFd;
  }

  /** Commits what is queued, waits until every committed group is synced, then refuses writes. */
  async close(): Promise<void> {
    this.flush();
    this.closed = true;
    await Promise.all(this.syncing);
    if (this.walFd !== undefined) closeSync(this.walFd);
    this.walFd = undefined;
  }
}
