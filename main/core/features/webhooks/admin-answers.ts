import { z } from 'zod';
import { timestamp } from '../../foundations/answer-pieces';

/** What the dashboard's webhook operations answer (admin-routes.ts), as zod. */

export const webhookAnswer = z.strictObject({
  id: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  pending: z.number().int(),
  failed: z.number().int(),
  delivered: z.number().int(),
  lastDelivery: z.strictObject({ state: z.string(), at: timestamp.nullable(), status: z.number().int().nullable(), error: z.string().nullable() }).nullable(),
  createdAt: timestamp,
});

/** A new webhook, or a new secret: the signing secret, shown this once. */
export const webhookWithSecretAnswer = webhookAnswer.extend({ secret: z.string() });

export const webhookDeletedAnswer = z.strictObject({ success: z.literal(true), id: z.string() });

export const deliveryAnswer = z.strictObject({
  id: z.string(),
  event: z.string(),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  nextAttemptAt: timestamp.nullable(),
  lastAttemptAt: timestamp.nullable(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: timestamp,
  deliveredAt: timestamp.nullable(),
  payload: z.unknown(),
});
