import { z } from 'zod';
import { ORDER_STATUSES } from '../orders/schema';

const ref = z.string().trim().min(1).max(200);
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
  name: z.string().trim().min(1).max(200).optional(),
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
  });
export type PrintRequest = z.infer<typeof printRequestSchema>;

/** The one-order endpoint: no selector, the order is in the path. */
export const printOneRequestSchema = z.object(printOptionFields);

export const strictQuerySchema = z.object({
  strict: z.enum(['true', 'false', '1', '0']).optional(),
});

/** One element of the array a print request answers. */
export interface PrintBatchResult {
  id: string;
  name: string;
  status: 'pending' | 'warning' | 'error';
  team: { authId: string };
  printer?: { id: string; name: string };
  orders: { id: string; orderKeys: string[]; reasons?: ResultReason[] }[];
  /** Non-pending results: why, in one sentence. */
  reason?: string;
  createdAt: string;
  updatedAt: string;
}

export interface ResultReason {
  code: string;
  message: string;
  documentId?: string;
  tag?: string;
}
