import { Validator } from '@seriousme/openapi-schema-validator';
import type Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../e2e/browser';
import { AnswerOffContract, checkAnswer } from '../../helpers/openapi-check';
import { sampleOrder, startStation, type RunningStation } from '../../helpers/station';

let running: RunningStation;
beforeAll(async () => {
  running = await startStation();
});
afterAll(() => running.stop());

/** Every route the station's routers really serve under `/api/`, as `METHOD /api/x/{param}`. */
function servedApiRoutes(): string[] {
  const routes = new Set<string>();
  for (const middleware of running.station.app.middleware as Array<{ router?: Router }>) {
    for (const layer of middleware.router?.stack ?? []) {
      if (typeof layer.path !== 'string' || !layer.path.startsWith('/api/')) continue;
      for (const method of layer.methods) {
        if (method === 'HEAD') continue;
        routes.add(`${method} ${layer.path.replace(/:(\w+)/g, '{$1}')}`);
      }
    }
  }
  return [...routes].sort();
}

describe('GET /api/openapi.json', () => {
  it('is served without a key and is a valid OpenAPI 3.1 document by an independent validator', async () => {
    const response = await fetch(`${running.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents exactly the /api/* routes the station serves, each with its key scheme', async () => {
    const document = await (await fetch(`${running.url}/api/openapi.json`)).json();
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const served = servedApiRoutes().filter((route) => !route.includes('/api/reference'));
    expect(documented).toEqual(served);
    expect(document.components.securitySchemes.apiKey).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }));
    expect(document.paths['/api/openapi.json'].get.security).toEqual([]);
  });

  it('describes bodies, query parameters, the error shape and print batch results', async () => {
    const document = await (await fetch(`${running.url}/api/openapi.json`)).json();
    const createOrder = document.paths['/api/orders'].post;
    expect(createOrder.requestBody).toEqual({ $ref: '#/components/requestBodies/OrderRequest' });
    const orderRequest = document.components.requestBodies.OrderRequest.content['application/json'].schema;
    expect(orderRequest.required).toEqual(expect.arrayContaining(['sourceId', 'order']));
    expect(Object.keys(createOrder.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '413', '431', '500', '507']));
    const print = document.paths['/api/orders/print'].post;
    expect(print.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['strict', 'Idempotency-Key']));
    expect(print.parameters.find((p: { name: string }) => p.name === 'strict').schema).toMatchObject({ type: 'boolean', default: false });
    expect(print.responses['400'].content['application/json'].schema).toEqual({ anyOf: [{ $ref: '#/components/schemas/Error' }, { $ref: '#/components/schemas/StrictPrintFailure' }] });
    expect(document.paths['/api/orders/{orderIdOrKey}/documents/{documentId}/pdf'].get.responses['200'].content['application/pdf'].schema).toMatchObject({ type: 'string', format: 'binary' });
    expect(document.components.responses.MethodNotAllowed.headers.Allow).toBeDefined();
    expect(print.responses['200'].content['application/json'].schema).toEqual({ type: 'array', items: { $ref: '#/components/schemas/PrintBatchResult' } });
    expect(document.components.schemas.PrintBatchResult.properties.status.enum).toEqual(['pending', 'warning', 'error']);
    const printers = document.paths['/api/printers'].get.parameters;
    expect(printers.find((p: { name: string }) => p.name === 'visibility').schema.enum).toEqual(['all', 'visible', 'hidden']);
    expect(document.components.schemas.Error.required).toEqual(['error']);
    expect(document.components.schemas.Team.properties.status.enum).toEqual(['onboarding', 'live']);
  });

  it('says the rules the server enforces: selectors, patterns, limits and defaults', async () => {
    const document = await (await fetch(`${running.url}/api/openapi.json`)).json();
    const bodies = document.components.requestBodies;
    const print = bodies.PrintRequest.content['application/json'].schema;
    expect(print.oneOf.map((branch: { required: string[] }) => branch.required)).toEqual([['orderIds'], ['orderFilters']]);
    expect(print.oneOf[0].properties.excludeIds).toBe(false);
    expect(print.oneOf[1].properties.orderIds).toBe(false);
    expect(print.oneOf[1].properties.excludeIds.type).toBe('array');
    expect(print.oneOf[0].properties.force.default).toBe(false);
    const order = bodies.OrderRequest.content['application/json'].schema;
    expect(JSON.stringify(order.properties.source)).toContain('"default":"api"');
    const item = order.properties.order.properties.lineItems.anyOf[0].items;
    expect(JSON.stringify(item.properties.image_url)).toContain('[hH][tT][tT][pP][sS]?');
    expect(order.properties.order.properties.note.anyOf[0].pattern).toContain('\\u0000-\\u0008');
    expect(JSON.stringify(order.properties.order.properties.variables)).toContain('"maxProperties":200');
    const link = bodies.LinkCreate.content['application/json'].schema;
    expect(JSON.stringify(link.properties.source)).toContain('[0-9a-fA-F]{8}');
  });
});

describe('the answer check every API test runs', () => {
  it('refuses an answer with a field the document does not name', async () => {
    const { key } = running.team('Drift');
    const real = await running.call('/api/auth/whoami', { key });
    const drifted = new Response(JSON.stringify({ ...(await real.json()), surprise: 1 }), { status: 200, headers: { 'content-type': 'application/json' } });
    await expect(checkAnswer('GET', `${running.url}/api/auth/whoami`, drifted)).rejects.toThrow(AnswerOffContract);
  });

  it('refuses a status the operation does not list', async () => {
    const teapot = new Response('{}', { status: 418, headers: { 'content-type': 'application/json' } });
    await expect(checkAnswer('GET', `${running.url}/api/auth/whoami`, teapot)).rejects.toThrow(/status not in the OpenAPI document/);
  });

  it('passes a real order answer with Cyrillic, CJK and Hebrew text', async () => {
    const { key } = running.team('Echo');
    const body = sampleOrder('ОРД-1', { note: '请轻放 · בבקשה לעטוף', customer: { firstName: 'Анна', lastName: '山田', email: 'a@example.com' } });
    const created = await running.call('/api/orders', { key, json: body });
    expect(created.status).toBe(201);
    await expect(checkAnswer('POST', `${running.url}/api/orders`, created)).resolves.toBeUndefined();
  });
});

describe('GET /api/reference', () => {
  it('shows every operation in a real browser, from the station alone (no CDN)', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const foreign: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(running.url)) foreign.push(request.url());
      });
      await page.goto(`${running.url}/api/reference`);
      await page.getByText('Create or update an order').waitFor();
      await expect(page.getByText('Print a batch of orders').isVisible()).resolves.toBe(true);
      await expect(page.getByRole('heading', { name: /Order Print Station API/ }).isVisible()).resolves.toBe(true);
      expect(foreign).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
