import { z } from 'zod';
import type { Logger } from '../../foundations/logger';
import { FairTurns } from '../../foundations/threads/fair-turns';
import { ProcessClient } from '../../foundations/threads/process-client';
import { ThreadClient, ThreadDeadlineError, ThreadDiedError } from '../../foundations/threads/thread-client';
import { CARRIER_PDF_LIMITS, type CarrierPdfCheck, type CarrierPdfLimits } from './carrier-pdf-limits';

export { CARRIER_PDF_LIMITS, type CarrierPdfCheck } from './carrier-pdf-limits';

/** Two readers: one team's slow labels hold one of them at most while other teams' labels are read. */
const READERS = 2;

/**
 * What a reader may answer, checked before the station uses it: the reader reads hostile
 * bytes, and an answer of another shape (a reader made to say something else) is a refusal.
 */
export const readerAnswer = z.union([
  z.strictObject({ refused: z.string().max(2000) }),
  z.strictObject({ page: z.strictObject({ width: z.number().positive().finite(), height: z.number().positive().finite(), rotation: z.number().finite() }), pages: z.number().int().min(1), pdf: z.instanceof(Uint8Array) }),
]);

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
  private readonly readers: Array<ProcessClient<{ check: Uint8Array }, unknown>>;
  /** Labels take turns by team across the readers (one team's ten slow labels queue no one else's). */
  private readonly turns: FairTurns<ProcessClient<{ check: Uint8Array }, unknown>>;
  private readonly merger: ThreadClient<{ merge: Uint8Array[] }, Uint8Array>;
  private readonly limits: CarrierPdfLimits;

  constructor(logger: Logger, limits: Partial<CarrierPdfLimits> = {}) {
    this.limits = { ...CARRIER_PDF_LIMITS, ...limits };
    this.readers = Array.from(
      { length: READERS },
      (_, index) =>
        new ProcessClient<{ check: Uint8Array }, unknown>({
          name: `the carrier-label PDF reader ${index + 1}`,
          entry: 'carrier-pdf-reader',
          memoryMb: this.limits.readerMemoryMb,
          cpuSeconds: this.limits.readerCpuSeconds,
          idleMs: 60_000,
          logger,
        }),
    );
    this.turns = new FairTurns(this.readers);
    this.merger = new ThreadClient({
      name: 'the PDF merge thread',
      entry: 'pdf-merge-worker',
      resourceLimits: { maxOldGenerationSizeMb: this.limits.mergeHeapMb, maxYoungGenerationSizeMb: 32 },
      startTimeoutMs: 30_000,
      idleMs: 60_000,
      logger,
    });
  }

  /** The readers' process ids while they run (tests watch one die alone). */
  get readerPids(): number[] {
    return this.readers.map((reader) => reader.pid).filter((pid): pid is number => pid !== undefined);
  }

  /**
   * Reads one label and writes it anew; a label that breaks a limit is refused, never thrown.
   * `team`: whose label it is, for the readers' turns.
   */
  check(bytes: Uint8Array, team = 'station'): Promise<CarrierPdfCheck> {
    return this.turns.run(team, (reader) => this.read(reader, bytes));
  }

  private async read(reader: ProcessClient<{ check: Uint8Array }, unknown>, bytes: Uint8Array): Promise<CarrierPdfCheck> {
    // A label sent as the reader retired (or died of another label) is read once more by a
    // new reader before its own death counts against it.
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = readerAnswer.safeParse(await reader.call({ check: bytes }, { deadlineMs: this.limits.checkDeadlineMs }));
        return answer.success ? answer.data : { refused: 'the reader’s answer was not a label' };
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
    await Promise.all([...this.readers.map((reader) => reader.close()), this.merger.close()]);
  }
}
