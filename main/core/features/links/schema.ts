import { z } from 'zod';
import { isUuid, UUID_PATTERN } from '../../foundations/ids';

export const LINK_TYPES = ['order', 'product', 'customer'] as const;
export const MANUAL_SOURCES = ['api', 'web', 'csv'] as const;

/** The contract's three point shapes. */
export const pointSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('app'),
    // A pattern rather than a refinement, so the OpenAPI document says it (`UUID_PATTERN`).
    app: z
      .string()
      .regex(UUID_PATTERN, 'An app UUID')
      .transform((id) => id.toLowerCase()),
  }),
  z.object({ type: z.literal('manual'), source: z.enum(MANUAL_SOURCES) }),
  z.object({
    type: z.literal('custom'),
    key: z
      .string()
      .trim()
      .min(1, 'Must not be empty')
      .max(100, 'At most 100 characters')
      // Orders name these sources through the other shapes; one spelling per source keeps matching exact.
      .refine((key) => !(MANUAL_SOURCES as readonly string[]).includes(key), 'api, web and csv are manual sources: use {type: "manual"}')
      .refine((key) => !isUuid(key), 'A UUID names an app: use {type: "app"}'),
  }),
]);
export type Point = z.infer<typeof pointSchema>;

const expression = z.string().max(100_000);

export const createLinkSchema = z.object({
  type: z.enum(LINK_TYPES),
  source: pointSchema,
  target: pointSchema,
  resolver: expression,
  condition: expression.nullish(),
  /** 3PL keys only: the managed merchant that owns the link (as `targetTeamId` on orders). */
  targetTeamId: z.string().max(100).nullish(),
});
export type CreateLink = z.infer<typeof createLinkSchema>;

/** PUT: any subset; only sent fields change. `condition: null` removes the condition. */
export const updateLinkSchema = z.object({
  type: z.enum(LINK_TYPES).optional(),
  source: pointSchema.optional(),
  target: pointSchema.optional(),
  resolver: expression.optional(),
  condition: expression.nullish(),
  targetTeamId: z.string().max(100).nullish(),
});
export type UpdateLink = z.infer<typeof updateLinkSchema>;

export const listLinksQuerySchema = z.object({
  source: z.string().max(100).optional(),
  target: z.string().max(100).optional(),
  teamId: z.string().max(100).optional(),
});

export const linkErrorsQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).optional() });

/** The `source` value of orders that a point stands for. */
export function pointValue(point: Point): string {
  return point.type === 'app' ? point.app : point.type === 'manual' ? point.source : point.key;
}

export function pointFrom(type: Point['type'], value: string): Point {
  if (type === 'app') return { type, app: value };
  if (type === 'manual') return { type, source: value as (typeof MANUAL_SOURCES)[number] };
  return { type, key: value };
}
