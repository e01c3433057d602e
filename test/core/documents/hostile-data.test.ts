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
