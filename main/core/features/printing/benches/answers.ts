import { z } from 'zod';
import { timestamp } from '../../../foundations/answer-pieces';

/** What the bench operations answer, as zod; the service's types are these (benches.ts). */
export const benchAnswer = z.strictObject({
  id: z.string(),
  name: z.string(),
  createdAt: timestamp,
  routes: z.array(z.strictObject({ tag: z.string(), printerId: z.string(), tray: z.string().nullable() })),
  printers: z.array(z.strictObject({ id: z.string(), name: z.string(), status: z.string(), statusReason: z.string().nullable() })).describe('Its printers (those its routes name) and their health'),
  screens: z.number().describe('Screens paired to it'),
  signedIn: z.array(z.string()).describe('Who is signed in at its screens now (names)'),
});
/** What a bench is, as the dashboard and `station benches list` show it. */
export type BenchView = z.output<typeof benchAnswer>;

export const pairingCodeAnswer = z.strictObject({ code: z.string(), expiresAt: timestamp });
export const pairedScreenAnswer = z.strictObject({ benchToken: z.string(), bench: z.strictObject({ id: z.string(), name: z.string() }) });
export const screenAnswer = z.strictObject({ bench: benchAnswer.nullable() });
