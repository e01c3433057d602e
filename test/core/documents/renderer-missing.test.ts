import { expect, it } from 'vitest';
import { ChromiumPdfRenderer } from '../../../main/core/features/render/chromium';
import { startStation } from '../../helpers/station';
import { json, type TemplateView } from './documents-harness';

it('without a browser, previews answer 503 naming the install command; orders still get their documents', async () => {
  const s = await startStation({ pdfRenderer: new ChromiumPdfRenderer({ executablePath: '/nowhere/chromium' }) });
  try {
    const token = s.station.services.adminSessions.createSessionToken();
    const auth = { Authorization: `Bearer ${token}` };
    const { team, key } = s.team('No Browser');
    const [template] = await json<TemplateView[]>(await s.call(`/admin/api/teams/${team.id}/templates`, { headers: auth }), 200);
    const body = await json<{ error: { code: string; message: string } }>(await s.call(`/admin/api/templates/${template!.id}/preview`, { headers: auth }), 503);
    expect(body.error.code).toBe('renderer_unavailable');
    expect(body.error.message).toContain('apt-get install chromium');
    expect(body.error.message).toContain('STATION_CHROMIUM_PATH');

    const order = await json<{ id: string }>(await s.call('/api/orders', { key, json: { sourceId: 1, order: { orderNumber: '1' } } }), 201);
    expect(s.station.services.documents.listForOrder(order.id).map((d) => d.complete)).toEqual([true]);
  } finally {
    await s.stop();
  }
});

it('without a browser, rendering ahead fails quietly: the print queue says once what to install, not each document', async () => {
  const lines: string[] = [];
  const logger = { info: (message: string) => lines.push(message), error: (message: string) => lines.push(message) };
  const s = await startStation({ pdfRenderer: new ChromiumPdfRenderer({ executablePath: '/nowhere/chromium' }), renderAhead: true, logger });
  try {
    const { key } = s.team('No Browser Ahead');
    const renderedAhead = new Promise<{ failed: number }>((resolve) => s.station.events.once('renderedAhead', resolve));
    await json(await s.call('/api/orders', { key, json: { sourceId: 1, order: { orderNumber: '1' } } }), 201);
    expect((await renderedAhead).failed).toBe(1);
    expect(lines.filter((line) => /ahead failed/.test(line))).toEqual([]);
  } finally {
    await s.stop();
  }
});
