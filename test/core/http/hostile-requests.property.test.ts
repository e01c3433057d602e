import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleOrder, startStation, type RunningStation } from '../../helpers/station';


let s: RunningStation;
let key: string;
let otherKey: string;
let existingKey: string;

beforeAll(async () => {
  // No background work (the print queue would change orders between requests).
  s = await startStation({ background: false });
  key = s.team('Fuzz Shop').key;
  otherKey = s.team('Fuzz Other', 'three_pl').key;
  const res = await s.call('/api/orders', { key, json: sampleOrder('existing') });
  existingKey = ((await res.json()) as { orderKeys: string[] }).orderKeys[0]!;
  committedChanges = watchEveryChange();
});
afterAll(() => s.stop());

/** Every table of the station (documents, links, print batches and jobs included), read from the schema itself. */
const tables = () =>
  s.station.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];

/**
 * Counts every row the station's connection inserts, updates or deletes in any table and
 * commits: temporary triggers bump a counter in a temporary table, which is part of the same
 * transaction, so a change rolled back (a refusal that wrote, then threw) leaves it as it was,
 * and a change that commits moves it even when it writes a value back as it was. In api_keys
 * only `last_used_at` may change (any authenticated call touches it). Read per request in
 * microseconds, where a digest of every row grew with every accepted order.
 */
function watchEveryChange(): () => number {
  const db = s.station.db;
  db.exec('CREATE TEMP TABLE IF NOT EXISTS committed_changes (count INTEGER NOT NULL); INSERT INTO committed_changes VALUES (0)');
  const bump = 'BEGIN UPDATE committed_changes SET count = count + 1; END';
  const ordinary = new Set((db.pragma('main.table_list') as Array<{ name: string; type: string }>).filter(({ type }) => type === 'table').map(({ name }) => name));
  for (const table of tables()) {
    // The orders' search indexes (virtual tables and their shadow tables) take no trigger; they
    // change only through the triggers of orders and order_keys, which are watched.
    if (!ordinary.has(table)) continue;
    const columns = (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all() as string[]).filter((column) => !(table === 'api_keys' && column === 'last_used_at'));
    db.exec(`CREATE TEMP TRIGGER watch_insert_${table} AFTER INSERT ON main."${table}" ${bump}`);
    db.exec(`CREATE TEMP TRIGGER watch_delete_${table} AFTER DELETE ON main."${table}" ${bump}`);
    db.exec(`CREATE TEMP TRIGGER watch_update_${table} AFTER UPDATE OF ${columns.map((column) => `"${column}"`).join(', ')} ON main."${table}" ${bump}`);
  }
  const read = db.prepare('SELECT count FROM committed_changes').pluck();
  return () => read.get() as number;
}
let committedChanges: () => number;


const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('__proto__', 'constructor', 'prototype', '', ' ', '\u0000', '\u202e', 'null', '../../etc/passwd', '%00', "'; DROP TABLE orders; --", '{{7*7}}', '<script>alert(1)</script>', 'x'.repeat(5000)),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  hostileString,
  fc.constantFrom(-0, 1e308, -1e308, 2 ** 53 + 1, Number.MIN_VALUE, 0.1, true, false, null, [], {}, [[[[[]]]]]),
  fc.dictionary(hostileString, fc.jsonValue(), { maxKeys: 5 }),
);

