import type { Db } from './open';
import type { WalSync } from './wal-sync';

interface PendingWrite {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: writes that arrive while the event loop is busy are committed together in
 * one transaction, so one fsync covers many requests. Each write runs in its own savepoint,
 * so one failing write rolls back alone; no promise settles before the group is on disk, so
 * a 201 still means the data is on disk.
 *
 * The fsync is not part of the COMMIT: the group commits, then waits for the WAL's sync on
 * the thread pool (wal-sync.ts), and only then do its promises settle. While one group's
 * fsync runs, requests keep being parsed and the next group can commit. A reader may see a
 * group's rows during its fsync (before its writers get their answers), as other databases'
 * readers may see a commit whose log is still flushing.
 */
export class GroupCommitter {
  private pending: PendingWrite[] = [];
  private scheduled = false;
  private closed = false;
  private readonly syncing = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly walSync: WalSync,
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
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
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
    }
    const settle = () =>
      batch.forEach((item, index) => {
        const outcome = outcomes[index]!;
        if (outcome.ok) item.resolve(outcome.value);
        else item.reject(outcome.value);
      });
    const synced = this.walSync.barrier().then(settle, (error: unknown) => {
      // Committed but maybe not on disk: no writer may hear "stored". A retry is an upsert.
      for (const item of batch) item.reject(error);
    });
    this.syncing.add(synced);
    void synced.finally(() => this.syncing.delete(synced));
  }

  /** Commits what is queued, waits until every committed group is synced, then refuses writes. */
  async close(): Promise<void> {
    this.flush();
    this.closed = true;
    await Promise.all(this.syncing);
  }
}
