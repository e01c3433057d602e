import type { Db } from './open';

interface PendingWrite {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: writes that arrive while the event loop is busy are committed together in
 * one transaction, so one fsync covers many requests. Each write runs in its own savepoint,
 * so one failing write rolls back alone; no promise settles before the shared COMMIT has
 * returned, so a 201 still means the data is on disk.
 */
export class GroupCommitter {
  private pending: PendingWrite[] = [];
  private scheduled = false;
  private closed = false;

  constructor(private readonly db: Db) {}

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
    batch.forEach((item, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.value);
    });
  }

  close(): void {
    this.flush();
    this.closed = true;
  }
}
