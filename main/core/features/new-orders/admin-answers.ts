import { z } from 'zod';
import { CSV_FIELDS } from './csv-import';

/** What the CSV order operations answer (manual-orders.ts), as zod; an order typed by hand answers as `POST /api/orders` does. */

const format = z.enum(['shopify', 'generic']);

export const csvPreviewAnswer = z.strictObject({
  format,
  headers: z.array(z.string()),
  rows: z.array(z.array(z.string())).describe('The first rows, as read'),
  rowCount: z.number().int(),
  fields: z.array(z.enum(CSV_FIELDS)),
  suggestedMapping: z.partialRecord(z.enum(CSV_FIELDS), z.string()),
});

export const csvImportAnswer = z.strictObject({
  format,
  dryRun: z.boolean(),
  cancelled: z.boolean(),
  print: z.boolean(),
  summary: z.strictObject({ orders: z.number().int(), lineItems: z.number().int(), skipped: z.number().int(), new: z.number().int(), changed: z.number().int(), unchanged: z.number().int() }),
  orders: z.array(z.strictObject({ orderNumber: z.string(), rows: z.array(z.number().int()), outcome: z.enum(['new', 'changed', 'unchanged']), id: z.string().optional() })),
  problems: z.array(z.strictObject({ orderNumber: z.string().optional(), rows: z.array(z.number().int()), message: z.string() })),
});

export const csvCancelAnswer = z.strictObject({ cancelling: z.literal(true) });
