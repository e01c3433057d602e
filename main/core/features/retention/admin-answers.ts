import { z } from 'zod';
import { count } from '../../foundations/answer-pieces';

/** What Settings → Retention and disk's operations answer (routes.ts), as zod. */

export const retentionAnswer = z.strictObject({ printedPdfDays: count, finishedJobDays: count, sourcePayloadDays: count, orderDays: count.nullable() });

export const sweepAnswer = z.strictObject({
  idempotencyKeys: count,
  printedPdfs: count,
  jobs: count,
  batches: count,
  sourcePayloads: count,
  orders: count,
  webhookDeliveries: count,
  refusals: count.describe('Print requests refused at the door, kept as long as finished jobs'),
  activity: count.describe('Entries of the activity list (who did what), kept as long as finished jobs'),
});

const checkpointCounts = z.strictObject({ done: count, busy: count });

export const diskAnswer = z.strictObject({
  databaseBytes: count,
  walBytes: count,
  walBoundBytes: count,
  printedPdfs: z.strictObject({ files: count, bytes: count }),
  backups: z.strictObject({ files: count, bytes: count }),
  freeBytes: count.nullable(),
  /** The WAL checkpoint thread's counts and last run; null when checkpoints run on the connection. */
  checkpoints: z
    .object({
      counts: z.strictObject({ passive: checkpointCounts, restart: checkpointCounts, truncate: checkpointCounts }),
      last: z.strictObject({ mode: z.enum(['passive', 'restart', 'truncate']), busy: count, log: count, checkpointed: count, walBytes: count, ms: z.number(), at: z.string() }).optional(),
    })
    .nullable(),
});
