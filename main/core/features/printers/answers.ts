import { z } from 'zod';

/**
 * The printer resource, as `GET /api/printers` and the dashboard answer it: the one
 * description of its fields (the service's `PrinterResource` is this schema's output, so the
 * two cannot drift apart).
 */
export const printerAnswer = z
  .strictObject({
    id: z.string(),
    printerVendorId: z.string(),
    name: z.string(),
    nickname: z.string(),
    visible: z.boolean(),
    status: z.string().describe('`online`, `busy` (printing), `offline` (paused, refusing jobs, reporting an error, or not answering), `missing` (gone from the print system)'),
    statusReason: z.string().nullable().describe('Why it is not online, in words ("not answering since 16:04", "paused: Out for lunch"); null when nothing is wrong'),
    computer: z.strictObject({ id: z.string(), printerVendorId: z.string(), status: z.string(), nickname: z.string(), name: z.string() }),
    trays: z.array(z.string()),
    paperSizes: z.array(z.strictObject({ name: z.string(), width: z.string(), height: z.string() })),
    config: z.strictObject({ fitToPage: z.boolean(), tray: z.string().describe('The default tray; "" when the printer has none (the contract types it as a string)') }),
    layoutConfigs: z.array(z.unknown()),
    zpl: z
      .strictObject({ takesZpl: z.boolean(), detected: z.boolean(), setting: z.boolean().nullable() })
      .describe('A ZPL label printer: raw ZPL jobs (ZPL templates, carrier ZPL labels) go only to printers whose `takesZpl` is true (what the OS says of the queue, unless an admin set it)'),
  });

export type PrinterResource = z.output<typeof printerAnswer>;