/** A valid order with one field, at any depth, replaced by something hostile. */
const FIELD_PATHS = [
  ['sourceId'], ['source'], ['targetTeamId'], ['order'], ['order', 'orderNumber'], ['order', 'orderDate'], ['order', 'note'],
  ['order', 'customer'], ['order', 'customer', 'orderCount'], ['order', 'customer', 'lifetimeValue'], ['order', 'shippingAddress'],
  ['order', 'shippingAddress', 'latitude'], ['order', 'billingAddress'], ['order', 'lineItems'], ['order', 'lineItems', '0'],
  ['order', 'lineItems', '0', 'quantity'], ['order', 'lineItems', '0', 'price'], ['order', 'lineItems', '0', 'variant'],
  ['order', 'orderTotal'], ['order', 'orderTotal', 'amount'], ['order', 'variables'], ['order', 'tags'], ['order', 'tags', '0'],
  ['order', 'tags', '0', 'label'], ['order', 'overrides'], ['order', 'overrides', 'printer'],
];
const mutatedOrder = fc.tuple(fc.constantFrom(...FIELD_PATHS), hostileValue, fc.string({ minLength: 1, maxLength: 20 })).map(([path, value, id]) => {
  const body = JSON.parse(JSON.stringify(sampleOrder(`fuzz-${id}`))) as Record<string, unknown>;
  let target = body;
  for (const part of path.slice(0, -1)) target = (target[part] ??= {}) as Record<string, unknown>;
  target[path[path.length - 1]!] = value;
  return JSON.stringify(body);
});
/** A valid order with a value nested 1–200 levels deep (objects and arrays mixed) at one of its fields. */
const deepOrder = fc.tuple(fc.constantFrom(...FIELD_PATHS), fc.integer({ min: 1, max: 200 }), fc.array(fc.boolean(), { minLength: 200, maxLength: 200 }), fc.string({ minLength: 1, maxLength: 20 })).map(([path, levels, arrays, id]) => {
  const body = JSON.parse(JSON.stringify(sampleOrder(`deep-${id}`))) as Record<string, unknown>;
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level++) value = arrays[level] ? [value] : { k: value };
  let target = body;
  for (const part of path.slice(0, -1)) target = (target[part] ??= {}) as Record<string, unknown>;
  target[path[path.length - 1]!] = value;
  return JSON.stringify(body);
});
/** A valid order made wide at one place: many line items, tags, variables or values, or long strings. */
const wideOrder = fc.tuple(fc.constantFrom('lineItems', 'tags', 'variables', 'values', 'note', 'name'), fc.integer({ min: 0, max: 12_000 }), fc.string({ minLength: 1, maxLength: 20 })).map(([where, size, id]) => {
  const order = sampleOrder(`wide-${id}`) as { order: Record<string, unknown> };
  if (where === 'lineItems') order.order.lineItems = Array.from({ length: size % 1_100 }, (_, i) => ({ name: `Позиция ${i}`, quantity: 1 }));
  if (where === 'tags') order.order.tags = Array.from({ length: size % 120 }, (_, i) => ({ label: `标签${i}` }));
  if (where === 'variables') order.order.variables = Object.fromEntries(Array.from({ length: size % 250 }, (_, i) => [`v${i}`, i]));
  if (where === 'values') order.order.variables = { list: Array.from({ length: size }, () => 0) };
  if (where === 'note') order.order.note = 'ن'.repeat(size);
  if (where === 'name') order.order.customer = { firstName: '名'.repeat(size % 400) };
  return JSON.stringify(order);
});
const rawBody = fc.oneof(
  mutatedOrder,
  deepOrder,
  wideOrder,
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('{', '[', '{"sourceId":', 'nul', '{"a":1}}', '\ufeff{}', '{"sourceId": 1, "order": {"orderNumber": "1"', '"x"', '1e999999', '[' .repeat(5000)),
);

let sent = 0;

/** Each property starts from the database as it is, and ends checking the station still stands. */
function startProperty(): void {
  sent = 0;
}
async function expectStationIntact(runs: number): Promise<void> {
  expect(sent).toBe(runs);
  expect((await s.call('/api/auth/whoami', { key })).status).toBe(200);
  expect(s.station.db.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
  expect((await s.call(`/api/orders/${encodeURIComponent(existingKey)}/status`, { key })).status).toBe(200);
}

async function send(path: string, init: RequestInit & { key?: string }): Promise<number> {
  const { key: withKey, ...rest } = init;
  const before = committedChanges();
  const res = await fetch(`${s.url}${path}`, { ...rest, headers: { ...(withKey !== undefined ? { 'X-API-Key': withKey } : {}), ...(rest.headers as Record<string, string>) } });
  const text = await res.text();
  sent++;
  expect(res.status, `${rest.method ?? 'GET'} ${path} → ${res.status} ${text.slice(0, 200)}`).toBeLessThan(500);
  expect(text).not.toMatch(/\bat .+:\d+:\d+\)?$/m);
  if (res.status >= 400) {
    expect(res.headers.get('content-type') ?? '').toContain('application/json');
    expect(committedChanges(), `${path} changed the database with ${res.status}`).toBe(before);
  }
  return res.status;
}

