import { z } from 'zod';
import { PAPER_NAMES } from './paper';

const tagSchema = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(100)
  .regex(/^[a-z0-9][a-z0-9._-]*$/i, 'Letters, digits, dots, dashes and underscores');

const mm = z.number().finite().min(0).max(2000);

/** A named size (`A4`, `Letter`, `4x6in`…) or a custom size in millimetres. */
export const paperInputSchema = z.union([
  z.enum(PAPER_NAMES as [string, ...string[]], `One of ${PAPER_NAMES.join(', ')}, or {widthMm, heightMm}`),
  z.object({ widthMm: z.number().finite().min(10).max(2000), heightMm: z.number().finite().min(10).max(5000) }),
]);

const marginsSchema = z.union([
  mm.transform((value) => ({ top: value, right: value, bottom: value, left: value })),
  z.object({ top: mm, right: mm, bottom: mm, left: mm }),
]);

export const templateCreateSchema = z.object({
  name: z.string().trim().min(1, 'Required').max(200),
  tag: tagSchema,
  paper: paperInputSchema.default('A4'),
  orientation: z.enum(['portrait', 'landscape']).default('portrait'),
  marginsMm: marginsSchema.prefault(10),
  body: z.string().max(500_000),
  /** `zpl`: Liquid producing ZPL for a thermal label printer, printed raw (never through Chromium). Fixed at creation. */
  kind: z.enum(['html', 'zpl']).default('html'),
  /** Makes this template the team's override of a base template (its own or its 3PL parent's). */
  overridesTemplateId: z.string().max(100).nullish(),
  /** A ZPL template whose output may hold printer commands (`~JR`, `^JUS`, …): not held to the ZPL policy. */
  printerCommandsAllowed: z.boolean().default(false),
});
export type TemplateCreate = z.infer<typeof templateCreateSchema>;

export const templateUpdateSchema = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  tag: tagSchema.optional(),
  paper: paperInputSchema.optional(),
  orientation: z.enum(['portrait', 'landscape']).optional(),
  marginsMm: marginsSchema.optional(),
  body: z.string().max(500_000).optional(),
  overridesTemplateId: z.string().max(100).nullish(),
  printerCommandsAllowed: z.boolean().optional(),
});
export type TemplateUpdate = z.infer<typeof templateUpdateSchema>;

/** A flow condition: one test, or `all` / `any` / `not` combining others. */
export type Condition =
  | { tagIs: string }
  | { sourceIs: string }
  | { countryIs: string | string[] }
  | { skuMatches: string }
  | { totalAbove: number | { amount: number; currency: string } }
  | { variableEquals: { name: string; value: string | number | boolean | null } }
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition };

const short = z.string().trim().min(1).max(200);

export const conditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z.strictObject({ tagIs: short }),
    z.strictObject({ sourceIs: short }),
    z.strictObject({ countryIs: z.union([short, z.array(short).min(1).max(300)]) }),
    z.strictObject({ skuMatches: short }),
    z.strictObject({
      totalAbove: z.union([
        z.number().finite(),
        z.object({ amount: z.number().finite(), currency: z.string().regex(/^[A-Za-z]{3}$/).transform((c) => c.toUpperCase()) }),
      ]),
    }),
    z.strictObject({ variableEquals: z.object({ name: short, value: z.union([z.string(), z.number(), z.boolean(), z.null()]) }) }),
    z.strictObject({ all: z.array(conditionSchema).max(50) }),
    z.strictObject({ any: z.array(conditionSchema).max(50) }),
    z.strictObject({ not: conditionSchema }),
  ]),
);

export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('addDocument'), templateId: z.string().min(1).max(200), tag: tagSchema.optional() }),
  z.object({ type: z.literal('ignoreOrder') }),
]);
export type FlowAction = z.infer<typeof actionSchema>;

export const ruleSchema = z.object({
  name: z.string().trim().max(200).optional(),
  /** Absent: the rule applies to every order. */
  when: conditionSchema.optional(),
  actions: z.array(actionSchema).min(1).max(20),
  /** Stop evaluating later rules when this one matched. */
  stop: z.boolean().default(false),
});
export type FlowRule = z.infer<typeof ruleSchema>;

export const flowSchema = z.object({
  autoPrint: z.boolean(),
  rules: z.array(ruleSchema).max(100),
});
export type Flow = z.infer<typeof flowSchema>;
