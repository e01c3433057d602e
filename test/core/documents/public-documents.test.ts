import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytes, documentsStation, json, sampleOrder, type DocumentView } from './documents-harness';
import { pdfText } from './pdf-tools';

describe('GET /api/orders/{orderIdOrKey}/documents', () => {
  let s: Awaited<ReturnType<typeof documentsStation>>;
  let key: string;
  let otherKey: string;
  let order: { id: string; orderKeys: string[] };

  beforeAll(async () => {
    s = await documentsStation();
    key = s.team('Public Docs').key;
    otherKey = s.team('Someone Else').key;
    order = await json(await s.call('/api/orders', { key, json: sampleOrder('pub-1') }), 201);
  });
  afterAll(() => s.stop());

  it("lists the order's documents by id or by (encoded) key", async () => {
    const byId = await json<DocumentView[]>(await s.call(`/api/orders/${order.id}/documents`, { key }), 200);
    const byKey = await json<DocumentView[]>(await s.call(`/api/orders/${encodeURIComponent(order.orderKeys[0]!)}/documents`, { key }), 200);
    expect(byId.map((d) => d.tag)).toEqual(['packing-slip']);
    expect(byKey).toEqual(byId);
  });

  it('serves one document as a PDF', async () => {
    const [doc] = await json<DocumentView[]>(await s.call(`/api/orders/${order.id}/documents`, { key }), 200);
    const response = await s.call(`/api/orders/${order.id}/documents/${doc!.id}/pdf`, { key });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(pdfText(await bytes(response))).toContain('#pub-1');
  });

  it("another team's key gets 404, no key 401", async () => {
    expect((await s.call(`/api/orders/${order.id}/documents`, { key: otherKey })).status).toBe(404);
    expect((await s.call(`/api/orders/${order.id}/documents`)).status).toBe(401);
    const [doc] = await json<DocumentView[]>(await s.call(`/api/orders/${order.id}/documents`, { key }), 200);
    expect((await s.call(`/api/orders/${order.id}/documents/${doc!.id}/pdf`, { key: otherKey })).status).toBe(404);
  });
});
