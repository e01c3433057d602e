import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleOrder, startStation, type RunningStation } from '../../helpers/station';
import { adminClient } from './admin-helpers';

let running: RunningStation;
let admin: ReturnType<typeof adminClient>;
beforeEach(async () => {
  running = await startStation();
  admin = adminClient(running);
});
afterEach(() => running.stop());

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('printing from the dashboard', () => {
  it('prints selected orders of two teams, each as its own team, to the folder printer', async () => {
    const shop = running.team('Shop');
    const other = running.team('Other');
    const a = await (await running.call('/api/orders', { key: shop.key, json: sampleOrder(1) })).json();
    const b = await (await running.call('/api/orders', { key: other.key, json: sampleOrder(2) })).json();
    const response = await admin.call('/admin/api/orders/print', { json: { orderIds: [a.id, b.orderKeys[0]] } });
    expect(response.status).toBe(200);
    const results = await response.json();
    expect(results.map((r: { status: string }) => r.status)).toEqual(['pending', 'pending']);
    expect(results.map((r: { team: { authId: string } }) => r.team.authId).sort()).toEqual([shop.team.id, other.team.id].sort());

    const printed = join(running.dataDir, 'printed');
    await waitFor(() => existsSync(printed) && readdirSync(printed).filter((f) => f.endsWith('.pdf')).length >= 2);
    const status = await (await running.call(`/api/orders/${a.id}/status`, { key: shop.key })).json();
    expect(status.status).toBe('printed');
  });

  it('names an order id that does not exist instead of printing the rest', async () => {
    const response = await admin.call('/admin/api/orders/print', { json: { orderIds: ['no-such-order'] } });
    expect(response.status).toBe(404);
  });

  it('needs at least one order', async () => {
    const response = await admin.call('/admin/api/orders/print', { json: { orderIds: [] } });
    expect(response.status).toBe(400);
    expect((await response.json()).error.details[0].path).toBe('orderIds');
  });
});
