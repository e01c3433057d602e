import { z } from 'zod';

/**
 * What the dashboard's link operations answer beyond the API's link resource
 * (admin-routes.ts), as zod; the description adds these to the public link answers.
 */
export const linkErrorSummaryAnswer = z.strictObject({ count: z.number().int(), lastAt: z.string().nullable() });

/** A link run on a sample body, writing nothing: what each step gave. */
export const linkTrialAnswer = z.strictObject({
  sourceMatches: z.boolean(),
  condition: z.strictObject({ result: z.boolean().optional(), error: z.string().optional() }).optional(),
  resolver: z.strictObject({ resolvedId: z.string().optional(), error: z.string().optional() }).optional(),
  targetKey: z.string().optional(),
  heavyFault: z.enum(['timeout', 'memory', 'crash']).optional(),
  mergeInto: z.strictObject({ id: z.string(), orderKeys: z.array(z.string()) }).nullable(),
});
