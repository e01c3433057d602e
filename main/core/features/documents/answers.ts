import { z } from 'zod';
import { timestamp } from '../../foundations/answer-pieces';

/** A document's paper in millimetres, always portrait dimensions; `orientation` says how it is used. */
export const paperAnswer = z.strictObject({
  name: z.string().describe('Named size (`A4`, `Letter`, `A6`, `4x6in`, `62mm-roll`) or `custom`'),
  widthMm: z.number(),
  heightMm: z.number(),
  orientation: z.enum(['portrait', 'landscape']),
  marginsMm: z.strictObject({ top: z.number(), right: z.number(), bottom: z.number(), left: z.number() }),
});

/** One document of an order, as the team's flow built it: the public API's and the dashboard's answer (contract.ts types it). */
export const documentAnswer = z
  .strictObject({
    id: z.string(),
    orderId: z.string(),
    teamId: z.string(),
    tag: z.string().describe('e.g. `packing-slip`, `invoice`, `label`, `gift-note`'),
    templateId: z.string().describe('The base template'),
    templateOverrideId: z.string().nullable().describe("The team's override of the base template that was used, if any"),
    paper: paperAnswer,
    complete: z.boolean(),
    incompleteReason: z.string().nullable().describe('Why the document is incomplete (render error, missing template…); null when complete'),
    carrierLabel: z
      .strictObject({ index: z.number().int(), format: z.enum(['pdf', 'zpl']), name: z.string().nullable() })
      .nullable()
      .meta({ description: 'A carrier label the order carries (`order.variables.carrierLabels[index]`), printed as it is (templateId `carrier-label`); null for a document rendered from a template.' }),
    createdAt: timestamp,
    updatedAt: timestamp,
  });
