import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSourceApp } from '../../../main/core/features/apps/service';
import { revokeKey } from '../../../main/core/features/keys/service';
import type { TeamRow } from '../../../main/core/features/teams/store';
import { sampleOrder, startStation, type RunningStation } from '../../helpers/station';

/**
 * The cross-tenant matrix: every /api route × every kind of caller → the exact status the
 * contract asks for, and no answer that shows another team's data. A new route is one more
 * row in ROUTES.
 *
 *   standard       a standard team's key
 *   threePl        a 3PL parent's key (manages `merchant`)
 *   merchant       the key of a merchant managed by `threePl`
 *   otherThreePl   an unrelated 3PL's key (manages `otherMerchant`)
 *   otherMerchant  the key of `otherThreePl`'s merchant
 *   revoked        a revoked key
 *   none           no X-API-Key header
 */
const CALLERS = ['standard', 'threePl', 'merchant', 'otherThreePl', 'otherMerchant', 'revoked', 'none'] as const;
type Caller = (typeof CALLERS)[number];
type Tenant = Exclude<Caller, 'revoked' | 'none'>;
const TENANTS: Tenant[] = ['standard', 'threePl', 'merchant', 'otherThreePl', 'otherMerchant'];

/** What each caller may legitimately see in an answer. */
const VISIBLE: Record<Caller, Tenant[]> = {
  standard: ['standard'],
  threePl: ['threePl', 'merchant'],
  merchant: ['merchant'],
  otherThreePl: ['otherThreePl', 'otherMerchant'],
  otherMerchant: ['otherMerchant'],
  revoked: [],
  none: [],
};

interface Fixture {
  team: Record<Tenant, TeamRow>;
  order: Record<Tenant, { id: string; key: string }>;
  app: Record<Tenant, string>;
  link: Record<Tenant, string>;
  /** The id of one document of each tenant's order. */
  document: Record<Tenant, string>;
  printerId: string;
  /** Creates a fresh link owned by the tenant (for rows that delete one). */
  newLink(tenant: Tenant): Promise<string>;
}

interface Request {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  json?: unknown;
}

type Row = [route: string, request: (f: Fixture) => Request | Promise<Request>, expected: Record<Caller, number>];

/** Expected statuses in CALLERS order: standard, threePl, merchant, otherThreePl, otherMerchant, revoked, none. */
const codes = (...statuses: number[]): Record<Caller, number> =>
  Object.fromEntries(CALLERS.map((caller, i) => [caller, statuses[i]])) as Record<Caller, number>;

const enc = encodeURIComponent;
const UNKNOWN_UUID = '3f2b8c1e-0d5a-4c7e-9b1f-2a3c4d5e6f70';
const linkBody = (extra: Record<string, unknown> = {}) => ({
  type: 'order',
  source: { type: 'custom', key: 'shop' },
  target: { type: 'manual', source: 'api' },
  resolver: 'payload.order.orderNumber',
  ...extra,
});
let counter = 0;
const fresh = () => `matrix-${++counter}`;

