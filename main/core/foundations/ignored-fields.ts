import type { z } from 'zod';
import { defOf, WRAPPER_TYPES } from './zod-defs';

/**
 * The fields of a body that a schema drops. The contract says unknown fields are ignored and
 * its clients rely on it, so they are not refused; but an integrator who sends
 * `customer.name` or a misspelt `shipingAddress` should hear that the station did not take
 * them (`warnings` on `POST /api/orders`). Walks the body beside the schema: an object
 * schema that strips unknown keys names each key it does not know; loose objects and records
 * keep every key, so nothing under them is ignored.
 */
export interface IgnoredField {
  path: string;
  message: string;
}

/** At most this many warnings; the last one says how many more fields were ignored. */
export const MAX_WARNINGS = 20;

/** Names a person or a field might mean by a key the API does not have. */
const MEANT: Record<string, string> = {
  name: 'firstName and lastName',
  fullName: 'firstName and lastName',
  total: 'orderTotal',
  totalPrice: 'orderTotal',
  items: 'lineItems',
  lines: 'lineItems',
  address: 'address1',
  street: 'address1',
  zip: 'postalCode',
  postcode: 'postalCode',
  state: 'province',
  phoneNumber: 'phone',
  qty: 'quantity',
  notes: 'note',
  number: 'orderNumber',
};

/** The known key at most two edits away (a misspelling), if exactly one is. */
function nearest(key: string, known: string[]): string | undefined {
  const close = known.filter((candidate) => candidate !== key && editDistance(key.toLowerCase(), candidate.toLowerCase()) <= 2);
  return close.length === 1 ? close[0] : undefined;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

function messageFor(key: string, known: string[]): string {
  const meant = Object.hasOwn(MEANT, key) ? MEANT[key] : undefined;
  const close = nearest(key, known);
  const hint = meant && meant.split(' and ').every((name) => known.includes(name)) ? ` (the field is ${meant})` : close ? ` (did you mean ${close}?)` : '';
  return `Not a field of this object: ignored${hint}`;
}

/** `path` is one array, pushed and popped on the way (every order's body is walked: no copy per field). */
function walk(schema: z.ZodType, value: unknown, path: string[], found: IgnoredField[]): void {
  if (value === null || typeof value !== 'object') return;
  const def = defOf(schema);
  if (WRAPPER_TYPES.has(def.type)) return walk(def.innerType!, value, path, found);
  switch (def.type) {
    case 'pipe':
      return walk(def.in!, value, path, found);
    case 'lazy':
      return walk(def.getter!(), value, path, found);
    case 'union': {
      // The first option the value fits is the one the schema took.
      const option = def.options!.find((candidate) => candidate.safeParse(value).success);
      if (option) walk(option, value, path, found);
      return;
    }
    case 'array':
      if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index++) {
          path.push(String(index));
          walk(def.element!, value[index], path, found);
          path.pop();
        }
      }
      return;
    case 'object': {
      if (Array.isArray(value)) return;
      const shape = def.shape!;
      // A catchall (a loose object) keeps the keys it does not know.
      const strips = def.catchall === undefined;
      for (const [key, item] of Object.entries(value)) {
        // Own keys only: `__proto__`, `constructor` or `toString` in a body is a key like any other.
        path.push(key);
        if (Object.hasOwn(shape, key)) walk(shape[key]!, item, path, found);
        else if (strips) found.push({ path: path.join('.'), message: messageFor(key, Object.keys(shape)) });
        path.pop();
      }
      return;
    }
    default:
      // Records, scalars, unknown: every key kept, or nothing to walk.
      return;
  }
}

/**
 * The fields `schema` ignores in `body`, paths from the body's root; at most MAX_WARNINGS,
 * the last saying how many more there were. Empty when none was ignored.
 */
export function ignoredFields(schema: z.ZodType, body: unknown): IgnoredField[] {
  const found: IgnoredField[] = [];
  walk(schema, body, [], found);
  if (found.length <= MAX_WARNINGS) return found;
  const shown = found.slice(0, MAX_WARNINGS);
  const more = found.length - (MAX_WARNINGS - 1);
  shown[MAX_WARNINGS - 1] = { path: found[MAX_WARNINGS - 1]!.path, message: `${more} more fields were ignored, this one first; the first ${MAX_WARNINGS - 1} are listed above` };
  return shown;
}
