import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleOrder, startStation, type RunningStation } from '../../helpers/station';

let s: RunningStation;
let key: string;

beforeAll(async () => {
  // No print queue worker: these tests are about ingestion, not printing.
  s = await startStation({ background: false });
  key = s.team('Errors Shop').key;
});
afterAll(() => s.stop());

type ErrorBody = { error: { code: string; message: string; details?: unknown[]; requestId?: string } };
const orderCount = () => (s.station.db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n;

function expectNoInternals(text: string) {
  expect(text).not.toMatch(/\bat .+:\d+:\d+/);
  expect(text).not.toContain('node_modules');
  expect(text).not.toContain('/main/core/');
  expect(text).not.toMatch(/SQLITE|TypeError|RangeError/);
}

describe('error answers', () => {
  it('malformed JSON is 400 malformed_json', async () => {
    const before = orderCount();
    const res = await s.call('/api/orders', { key, method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"sourceId": 1, "order": {' });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect((JSON.parse(text) as ErrorBody).error.code).toBe('malformed_json');
    expectNoInternals(text);
    expect(orderCount()).toBe(before);
  });

  it('a body nested deeper than 32 levels is 400 body_too_deep with the path, and nothing is written', async () => {
    const before = orderCount();
    // 5,000 levels under order.variables: JSON.stringify in the order store used to overflow (500).
    const deep = `{"sourceId": "deep-1", "order": {"orderNumber": "D-1", "variables": ${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}}`;
    const res = await s.call('/api/orders', { key, method: 'POST', headers: { 'Content-Type': 'application/json' }, body: deep });
    expect(res.status).toBe(400);
    const text = await res.text();
    const body = JSON.parse(text) as ErrorBody;
    expect(body.error.code).toBe('body_too_deep');
    expect(body.error.details).toEqual([{ path: `order.variables${'.a'.repeat(30)}`, message: 'Deeper than 32 levels' }]);
    expectNoInternals(text);
    expect(orderCount()).toBe(before);

    // 32 levels is taken (the body itself is the first), wide bodies too.
    const atLimit = sampleOrder('deep-ok', { variables: JSON.parse(`${'{"a":'.repeat(30)}1${'}'.repeat(30)}`) as unknown });
    expect((await s.call('/api/orders', { key, json: atLimit })).status).toBe(201);
    const inArrays = sampleOrder('deep-arrays', { variables: { list: JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`) as unknown } });
    const refused = (await (await s.call('/api/orders', { key, json: inArrays })).json()) as ErrorBody;
    expect(refused.error.details).toEqual([{ path: `order.variables.list${'[0]'.repeat(29)}`, message: 'Deeper than 32 levels' }]);
  });

  it('a wide body over a documented limit is 400 naming the path, and nothing is written', async () => {
    const before = orderCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ note: 'ж'.repeat(10_001) }, 'order.note', 'At most 10000 characters'],
      [{ lineItems: Array.from({ length: 1001 }, (_, i) => ({ name: `項目 ${i}`, quantity: 1 })) }, 'order.lineItems', 'At most 1000 line items'],
      [{ tags: Array.from({ length: 101 }, (_, i) => ({ label: `תג ${i}` })) }, 'order.tags', 'At most 100 tags'],
      [{ variables: { list: Array.from({ length: 10_001 }, () => 0) } }, 'order.variables', 'At most 10000 values inside variables, at any depth'],
      [{ variables: Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`v${i}`, i])) }, 'order.variables', 'At most 200 variables'],
    ];
    for (const [fields, path, message] of cases) {
      const res = await s.call('/api/orders', { key, json: sampleOrder(`wide-${path}`, fields) });
      const text = await res.text();
      expect(res.status, text.slice(0, 200)).toBe(400);
      expect((JSON.parse(text) as ErrorBody).error.details).toContainEqual(expect.objectContaining({ path, message }));
      expectNoInternals(text);
    }
    expect(orderCount()).toBe(before);
    // At the limits the order is taken.
    const atLimits = sampleOrder('wide-ok', { note: 'ж'.repeat(10_000), variables: { list: Array.from({ length: 9_999 }, () => 0) } });
    expect((await s.call('/api/orders', { key, json: atLimits })).status).toBe(201);
  });

  it('a JSON body is read whatever the Content-Type says (curl -d sends a form type)', async () => {
    const res = await s.call('/api/orders', { key, method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: JSON.stringify(sampleOrder('form-type')) });
    expect(res.status).toBe(201);
  });

  it('an empty body is 400 validation_failed', async () => {
    const res = await s.call('/api/orders', { key, method: 'POST' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.code).toBe('validation_failed');
  });

  it('a body over 1 MB is 413 payload_too_large', async () => {
    const before = orderCount();
    const big = sampleOrder('big', { note: 'x'.repeat(1024 * 1024) });
    const res = await s.call('/api/orders', { key, json: big });
    expect(res.status).toBe(413);
    expect(((await res.json()) as ErrorBody).error.code).toBe('payload_too_large');
    expect(orderCount()).toBe(before);
  });

  it('a chunked body (no Content-Length) over 1 MB is 413 too', async () => {
    const url = new URL(s.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: '/api/orders', method: 'POST', headers: { 'X-API-Key': key, 'Content-Type': 'application/json' } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      const chunk = 'x'.repeat(64 * 1024);
      req.write(`{"sourceId":"chunked","order":{"orderNumber":"1","note":"`);
      for (let i = 0; i < 20; i++) req.write(chunk);
      req.end('"}}');
    });
    expect(status).toBe(413);
  });

  it('a body just under 1 MB is accepted', async () => {
    const res = await s.call('/api/orders', { key, json: sampleOrder('almost-big', { variables: { blob: 'y'.repeat(1000 * 1000) } }) });
    expect(res.status).toBe(201);
  });

  it('an unknown API route is 404 JSON', async () => {
    for (const path of ['/api/nothing-here', '/api', '/api/orders/x/status/extra']) {
      const res = await s.call(path, { key });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(((await res.json()) as ErrorBody).error.code).toBe('not_found');
    }
  });

  it('a path with broken percent-encoding is 400 malformed_path, wherever it points', async () => {
    for (const path of ['/%', '/%zz', '/api/%', '/api/%2e%2e/%E0%A4%A', '/api/orders/%E0%A4%A/status', '/api/orders/%ZZ/print', '/api/printers/%']) {
      const res = await s.call(path, { key });
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as ErrorBody).error.code, path).toBe('malformed_path');
    }
  });

  it('a known path with the wrong method answers a JSON error, not an empty body', async () => {
    const res = await s.call('/api/orders', { key, method: 'GET' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('POST');
    expect(((await res.json()) as ErrorBody).error.code).toBe('method_not_allowed');
  });

  it('a method no route is written with (TRACE, PROPFIND) answers 405 with Allow on a known path of any router, 404 elsewhere', async () => {
    const raw = (method: string, path: string) =>
      new Promise<{ status: number; allow: string | undefined; body: ErrorBody }>((resolve, reject) => {
        const req = request(`${s.url}${path}`, { method, agent: false, headers: { 'X-API-Key': key } }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, allow: res.headers.allow, body: JSON.parse(text) as ErrorBody }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const [method, path] of [['TRACE', '/api/orders'], ['PROPFIND', '/api/orders'], ['PROPFIND', '/admin/api/settings/network'], ['MKCOL', '/healthz']] as const) {
      const answer = await raw(method, path);
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.body.error.code).toBe('method_not_allowed');
      expect(answer.allow, `${method} ${path}`).toMatch(/GET|POST/);
    }
    expect((await raw('TRACE', '/api/orders')).allow).toContain('POST');
    for (const [method, path] of [['TRACE', '/nowhere'], ['PROPFIND', '/api/no-such-resource']] as const) {
      const answer = await raw(method, path);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.error.code).toBe('not_found');
    }
  });

  it('an unexpected failure is 500 internal_error with a request id, no stack trace, and nothing written', async () => {
    const before = orderCount();
    const failing = () => {
      throw new TypeError('hook exploded at /main/core/secret.ts:1:1');
    };
    s.station.hooks.orderWritten.push(failing);
    try {
      const res = await s.call('/api/orders', { key, json: sampleOrder('boom') });
      expect(res.status).toBe(500);
      const text = await res.text();
      const body = JSON.parse(text) as ErrorBody;
      expect(body.error.code).toBe('internal_error');
      expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
      expect(text).not.toContain('exploded');
      expectNoInternals(text);
    } finally {
      s.station.hooks.orderWritten.splice(s.station.hooks.orderWritten.indexOf(failing), 1);
    }
    expect(orderCount()).toBe(before);
    // The station keeps working after it.
    expect((await s.call('/api/orders', { key, json: sampleOrder('after-boom') })).status).toBe(201);
  });

  it('every answer carries an X-Request-Id', async () => {
    const res = await s.call('/api/auth/whoami', { key });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a validation error lists each invalid field with its path and a message', async () => {
    const res = await s.call('/api/orders', { key, json: { order: { lineItems: [{ quantity: 'x' }] } } });
    const body = (await res.json()) as ErrorBody;
    expect(body.error.message).toBe('The order is not valid');
    expect(body.error.details).toEqual(
      expect.arrayContaining([
        { path: 'sourceId', message: expect.any(String) },
        { path: 'order.orderNumber', message: expect.any(String) },
        { path: 'order.lineItems.0.name', message: expect.any(String) },
        { path: 'order.lineItems.0.quantity', message: expect.any(String) },
      ]),
    );
  });
});

/**
 * Sends raw bytes on one connection (the whole request in one write, so Node's parser sees it
 * at once), optionally ending the upload; resolves with everything the station answered.
 */
function rawExchange(bytes: string, endUpload: boolean): Promise<string> {
  const { port } = new URL(s.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(bytes);
      if (endUpload) socket.end();
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}
const postOrder = (body: string, contentLength: number) =>
  `POST /api/orders HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\nContent-Length: ${contentLength}\r\n\r\n${body}`;

describe('bodies that cannot be read', () => {
  it('an upload that ends before its Content-Length is 400 malformed_body, and nothing is stored', async () => {
    const before = orderCount();
    const body = JSON.stringify(sampleOrder('cut-short'));
    const answer = await rawExchange(postOrder(body.slice(0, 40), body.length), true);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('application/json');
    expect((JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as ErrorBody).error.code).toBe('malformed_body');
    expect(orderCount()).toBe(before);
  });

  it('a body longer than its Content-Length is 400 malformed_body, and nothing is stored', async () => {
    const before = orderCount();
    const body = JSON.stringify(sampleOrder('too-long'));
    const answer = await rawExchange(postOrder(body, body.length - 20), false);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect((JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as ErrorBody).error.code).toBe('malformed_body');
    expect(orderCount()).toBe(before);
  });

  it('bytes that are not HTTP at all are 400 malformed_request', async () => {
    const answer = await rawExchange('HELLO THERE\r\n\r\n', false);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect((JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as ErrorBody).error.code).toBe('malformed_request');
  });
});
