import { randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/** Without the i flag (a JSON Schema pattern has none): both cases spelt out. */
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

export const nowIso = (): string => new Date().toISOString();

/** A URL-safe slug from a display name: lower case, ASCII letters, digits and dashes. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'team';
}
