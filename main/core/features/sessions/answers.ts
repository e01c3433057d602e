import { z } from 'zod';
import { timestamp } from '../../foundations/answer-pieces';

/** What the session operations answer, as zod; the service's types are these (sessions.ts). */
export const sessionCreatedAnswer = z.strictObject({ sessionToken: z.string() });

export const sessionAnswer = z.strictObject({
  id: z.string(),
  label: z.string().describe('Where it was opened: `desktop window`, or the browser as `Chrome 131 on Linux`'),
  createdAt: timestamp,
  lastUsedAt: timestamp.nullable(),
  expiresAt: timestamp.describe('When it ends unless used before (idle) or at the latest (absolute)'),
  current: z.boolean(),
  person: z.strictObject({ id: z.string(), name: z.string() }).nullable().describe("Who signed in: a person's id and name, or null for the station admin's own session"),
});
export type SessionView = z.output<typeof sessionAnswer>;

export const sessionPolicyAnswer = z.strictObject({ idleHours: z.number(), absoluteHours: z.number(), benchIdleMinutes: z.number() });
