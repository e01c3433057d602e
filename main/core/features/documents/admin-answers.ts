import { z } from 'zod';
import { flowSchema } from './schema';
import { timestamp } from '../../foundations/answer-pieces';

/** What the dashboard's template, flow and document operations answer (admin-routes.ts), as zod. */

export const templateAnswer = z.strictObject({
  id: z.string(),
  teamId: z.string(),
  name: z.string(),
  tag: z.string(),
  paper: z.strictObject({ name: z.string(), widthMm: z.number(), heightMm: z.number() }),
  orientation: z.enum(['portrait', 'landscape']),
  marginsMm: z.strictObject({ top: z.number(), right: z.number(), bottom: z.number(), left: z.number() }),
  body: z.string(),
  kind: z.enum(['html', 'zpl']),
  version: z.number().int(),
  builtin: z.string().nullable(),
  overridesTemplateId: z.string().nullable(),
  printerCommandsAllowed: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** The editor's Test print: the job the print system took, for which order and template. */
export const templateTestPrintAnswer = z.strictObject({ printerId: z.string(), osJobId: z.string(), orderNumber: z.string(), template: z.string() });

export const flowAnswer = flowSchema.extend({ updatedAt: timestamp });
