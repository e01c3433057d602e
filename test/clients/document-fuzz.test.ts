import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { createGeneratorSync } from 'json-schema-faker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../helpers/station';

/**
 * A fuzzer built only from the served document: bodies generated from each request body's
 * schema (json-schema-faker), kept when an independent validator (ajv) agrees they are
 * valid by the document, then sent. The station must take every one: a 400 for a body the
 * document allows means the document does not say a rule the server enforces.
 *
 * Left out, because no schema can say them (docs/api.md, The OpenAPI document): rules that
 * need the database (a `targetTeamId` or `order.teamId` must be a team the key reaches, an
 * `overrides.bench` a bench of the station) and
 * the bytes of carrier labels (`order.variables.carrierLabels`, which must parse).
 */
const SAMPLES = 120;

let running: RunningStation;
let key: string;
let document: { components: { requestBodies: Record<string, { content: { 'application/json': { schema: Record<string, unknown> } } }> } };
const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats.default(ajv);

beforeAll(async () => {
  // No background work: the fuzzed print requests must not start printing hundreds of orders.
  running = await startStation({ background: false });
  key = running.team('Fuzz From The Document').key;
  document = await (await fetch(`${running.url}/api/openapi.json`)).json();
});
afterAll(() => running.stop());

const bodySchema = (name: string) => document.components.requestBodies[name]!.content['application/json'].schema;

/** Bodies valid by the document, deterministic for a seed. */
function validBodies(name: string, seed: number, prepare: (body: Record<string, unknown>) => void = () => {}): Record<string, unknown>[] {
  const schema = bodySchema(name);
  const validate = ajv.compile(schema);
  // Arrays of at most 5: ten thousand order ids say nothing more about the rules, and take long to make.
  const generator = createGeneratorSync({ seed, maxDefaultItems: 3, maxItems: 5, optionalsProbability: 0.6, fillProperties: false, maxLength: 40 });
  const bodies: Record<string, unknown>[] = [];
  for (let attempt = 0; attempt < SAMPLES * 4 && bodies.length < SAMPLES; attempt++) {
    const body = generator.generate(schema) as Record<string, unknown>;
    prepare(body);
    if (validate(body)) bodies.push(body);
  }
  return bodies;
}

/** `overrides.bench` needs the database: a bench of the station (an unknown one is a 400 by design). */
function withoutBench(body: Record<string, unknown>): void {
  const overrides = body.overrides as Record<string, unknown> | Record<string, unknown>[] | undefined;
  for (const entry of Array.isArray(overrides) ? overrides : overrides ? [overrides] : []) delete entry.bench;
}

interface Refused {
  body: unknown;
  status: number;
  answer: unknown;
}

async function refusedOf(path: string, bodies: Record<string, unknown>[], accepted: (status: number, answer: { error?: { code?: string } }) => boolean): Promise<Refused[]> {
  const refused: Refused[] = [];
  for (const body of bodies) {
    const response = await running.call(path, { key, json: body });
    const answer = (await response.json()) as { error?: { code?: string } };
    if (!accepted(response.status, answer)) refused.push({ body, status: response.status, answer });
  }
  return refused;
}

describe('bodies generated from the OpenAPI document', () => {
  it('every OrderRequest the document allows is stored (201)', { timeout: 60_000 }, async () => {
    const bodies = validBodies('OrderRequest', 1, (body) => {
      delete body.targetTeamId; // needs the database: a merchant of the caller
      const variables = (body.order as { variables?: Record<string, unknown> } | undefined)?.variables;
      if (variables) delete variables.carrierLabels; // the bytes must parse as the label they claim
    });
    expect(bodies.length).toBeGreaterThanOrEqual(SAMPLES * 0.9);
    expect(await refusedOf('/api/orders', bodies, (status) => status === 201)).toEqual([]);
  });

  it('every PrintRequest the document allows is taken (200, or a strict failure about the orders)', { timeout: 60_000 }, async () => {
    const bodies = validBodies('PrintRequest', 2, (body) => {
      const filters = body.orderFilters as Record<string, unknown> | undefined;
      if (filters) delete filters['order.teamId']; // needs the database: a team in the key's scope
      withoutBench(body);
    });
    expect(bodies.length).toBeGreaterThanOrEqual(SAMPLES * 0.9);
    // Both selectors' shapes were tried, not one alone.
    expect(bodies.some((body) => 'orderIds' in body)).toBe(true);
    expect(bodies.some((body) => 'orderFilters' in body)).toBe(true);
    const taken = (status: number, answer: { error?: { code?: string } }) => status === 200 || (status === 400 && answer.error?.code === 'print_failed');
    expect(await refusedOf('/api/orders/print', bodies, taken)).toEqual([]);
  });

  it('every PrintOneRequest the document allows is taken', { timeout: 60_000 }, async () => {
    const created = await running.call('/api/orders', { key, json: { sourceId: 'fuzz-one', order: { orderNumber: 'F-1' } } });
    const { id } = (await created.json()) as { id: string };
    const bodies = validBodies('PrintOneRequest', 3, withoutBench);
    expect(bodies.length).toBeGreaterThanOrEqual(SAMPLES * 0.9);
    const taken = (status: number, answer: { error?: { code?: string } }) => status === 200 || (status === 400 && answer.error?.code === 'print_failed');
    expect(await refusedOf(`/api/orders/${id}/print`, bodies, taken)).toEqual([]);
  });

  it('every MerchantCreate and Invitation the document allows is taken', { timeout: 60_000 }, async () => {
    const threePl = running.team('Fuzz 3PL', 'three_pl').key;
    // Within the 3PL's hourly limit of 30 invitations (a merchant with an email sends one).
    const merchants = validBodies('MerchantCreate', 4).slice(0, 12);
    const invitations = validBodies('Invitation', 5).slice(0, 12);
    expect(merchants.length).toBe(12);
    expect(invitations.length).toBe(12);
    const refused: Refused[] = [];
    let merchantId = '';
    for (const body of merchants) {
      const response = await running.call('/api/teams/merchants', { key: threePl, json: body });
      const answer = (await response.json()) as { team?: { id: string } };
      if (response.status === 201) merchantId ||= answer.team!.id;
      else refused.push({ body, status: response.status, answer });
    }
    for (const body of invitations) {
      const response = await running.call(`/api/teams/merchants/${merchantId}/invitations`, { key: threePl, json: body });
      if (response.status !== 201) refused.push({ body, status: response.status, answer: await response.json() });
    }
    expect(refused).toEqual([]);
  });
});
