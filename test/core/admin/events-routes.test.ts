import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleOrder, startStation, type RunningStation } from '../../helpers/station';
import { adminClient } from './admin-helpers';

let running: RunningStation;
beforeEach(async () => {
  running = await startStation();
});
afterEach(() => running.stop());

/** Reads SSE messages from a real streaming response until `count` named events arrived. */
async function readEvents(response: Response, count: number): Promise<{ event: string; data: unknown }[]> {
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
      if (event && data) events.push({ event, data: JSON.parse(data) });
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
    const { token } = adminClient(running);
    const response = await fetch(`${running.url}/admin/api/events?session=${token}`);
    const reader = response.body!.getReader();
    await reader.read();
    running.station.events.emit('closing');
    let done = false;
    while (!done) done = (await reader.read()).done;
    expect(done).toBe(true);
  });
});
