import { z } from 'zod';
import { timestamp } from '../../foundations/answer-pieces';
import { tagRouteAnswer } from './requests/answers';

/**
 * What the dashboard's printing operations answer (admin-routes.ts), as zod: the dashboard
 * API's description (`GET /admin/api/openapi.json`) is built from these, and the tests check
 * every answer they receive against it. A printer is the API's printer resource (the
 * description takes it from the public API's answers).
 */
const reason = z.strictObject({ code: z.string(), message: z.string(), documentId: z.string().optional(), tag: z.string().optional() });

export const testPageAnswer = z.strictObject({ printerId: z.string(), osJobId: z.string() });


export const routingAnswer = z.strictObject({
  teamId: z.string(),
  defaultPrinterId: z.string().nullable(),
  effectiveDefaultPrinterId: z.string(),
  routes: z.array(tagRouteAnswer),
});

/** A document tag the flows of the caller's teams make, and which of those teams make it. */
export const documentTagAnswer = z.strictObject({ tag: z.string(), teams: z.array(z.strictObject({ id: z.string(), name: z.string() })) });

export const defaultPrinterAnswer = z.strictObject({ teamId: z.string(), defaultPrinterId: z.string().nullable() });

/** A saved rule, with what its printer cannot print when saved anyway. */
export const savedRouteAnswer = tagRouteAnswer.extend({ warnings: z.array(z.strictObject({ path: z.string(), message: z.string() })) });

export const successAnswer = z.strictObject({ success: z.literal(true) });

export const jobAnswer = z.strictObject({
  id: z.string(),
  batchId: z.string(),
  printerId: z.string(),
  plannedPrinterId: z.string(),
  fallbackPrinterIds: z.array(z.string()),
  failover: z.string().nullable(),
  tray: z.string().nullable(),
  paper: z.looseObject({ name: z.string(), widthMm: z.number(), heightMm: z.number() }).describe('The paper it prints on, as planned (with its margins, orientation and the print system’s media name)'),
  fitToPage: z.boolean(),
  copies: z.number().int(),
  state: z.enum(['queued', 'rendering', 'submitting', 'submitted', 'done', 'unknown', 'failed']),
  awaitingDecision: z.boolean().describe('A failed job that may have printed: print it again (retry) or count it as printed'),
  attempts: z.number().int(),
  nextAttemptAt: timestamp.nullable(),
  osJobId: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  renderedAt: timestamp.nullable().describe('Its content was ready: rendered, or found rendered ahead'),
  submittedAt: timestamp.nullable().describe('The print system took it'),
  printingAt: timestamp.nullable().describe('The print system first said it was printing it (null if it never said so before it was done)'),
  finishedAt: timestamp.nullable(),
  chunk: z.strictObject({ index: z.number().int(), count: z.number().int() }).nullable(),
  printedCopy: z.strictObject({ format: z.enum(['pdf', 'raw']), bytes: z.number().int() }).nullable(),
  reprintOf: z.string().nullable(),
});

export const jobDetailAnswer = jobAnswer.extend({
  documents: z.array(z.strictObject({ documentId: z.string(), orderId: z.string(), templateId: z.string().nullable() })),
});

const batchOrder = z.looseObject({ id: z.string(), orderKeys: z.array(z.string()).optional(), reasons: z.array(reason).optional(), orderNumber: z.string().nullable() });

/** Who did it: a person, the station admin's own session, an API key, or the station itself; null before people were recorded. */
export const actorAnswer = z.strictObject({ kind: z.enum(['person', 'station-admin', 'key', 'station']), id: z.string().nullable(), name: z.string() });

export const batchAnswer = z.strictObject({
  id: z.string(),
  requestId: z.string(),
  name: z.string(),
  ref: z.string().nullable(),
  trigger: z.string(),
  state: z.enum(['queued', 'printing', 'done', 'failed']),
  team: z.strictObject({ authId: z.string() }),
  printerId: z.string().nullable(),
  orders: z.array(batchOrder),
  createdAt: timestamp,
  updatedAt: timestamp,
  jobs: z.array(jobAnswer),
  requestedBy: actorAnswer.nullable(),
  /** The bench the batch was asked for at, or null. */
  benchId: z.string().nullable(),
});

export const refusalAnswer = z.strictObject({
  id: z.string(),
  severity: z.enum(['warning', 'error']),
  reason: z.string(),
  createdAt: timestamp,
  orders: z.array(z.strictObject({ id: z.string(), orderKeys: z.array(z.string()), reasons: z.array(reason), orderNumber: z.string().nullable() })),
});

export const printRequestAnswer = z.strictObject({
  requestId: z.string(),
  title: z.string(),
  trigger: z.string(),
  state: z.enum(['failed', 'waiting', 'printing', 'done', 'refused']),
  createdAt: timestamp,
  teamIds: z.array(z.string()),
  orderCount: z.number().int(),
  /** Who asked for the print (its first batch's, or its refusal's when nothing printed: null then). */
  requestedBy: actorAnswer.nullable(),
  batches: z.array(batchAnswer),
  refused: z.array(refusalAnswer),
});
