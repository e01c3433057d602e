import type { Logger } from '../logger';
import { ThreadClient, ThreadDeadlineError, ThreadDiedError } from '../threads/thread-client';

/** Limits on reading one carrier-label PDF (docs/api.md, Carrier labels). */
export const CARRIER_PDF_LIMITS = {
  /** Decoded bytes of one stream. */
  maxStreamBytes: 32 * 1024 * 1024,
  /** Decoded bytes of all of a label's streams. */
  maxLabelBytes: 64 * 1024 * 1024,
  /** Time to screen and parse one label. */
  checkDeadlineMs: 5_000,
  /** Time to merge one job's PDFs. */
  mergeDeadlineMs: 60_000,
  /** The thread's V8 heap. */
  heapMb: 256,
} as const;

/** A label's first page as laid out in points, or why it is refused. */
export type CarrierPdfCheck = { page: { width: number; height: number; rotation: number } } | { refused: string };

/** The thread's protocol (carrier-pdf-worker.ts imports these types). */
export type CarrierPdfRequest = { check: Uint8Array } | { merge: Uint8Array[] };
export type CarrierPdfWorkerData = Pick<typeof CARRIER_PDF_LIMITS, 'maxStreamBytes' | 'maxLabelBytes'>;

/**
 * Reads PDFs from outside on a thread of its own (carrier-pdf-worker.ts): each carrier label
 * when its order arrives (screened for filter chains and decompression bombs first, then
 * parsed), and the merge of a job's documents with its labels. The thread has a 256 MB heap
 * and each call a deadline: a label that passes either ends the thread, is refused, and the
 * next call starts a new one. Nothing of it runs on the event loop.
 */
export class CarrierPdfThread {
  private readonly client: ThreadClient<CarrierPdfRequest, unknown>;
  private readonly limits: typeof CARRIER_PDF_LIMITS;

  constructor(logger: Logger, limits: Partial<typeof CARRIER_PDF_LIMITS> = {}) {
    const { maxStreamBytes, maxLabelBytes, heapMb } = { ...CARRIER_PDF_LIMITS, ...limits };
    this.limits = { ...CARRIER_PDF_LIMITS, ...limits };
    this.client = new ThreadClient({
      name: 'the carrier-label PDF thread',
      entry: 'carrier-pdf-worker',
      workerData: { maxStreamBytes, maxLabelBytes } satisfies CarrierPdfWorkerData,
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32 },
      startTimeoutMs: 30_000,
      idleMs: 60_000,
      logger,
    });
  }

  /** Screens and parses one label; a label that breaks a limit (the thread's heap, the deadline) is refused, never thrown. */
  async check(bytes: Uint8Array): Promise<CarrierPdfCheck> {
    // A label read beside one that ended the thread dies with it: it is read once more, alone
    // on a new thread, before its own death counts against it.
    for (let attempt = 1; ; attempt++) {
      try {
        return (await this.client.call({ check: bytes }, { deadlineMs: this.limits.checkDeadlineMs })) as CarrierPdfCheck;
      } catch (error) {
        if (error instanceof ThreadDeadlineError) return { refused: `reading it took longer than ${this.limits.checkDeadlineMs / 1000} s` };
        if (!(error instanceof ThreadDiedError)) throw error;
        if (attempt === 2) return { refused: 'reading it took more memory than a label may' };
      }
    }
  }

  /** The PDFs one after the other as one PDF. */
  async merge(parts: Uint8Array[]): Promise<Uint8Array> {
    return (await this.client.call({ merge: parts }, { deadlineMs: this.limits.mergeDeadlineMs })) as Uint8Array;
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
