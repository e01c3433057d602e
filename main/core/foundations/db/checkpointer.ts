import { EventEmitter } from 'node:events';
import { statSync } from 'node:fs';
import type { Logger } from '../logger';
import { ThreadClient } from '../threads/thread-client';
import { WAL_SIZE_LIMIT_BYTES, type Db } from './open';

/** What one `PRAGMA wal_checkpoint(MODE)` did. */
export interface CheckpointResult {
  mode: CheckpointMode;
  /** 1 when it could not finish: a writer or a reader held it past the busy timeout. */
  busy: number;
  /** Frames in the WAL. */
  log: number;
  /** Of those, frames now in the database file. */
  checkpointed: number;
  /** Size of the WAL file right after it. */
  walBytes: number;
  /** How long it took on the checkpoint thread. */
  ms: number;
}

export type CheckpointMode = 'passive' | 'restart' | 'truncate';

/** The checkpoint thread's protocol (checkpoint-worker.ts imports these types). */
export interface CheckpointWorkerData {
  file: string;
  nativeBinding?: string;
  intervalMs: number;
  busyIntervalMs: number;
  restartBytes: number;
  sizeLimitBytes: number;
  busyTimeoutMs: number;
}
/** A checkpoint of one SQLite mode now, or (no mode) one round as its timer runs it. */
export interface CheckpointRequest {
  mode?: 'PASSIVE' | 'RESTART' | 'TRUNCATE';
}
/** What the thread says of its own accord: a round of its timer that did something. */
export interface CheckpointRoundEvent {
  round: CheckpointResult[];
}
export const CHECKPOINT_MODES: readonly CheckpointMode[] = ['passive', 'restart', 'truncate'];

/**
 * The WAL's bound, documented in docs/api.md (Storage): the WAL file never passes it while
 * no reader holds a snapshot for long. A RESTART checkpoint runs once the WAL holds
 * `WAL_RESTART_BYTES`; the bound leaves room for what arrives while it runs.
 */
export const WAL_BOUND_BYTES = 64 * 1024 * 1024;
export const WAL_RESTART_BYTES = 16 * 1024 * 1024;

/** SQLite's own default: a checkpoint once the WAL holds 1,000 pages. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

/** What the checkpoints did since the station started, for /metrics and the dashboard. */
export interface CheckpointStats {
  /** Checkpoints that ran, by mode and whether they finished (`busy`: a lock or a reader held them). */
  counts: Record<CheckpointMode, { done: number; busy: number }>;
  last?: CheckpointResult & { at: string };
}

/**
 * WAL checkpoints on a thread of their own (checkpoint-worker.ts). SQLite checkpoints on the
 * connection that commits once the WAL passes 1,000 pages: on the station's event loop, with
 * an fsync of the WAL and one of the database file (20–280 ms each measured while a batch
 * printed). The station's connection stops doing so (`wal_autocheckpoint = 0`); the thread
 * checkpoints every `intervalMs` (every `busyIntervalMs` while frames keep arriving), PASSIVE,
 * then RESTART past `restartBytes` so the WAL starts over under any load, and TRUNCATE
 * when a burst left the file larger than `sizeLimitBytes`. Should the thread fail, the
 * connection checkpoints itself again as before, so the WAL never grows without bound.
 *
 * Emits 'checkpoint' (CheckpointResult) for each checkpoint of a round that did something.
 */
export class Checkpointer extends EventEmitter {
  private readonly client: ThreadClient<CheckpointRequest, CheckpointResult[]>;
  /** The thread died and the connection checkpoints itself until the next call starts another. */
  private fallenBack = false;
  private readonly started: Promise<void>;
  private readonly counts = Object.fromEntries(CHECKPOINT_MODES.map((mode) => [mode, { done: 0, busy: 0 }])) as CheckpointStats['counts'];
  private last: CheckpointStats['last'];
  private stop!: () => void;
  /** Resolves when the thread is gone (closed, or failed and replaced by the connection's own checkpoints). */
  readonly stopped = new Promise<void>((resolve) => (this.stop = resolve));

  constructor(
    private readonly db: Db,
    options: {
      nativeBinding?: string;
      intervalMs?: number;
      busyIntervalMs?: number;
      restartBytes?: number;
      sizeLimitBytes?: number;
      /** How long a RESTART or TRUNCATE waits for a commit or a reader under way before it tries again next round. */
      busyTimeoutMs?: number;
      logger: Logger;
    },
  ) {
    super();
    db.pragma('wal_autocheckpoint = 0');
    // The connection that commits is the one that cuts the file back when the WAL starts over.
    db.pragma(`journal_size_limit = ${options.sizeLimitBytes ?? WAL_SIZE_LIMIT_BYTES}`);
    this.client = new ThreadClient({
      name: 'the checkpoint thread',
      entry: 'checkpoint-worker',
      workerData: {
        file: db.name,
        nativeBinding: options.nativeBinding,
        intervalMs: options.intervalMs ?? 500,
        busyIntervalMs: Math.min(options.busyIntervalMs ?? 100, options.intervalMs ?? 500),
        restartBytes: options.restartBytes ?? WAL_RESTART_BYTES,
        sizeLimitBytes: options.sizeLimitBytes ?? WAL_SIZE_LIMIT_BYTES,
        busyTimeoutMs: options.busyTimeoutMs ?? 100,
      } satisfies CheckpointWorkerData,
      logger: options.logger,
      // Rounds of its own timer that did something.
      onEvent: (message) => {
        const { round } = message as Partial<CheckpointRoundEvent>;
        if (round) this.record(round);
      },
      // Failure policy: the connection checkpoints itself again, so the WAL never grows without bound.
      onDeath: (reason) => {
        this.fallenBack = true;
        options.logger.error('the checkpoint thread stopped; the station checkpoints on its own connection again', { reason });
        if (this.db.open) this.db.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
        this.stop();
      },
      // It closes its own connection; never terminated in the middle of a checkpoint.
      farewell: { close: true },
    });
    // Unlike the other threads it starts at once: it works on its own timer.
    this.started = this.client.warm();
    this.started.catch(() => undefined);
  }

  /** Resolves once the thread runs its timer (rejects if it could not start: the connection checkpoints itself then). */
  ready(): Promise<void> {
    return this.started;
  }

  /** One round now (besides the timer's), or one checkpoint of the given mode; resolves with the last checkpoint it ran. */
  async checkpointNow(mode?: CheckpointMode): Promise<CheckpointResult> {
    if (this.fallenBack) {
      // The call starts a new thread: the connection leaves checkpoints to it again.
      this.fallenBack = false;
      this.db.pragma('wal_autocheckpoint = 0');
    }
    const results = await this.client.call({ mode: mode?.toUpperCase() as CheckpointRequest['mode'] });
    this.record(results);
    return results[results.length - 1]!;
  }

  stats(): CheckpointStats {
    return { counts: structuredClone(this.counts), last: this.last && { ...this.last } };
  }

  /** The WAL file's size now (0 when there is none). */
  walBytes(): number {
    try {
      return statSync(`${this.db.name}-wal`).size;
    } catch {
      return 0;
    }
  }

  /** Stops the thread and closes its connection; the station's own close then checkpoints last. */
  async close(): Promise<void> {
    await this.client.close();
    this.stop();
  }

  private record(results: CheckpointResult[]): void {
    for (const result of results) {
      this.counts[result.mode][result.busy ? 'busy' : 'done']++;
      this.last = { ...result, at: new Date().toISOString() };
      this.emit('checkpoint', result);
    }
  }
}