describe('hostile requests (property)', () => {
  it('the change counter watches documents, links and printing too, and sees a change that writes a value back as it was', () => {
    expect(tables()).toEqual(expect.arrayContaining(['documents', 'document_templates', 'document_flows', 'links', 'link_errors', 'print_batches', 'print_jobs', 'print_job_documents', 'printers', 'auto_print_pending', 'orders', 'api_keys']));
    const db = s.station.db;
    const before = committedChanges();
    db.prepare('UPDATE orders SET status = status').run();
    expect(committedChanges()).toBe(before + 1);
    db.prepare('UPDATE api_keys SET last_used_at = ?').run(new Date().toISOString());
    expect(committedChanges(), 'a key being used is not a change').toBe(before + 1);
    db.prepare('UPDATE api_keys SET revoked_at = revoked_at').run();
    expect(committedChanges()).toBeGreaterThan(before + 1);
    const rolledBack = committedChanges();
    const refusal = db.transaction(() => {
      db.prepare('UPDATE orders SET status = status').run();
      throw new Error('refused');
    });
    expect(refusal).toThrow('refused');
    expect(committedChanges(), 'a change rolled back is no change').toBe(rolledBack);
  });

  it('1500 generated malformed or hostile bodies: never a 5xx, rejected ones leave the database unchanged', async () => {
    startProperty();
    await fc.assert(
      fc.asyncProperty(rawBody, fc.constantFrom('key', 'other', 'none', 'junk'), fc.constantFrom('application/json', 'text/plain', ''), async (body, who, type) => {
        const withKey = who === 'key' ? key : who === 'other' ? otherKey : who === 'junk' ? 'ops_' + 'x'.repeat(43) : undefined;
        await send('/api/orders', { method: 'POST', key: withKey, body, headers: type ? { 'Content-Type': type } : {} });
      }),
      { numRuns: 1500 },
    );
    await expectStationIntact(1500);
  });

  it('800 generated hostile paths and ids: never a 5xx, nothing written', async () => {
    startProperty();
    const segment = fc.oneof(
      hostileString.map((v) => encodeURIComponent(v)),
      fc.webSegment(),
      fc.constantFrom('%', '%zz', '%E0%A4%A', '%2F', '..', '.', '%2e%2e', '%00', existingKey, encodeURIComponent(existingKey), '00000000-0000-4000-8000-000000000000'),
    );
    const path = fc.oneof(
      segment.map((id) => `/api/orders/${id}/status`),
      fc.array(segment, { maxLength: 5 }).map((parts) => `/api/${parts.join('/')}`),
      fc.webPath().map((p) => `/api${p.startsWith('/') ? p : `/${p}`}`),
      // `..` segments are resolved by the client: these reach routes outside /api too.
      fc.array(segment, { maxLength: 3 }).map((parts) => `/api/%2e%2e/${parts.join('/')}`),
    );
    await fc.assert(
      fc.asyncProperty(path, fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'), fc.constantFrom('key', 'other', 'none'), async (p, method, who) => {
        const withKey = who === 'key' ? key : who === 'other' ? otherKey : undefined;
        await send(p, { method, key: withKey, body: method === 'GET' ? undefined : '{"not":"an order"}' });
      }),
      { numRuns: 800 },
    );
    await expectStationIntact(800);
  });
});