// prettier-ignore
const ROUTES: Row[] = [
  //                                                                                                                    std  3pl  mer  o3pl omer rev  none
  ['POST /api/orders (own team)',                   () => ({ method: 'POST', path: '/api/orders', json: sampleOrder(fresh()) }),                          codes(201, 201, 201, 201, 201, 401, 401)],
  ['POST /api/orders targetTeamId=merchant',        (f) => ({ method: 'POST', path: '/api/orders', json: { ...sampleOrder(fresh()), targetTeamId: f.team.merchant.id } }), codes(400, 201, 201, 400, 400, 401, 401)],
  ['POST /api/orders targetTeamId=3PL parent',      (f) => ({ method: 'POST', path: '/api/orders', json: { ...sampleOrder(fresh()), targetTeamId: f.team.threePl.id } }),  codes(400, 201, 400, 400, 400, 401, 401)],
  ['GET /api/orders/{merchant order id}/status',    (f) => ({ path: `/api/orders/${f.order.merchant.id}/status` }),                                       codes(404, 200, 200, 404, 404, 401, 401)],
  ['GET /api/orders/{merchant order key}/status',   (f) => ({ path: `/api/orders/${enc(f.order.merchant.key)}/status` }),                                 codes(404, 200, 200, 404, 404, 401, 401)],
  ['GET /api/orders/{3PL order id}/status',         (f) => ({ path: `/api/orders/${f.order.threePl.id}/status` }),                                        codes(404, 200, 404, 404, 404, 401, 401)],
  ['GET /api/orders/{standard order key}/status',   (f) => ({ path: `/api/orders/${enc(f.order.standard.key)}/status` }),                                 codes(200, 404, 404, 404, 404, 401, 401)],
  ['GET /api/auth/whoami',                          () => ({ path: '/api/auth/whoami' }),                                                                  codes(200, 200, 200, 200, 200, 401, 401)],
  ['GET /api/teams',                                () => ({ path: '/api/teams' }),                                                                        codes(403, 200, 403, 200, 403, 401, 401)],
  ['GET /api/teams/merchants',                      () => ({ path: '/api/teams/merchants' }),                                                              codes(403, 200, 403, 200, 403, 401, 401)],
  ['POST /api/teams/merchants',                     () => ({ method: 'POST', path: '/api/teams/merchants', json: { name: fresh() } }),                   codes(403, 201, 403, 201, 403, 401, 401)],
  ['POST /api/teams/merchants/{merchant}/invitations', (f) => ({ method: 'POST', path: `/api/teams/merchants/${f.team.merchant.id}/invitations`, json: { email: 'new-admin@example.com' } }), codes(403, 201, 403, 404, 403, 401, 401)],
  ['GET /api/teams/members',                        () => ({ path: '/api/teams/members' }),                                                                codes(403, 200, 403, 200, 403, 401, 401)],
  ['PUT /api/teams/merchants/{merchant}',           (f) => ({ method: 'PUT', path: `/api/teams/merchants/${f.team.merchant.id}`, json: { accountManagerUserId: null } }), codes(403, 200, 403, 404, 403, 401, 401)],
  ['PUT /api/teams/merchants/{other merchant}',     (f) => ({ method: 'PUT', path: `/api/teams/merchants/${f.team.otherMerchant.id}`, json: { accountManagerUserId: null } }), codes(403, 404, 403, 200, 403, 401, 401)],
  ['PUT /api/teams/merchants/{standard team}',      (f) => ({ method: 'PUT', path: `/api/teams/merchants/${f.team.standard.id}`, json: { accountManagerUserId: null } }), codes(403, 404, 403, 404, 403, 401, 401)],
  ['POST /api/teams/merchants/{merchant}/go-live',  (f) => ({ method: 'POST', path: `/api/teams/merchants/${f.team.merchant.id}/go-live` }),             codes(403, 200, 403, 404, 403, 401, 401)],
  ['POST /api/teams/merchants/{unknown}/go-live',   () => ({ method: 'POST', path: `/api/teams/merchants/${UNKNOWN_UUID}/go-live` }),                      codes(403, 404, 403, 404, 403, 401, 401)],
  ['GET /api/apps/validate (merchant app)',         (f) => ({ path: `/api/apps/validate?appId=${f.app.merchant}` }),                                       codes(403, 200, 200, 403, 403, 401, 401)],
  ['GET /api/apps/validate (3PL app)',              (f) => ({ path: `/api/apps/validate?appId=${f.app.threePl}` }),                                        codes(403, 200, 403, 403, 403, 401, 401)],
  ['GET /api/apps/validate (standard app)',         (f) => ({ path: `/api/apps/validate?appId=${f.app.standard}` }),                                       codes(200, 403, 403, 403, 403, 401, 401)],
  ['GET /api/apps/validate (unknown app)',          () => ({ path: `/api/apps/validate?appId=${UNKNOWN_UUID}` }),                                          codes(403, 403, 403, 403, 403, 401, 401)],
  ['GET /api/apps/validate (not a UUID)',           () => ({ path: '/api/apps/validate?appId=not-a-uuid' }),                                               codes(400, 400, 400, 400, 400, 401, 401)],
  ['GET /api/orders/{merchant order}/documents',    (f) => ({ path: `/api/orders/${f.order.merchant.id}/documents` }),                                    codes(404, 200, 200, 404, 404, 401, 401)],
  ['GET /api/orders/{merchant order}/documents/{id}/pdf', (f) => ({ path: `/api/orders/${f.order.merchant.id}/documents/${f.document.merchant}/pdf` }), codes(404, 200, 200, 404, 404, 401, 401)],
  ['POST /api/orders/print (merchant order)',       (f) => ({ method: 'POST', path: '/api/orders/print', json: { orderIds: [f.order.merchant.id] } }),  codes(200, 200, 200, 200, 200, 401, 401)],
  ['POST /api/orders/print?strict=true (merchant order)', (f) => ({ method: 'POST', path: '/api/orders/print?strict=true', json: { orderIds: [f.order.merchant.id] } }), codes(400, 200, 200, 400, 400, 401, 401)],
  ['POST /api/orders/{merchant order}/print',       (f) => ({ method: 'POST', path: `/api/orders/${f.order.merchant.id}/print` }),                      codes(200, 200, 200, 200, 200, 401, 401)],
  ['GET /api/printers',                             () => ({ path: '/api/printers' }),                                                                     codes(200, 200, 200, 200, 200, 401, 401)],
  ['GET /api/printers/{id}',                        (f) => ({ path: `/api/printers/${enc(f.printerId)}` }),                                                codes(200, 200, 200, 200, 200, 401, 401)],
  ['GET /api/printers/refresh',                     () => ({ path: '/api/printers/refresh' }),                                                             codes(200, 200, 200, 200, 200, 401, 401)],
  ['GET /api/links',                                () => ({ path: '/api/links' }),                                                                        codes(200, 200, 200, 200, 200, 401, 401)],
  ['GET /api/links/{merchant link}',                (f) => ({ path: `/api/links/${f.link.merchant}` }),                                                    codes(404, 200, 200, 404, 404, 401, 401)],
  ['POST /api/links',                               () => ({ method: 'POST', path: '/api/links', json: linkBody() }),                                     codes(200, 200, 200, 200, 200, 401, 401)],
  ['POST /api/links targetTeamId=merchant',         (f) => ({ method: 'POST', path: '/api/links', json: linkBody({ targetTeamId: f.team.merchant.id }) }), codes(400, 200, 200, 400, 400, 401, 401)],
  ['PUT /api/links/{merchant link}',                (f) => ({ method: 'PUT', path: `/api/links/${f.link.merchant}`, json: { resolver: 'payload.sourceId' } }), codes(404, 200, 200, 404, 404, 401, 401)],
  ['DELETE /api/links/{fresh merchant link}',       async (f) => ({ method: 'DELETE', path: `/api/links/${await f.newLink('merchant')}` }),             codes(404, 200, 200, 404, 404, 401, 401)],
];

