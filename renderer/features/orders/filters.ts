import type { OrderFilter } from './types';

/** The list's query string: empty fields are left out. */
export function filterQuery(filter: OrderFilter): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value.trim()) params.set(name, value.trim());
  return params.toString();
}

export const isFiltered = (filter: OrderFilter): boolean => Object.values(filter).some((value) => value.trim() !== '');

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
