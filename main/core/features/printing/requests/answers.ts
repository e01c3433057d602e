import { z } from 'zod';
import { timestamp } from '../../../foundations/answer-pieces';

/** Why an order of a result could not print, by the document it names. */
export const resultReasonAnswer = z.strictObject({ code: z.string(), message: z.string(), documentId: z.string().optional(), tag: z.string().optional() });

/** One element of the array a print request answers. */
export const printBatchResultAnswer = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    status: z.enum(['pending', 'warning', 'error']),
    team: z.strictObject({ authId: z.string() }),
    printer: z.strictObject({ id: z.string(), name: z.string() }).optional(),
    orders: z.array(z.strictObject({ id: z.string(), orderKeys: z.array(z.string()), reasons: z.array(resultReasonAnswer).optional() })),
    reason: z.string().optional().describe('Non-pending results: why, in one sentence'),
    createdAt: timestamp,
    updatedAt: timestamp,
  });

export type PrintBatchResult = z.output<typeof printBatchResultAnswer>;
export type ResultReason = z.output<typeof resultReasonAnswer>;

/** A tag's route in a team's routing: its printer (and pool), tray and template. */
export const tagRouteAnswer = z.strictObject({
  tag: z.string(),
  printerId: z.string().nullable(),
  fallbackPrinterIds: z.array(z.string()).describe('The pool after `printerId`, in order: where a job goes when the ones before cannot take it'),
  tray: z.string().nullable(),
  template: z.string().nullable(),
});
export type TagRoute = z.output<typeof tagRouteAnswer>;
