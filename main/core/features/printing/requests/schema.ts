import { z } from 'zod';
import { ORDER_STATUSES } from '../../orders/schema';

/** `\S`: the pattern form of "not blank once trimmed", so the OpenAPI document says it too. */
const ref = z.string().trim().min(1).max(200).regex(/\S/, 'Must not be blank');
const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).min(1).max(100)]);

/** Which documents a rule or a request applies to. Every key given must match. */
export const documentFiltersSchema = z.strictObject({
  'document.tag': oneOrMany(ref).optional(),
  'document.templateId': oneOrMany(ref).optional(),
  'document.templateOverrideId': oneOrMany(ref).optional(),
  /** The order carries at least one of these tag labels. */
  'order.tags': z.array(ref).max(100).optional(),
});
export type DocumentFilters = z.infer<typeof documentFiltersSchema>;

const overrideFields = {
  printer: ref.optional(),
  /** An extension of the contract: the bench (id or name) whose routing applies (docs/api/printers.md, Benches). */
  bench: ref.optional(),
  tray: ref.optional(),
  templateId: ref.optional(),
  /** Same as `templateId` (the name the order's own overrides use). */
  template: ref.optional(),
};

export const overrideEntrySchema = z.strictObject({ filters: documentFiltersSchema.optional(), ...overrideFields });
export type OverrideEntry = z.infer<typeof overrideEntrySchema>;

const isoDate = z.iso.datetime({ offset: true }).or(z.iso.date());

/** Selects orders of the caller's teams. Unknown keys are refused: a typo must not print everything. */
export const orderFiltersSchema = z.strictObject({
  'order.status': oneOrMany(z.enum(ORDER_STATUSES)).optional(),
  /** The order carries at least one of these tag labels. */
  'order.tags': z.array(ref).max(100).optional(),
  'order.source': oneOrMany(ref).optional(),
  /** Orders of one team (a 3PL key: one merchant); must be a team the key can reach. */
  'order.teamId': ref.optional(),
  'order.orderDateFrom': isoDate.optional(),
  'order.orderDateTo': isoDate.optional(),
  'order.createdFrom': isoDate.optional(),
  'order.createdTo': isoDate.optional(),
});
export type OrderFilters = z.infer<typeof orderFiltersSchema>;

export const SORT_FIELDS = ['orderDate', 'orderNumber', 'updatedAt', 'firstName', 'sku'] as const;

/** What a print request may say besides which orders: shared by both print endpoints. */
const printOptionFields = {
  name: z.string().trim().min(1).max(200).regex(/\S/, 'Must not be blank').optional(),
  ref: z.string().max(200).optional(),
  filters: documentFiltersSchema.optional(),
  overrides: z.union([z.strictObject(overrideFields), z.array(overrideEntrySchema).max(100)]).optional(),
  force: z.boolean().default(false),
  strict: z.boolean().optional(),
  sortBy: z.enum(SORT_FIELDS).optional(),
  sortDir: z.enum(['asc', 'desc']).default('asc'),
};

export const printRequestSchema = z
  .object({
    orderIds: z.array(z.string().min(1).max(500)).min(1).max(10_000).optional(),
    orderFilters: orderFiltersSchema.optional(),
    excludeIds: z.array(z.string().min(1).max(500)).max(10_000).optional(),
    ...printOptionFields,
  })
  .superRefine((body, ctx) => {
    if ((body.orderIds === undefined) === (body.orderFilters === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['orderIds'], message: 'Give exactly one of orderIds or orderFilters' });
    }
    // The contract pairs excludeIds with orderFilters; beside a list of ids it is a client's
    // mistake (which list is meant?), so it is refused rather than guessed at.
    if (body.orderIds !== undefined && body.excludeIds !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['excludeIds'], message: 'excludeIds goes with orderFilters; leave the ids out of orderIds instead' });
    }
  });
export type PrintRequest = z.infer<typeof printRequestSchema>;

/** The one-order endpoint: no selector, the order is in the path. */
export const printOneRequestSchema = z.object(printOptionFields);

/**
 * The contract's boolean `strict`, as a query string spells it: `true`/`false` (what generated
 * clients send for a boolean) or `1`/`0`. The document describes it as a boolean, default false.
 */
export const STRICT_SPELLINGS = ['true', 'false', '1', '0'] as const;
export const strictQuerySchema = z.object({
  strict: z.enum(STRICT_SPELLINGS).optional(),
});

export type { PrintBatchResult, ResultReason } from './answers';