let s: RunningStation;
let fixture: Fixture;
const keys = {} as Record<Exclude<Caller, 'none'>, string>;
/** Strings only one tenant's data contains: ids, names, slugs, order numbers, app ids. */
const markers = {} as Record<Tenant, string[]>;

beforeAll(async () => {
  // No print queue worker: print rows check who may ask, not the paper.
  s = await startStation({ background: false });
  const standard = s.team('Alder Standard');
  const threePl = s.team('Birch Logistics', 'three_pl');
  const merchant = s.team('Cedar Goods', 'merchant', threePl.team);
  const otherThreePl = s.team('Dogwood Fulfilment', 'three_pl');
  const otherMerchant = s.team('Elm Wares', 'merchant', otherThreePl.team);
  const created = { standard, threePl, merchant, otherThreePl, otherMerchant };

  const revoked = s.team('Fir Revoked');
  revokeKey(s.station.db, revoked.keyId);
  keys.revoked = revoked.key;

  fixture = {
    team: {},
    order: {},
    app: {},
    link: {},
    document: {},
    async newLink(tenant) {
      const res = await s.call('/api/links', { key: keys[tenant], json: linkBody() });
      expect(res.status).toBe(200);
      return ((await res.json()) as { id: string }).id;
    },
  } as Fixture;
  for (const tenant of TENANTS) {
    const { team, key } = created[tenant];
    keys[tenant] = key;
    fixture.team[tenant] = team;
    const res = await s.call('/api/orders', { key, json: sampleOrder(`secret-${team.slug}`) });
    expect(res.status).toBe(201);
    const order = (await res.json()) as { id: string; orderKeys: string[]; orderNumber: string };
    fixture.order[tenant] = { id: order.id, key: order.orderKeys[0]! };
    fixture.app[tenant] = createSourceApp(s.station.db, team.id, `${team.name} app`).id;
    fixture.link[tenant] = await fixture.newLink(tenant);
    const documents = (await (await s.call(`/api/orders/${order.id}/documents`, { key })).json()) as Array<{ id: string }>;
    expect(documents.length).toBeGreaterThan(0);
    fixture.document[tenant] = documents[0]!.id;
    markers[tenant] = [team.id, team.name, team.slug, order.id, order.orderNumber, fixture.app[tenant], fixture.link[tenant], fixture.document[tenant]];
  }
  const printers = (await (await s.call('/api/printers', { key: keys.standard })).json()) as Array<{ id: string }>;
  fixture.printerId = printers[0]!.id;
});
afterAll(() => s.stop());

describe.each(ROUTES)('%s', (_route, request, expected) => {
  it.each(CALLERS.map((caller) => [caller, expected[caller]] as const))('%s → %i', async (caller, status) => {
    const { method, path, json } = await request(fixture);
    const res = await s.call(path, { method: method ?? 'GET', json, key: caller === 'none' ? undefined : keys[caller] });
    const body = await res.text();
    expect(res.status, body).toBe(status);

    // Echoing what the caller itself sent reveals nothing; everything else of a team out of
    // the caller's reach must stay out of the answer.
    const sent = `${path} ${JSON.stringify(json ?? null)}`;
    for (const tenant of TENANTS) {
      if (VISIBLE[caller].includes(tenant)) continue;
      for (const marker of markers[tenant]) {
        if (!sent.includes(marker)) expect(body, `${caller} sees ${tenant}'s ${marker}`).not.toContain(marker);
      }
    }
  });
});
