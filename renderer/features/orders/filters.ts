import type { OrderFilter, OrderSummary } from './types';

/** The list's query string: empty fields are left out. */
export function filterQuery(filter: OrderFilter): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value.trim()) params.set(name, value.trim());
  return params.toString();
}

export const isFiltered = (filter: OrderFilter): boolean => Object.values(filter).some((value) => value.trim() !== '');

/**
 * What a scanned or typed code means: the one order whose number or key is exactly it
 * (a leading `#` optional either way), else nothing. Scanners send the number as printed.
 */
export function exactMatch(code: string, candidates: OrderSummary[], keysOf?: (order: OrderSummary) => string[]): OrderSummary | undefined {
  const wanted = code.trim().replace(/^#/, '').toLowerCase();
  if (!wanted) return undefined;
  const matches = candidates.filter(
    (order) =>
      order.orderNumber.replace(/^#/, '').toLowerCase() === wanted ||
      keysOf?.(order).some((key) => key.toLowerCase() === code.trim().toLowerCase()) ||
      order.id === code.trim(),
  );
  return matches.length === 1 ? matches[0] : undefined;
}

/** Pages of the list that cover rows `start..end` (inclusive). */
export function pagesFor(start: number, end: number, pageSize: number): number[] {
  if (end < start) return [];
  const pages: number[] = [];
  for (let page = Math.floor(start / pageSize); page <= Math.floor(end / pageSize); page++) pages.push(page);
  return pages;
}

/** How many orders the list holds, as the page's subtitle says it. */
export function ordersSubtitle(total: number | null, capped: boolean, filtered: boolean): string {
  if (total === null) return 'Loading…';
  if (capped) return `${total.toLocaleString()}+ matching orders, newest first · type more to narrow them down`;
  return `${total.toLocaleString()}${filtered ? ' matching' : ''} ${total === 1 ? 'order' : 'orders'} · new ones appear here as they arrive`;
}
