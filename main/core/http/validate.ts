import type { z } from 'zod';
import { validationFailed } from './errors';

/** Parses untrusted input against a schema, or throws the contract's 400. */
export function validate<S extends z.ZodType>(schema: S, input: unknown, message?: string): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationFailed(result.error, message);
  return result.data;
}
