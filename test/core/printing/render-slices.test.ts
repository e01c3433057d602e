import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TemplateEngine } from '../../../main/core/features/documents/engine';
import { createDocumentsService } from '../../../main/core/features/documents/service';
import { FOLDER_VENDOR_ID } from '../../../main/core/features/printers/folder-backend';
import { DOCUMENTS_PER_TURN } from '../../../main/core/features/printing/jobs/queue';
import { json, printStation, type PrintStation } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

let s: PrintStation;
let orders: { id: string }[];
let key: string;
beforeAll(async () => {
  s = await printStation();
  ({ key } = await s.printTeam('Slices'));
  orders = [];
  for (let n = 0; n < 6 * DOCUMENTS_PER_TURN; n++) orders.push(await s.createOrder(key, `SL-${n}`, { note: `Заказ ${n} 注文 שלום` }));
});
afterAll(() => s.stop());

/** A turn counter driven by the event loop itself: it moves only when the loop gets a turn. */
function countTurns() {
  const counter = { turns: 0, stop: () => (counting = false) };
  let counting = true;
  const tick = () => {
    counter.turns++;
    if (counting) setImmediate(tick);
  };
  setImmediate(tick);
  return counter;
}

describe("a big job's documents never hold the event loop", () => {
  it('renders them on the render thread: the event loop renders none of them', async () => {
    const { documents, renderThread } = s.station.services;
    const { engine } = documents;
    const renderedOnLoop: string[] = [];
    const render = engine.render.bind(engine);
    engine.render = (template, scope, mode) => {
      if (mode !== 'check') renderedOnLoop.push(template.id);
      return render(template, scope, mode);
    };
    // Warm: while it starts, a first job would render in place (render-thread.ts).
    await renderThread!.warm();
    const before = renderThread!.rendered;
    try {
      const folder = await s.printerId(FOLDER_VENDOR_ID);
      const [result] = await json<{ id: string }[]>(await s.call('/api/orders/print', { key, json: { orderIds: orders.map((order) => order.id), overrides: { printer: folder } } }), 200);
      const batch = await s.settled(result!.id);
      expect(batch.jobs.map((job) => job.state)).toEqual(['done']);
    } finally {
      engine.render = render;
    }
    expect(renderedOnLoop).toEqual([]);
    expect(renderThread!.rendered - before).toBe(orders.length);
  });

  it('renders them a few per turn of the event loop where there is no render thread', async () => {
    // The documents capability as a station without the thread has it (and as the thread's fallback).
    const engine = new TemplateEngine();
    const documents = createDocumentsService(s.station.db, engine);
    const counter = countTurns();
    const turnAtEachRender: number[] = [];
    const render = engine.render.bind(engine);
    engine.render = (template, scope, mode) => (turnAtEachRender.push(counter.turns), render(template, scope, mode));
    const requests = orders.map((order) => ({ documentId: documents.listForOrder(order.id)[0]!.id }));
    let rendered;
    try {
      rendered = await documents.renderMany(requests);
    } finally {
      counter.stop();
    }
    expect(rendered.map((document) => document.html.includes('注文'))).toEqual(orders.map(() => true));
    // Between every DOCUMENTS_PER_TURN of them the loop turned (in one synchronous stretch the counter would never move).
    expect(turnAtEachRender).toHaveLength(orders.length);
    for (let index = DOCUMENTS_PER_TURN; index < orders.length; index += DOCUMENTS_PER_TURN) {
      expect(turnAtEachRender[index]!, `render ${index}`).toBeGreaterThan(turnAtEachRender[index - 1]!);
    }
  });
});
