import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLDER_VENDOR_ID } from '../../../main/core/printers/folder-backend';
import { DOCUMENTS_PER_TURN } from '../../../main/core/printing/queue';
import { json, printStation, type PrintStation } from './print-harness';

let s: PrintStation;
beforeAll(async () => {
  s = await printStation();
});
afterAll(() => s.stop());

describe('a big job renders in slices', () => {
  it('gives the event loop a turn every few documents while it renders them, so requests keep being answered', async () => {
    const { key } = await s.printTeam('Slices');
    const orders = [];
    for (let n = 0; n < 6 * DOCUMENTS_PER_TURN; n++) orders.push(await s.createOrder(key, `SL-${n}`, { note: `Заказ ${n} 注文 שלום` }));

    // A turn counter driven by the event loop itself: it moves only when the loop gets a turn.
    let turns = 0;
    let counting = true;
    const tick = () => {
      turns++;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const documents = s.station.services.documents;
    const renderHtml = documents.renderHtml.bind(documents);
    const turnAtEachRender: number[] = [];
    documents.renderHtml = (id, options) => (turnAtEachRender.push(turns), renderHtml(id, options));
    try {
      const folder = await s.printerId(FOLDER_VENDOR_ID);
      const [result] = await json<{ id: string }[]>(await s.call('/api/orders/print', { key, json: { orderIds: orders.map((order) => order.id), overrides: { printer: folder } } }), 200);
      const batch = await s.settled(result!.id);
      expect(batch.jobs.map((job) => job.state)).toEqual(['done']);
    } finally {
      counting = false;
      documents.renderHtml = renderHtml;
    }

    // One job of every order's slip, rendered in order; between every DOCUMENTS_PER_TURN of
    // them the loop turned (in one synchronous stretch the counter would never move).
    expect(turnAtEachRender).toHaveLength(orders.length);
    for (let index = DOCUMENTS_PER_TURN; index < orders.length; index += DOCUMENTS_PER_TURN) {
      expect(turnAtEachRender[index]!, `render ${index}`).toBeGreaterThan(turnAtEachRender[index - 1]!);
    }
  });
});
