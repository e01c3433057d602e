/**
 * Cell readers for CSV imports: the ways shop exports and spreadsheets write timestamps,
 * amounts, names and postal codes, turned into what the order schema takes.
 */

// `2024-05-01 10:15:23 +0200` (Shopify), `2024-05-01 10:15`, `2024-05-01T10:15:23Z`…
const SPACED_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2})?$/i;

/**
 * A timestamp as the schema reads it (ISO 8601). Shopify writes a space before the time and
 * before an offset without a colon; anything not recognised is passed on unchanged, so the
 * schema's own message reaches the operator.
 */
export function isoFromExportTimestamp(value: string): string {
  const match = SPACED_TIMESTAMP.exec(value.trim());
  if (!match) return value;
  const [, date, time, zone] = match;
  const seconds = time!.length === 5 ? `${time}:00` : time;
  if (!zone) return `${date}T${seconds}`;
  const upper = zone.toUpperCase();
  if (upper === 'Z' || upper === 'UTC' || upper === 'GMT') return `${date}T${seconds}Z`;
  const offset = zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  return `${date}T${seconds}${offset}`;
}

/**
 * An amount as written in an export: `9.50`, `1,234.50`, `1.234,50`, `€ 9,50`, `-5.00`.
 * NaN when it is not one.
 */
export function parseAmount(value: string): number {
  let digits = value.replace(/[^0-9.,-]/g, '');
  const lastComma = digits.lastIndexOf(',');
  const lastDot = digits.lastIndexOf('.');
  // The separator written last is the decimal one; the other groups thousands.
  if (lastComma > lastDot) digits = digits.replace(/\./g, '').replace(',', '.');
  else digits = digits.replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(digits)) return Number.NaN;
  return Number(digits);
}

/**
 * Spreadsheet guards: Shopify writes `'02134` so that a spreadsheet keeps the leading zero;
 * the apostrophe is not part of the code.
 */
export function unguarded(value: string): string {
  return value.startsWith("'") ? value.slice(1) : value;
}

// Lower-case particles that begin a family name: "Ludwig van Beethoven", "María de la Cruz".
const SURNAME_PARTICLES = new Set(['van', 'von', 'de', 'del', 'della', 'der', 'den', 'da', 'di', 'du', 'dos', 'das', 'la', 'le', 'ten', 'ter', 'bin', 'al', 'el', 'zu']);

/**
 * A full name ("Shipping Name") into first and last name: the last word is the family name,
 * with any particles before it; a name of one word (or one run of CJK characters, which are
 * written without spaces) is kept whole as the first name, so it prints as written.
 */
export function splitFullName(full: string): { firstName?: string; lastName?: string } {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return {};
  if (words.length === 1) return { firstName: words[0] };
  let start = words.length - 1;
  while (start > 1 && SURNAME_PARTICLES.has(words[start - 1]!)) start--;
  return { firstName: words.slice(0, start).join(' '), lastName: words.slice(start).join(' ') };
}
