import type { z } from 'zod';
import { validationFailed } from './errors';

/**
 * A missing field says "Required" rather than zod's "Invalid input: expected string,
 * received undefined"; every other message is the schema's own.
 */
const missingIsRequired: z.core.$ZodErrorMap = (issue) =>
  (issue.code === 'invalid_type' || issue.code === 'invalid_union') && issue.input === undefined ? 'Required' : undefined;

/** Parses untrusted input against a schema, or throws the contract's 400. */
export function validate<S extends z.ZodType>(schema: S, input: unknown, message?: string): z.infer<S> {
  const result = schema.safeParse(input, { error: missingIsRequired });
  if (!result.success) throw validationFailed(result.error, message);
  return result.data;
}
