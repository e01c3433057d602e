import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type TestBrowser } from '../../e2e/browser';
import { sampleOrder, startStation, type RunningStation } from '../../helpers/station';

/**
 * Browser integrations: a web page on another origin posts to the station (QZ Tray's model).
 * Only origins an admin allowed get CORS; every other page is refused.
 */
let running: RunningStation;
let token: string;
let key: string;
/** A page server on another origin (`http://localhost:<port>`; the station is on 127.0.0.1). */
let pages: Server;
let pageOrigin: string;
let browser: TestBrowser;

const admin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
  running.call(path, { ...init, headers: { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });
const allow = (browserOrigins: string[]) => admin('/admin/api/settings/network', { method: 'PUT', json: { imageHostsAllowed: [], browserOrigins } });

beforeAll(async () => {
  running = await startStation();
  token = running.station.services.adminSessions.createSessionToken();
  ({ key } = running.team('Web shop'));
  pages = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>WMS</title><p>WMS'));
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pageOrigin = `http://localhost:${(pages.address() as AddressInfo).port}`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
  pages.closeAllConnections();
  await new Promise((resolve) => pages.close(resolve));
  await running.stop();
});

/** Posts an order from a page on `origin`, as that page's own script would; "refused" when the browser blocks it. */
async function postFromPage(sourceId: string): Promise<{ status: number; body: { orderNumber?: string }; requestId: string | null } | 'refused'> {
  const page = await browser.newPage();
  try {
    await page.goto(`${pageOrigin}/`);
    return await page.evaluate(
      async ({ url, apiKey, body }) => {
        try {
          const response = await fetch(`${url}/api/orders`, { method: 'POST', headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
          return { status: response.status, body: await response.json(), requestId: response.headers.get('X-Request-Id') };
        } catch {
          return 'refused' as const;
        }
      },
      { url: running.url, apiKey: key, body: sampleOrder(sourceId, { note: 'Из браузера · 浏览器 · מהדפדפן' }) },
    );
  } finally {
    await page.close();
  }
}

const orderCount = () => (running.station.db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n;

describe('CORS for /api/*', () => {
  it('by default a page on another origin cannot post an order, and nothing is written', async () => {
    const before = orderCount();
    expect(await postFromPage('WEB-0')).toBe('refused');
    expect(orderCount()).toBe(before);
  });

  it('refuses a preflight and a request from an origin not on the list, with no CORS headers', async () => {
    const preflight = await fetch(`${running.url}/api/orders`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'x-api-key,content-type' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const simple = await fetch(`${running.url}/api/orders`, { method: 'POST', headers: { Origin: 'https://evil.example', 'X-API-Key': key }, body: JSON.stringify(sampleOrder('EVIL-1')) });
    expect(simple.status).toBe(403);
    expect(await simple.json()).toMatchObject({ error: { code: 'origin_not_allowed' } });
    expect(running.station.db.prepare("SELECT COUNT(*) AS n FROM order_sources WHERE source_id = 'EVIL-1'").get()).toEqual({ n: 0 });
  });

  it('an allowed origin posts from the real browser and reads the answer and its request id', async () => {
    expect((await allow([pageOrigin])).status).toBe(200);
    const answer = await postFromPage('WEB-1');
    expect(answer).toMatchObject({ status: 201, body: { orderNumber: '#WEB-1' } });
    expect((answer as { requestId: string }).requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers the preflight with methods, headers and the Private Network Access grant', async () => {
    await allow(['https://wms.example.com']);
    const preflight = await fetch(`${running.url}/api/orders/print`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://wms.example.com',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-api-key,content-type,idempotency-key',
        'Access-Control-Request-Private-Network': 'true',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://wms.example.com');
    expect(preflight.headers.get('access-control-allow-private-network')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/X-API-Key.*Content-Type.*Idempotency-Key/);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('vary')).toContain('Origin');
    // The page that was allowed before is refused again once the admin takes it off the list.
    expect(await postFromPage('WEB-2')).toBe('refused');
  });

  it('requests without Origin (servers, curl) and the station’s own pages are not affected', async () => {
    expect((await running.call('/api/auth/whoami', { key })).status).toBe(200);
    const sameOrigin = await fetch(`${running.url}/api/auth/whoami`, { headers: { Origin: running.url, 'X-API-Key': key } });
    expect(sameOrigin.status).toBe(200);
    expect(sameOrigin.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('settings: an origin with a path or another scheme is 400 and nothing is stored; origins are normalised', async () => {
    const bad = await allow(['https://wms.example.com/orders', 'ftp://files.example']);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { details: [{ path: 'browserOrigins.0' }, { path: 'browserOrigins.1' }] } });
    const saved = await (await allow(['HTTPS://WMS.Example.com:443', 'http://localhost:3000/'])).json();
    expect(saved.browserOrigins).toEqual(['https://wms.example.com', 'http://localhost:3000']);
  });
});
