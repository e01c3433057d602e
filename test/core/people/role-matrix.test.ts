import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_OPERATIONS, type AdminOperation } from '../../../main/core/http/admin/operations';
import { useTestCups } from '../../helpers/cups/test-cups';
import { appOf } from '../links/links-helpers';
import { json, printStation, type PrintStation } from '../printing/print-harness';
import { joinAs, type SignedIn } from './people-helpers';

// Prints one order (a batch and a job to name): a CUPS scheduler of its own (test/helpers/cups).
useTestCups();

/**
 * Every dashboard operation × each role × a person of another team, on a real station:
 * the guard refuses exactly what the table says, a thing of a team outside the caller's
 * scope is a 404, and what a role may read holds nothing of another team.
 */
type Who = 'admin' | 'operator' | 'viewer';
const RANK: Record<Who, number> = { viewer: 1, operator: 2, admin: 3 };
// `3pl-admin` on Shop A (no merchant) is refused to every role: no 3PL stands above it (the 3PL's own test: three-pl-roles.test.ts).
const refusedBy = (needs: AdminOperation['needs'], role: Who) => needs === 'station-admin' || needs === '3pl-admin' || (needs in RANK && RANK[needs as Who] > RANK[role]);
const TEAM_OWNED = /:(teamId|merchantTeamId|templateId|linkId|documentId|appId|idOrKey)\b|^\/admin\/api\/(keys|print-batches|print-jobs|webhooks|webhook-deliveries)\/:id/;

