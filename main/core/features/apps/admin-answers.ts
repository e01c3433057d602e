import { z } from 'zod';

/** What the dashboard's source-app operations answer (routes.ts), as zod. */
export const sourceAppAnswer = z.strictObject({ id: z.string(), teamId: z.string(), name: z.string(), active: z.boolean(), createdAt: z.string(), updatedAt: z.string() });
