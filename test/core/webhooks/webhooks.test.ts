import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setOrderStatus } from '../../../main/core/features/orders/store';
import { json, printStation, type PrintStation } from '../printing/print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

/** A local receiver that records every delivery; `down()` closes its port, `up()` opens the same one again. */
class Receiver {
  readonly received: { headers: IncomingHttpHeaders; body: string; payload: { id: string; type: string; teamId: string; data: Record<string, Record<string, unknown>> } }[] = [];
  private server: Server | undefined;
  private waiters: Array<() => void> = [];
  port = 0;

  async up(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        this.received.push({ headers: req.headers, body, payload: JSON.parse(body) });
        res.writeHead(204).end();
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
    this.server.listen(this.port, '127.0.0.1');
    await once(this.server, 'listening');
    this.port = (this.server.address() as AddressInfo).port;
  }

  async down(): Promise<void> {
    this.server!.closeAllConnections();
    await new Promise((resolve) => this.server!.close(resolve));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  /** Resolves with the first delivery matching `match`, as soon as it arrives. */
  async next(match: (payload: Receiver['received'][number]['payload']) => boolean): Promise<Receiver['received'][number]> {
    for (;;) {
      const found = this.received.find((delivery) => match(delivery.payload));
      if (found) return found;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }
}

let s: PrintStation;
const shop = new Receiver();
const other = new Receiver();

beforeAll(async () => {
  s = await printStation({ webhookRetryBaseMs: 100 });
  // The receivers listen on loopback: the outbound policy sends there only once an admin allows it.
  expect((await s.admin('/admin/api/settings/network', { method: 'PUT', json: { imageHostsAllowed: ['127.0.0.1'] } })).status).toBe(200);
  await shop.up();
  await other.up();
});
afterAll(async () => {
  await s.stop();
  await shop.down();
  await other.down();
});

async function register(teamId: string, url: string, events?: string[]) {
  return json<{ id: string; secret: string; events: string[] }>(await s.admin('/admin/api/webhooks', { method: 'POST', json: { teamId, url, ...(events ? { events } : {}) } }), 201);
}

/** The station's `webhook` event for a delivery, whatever state it reached. */
const nextAttempt = (state: 'pending' | 'delivered' | 'failed') =>
  new Promise<{ deliveryId: string; error: string | null }>((resolve) => {
    const listener = (event: { deliveryId: string; state: string; error: string | null }) => {
      if (event.state !== state) return;
      s.station.events.off('webhook', listener);
      resolve(event);
    };
    s.station.events.on('webhook', listener);
  });

describe('webhooks', () => {
  it('go out under the outbound policy: a loopback receiver an admin did not allow gets nothing, and the delivery says why', async () => {
    const { team, key } = await s.printTeam('Loopback receiver');
    const hook = await register(team.id, shop.url.replace('127.0.0.1', 'localhost'), ['order.status_changed']);
    const before = shop.received.length;
    const order = await s.createOrder(key, 'WH-POLICY');
    const refused = nextAttempt('pending');
    expect((await s.admin(`/admin/api/orders/${order.id}/ignore`, { method: 'POST' })).status).toBe(200);
    expect((await refused).error).toMatch(/^Not sent: localhost is not a public address \((127\.0\.0\.1|::1)\); an admin can allow the host in Settings → Network$/);
    expect(shop.received.length).toBe(before);
    await json(await s.admin(`/admin/api/webhooks/${hook.id}`, { method: 'DELETE' }), 200);
  });

  it('tells a team of its order printing and its job states, signed with its secret, and tells no other team', async () => {
    const { team, key } = await s.printTeam('Webhook shop');
    const { team: otherTeam } = await s.printTeam('Other shop');
    const hook = await register(team.id, shop.url);
    expect(hook.secret).toMatch(/^whsec_/);
    await register(otherTeam.id, other.url);

    const order = await s.createOrder(key, 'WH-1', { note: 'Доставка · 配送 · משלוח' });
    const printer = await s.printerId('PDF');
    const results = await json<{ id: string }[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer } } }), 200);
    await s.settled(results[0]!.id);

    const printed = await shop.next((p) => p.type === 'order.status_changed' && p.data.order!.status === 'printed');
    expect(printed.payload).toMatchObject({ teamId: team.id, data: { order: { id: order.id, previous_status: 'ready', order_keys: order.orderKeys } } });
    const done = await shop.next((p) => p.type === 'print_job.state_changed' && p.data.job!.state === 'done');
    expect(done.payload.data.job).toMatchObject({ batchId: results[0]!.id, orderIds: [order.id] });
    // When it passed each stage: received, rendered, submitted, finished in order (printing: only if CUPS was seen printing it).
    const times = (done.payload.data.job as unknown as { times: Record<'received' | 'rendered' | 'submitted' | 'printing' | 'finished', string | null> }).times;
    const stages = [times.received, times.rendered, times.submitted, times.finished].map((at) => Date.parse(at!));
    expect(stages.every(Number.isFinite)).toBe(true);
    expect([...stages].sort((a, b) => a - b)).toEqual(stages);
    expect(shop.received.map((d) => d.payload.data.job?.state).filter(Boolean)).toEqual(expect.arrayContaining(['rendering', 'submitting', 'submitted', 'done']));

    // The signature: HMAC-SHA256 of "<t>.<body>" with the webhook's secret, t within a minute.
    const [, t, mac] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(printed.headers['x-station-signature']))!;
    expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(60);
    expect(mac).toBe(createHmac('sha256', hook.secret).update(`${t}.${printed.body}`).digest('hex'));
    expect(createHmac('sha256', 'whsec_wrong').update(`${t}.${printed.body}`).digest('hex')).not.toBe(mac);
    expect(printed.headers['x-station-event']).toBe('order.status_changed');
    expect(printed.headers['x-station-delivery']).toBe(printed.payload.id);

