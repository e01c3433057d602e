import { EventEmitter } from 'node:events';
import { statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../logger';
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
 * WAL checkpoints on a thread of their own (checkpoint-worker.mjs). SQLite checkpoints on the
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
  private readonly worker: Worker;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (results: CheckpointResult[]) => void; reject: (error: Error) => void }>();
  private closing = false;
  private readonly counts = Object.fromEntries(CHECKPOINT_MODES.map((mode) => [mode, { done: 0, busy: 0 }])) as CheckpointStats['counts'];
  private last: CheckpointStats['last'];
  /** Resolves when the thread is gone (closed, or failed and replaced by the connection's own checkpoints). */
  readonly stopped: Promise<void>;

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
    this.worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
      workerData: {
        file: db.name,
        nativeBinding: options.nativeBinding,
        intervalMs: options.intervalMs ?? 500,
        busyIntervalMs: Math.min(options.busyIntervalMs ?? 100, options.intervalMs ?? 500),
        restartBytes: options.restartBytes ?? WAL_RESTART_BYTES,
        sizeLimitBytes: options.sizeLimitBytes ?? WAL_SIZE_LIMIT_BYTES,
        busyTimeoutMs: options.busyTimeoutMs ?? 100,
      },
    });
    // Never what keeps the station's process alive.
    this.worker.unref();
    this.worker.on('message', (message: { id?: number; round?: CheckpointResult[] }) => {
      if (message.round) this.record(message.round);
      if (message.id !== undefined) {
        this.waiting.get(message.id)?.resolve(message.round!);
        this.waiting.delete(message.id);
      }
    });
    this.stopped = new Promise<void>((resolve) => {
      let stopped = false;
      const fallBack = (reason: string) => {
        if (stopped) return;
        stopped = true;
        for (const { reject } of this.waiting.values()) reject(new Error(`the checkpoint thread stopped: ${reason}`));
        this.waiting.clear();
        if (!this.closing) {
          options.logger.error('the checkpoint thread stopped; the station checkpoints on its own connection again', { reason });
          if (this.db.open) this.db.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
        }
        resolve();
      };
      this.worker.once('error', (error) => fallBack(String(error)));
      this.worker.once('exit', (code) => fallBack(`exited with ${code}`));
    });
  }

  /** One round now (besides the timer's), or one checkpoint of the given mode; resolves with the last checkpoint it ran. */
  async checkpointNow(mode?: CheckpointMode): Promise<CheckpointResult> {
    const id = this.nextId++;
    const results = await new Promise<CheckpointResult[]>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, mode: mode?.toUpperCase() });
    });
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
    this.closing = true;
    // Held while it closes: with nothing else left, an unreferenced thread would let the
    // process exit before the station's close finished (exit code 13, an unsettled await).
    this.worker.ref();
    this.worker.postMessage({ close: true });
    await this.stopped;
  }

  private record(results: CheckpointResult[]): void {
    for (const result of results) {
      this.counts[result.mode][result.busy ? 'busy' : 'done']++;
      this.last = { ...result, at: new Date().toISOString() };
      this.emit('checkpoint', result);
    }
  }
}
