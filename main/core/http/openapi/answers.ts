import { z } from 'zod';
import { addressSchema, customerSchema, lineItemSchema, ORDER_STATUSES, overridesSchema, priceSchema } from '../../features/orders/schema';
import { LINK_TYPES, MANUAL_SOURCES } from '../../features/links/schema';
import { TEAM_STATUSES, TEAM_TYPES } from '../../features/teams/store';
import { MEMBER_ROLES } from '../../features/teams/people-store';
import { timestamp } from '../../foundations/answer-pieces';
import { printBatchResultAnswer } from '../../features/printing/requests/answers';

/**
 * What the API answers, as zod schemas. The routes build these objects by hand; the OpenAPI
 * document describes them from here, and the API tests check every answer they receive
 * against that document, so a field added or renamed in code without a line here fails a test.
 * Objects are strict (no undocumented fields); echoed order data uses the request's schemas.
 * Their names in the document's `components` are given in `document.ts`.
 */

export const errorAnswer = z
  .strictObject({
    error: z.strictObject({
      code: z.string().describe('Stable, machine-readable: see docs/api.md'),
      message: z.string().describe('For people'),
      details: z.array(z.strictObject({ path: z.string(), message: z.string() })).optional(),
      requestId: z.string().optional().describe('5xx only: the id of the station log line'),
    }),
  });

export const tagAnswer = z.strictObject({ id: z.string(), label: z.string(), color: z.string() });

export const orderAnswer = z
  .strictObject({
    id: z.uuid(),
    orderKeys: z.array(z.string()),
    orderNumber: z.string(),
    orderDate: timestamp,
    status: z.enum(ORDER_STATUSES),
    note: z.string().optional(),
    customer: customerSchema.optional(),
    shippingAddress: addressSchema.optional(),
    billingAddress: addressSchema.optional(),
    lineItems: z.array(lineItemSchema),
    orderTotal: priceSchema.optional(),
    tags: z.array(tagAnswer),
    variables: z.record(z.string(), z.unknown()).optional(),
    overrides: overridesSchema.optional(),
    createdAt: timestamp,
    updatedAt: timestamp,
  });

/** POST /api/orders: the order as stored, and (a station addition, optional for clients) the fields it ignored. */
export const orderCreatedAnswer = orderAnswer.extend({
  warnings: z
    .array(z.strictObject({ path: z.string(), message: z.string() }))
    .max(20)
    .optional()
    .meta({
      description:
        'Present only when the body carried fields the API does not know (they are ignored, as the contract says): each with its path from the body’s root (`order.customer.name`) and why. At most 20; the last then says how many more. A station addition: clients may ignore it.',
    }),
});

export const orderStatusAnswer = z
  .strictObject({ id: z.uuid(), order_keys: z.array(z.string()), status: z.enum(ORDER_STATUSES), created_at: timestamp, updated_at: timestamp });

// A print request's answer is the print requests room's own (features/printing/requests/answers.ts).
export { printBatchResultAnswer };

export const strictPrintFailureAnswer = z
  .strictObject({
    error: z.strictObject({
      code: z.literal('print_failed'),
      message: z.string(),
      details: z.array(z.strictObject({ path: z.string(), message: z.string() })).optional(),
      results: z.array(printBatchResultAnswer).describe('The batch results that could not print'),
    }),
  });

// The printer resource is the printers feature's own (features/printers/answers.ts).
export { printerAnswer } from '../../features/printers/answers';

const pointAnswer = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('app'), app: z.string() }),
  z.strictObject({ type: z.literal('manual'), source: z.enum(MANUAL_SOURCES) }),
  z.strictObject({ type: z.literal('custom'), key: z.string() }),
]);

export const linkAnswer = z
  .strictObject({
    id: z.string(),
    teamId: z.string(),
    type: z.enum(LINK_TYPES),
    source: pointAnswer,
    target: pointAnswer,
    resolver: z.string(),
    condition: z.string().nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    suspended: z.strictObject({ at: timestamp, reason: z.string().nullable() }).nullable(),
  });

export const linkErrorAnswer = z
  .strictObject({ id: z.number().int(), linkId: z.string(), stage: z.enum(['condition', 'resolver']), source: z.string(), sourceId: z.string(), message: z.string(), at: timestamp });

export const linkDeletedAnswer = z.strictObject({ success: z.literal(true), id: z.string() });

export const identityAnswer = z
  .strictObject({ authMethod: z.literal('api-key'), teamId: z.string(), teamSlug: z.string(), version: z.string() });

export const appValidAnswer = z.strictObject({ valid: z.boolean() });

export const teamAnswer = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    type: z.enum(TEAM_TYPES),
    parent_team_id: z.string().nullable(),
    status: z.enum(TEAM_STATUSES).describe('A merchant is onboarding until a 3PL takes it live; other teams are live'),
    locale: z.string().nullable(),
    went_live_at: timestamp.optional(),
    went_live_by: z.string().nullable().optional(),
    created_at: timestamp,
    updated_at: timestamp,
  });

export const merchantAnswer = teamAnswer
  .extend({
    account_manager_user_id: z.string().nullable(),
    orderCount: z.number().int(),
    onboarding: z.strictObject({ total: z.number(), completed: z.number(), openThreePlTasks: z.number(), openMerchantTasks: z.number() }),
  });

export const merchantCreatedAnswer = z.strictObject({ team: teamAnswer, invitationSent: z.boolean() });
export const invitationSentAnswer = z.strictObject({ invitationSent: z.boolean() });

export const memberAnswer = z
  .strictObject({ userId: z.string(), name: z.string().nullable(), email: z.string().nullable(), role: z.enum(MEMBER_ROLES).describe('What the member may do in the team: admin, operator (prints) or viewer (reads)'), joinedAt: timestamp });

export { documentAnswer } from '../../features/documents/answers';
