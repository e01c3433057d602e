import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamRow } from '../../../main/core/features/teams/store';
import { bytes, documentsStation, json, sampleOrder, type DocumentView, type TemplateView } from './documents-harness';
import { mmToPt, pdfInfo, pdfText } from './pdf-tools';

describe('templates (admin API)', () => {
  let s: Awaited<ReturnType<typeof documentsStation>>;
  let team: TeamRow;
  let key: string;

  beforeAll(async () => {
    s = await documentsStation();
    ({ team, key } = s.team('Template Shop'));
  });
  afterAll(() => s.stop());

  const create = (body: unknown) => s.admin(`/admin/api/teams/${team.id}/templates`, { method: 'POST', json: body });

  it('creates, reads, updates (new version) and deletes a template', async () => {
    const created = await json<TemplateView & { marginsMm: object; body: string }>(
      await create({ name: 'Return form', tag: 'returns', paper: { widthMm: 150, heightMm: 100 }, orientation: 'landscape', marginsMm: 5, body: 'Return {{ order.number }}' }),
      201,
    );
    expect(created).toMatchObject({
      teamId: team.id,
      name: 'Return form',
      tag: 'returns',
      paper: { name: 'custom', widthMm: 100, heightMm: 150 },
      orientation: 'landscape',
      marginsMm: { top: 5, right: 5, bottom: 5, left: 5 },
      version: 1,
      builtin: null,
      overridesTemplateId: null,
    });
    expect((await json<TemplateView>(await s.admin(`/admin/api/templates/${created.id}`), 200)).name).toBe('Return form');

    const updated = await json<TemplateView & { body: string }>(
      await s.admin(`/admin/api/templates/${created.id}`, { method: 'PATCH', json: { body: 'Returns for {{ order.number }}', paper: 'A5' } }),
      200,
    );
    expect(updated).toMatchObject({ version: 2, body: 'Returns for {{ order.number }}', paper: { name: 'A5', widthMm: 148, heightMm: 210 } });

    const list = await json<TemplateView[]>(await s.admin(`/admin/api/teams/${team.id}/templates`), 200);
    expect(list.map((t) => t.name)).toContain('Return form');

    expect((await s.admin(`/admin/api/templates/${created.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await s.admin(`/admin/api/templates/${created.id}`)).status).toBe(404);
  });

  it('a broken template is rejected with the Liquid error and its line number', async () => {
    const response = await create({ name: 'Broken', tag: 'packing-slip', body: '<h1>Slip</h1>\n<p>{{ order.number }}</p>\n{% if note %}\n<p>{{ note }}</p>\n' });
    const body = await json<{ error: { code: string; message: string; line: number; details: { path: string }[] } }>(response, 400);
    expect(body.error.code).toBe('template_syntax_error');
    expect(body.error.line).toBe(3);
    expect(body.error.message).toBe('The template does not parse: {% if %} opened on line 3 is never closed: add {% endif %} where it ends');
    expect(body.error.details[0]!.path).toBe('body');

    const unknownFilter = await json<{ error: { line: number; message: string } }>(await create({ name: 'Broken 2', tag: 'x', body: 'a\nb\n\n{{ order.number | shout }}' }), 400);
    expect(unknownFilter.error.line).toBe(4);
    expect(unknownFilter.error.message).toBe('The template does not parse: undefined filter: shout (line 4, column 1)');
  });

  it('a template that fails at render time makes the document incomplete with the reason', async () => {
    const failing = await json<TemplateView>(await create({ name: 'Needs ASCII', tag: 'packing-slip', body: "{{ variables.code | barcode: 'code128' }}" }), 201);
    await json(await s.admin(`/admin/api/teams/${team.id}/flow`, { method: 'PUT', json: { autoPrint: true, rules: [{ actions: [{ type: 'addDocument', templateId: failing.id }] }] } }), 200);
    const order = await json<{ id: string }>(await s.call('/api/orders', { key, json: sampleOrder('render-fail', { variables: { code: '日本-1' } }) }), 201);
    const [doc] = await json<DocumentView[]>(await s.admin(`/admin/api/orders/${order.id}/documents`), 200);
    expect(doc!.complete).toBe(false);
    expect(doc!.incompleteReason).toMatch(/^template "Needs ASCII" failed to render: barcode: Code 128 cannot encode "日本-1"/);
    await expect(s.station.services.documents.renderHtml(doc!.id)).rejects.toThrow(/failed to render/);

    const fine = await json<{ id: string }>(await s.call('/api/orders', { key, json: sampleOrder('render-ok', { variables: { code: 'ABC-1' } }) }), 201);
    expect((await json<DocumentView[]>(await s.admin(`/admin/api/orders/${fine.id}/documents`), 200))[0]!.complete).toBe(true);
  });

  it('every route that renders a template failing on the order answers 422 template_render_error', async () => {
    const failing = await json<TemplateView>(await create({ name: 'Needs ASCII 2', tag: 'packing-slip', body: "{{ variables.code | barcode: 'code128' }}" }), 201);
    await json(await s.admin(`/admin/api/teams/${team.id}/flow`, { method: 'PUT', json: { autoPrint: false, rules: [{ actions: [{ type: 'addDocument', templateId: failing.id }] }] } }), 200);
    const order = await json<{ id: string }>(await s.call('/api/orders', { key, json: sampleOrder('render-422', { variables: { code: 'Ж-日本' } }) }), 201);
    const [doc] = await json<DocumentView[]>(await s.admin(`/admin/api/orders/${order.id}/documents`), 200);
    const expect422 = async (response: Response) => {
      const body = await json<{ error: { code: string; message: string } }>(response, 422);
      expect(body.error.code).toBe('template_render_error');
      expect(body.error.message).toMatch(/^The template could not render: .*Code 128 cannot encode "Ж-日本"/);
    };
    await expect422(await s.call(`/api/orders/${order.id}/documents/${doc!.id}/pdf`, { key }));
    await expect422(await s.admin(`/admin/api/documents/${doc!.id}/pdf`));
    await expect422(await s.admin(`/admin/api/templates/${failing.id}/preview?format=pdf&orderId=${order.id}`));
    await expect422(await s.admin(`/admin/api/teams/${team.id}/templates/preview`, { method: 'POST', json: { template: { name: 'Draft', tag: 'x', body: "<p>{{ variables.code | barcode: 'code128' }}</p>" }, orderId: order.id, format: 'png' } }));
    // The same template on an order it can encode renders.
    const fine = await json<{ id: string }>(await s.call('/api/orders', { key, json: sampleOrder('render-200', { variables: { code: 'ABC-2' } }) }), 201);
    expect(pdfInfo(await bytes(await s.admin(`/admin/api/templates/${failing.id}/preview?format=pdf&orderId=${fine.id}`))).pages).toBe(1);
  });

  it('a render running over 2 s is stopped: the document is incomplete and a preview answers 422', async () => {
    const endless = '{% for a in (1..100000) %}{% for b in (1..100000) %}{{ b }}{% endfor %}{% endfor %}';
    const slow = await json<TemplateView>(await create({ name: 'Endless', tag: 'slow', body: endless }), 201);
    await json(await s.admin(`/admin/api/teams/${team.id}/flow`, { method: 'PUT', json: { autoPrint: false, rules: [{ actions: [{ type: 'addDocument', templateId: slow.id }] }] } }), 200);
    const started = performance.now();
    const order = await json<{ id: string }>(await s.call('/api/orders', { key, json: sampleOrder('render-limit') }), 201);
    // The order is stored, answered after the limit cut the render, not after the loop's end.
    expect(performance.now() - started).toBeGreaterThanOrEqual(2_000);
    const [doc] = await json<DocumentView[]>(await s.admin(`/admin/api/orders/${order.id}/documents`), 200);
    expect(doc!.complete).toBe(false);
    expect(doc!.incompleteReason).toMatch(/^template "Endless" failed to render: template render limit exceeded/);
    const preview = await json<{ error: { code: string; message: string } }>(await s.admin(`/admin/api/templates/${slow.id}/preview?format=pdf&orderId=${order.id}`), 422);
    expect(preview.error.code).toBe('template_render_error');
    expect(preview.error.message).toMatch(/render limit exceeded/);
  });

  it('names are unique per team (409), and a template a flow uses cannot be deleted (409)', async () => {
    expect((await create({ name: 'Packing slip (A4)', tag: 'packing-slip', body: 'x' })).status).toBe(409);
    const flow = await json<{ rules: { actions: { templateId: string }[] }[] }>(await s.admin(`/admin/api/teams/${team.id}/flow`), 200);
    const used = flow.rules[0]!.actions[0]!.templateId;
    expect((await s.admin(`/admin/api/templates/${used}`, { method: 'DELETE' })).status).toBe(409);
  });

  it('a template another template overrides cannot be deleted (409) until the override is gone', async () => {
    const base = await json<TemplateView>(await create({ name: 'Base form', tag: 'forms', body: 'base' }), 201);
    const override = await json<TemplateView>(await create({ name: 'Base form, ours', tag: 'forms', body: 'ours', overridesTemplateId: base.id }), 201);
    expect((await s.admin(`/admin/api/templates/${base.id}`, { method: 'DELETE' })).status).toBe(409);
    expect((await s.admin(`/admin/api/templates/${override.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await s.admin(`/admin/api/templates/${base.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('changing a template rebuilds the documents of orders still to print', async () => {
    const slip = (await json<TemplateView[]>(await s.admin(`/admin/api/teams/${team.id}/templates`), 200)).find((t) => t.builtin === 'packing-slip-a4')!;
    // Nothing prints the order meanwhile: it stays "still to print" for the whole test.
    await json(await s.admin(`/admin/api/teams/${team.id}/flow`, { method: 'PUT', json: { autoPrint: false, rules: [{ actions: [{ type: 'addDocument', templateId: slip.id }] }] } }), 200);
    const order = await json<{ id: string }>(await s.call('/api/orders', { key, json: sampleOrder('rebuild-on-edit', { variables: { code: 'ü-日本' } }) }), 201);
    const docs = async () => json<DocumentView[]>(await s.admin(`/admin/api/orders/${order.id}/documents`), 200);
    expect((await docs())[0]).toMatchObject({ complete: true, templateOverrideId: null });

    // A new override takes over; an edit that cannot render this order makes it incomplete; deleting it falls back.
    const override = await json<TemplateView>(await create({ name: 'Slip override', tag: 'packing-slip', body: 'fine', overridesTemplateId: slip.id }), 201);
    expect((await docs())[0]).toMatchObject({ complete: true, templateOverrideId: override.id });
    await json(await s.admin(`/admin/api/templates/${override.id}`, { method: 'PATCH', json: { body: "{{ variables.code | barcode: 'code128' }}" } }), 200);
    expect((await docs())[0]).toMatchObject({ complete: false, templateOverrideId: override.id });
    expect((await s.admin(`/admin/api/templates/${override.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await docs())[0]).toMatchObject({ complete: true, templateOverrideId: null, templateId: slip.id });
    expect((await json<{ status: string }>(await s.call(`/api/orders/${order.id}/status`, { key }), 200)).status).toBe('ready');
  });

  it("serves an order's document as a PDF on the dashboard", async () => {
    await json(await s.admin(`/admin/api/teams/${team.id}/flow`, { method: 'PUT', json: { autoPrint: true, rules: [{ actions: [{ type: 'addDocument', templateId: 'Invoice (A4)' }] }] } }), 200);
    const order = await json<{ id: string }>(await s.call('/api/orders', { key, json: sampleOrder('dash-pdf') }), 201);
    const [doc] = await json<DocumentView[]>(await s.admin(`/admin/api/orders/${order.id}/documents`), 200);
    expect(doc!.tag).toBe('invoice');
    expect(pdfText(await bytes(await s.admin(`/admin/api/documents/${doc!.id}/pdf`)))).toContain('Invoice #dash-pdf');
    expect((await s.admin('/admin/api/documents/nope/pdf')).status).toBe(404);

    // A print-time template (printing's override) renders with that template and its paper.
    const other = await s.station.services.documents.renderHtml(doc!.id, { templateId: 'Shipping label (4×6 in)' });
    expect(other.paper.name).toBe('4x6in');
    expect(other.html).toContain('Ship to');
    await expect(s.station.services.documents.renderHtml(doc!.id, { templateId: 'No such' })).rejects.toThrow(/not found/);
  });

  it('previews a template against the sample order as PDF and PNG', async () => {
    const templates = await json<TemplateView[]>(await s.admin(`/admin/api/teams/${team.id}/templates`), 200);
    const label = templates.find((t) => t.builtin === 'shipping-label-4x6')!;
    const pdf = await bytes(await s.admin(`/admin/api/templates/${label.id}/preview`));
    expect(pdfText(pdf)).toContain('SAMPLE-1001');
    const info = pdfInfo(pdf);
    expect(Math.abs(info.widthPt - mmToPt(101.6))).toBeLessThan(1.5);

    const response = await s.admin(`/admin/api/templates/${label.id}/preview?format=png`);
    expect(response.headers.get('content-type')).toBe('image/png');
    const png = await bytes(response);
    expect(Buffer.from(png.subarray(1, 4)).toString()).toBe('PNG');
    // Width and height from the PNG header: the 4×6 in sheet at 96 dpi.
    const view = new DataView(png.buffer, png.byteOffset);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([384, 576]);
  });

  it('previews an unsaved edit against a real order, and refuses a broken one', async () => {
    const order = await json<{ id: string }>(await s.call('/api/orders', { key, json: sampleOrder('preview-order') }), 201);
    const pdf = await bytes(
      await s.admin(`/admin/api/teams/${team.id}/templates/preview`, {
        method: 'POST',
        json: { orderId: order.id, template: { name: 'Draft', tag: 'packing-slip', paper: 'A6', body: '<p>Draft for {{ shippingAddress.firstName }} {{ order.number }}</p>' } },
      }),
    );
    expect(pdfText(pdf)).toContain('Draft for Ada #preview-order');
    const broken = await s.admin(`/admin/api/teams/${team.id}/templates/preview`, { method: 'POST', json: { template: { name: 'D', tag: 'x', body: '{% for %}' } } });
    expect(broken.status).toBe(400);
  });

  it('admin routes need a dashboard session', async () => {
    expect((await s.call(`/admin/api/teams/${team.id}/templates`)).status).toBe(401);
    expect((await s.admin(`/admin/api/teams/no-such-team/templates`)).status).toBe(404);
  });
});
