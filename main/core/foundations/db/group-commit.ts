import type { Db } from './open';
import type { WalSync } from './wal-sync';

/**
 * A group takes no more writes once it has run this long: its transaction holds the event
 * loop, and an order checks its documents inside it (~1–3 ms each). The writes left wait for
 * the next turn, in their order.
 */
const GROUP_BUDGET_MS = 25;

interface Outcome {
  ok: boolean;
  value: unknown;
}

interface PendingWrite {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: writes that arrive while the event loop is busy are committed together in
 * one transaction, so one fsync covers many requests. One failing write rolls back alone
 * (the group runs again with a savepoint per write: commitEachAlone); no promise settles
 * before the group is on disk, so a 201 still means the data is on disk.
 *
 * The fsync is not part of the COMMIT: the group commits, then waits for the WAL's sync on
 * the thread pool (wal-sync.ts), and only then do its promises settle. While one group's
 * fsync runs, requests keep being parsed and their writes gather into the next group, which
 * commits when that sync ends. A reader may see a
 * group's rows during its fsync (before its writers get their answers), as other databases'
 * readers may see a commit whose log is still flushing.
 */
export class GroupCommitter {
  private pending: PendingWrite[] = [];
  private scheduled = false;
  private closed = false;
  private readonly syncing = new Set<Promise<void>>();
  /** The newest group's sync while it runs. */
  private lastSync: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly walSync: WalSync,
  ) {}

  /**
   * Runs `work` inside a transaction shared with other writes (of the same turn, or gathered
   * while the last group synced). `work` is database statements only: should another write
   * of its group fail, it runs again (commitEachAlone).
   */
  write<T>(work: () => T): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the station is shutting down'));
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // While a group's sync is under way, the next group gathers until it ends: its
        // writers could not be answered sooner (their sync starts after it anyway), and
        // a bigger group is one commit and one sync for more requests.
        const syncing = this.lastSync;
        if (syncing) void syncing.then(() => setImmediate(() => this.scheduled && this.flush()));
        else setImmediate(() => this.scheduled && this.flush());
      }
    });
  }

  /** Commits the writes queued now, as many as its time allows (GROUP_BUDGET_MS). */
  flush(): void {
    this.scheduled = false;
    const queued = this.pending;
    this.pending = [];
    if (queued.length === 0) return;
    let outcomes: Outcome[];
    try {
      outcomes = this.commitTogether(queued) ?? this.commitEachAlone(queued);
    } catch (error) {
      for (const item of queued) item.reject(error);
      return;
    }
    const batch = queued.slice(0, outcomes.length);
    if (outcomes.length < queued.length) {
      // Out of time: the rest go first in the next turn (a write queued meanwhile after them).
      this.pending = [...queued.slice(outcomes.length), ...this.pending];
      this.scheduled = true;
      setImmediate(() => this.scheduled && this.flush());
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
    this.lastSync = synced;
    void synced.finally(() => {
      if (this.lastSync === synced) this.lastSync = undefined;
    });
    void synced.finally(() => this.syncing.delete(synced));
  }

  /**
   * The common case, every write succeeding: the writes run one after another in one
   * transaction with no savepoint between them. A savepoint per write would cost more than
   * its statements: the order search's full-text tables (FTS5) write their pending index
   * out at every savepoint, so a group of twenty orders wrote twenty index segments, and
   * merged them, instead of one. Undefined when a write threw: the whole group rolled back.
   */
  private commitTogether(batch: PendingWrite[]): Outcome[] | undefined {
    const outcomes: Outcome[] = [];
    let aWriteFailed = false;
    try {
      const started = performance.now();
      this.db.transaction(() => {
        for (const item of batch) {
          if (outcomes.length > 0 && performance.now() - started > GROUP_BUDGET_MS) break;
          try {
            outcomes.push({ ok: true, value: item.work() });
          } catch (error) {
            aWriteFailed = true;
            throw error;
          }
        }
      }).immediate();
      return outcomes;
    } catch (error) {
      // The transaction itself failed (the write lock, after the busy wait): every write
      // of the group hears it, as before, without waiting for the lock a second time.
      if (!aWriteFailed) throw error;
      return undefined;
    }
  }

  /**
   * A write of the group failed: the group runs again, each write in a savepoint of its
   * own so it rolls back alone. The writes before the failed one run twice, the first
   * time undone: a write is its database statements, as every caller's is.
   */
  private commitEachAlone(batch: PendingWrite[]): Outcome[] {
    const outcomes: Outcome[] = [];
    const started = performance.now();
    this.db.transaction(() => {
      for (const item of batch) {
        if (outcomes.length > 0 && performance.now() - started > GROUP_BUDGET_MS) break;
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
    return outcomes;
  }

  /** Commits what is queued, waits until every committed group is synced, then refuses writes. */
  async close(): Promise<void> {
    while (this.pending.length) this.flush();
    this.closed = true;
    await Promise.all(this.syncing);
  }
}
