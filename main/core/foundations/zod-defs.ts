import type { z } from 'zod';

/**
 * What the station reads of a zod 4 schema's definition (`_zod.def`) to walk a value beside
 * its schema: the body's ignored fields (ignored-fields.ts), a parse's normalisation
 * (normalise-after-parse.ts).
 */
export interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  getter?: () => z.ZodType;
}

export const defOf = (schema: z.ZodType): ZodDef => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** Definitions that wrap one schema (`innerType`) whose value they take as it is. */
export const WRAPPER_TYPES: ReadonlySet<string> = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);
