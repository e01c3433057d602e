/** What a flow script saw, for the test to check: the same for every generated client. */
export interface FlowSummary {
  teamId: string;
  orderId: string;
  updatedInPlace: boolean;
  statusByKey: string;
  printerNames: string[];
  documentTags: string[];
  pdfHead: string;
  printOneStatuses: string[];
  printByFiltersStatuses: string[];
  /** Under strict=true, the batch results a StrictPrintFailure carries, typed. */
  strictFailureCodes: string[];
  mixedSelectorsRefused: number;
  merchantNames: string[];
  merchantOrderStatus: number;
}

/** The contract's example order, in three scripts. */
export const flowOrder = (sourceId: string) => ({
  sourceId,
  order: {
    orderNumber: `#${sourceId}`,
    orderDate: '2026-11-01T10:00:00Z',
    customer: { firstName: 'Анна', lastName: '山田', email: 'anna@example.com' },
    shippingAddress: { firstName: 'Анна', lastName: '山田', address1: 'רחוב הרצל 1', city: '東京', postalCode: '100-0001', country: 'JP' },
    lineItems: [{ name: 'Чайник 茶壶', quantity: 1, sku: 'KETTLE-1', price: { amount: 25, currency: 'EUR' } }],
    tags: [{ label: 'client-flow' }],
  },
});

/** The reason codes of the batch results a strict failure carries (after the flow narrowed it by `'results' in`). */
export const reasonCodes = (results: { orders: { reasons?: { code: string }[] }[] }[]): string[] =>
  results.flatMap((result) => result.orders.flatMap((order) => (order.reasons ?? []).map((reason) => reason.code)));

/**
 * Both `orderIds` and `excludeIds`: a type error in a generated client (`excludeIds?: never` in
 * openapi-typescript's), so sent by plain fetch, without a cast. The station's status.
 */
export async function postMixedSelectors(baseUrl: string, key: string, orderId: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/orders/print`, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ orderIds: [orderId], excludeIds: [orderId] }),
  });
  return response.status;
}
