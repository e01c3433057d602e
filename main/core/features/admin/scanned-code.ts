/**
 * What a scanned or typed code means: the one order whose number is exactly it (a leading
 * `#` optional either way) or whose id it is, else nothing. Scanners send the number as
 * printed. Pure: the dashboard reads codes the same way (shared with renderer/).
 */
export function exactMatch<Order extends { id: string; orderNumber: string }>(code: string, candidates: readonly Order[]): Order | undefined {
  const wanted = code.trim().replace(/^#/, '').toLowerCase();
  if (!wanted) return undefined;
  const matches = candidates.filter((order) => order.orderNumber.replace(/^#/, '').toLowerCase() === wanted || order.id === code.trim());
  return matches.length === 1 ? matches[0] : undefined;
}

/** The order a scan means: its exact match among the search's results, or the only result. */
export function scannedOrder<Order extends { id: string; orderNumber: string }>(code: string, found: readonly Order[]): Order | undefined {
  return exactMatch(code, found) ?? (found.length === 1 ? found[0] : undefined);
}