describe('who may call each dashboard operation', { timeout: 60_000 }, () => {
  let s: PrintStation;
  let shop: { id: string };
  let other: { id: string };
  const people = {} as Record<Who | 'outsider', SignedIn>;
  let params: Record<string, string>;

  /** The operation's path with Shop A's things in its parameters. */
  const pathOf = (operation: AdminOperation) =>
    operation.path.replace(/:(\w+)/g, (_, name: string) => {
      if (name === 'id') return params[operation.path.split('/')[3]!]!;
      return params[name]!;
    });
  const ask = (who: SignedIn, operation: AdminOperation) =>
    who.call(pathOf(operation), { method: operation.method, ...(['POST', 'PUT', 'PATCH'].includes(operation.method) ? { json: {} } : {}) });
  const guardRefusal = async (response: Response) => {
    if (response.status !== 403 && response.status !== 404) return undefined;
    const { error } = (await response.clone().json()) as { error: { message: string } };
    return /^This needs|^Not found in your teams$/.test(error.message) ? `${response.status} ${error.message}` : undefined;
  };

  beforeAll(async () => {
    s = await printStation();
    const shopA = await s.printTeam('Shop A');
    const shopB = await s.printTeam('Shop B');
    shop = shopA.team;
    other = shopB.team;
    people.admin = await joinAs(s, shop.id, 'ana@shop-a.example', 'admin', 'Ana');
    people.operator = await joinAs(s, shop.id, 'oleg@shop-a.example', 'operator', 'Олег');
    people.viewer = await joinAs(s, shop.id, 'vera@shop-a.example', 'viewer', 'ヴェラ');
    people.outsider = await joinAs(s, other.id, 'bo@shop-b.example', 'admin', 'Bo');

    // Shop A's things, made by the station admin, one of each kind a path names.
    // A webhook first: the print below makes it a delivery to name.
    const webhook = await json<{ id: string }>(await s.admin('/admin/api/webhooks', { json: { teamId: shop.id, url: 'https://wms.example.com/hooks', events: ['print_job.state_changed'] } }), 201);
    const order = await s.createOrder(shopA.key, 'M-1');
    const [printed] = await json<{ id: string }[]>(await s.admin('/admin/api/orders/print', { json: { orderIds: [order.id] } }), 200);
    const batch = await s.settled(printed!.id);
    const templates = await json<{ id: string }[]>(await s.admin(`/admin/api/teams/${shop.id}/templates`), 200);
    const documents = await json<{ id: string }[]>(await s.admin(`/admin/api/orders/${order.id}/documents`), 200);
    const key = await json<{ key: { id: string } }>(await s.admin('/admin/api/keys', { json: { teamId: shop.id, name: 'WMS' } }), 201);
    const app = appOf(s, shop.id);
    const link = await json<{ id: string }>(
      await s.admin('/admin/api/links', { json: { teamId: shop.id, type: 'order', source: { type: 'manual', source: 'api' }, target: { type: 'app', app }, resolver: 'order.note', condition: 'true' } }),
      200,
    );
    const deliveries = await json<{ id: string }[]>(await s.admin(`/admin/api/webhooks/${webhook.id}/deliveries`), 200);
    const bench = await json<{ id: string }>(await s.admin('/admin/api/benches', { json: { name: 'Matrix bench' } }), 201);
    params = {
      teamId: shop.id,
      merchantTeamId: shop.id,
      templateId: templates[0]!.id,
      documentId: documents[0]!.id,
      idOrKey: order.id,
      appId: app,
      linkId: link.id,
      keys: key.key.id,
      'print-batches': batch.id,
      'print-jobs': batch.jobs[0]!.id,
      webhooks: webhook.id,
      'webhook-deliveries': deliveries[0]!.id,
      printers: await s.printerId('save-as-pdf'),
      benches: bench.id,
      sessions: randomUUID(),
      people: people.viewer.id,
      userId: people.viewer.id,
      importId: randomUUID(),
      kind: 'connect_source_app',
      tag: 'invoice',
    };
  });
  afterAll(() => s.stop());

  it('refuses each role every operation that needs more, before the operation runs', async () => {
    const signedIn = ADMIN_OPERATIONS.filter((operation) => operation.needs !== 'public');
    expect(signedIn.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const role of ['viewer', 'operator', 'admin'] as const) {
      for (const operation of signedIn.filter((candidate) => refusedBy(candidate.needs, role))) {
        const refusal = await guardRefusal(await ask(people[role], operation));
        if (refusal?.startsWith('403') !== true) wrong.push(`${role} ${operation.method} ${operation.path}: ${refusal ?? 'let through'}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets each role read everything its role allows on its team (the guard stands aside)', async () => {
    const wrong: string[] = [];
    for (const role of ['viewer', 'operator', 'admin'] as const) {
      const reads = ADMIN_OPERATIONS.filter((operation) => operation.method === 'GET' && operation.needs !== 'public' && !refusedBy(operation.needs, role) && operation.path !== '/admin/api/events');
      for (const operation of reads) {
        const response = await ask(people[role], operation);
        if (response.status >= 400 && operation.path !== '/admin/api/webhook-deliveries/:id') wrong.push(`${role} GET ${operation.path}: ${response.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers a person of another team 404 for every thing of this team, whatever their role there', async () => {
    const owned = ADMIN_OPERATIONS.filter((operation) => operation.needs !== 'public' && operation.needs !== 'signed-in' && operation.needs !== 'station-admin' && TEAM_OWNED.test(operation.path));
    expect(owned.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const operation of owned) {
      const refusal = await guardRefusal(await ask(people.outsider, operation));
      if (refusal !== '404 Not found in your teams') wrong.push(`${operation.method} ${operation.path}: ${refusal ?? 'let through'}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lists to a person of another team nothing of this team, and takes no body that names it', async () => {
    const call = people.outsider.call;
    for (const path of ['/admin/api/orders', '/admin/api/keys', '/admin/api/print-batches', '/admin/api/print-requests', '/admin/api/webhooks', '/admin/api/apps', '/admin/api/links', '/admin/api/station', '/admin/api/overview', '/admin/api/orders/facets']) {
      const response = await call(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).not.toContain(shop.id);
    }
    const mine = await json<{ teams: { id: string }[] }>(await call('/admin/api/station'), 200);
    expect(mine.teams.map((team) => team.id)).toEqual([other.id]);
    for (const [path, body] of [
      ['/admin/api/keys', { teamId: shop.id, name: 'stolen' }],
      ['/admin/api/apps', { teamId: shop.id, name: 'stolen' }],
      ['/admin/api/webhooks', { teamId: shop.id, url: 'https://evil.example.com/hook' }],
      ['/admin/api/orders/print', { orderIds: [params.idOrKey] }],
    ] as const) {
      const response = await call(path, { json: body });
      expect(response.status, path).toBe(404);
    }
    expect((await s.admin('/admin/api/keys')).status).toBe(200);
    const keys = await json<{ name: string }[]>(await s.admin('/admin/api/keys'), 200);
    expect(keys.map((key) => key.name)).not.toContain('stolen');
  });

  it('lets each role do its job: an operator prints and reprints, a viewer reads an order, an admin makes a key', async () => {
    const detail = await json<{ orderNumber: string }>(await people.viewer.call(`/admin/api/orders/${params.idOrKey}`), 200);
    expect(detail.orderNumber).toBeTruthy();
    expect((await people.viewer.call('/admin/api/orders/print', { json: { orderIds: [params.idOrKey] } })).status).toBe(403);
    const [result] = await json<{ id: string; status: string }[]>(await people.operator.call('/admin/api/orders/print', { json: { orderIds: [params.idOrKey] } }), 200);
    expect((await s.settled(result!.id)).state).toBe('done');
    const reprint = await json<{ id: string }>(await people.operator.call(`/admin/api/print-jobs/${params['print-jobs']}/reprint`, { method: 'POST' }), 201);
    expect((await s.settled(reprint.id)).state).toBe('done');
    expect((await people.operator.call('/admin/api/keys', { json: { teamId: shop.id, name: 'Bench key' } })).status).toBe(403);
    const made = await json<{ key: { teamId: string } }>(await people.admin.call('/admin/api/keys', { json: { teamId: shop.id, name: 'Shop A WMS' } }), 201);
    expect(made.key.teamId).toBe(shop.id);
  });
});
