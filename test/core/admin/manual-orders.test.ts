import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../../helpers/station';
import { adminClient } from './admin-helpers';

let running: RunningStation;
let admin: ReturnType<typeof adminClient>;
beforeEach(async () => {
  running = await startStation();
  admin = adminClient(running);
});
afterEach(() => running.stop());


describe('manual orders', () => {
  it('creates an order typed in by hand with source web, keyed by its number', async () => {
    const { team, key } = running.team('Shop');
    const response = await admin.call('/admin/api/orders/manual', {
      json: { teamId: team.id, order: { orderNumber: 'M-1', lineItems: [{ name: 'Mug', quantity: 1 }] } },
    });
    expect(response.status).toBe(201);
    const order = await response.json();
    expect(order.orderKeys).toEqual([`${team.id}/web-M-1`]);
    const status = await running.call(`/api/orders/${encodeURIComponent(order.orderKeys[0])}/status`, { key });
    expect(status.status).toBe(200);
  });

  it('answers 400 with the invalid field for a bad manual order', async () => {
    const { team } = running.team('Shop');
    const response = await admin.call('/admin/api/orders/manual', {
      json: { teamId: team.id, order: { orderNumber: 'M-2', lineItems: [{ name: '', quantity: 1 }] } },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.details[0].path).toBe('order.lineItems.0.name');
  });
});
