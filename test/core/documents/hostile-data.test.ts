import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytes, documentsStation, json, sampleOrder, type DocumentView, type TemplateView } from './documents-harness';
import { pdfText } from './pdf-tools';

const NOTE = '<script>document.title=1</script><b>bold?</b> {{ team.name }} {% raw %}';

describe('hostile order data renders as text', () => {
  let s: Awaited<ReturnType<typeof documentsStation>>;
  let templates: TemplateView[];
  let orderId: string;

  beforeAll(async () => {
    s = await documentsStation();
    const { team, key } = s.team('Secret Team Name');
    const order = sampleOrder('hostile', {
      note: NOTE,
      shippingAddress: { firstName: '<img src=x onerror=alert(1)>', lastName: '{{ 7 | times: 6 }}', city: 'London', country: 'GB' },
      lineItems: [{ name: '"><iframe src="https://evil.example">', quantity: 1, sku: "SKU-'1'&2" }],
    });
    orderId = (await json<{ id: string }>(await s.call('/api/orders', { key, json: order }), 201)).id;
    templates = await json<TemplateView[]>(await s.admin(`/admin/api/teams/${team.id}/templates`), 200);
  });
  afterAll(() => s.stop());

  it('the document is complete and its HTML holds the data escaped, never as markup or Liquid', async () => {
    const [doc] = await json<DocumentView[]>(await s.admin(`/admin/api/orders/${orderId}/documents`), 200);
    expect(doc!.complete).toBe(true);
    const { html } = await s.station.services.documents.renderHtml(doc!.id);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;document.title=1&lt;/script&gt;&lt;b&gt;bold?&lt;/b&gt;');
    expect(html).toContain('{{ team.name }}');
    expect(html).toContain('{{ 7 | times: 6 }}');
    expect(html).not.toContain('>42<');
  });

  it('bidirectional overrides in order text are isolated: they cannot reorder the fields beside them', async () => {
    const { key } = s.team('Bidi Shop');
    const order = sampleOrder('bidi', {
      note: 'Gift \u202Etxet',
      shippingAddress: { firstName: 'Ada \u2067open', lastName: 'Lovelace', address1: '12 \u202EAnalytical St', city: 'London', country: 'GB' },
    });
    const { id } = await json<{ id: string }>(await s.call('/api/orders', { key, json: order }), 201);
    const [doc] = await json<DocumentView[]>(await s.admin(`/admin/api/orders/${id}/documents`), 200);
    const { html } = await s.station.services.documents.renderHtml(doc!.id);
    // Each value with a control is an isolate of its own (FSI … PDI), an isolate it left open closed too.
    expect(html).toContain('\u2068Gift \u202Etxet\u2069');
    expect(html).toContain('\u206812 \u202EAnalytical St\u2069');
    expect(html).toMatch(/\u2068[^\u2069]*Ada \u2067open[^\u2069]*\u2069\u2069/);
    // Text without controls is left as it was.
    expect(html).not.toMatch(/\u2068London|\u2068Lovelace/);
  });

  it('C1 control characters (U+0080–U+009F) are refused in order text like C0 ones, and nothing is written', async () => {
    const { team, key } = s.team('C1 Shop');
    for (const [field, order] of [
      ['note', { note: 'open \u009b31m' }],
      ['customer.firstName', { customer: { firstName: 'Ada\u0085', lastName: 'L' } }],
      ['lineItems.0.name', { lineItems: [{ name: 'Mug\u0080', quantity: 1 }] }],
    ] as const) {
      const response = await s.call('/api/orders', { key, json: sampleOrder(`c1-${field}`, order) });
      expect(response.status, field).toBe(400);
      const { error } = (await response.json()) as { error: { details: { path: string }[] } };
      expect(error.details.map((detail) => detail.path), field).toContain(`order.${field}`);
    }
    expect(s.station.db.prepare('SELECT COUNT(*) FROM orders WHERE team_id = ?').pluck().get(team.id)).toBe(0);
  });

  for (const builtin of ['packing-slip-a4', 'shipping-label-4x6', 'gift-note-a6']) {
    it(`${builtin}: the PDF shows the note's <script> and {{ }} literally`, async () => {
      const template = templates.find((t) => t.builtin === builtin)!;
      // Line breaks fall anywhere in a long note: compare without whitespace.
      const text = pdfText(await bytes(await s.admin(`/admin/api/templates/${template.id}/preview?orderId=${orderId}`))).replace(/\s+/g, '');
      expect(text).toContain('<script>document.title=1</script><b>bold?</b>{{team.name}}{%raw%}');
      expect(text).toContain('<imgsrc=xonerror=alert(1)>{{7|times:6}}');
      expect(text).toContain('SecretTeamName');
    });
  }
});
