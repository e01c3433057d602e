import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleOrder, startStation, type RunningStation } from '../../helpers/station';
import { adminClient } from './admin-helpers';

let running: RunningStation;
beforeEach(async () => {
  running = await startStation();
});
afterEach(() => running.stop());

/** Reads SSE messages from a real streaming response until `count` events of `channel` arrived (others are skipped). */
async function readEvents(response: Response, count: number, channel = 'order'): Promise<{ event: string; data: unknown }[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: { event: string; data: unknown }[] = [];
  let buffer = '';
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const message = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(message)?.[1];
      const data = /^data: (.*)$/m.exec(message)?.[1];
      // Printer discovery and batches have their own channels, on their own schedule.
      if (event === channel && data) events.push({ event, data: JSON.parse(data) });
    }
  }
  await reader.cancel();
  return events;
}

describe('dashboard live events', () => {
  it('streams order events to a session given in the query (EventSource cannot send headers)', async () => {
    const { token } = adminClient(running);
    const response = await fetch(`${running.url}/admin/api/events?session=${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const shop = running.team('Shop');
    const received = readEvents(response, 2);
    const created = await (await running.call('/api/orders', { key: shop.key, json: sampleOrder(1) })).json();
    await running.call('/api/orders', { key: shop.key, json: sampleOrder(1) });
    expect(await received).toEqual([
      { event: 'order', data: { type: 'created', orderId: created.id, teamId: shop.team.id } },
      { event: 'order', data: { type: 'updated', orderId: created.id, teamId: shop.team.id } },
    ]);
  });

  it('refuses a stream without a valid session', async () => {
    expect((await fetch(`${running.url}/admin/api/events?session=wrong`)).status).toBe(401);
  });

  it('ends open streams when the station is closing, so the server can stop', async () => {
    // A server of its own, closed the way a host closes it: it stops only once every connection ended.
    const server = createServer(running.station.app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { token } = adminClient(running);
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/admin/api/events?session=${token}`);
    await response.body!.getReader().read();
    const stopped = new Promise<string>((resolve) => server.close(() => resolve('stopped')));
    server.closeIdleConnections();
    running.station.events.emit('closing');
    const cut = new Promise<string>((resolve) => setTimeout(() => resolve('still open after 10 s'), 10_000).unref());
    expect(await Promise.race([stopped, cut])).toBe('stopped');
  });
});