    expect(other.received.filter((d) => JSON.stringify(d.payload).includes(order.id))).toEqual([]);
  });

  it('a receiver that is down gets the delivery once it is back; the dashboard shows the last error meanwhile', async () => {
    const { team, key } = await s.printTeam('Flaky receiver');
    const hook = await register(team.id, shop.url, ['order.status_changed']);
    const order = await s.createOrder(key, 'WH-2');
    await shop.down();
    const failed = nextAttempt('pending');
    expect((await s.admin(`/admin/api/orders/${order.id}/ignore`, { method: 'POST' })).status).toBe(200);
    expect((await failed).error).toMatch(/ECONNREFUSED/);

    const [view] = await json<{ id: string; pending: number; lastDelivery: { state: string; error: string } }[]>(await s.admin(`/admin/api/webhooks?teamId=${team.id}`), 200);
    expect(view).toMatchObject({ id: hook.id, pending: 1, lastDelivery: { state: 'pending', error: expect.stringMatching(/ECONNREFUSED/) } });

    // Send again now: the delivery goes back to the front of the queue and is tried at once.
    const [waiting] = await json<{ id: string; state: string; attempts: number }[]>(await s.admin(`/admin/api/webhooks/${hook.id}/deliveries`), 200);
    const triedAgain = nextAttempt('pending');
    const retried = await json<{ id: string; state: string; nextAttemptAt: string }>(await s.admin(`/admin/api/webhook-deliveries/${waiting!.id}/retry`, { method: 'POST' }), 200);
    expect(retried).toMatchObject({ id: waiting!.id, state: 'pending' });
    expect(Date.parse(retried.nextAttemptAt)).toBeLessThanOrEqual(Date.now());
    expect((await triedAgain).deliveryId).toBe(waiting!.id);

    await shop.up();
    const ignored = await shop.next((p) => p.type === 'order.status_changed' && p.data.order!.id === order.id);
    expect(ignored.payload.data.order).toMatchObject({ status: 'ignored', previous_status: 'ready', reason: 'ignored by Station admin' });
    const deliveries = await json<{ state: string; attempts: number }[]>(await s.admin(`/admin/api/webhooks/${hook.id}/deliveries`), 200);
    await expect.poll(async () => (await json<{ state: string }[]>(await s.admin(`/admin/api/webhooks/${hook.id}/deliveries`), 200))[0]!.state).toBe('delivered');
    expect(deliveries[0]!.attempts).toBeGreaterThanOrEqual(1);
  });

  it('the outbox is written in the change’s transaction: a change rolled back sends nothing', async () => {
    const { team, key } = await s.printTeam('Rolled back');
    await register(team.id, shop.url);
    const order = await s.createOrder(key, 'WH-3');
    const count = () => (s.station.db.prepare('SELECT COUNT(*) AS n FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE w.team_id = ?').get(team.id) as { n: number }).n;
    expect(() =>
      s.station.db.transaction(() => {
        setOrderStatus(s.station.db, order.id, 'ignored', 'test', new Date().toISOString());
        expect(count()).toBe(1);
        throw new Error('roll back');
      })(),
    ).toThrow('roll back');
    expect(count()).toBe(0);
  });

  it('a 3PL team’s webhook hears its merchants; a merchant’s does not hear its siblings', async () => {
    const { team: parent } = await s.printTeam('Webhook 3PL', { type: 'three_pl' });
    const { team: merchant, key } = await s.printTeam('Merchant A', { type: 'merchant', parent });
    const { team: sibling } = await s.printTeam('Merchant B', { type: 'merchant', parent });
    await register(parent.id, shop.url, ['order.status_changed']);
    await register(sibling.id, other.url, ['order.status_changed']);
    const order = await s.createOrder(key, 'WH-4');
    await s.admin(`/admin/api/orders/${order.id}/ignore`, { method: 'POST' });
    const heard = await shop.next((p) => p.type === 'order.status_changed' && p.data.order!.id === order.id);
    expect(heard.payload.teamId).toBe(merchant.id);
    expect(other.received.filter((d) => d.payload.data.order?.id === order.id)).toEqual([]);
  });

  it('refuses a URL that is not http(s) or carries a password, and an unknown event, with 400', async () => {
    const { team } = await s.printTeam('Bad hooks');
    for (const body of [{ url: 'ftp://example.com/x' }, { url: 'https://user:pw@example.com/' }, { url: shop.url, events: ['order.deleted'] }]) {
      const response = await s.admin('/admin/api/webhooks', { method: 'POST', json: { teamId: team.id, ...body } });
      expect(response.status).toBe(400);
    }
    expect(await json(await s.admin(`/admin/api/webhooks?teamId=${team.id}`), 200)).toEqual([]);
  });
});
