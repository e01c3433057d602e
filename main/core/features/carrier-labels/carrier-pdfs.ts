import type { Logger } from '../../foundations/logger';
import { ProcessClient } from '../../foundations/threads/process-client';
import { ThreadClient, ThreadDeadlineError, ThreadDiedError } from '../../foundations/threads/thread-client';
import { CARRIER_PDF_LIMITS, type CarrierPdfCheck, type CarrierPdfLimits } from './carrier-pdf-limits';

export { CARRIER_PDF_LIMITS, type CarrierPdfCheck } from './carrier-pdf-limits';

/**
 * PDFs from outside, never on the event loop:
 * - each carrier label, when its order arrives, is read and written anew in the carrier-label
 *   PDF reader, a child process under OS limits (carrier-pdf-reader.ts): a label that ends the
 *   reader (its memory, its CPU) or passes its 5 s is refused, and the next label starts a new
 *   reader. The station's own memory does not move, whatever the bytes do.
 * - the merge of a job's rendered documents with its labels (already written anew, so
 *   checked) runs on the PDF merge thread (pdf-merge-worker.ts).
 */
export class CarrierPdfs {
  private readonly reader: ProcessClient<{ check: Uint8Array }, CarrierPdfCheck>;
  private readonly merger: ThreadClient<{ merge: Uint8Array[] }, Uint8Array>;
  private readonly limits: CarrierPdfLimits;

  constructor(logger: Logger, limits: Partial<CarrierPdfLimits> = {}) {
    this.limits = { ...CARRIER_PDF_LIMITS, ...limits };
    this.reader = new ProcessClient({
      name: 'the carrier-label PDF reader',
      entry: 'carrier-pdf-reader',
      memoryMb: this.limits.readerMemoryMb,
      cpuSeconds: this.limits.readerCpuSeconds,
      idleMs: 60_000,
      logger,
    });
    this.merger = new ThreadClient({
      name: 'the PDF merge thread',
      entry: 'pdf-merge-worker',
      resourceLimits: { maxOldGenerationSizeMb: this.limits.mergeHeapMb, maxYoungGenerationSizeMb: 32 },
      startTimeoutMs: 30_000,
      idleMs: 60_000,
      logger,
    });
  }

  /** The reader's process id while one runs (tests watch it die alone). */
  get readerPid(): number | undefined {
    return this.reader.pid;
  }

  /** Reads one label and writes it anew; a label that breaks a limit is refused, never thrown. */
  async check(bytes: Uint8Array): Promise<CarrierPdfCheck> {
    // A label sent as the reader retired (or died of another label) is read once more by a
    // new reader before its own death counts against it.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.reader.call({ check: bytes }, { deadlineMs: this.limits.checkDeadlineMs });
      } catch (error) {
        if (error instanceof ThreadDeadlineError) return { refused: `reading it took longer than ${this.limits.checkDeadlineMs / 1000} s` };
        if (!(error instanceof ThreadDiedError)) throw error;
        if (attempt === 2) return { refused: 'reading it took more memory than a label may' };
      }
    }
  }

  /** The PDFs one after the other as one PDF. */
  async merge(parts: Uint8Array[]): Promise<Uint8Array> {
    return this.merger.call({ merge: parts }, { deadlineMs: this.limits.mergeDeadlineMs });
  }

  async close(): Promise<void> {
    await Promise.all([this.reader.close(), this.merger.close()]);
  }
}
