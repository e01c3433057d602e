import { closeSync, existsSync, fdatasync, openSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Db } from './open';

/** Flushes a file's written data to the disk; runs on libuv's thread pool, off the event loop. */
export type SyncFile = (fd: number) => Promise<void>;

const syncOnThreadPool: SyncFile = promisify(fdatasync);

/**
 * Durability without an fsync on the event loop. The station's connection commits with
 * `synchronous = NORMAL` (in WAL mode: a commit writes the WAL but does not sync it; a process
 * crash loses nothing, a power cut may lose the last commits), and whatever must survive a
 * power cut before the station acts on it waits for `barrier()`: an `fdatasync` of the WAL
 * file on libuv's thread pool that started after the call. That is the sync FULL would have
 * done inside each COMMIT, moved off the loop and shared: one sync covers every commit
 * before it, and while it runs the loop keeps parsing requests and committing.
 *
 * The station waits for it before every answer to a change (a 201 means on disk), before
 * handing a job to the OS (a job is never printed and then forgotten), and in the group
 * commit of orders. A database without a WAL file (in memory) needs no barrier.
 */
export class WalSync {
  private walFd: number | undefined;
  private readonly changes: () => number;
  /** What this connection had changed when the last successful sync started. */
  private syncedChanges: number;
  /** The newest sync started, while it runs: a barrier with nothing changed since joins it. */
  private latest: { done: Promise<void>; changesAtStart: number } | undefined;
  private readonly running = new Set<Promise<void>>();
  /** FULL kept: every commit synced itself. */
  private readonly commitsSync: boolean;

  /**
   * `commitWithoutSync` (a running station) switches the connection to NORMAL; without it
   * (a one-shot command, which answers nobody and exits) commits keep syncing themselves
   * (FULL) and a barrier finds nothing left to sync.
   */
  constructor(
    private readonly db: Db,
    private readonly syncFile: SyncFile = syncOnThreadPool,
    options: { commitWithoutSync?: boolean } = {},
  ) {
    const statement = db.prepare('SELECT total_changes()').pluck();
    this.changes = () => statement.get() as number;
    // Everything committed so far was committed with FULL (openDatabase's setting).
    this.syncedChanges = this.changes();
    this.commitsSync = !(options.commitWithoutSync ?? true);
    if (!this.commitsSync && !db.memory && db.pragma('journal_mode', { simple: true }) === 'wal') db.pragma('synchronous = NORMAL');
  }

  /**
   * Resolves once everything this connection committed before the call is on disk: joins
   * the newest sync if it started after the last change, else starts one at once (syncs of
   * the same file may overlap; each flushes what was written before it started).
   */
  barrier(): Promise<void> {
    if (this.commitsSync) return Promise.resolve();
    const fd = this.openWal();
    if (fd === undefined) return Promise.resolve();
    const changes = this.changes();
    if (this.latest?.changesAtStart === changes) return this.latest.done;
    if (changes === this.syncedChanges) return Promise.resolve();
    return this.start(fd, changes);
  }

  /** Waits for the syncs under way, then lets go of the WAL file. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.running]);
    if (this.walFd !== undefined) closeSync(this.walFd);
    this.walFd = undefined;
  }

  private start(fd: number, changesAtStart: number): Promise<void> {
    const done = this.syncFile(fd).then(
      () => {
        this.syncedChanges = Math.max(this.syncedChanges, changesAtStart);
      },
      (error: unknown) => {
        throw new Error(`the change could not be synced to disk: ${(error as Error)?.message ?? error}`);
      },
    );
    const latest = { done, changesAtStart };
    this.latest = latest;
    this.running.add(done);
    const settled = () => {
      this.running.delete(done);
      if (this.latest === latest) this.latest = undefined;
    };
    done.then(settled, settled);
    return done;
  }

  /**
   * The WAL file, opened once for syncing. SQLite keeps it (truncating, never replacing it)
   * while this connection is open; it is removed only when the last connection closes.
   * Opened read-write because Windows flushes only handles that may write; nothing is written.
   */
  private openWal(): number | undefined {
    if (this.walFd !== undefined) return this.walFd;
    if (this.db.memory || !this.db.open) return undefined;
    const path = `${this.db.name}-wal`;
    if (!existsSync(path)) return undefined; // created by the first write after a checkpoint-and-delete
    this.walFd = openSync(path, 'r+');
    return this.walFd;
  }
}
