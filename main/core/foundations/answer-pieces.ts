import { z } from 'zod';

/**
 * The pieces every answer schema (the public API's and the dashboard's) is made of, defined
 * once so that a moment or a count reads the same in every answer and every description.
 */
export const timestamp = z.string().describe('ISO 8601 timestamp (UTC, milliseconds)');
export const count = z.number().int();
