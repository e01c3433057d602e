import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../logger';
import type { Db } from './open';

/** What one `PRAGMA wal_checkpoint(PASSIVE)` did: frames in the WAL, and how many are now in the database file. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

/** SQLite's own default: a checkpoint once the WAL holds 1,000 pages. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

/**
 * WAL checkpoints on a thread of their own (checkpoint-worker.mjs). SQLite checkpoints on the
 * connection that commits once the WAL passes 1,000 pages: on the station's event loop, with
 * an fsync of the WAL and one of the database file (20–280 ms each measured while a batch
 * printed). The station's connection stops doing so (`wal_autocheckpoint = 0`); the thread
 * checkpoints every `intervalMs`. Should the thread fail, the connection checkpoints itself
 * again as before, so the WAL never grows without bound.
 *
 * Emits 'checkpoint' (CheckpointResult) when a round moved pages.
 */
export class Checkpointer extends EventEmitter {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (result: CheckpointResult) => void; reject: (error: Error) => void }>();
  private closing = false;
  /** Resolves when the thread is gone (closed, or failed and replaced by the connection's own checkpoints). */
  readonly stopped: Promise<void>;

  constructor(
    private readonly db: Db,
    options: { nativeBinding?: string; intervalMs?: number; logger: Logger },
  ) {
    super();
    db.pragma('wal_autocheckpoint = 0');
    this.worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
      workerData: { file: db.name, nativeBinding: options.nativeBinding, intervalMs: options.intervalMs ?? 500 },
    });
    // Never what keeps the station's process alive.
    this.worker.unref();
    this.worker.on('message', (message: { id?: number; checkpoint?: CheckpointResult }) => {
      if (message.id !== undefined) {
        this.waiting.get(message.id)?.resolve(message.checkpoint!);
        this.waiting.delete(message.id);
      } else if (message.checkpoint) this.emit('checkpoint', message.checkpoint);
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

  /** One checkpoint round now (besides the timer's). */
  checkpointNow(): Promise<CheckpointResult> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id });
    });
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
}
