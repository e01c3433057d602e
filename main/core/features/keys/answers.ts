import { z } from 'zod';
import { timestamp } from '../../foundations/answer-pieces';

/** What the API key operations answer, as zod; the service's types are these (service.ts). */
export const apiKeyAnswer = z.strictObject({
  id: z.string(),
  teamId: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: timestamp,
  lastUsedAt: timestamp.nullable(),
  revokedAt: timestamp.nullable(),
});
export const listedApiKeyAnswer = apiKeyAnswer.extend({ teamName: z.string() });
/** A new key: its secret, shown this once (only its hash is kept). */
export const createdApiKeyAnswer = z.strictObject({ key: apiKeyAnswer, secret: z.string() });

/** A key as the dashboard and `station keys` show it: never its secret. */
export type ApiKeyView = z.output<typeof apiKeyAnswer>;
/** A key just made, with its full secret: shown once; only its hash is stored. */
export type CreatedKey = z.output<typeof createdApiKeyAnswer>;
