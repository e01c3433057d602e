import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TemplateEngine } from '../../../main/core/features/documents/engine';
import { renderManyOnThread, RenderThread } from '../../../main/core/features/documents/render-thread';
import { DocumentRenderError } from '../../../main/core/features/documents/render-protocol';
import { createDocumentsService } from '../../../main/core/features/documents/service';
import { silentLogger } from '../../../main/core/foundations/logger';
import { printStation, type PrintStation } from '../printing/print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

let s: PrintStation;
let key: string;
const notes = ['Заказ для Ивана', '注文のメモ 山田太郎', 'הזמנה של שלום', 'Ελληνικά', 'plain'];
let orders: { id: string }[];
beforeAll(async () => {
  s = await printStation();
  ({ key } = await s.printTeam('Thread', { documents: [{ template: 'Packing slip (A4)', tag: 'packing-slip' }, { template: 'Invoice (A4)', tag: 'invoice' }] }));
  orders = [];
  for (const [n, note] of notes.entries()) orders.push(await s.createOrder(key, `RT-${n}`, { note }));
});
afterAll(() => s.stop());

const inPlace = () => createDocumentsService(s.station.db, new TemplateEngine());
const requestsOf = (orderIds: string[]) => orderIds.flatMap((id) => inPlace().listForOrder(id).map((document) => ({ documentId: document.id })));

describe('the render thread', () => {
  it('renders exactly what renders in place, in order, non-Latin text included', async () => {
    const thread = new RenderThread({ file: s.station.db.name, logger: silentLogger });
    try {
      const requests = requestsOf(orders.map((order) => order.id));
      expect(requests).toHaveLength(notes.length * 2);
      const rendered = await thread.render(requests);
      expect(rendered).toEqual(await inPlace().renderMany(requests));
      for (const [n, note] of notes.entries()) expect(rendered[2 * n]!.html).toContain(note);
      expect(thread.rendered).toBe(requests.length);
    } finally {
      await thread.close();
    }
  });

  it('reads what the station committed after the thread started (nothing outdated prints)', async () => {
    const thread = new RenderThread({ file: s.station.db.name, logger: silentLogger });
    try {
      const order = await s.createOrder(key, 'RT-changed', { note: 'первая версия' });
      const requests = requestsOf([order.id]);
      expect((await thread.render(requests))[0]!.html).toContain('первая версия');
      await s.createOrder(key, 'RT-changed', { note: 'вторая версия' });
      const again = (await thread.render(requests))[0]!.html;
      expect(again).toContain('вторая версия');
      expect(again).not.toContain('первая версия');
    } finally {
      await thread.close();
    }
  });

  it('names the document that cannot render', async () => {
    const thread = new RenderThread({ file: s.station.db.name, logger: silentLogger });
    try {
      const requests = [...requestsOf([orders[0]!.id]), { documentId: 'no-such-document' }];
      const failure = await thread.render(requests).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DocumentRenderError);
      expect(failure).toMatchObject({ documentId: 'no-such-document', message: expect.stringContaining('does not exist') });
    } finally {
      await thread.close();
    }
  });

  it('ends when idle and starts again with the next request', async () => {
    const thread = new RenderThread({ file: s.station.db.name, logger: silentLogger, idleMs: 10 });
    try {
      const requests = requestsOf([orders[1]!.id]);
      const stopped = once(thread, 'stopped');
      await thread.render(requests);
      await stopped;
      expect(thread.running).toBe(false);
      expect((await thread.render(requests))[0]!.html).toContain(notes[1]);
      expect(thread.running).toBe(true);
    } finally {
      await thread.close();
    }
  });

  it('renders in place while the thread starts, and uses it once it is ready', async () => {
    const thread = new RenderThread({ file: s.station.db.name, logger: silentLogger });
    const renderMany = renderManyOnThread(thread, inPlace().renderMany, { inPlaceUpTo: 1, logger: silentLogger });
    try {
      const requests = requestsOf([orders[4]!.id]);
      expect((await renderMany(requests))[0]!.html).toContain(notes[4]);
      expect(thread.rendered).toBe(0);
      await thread.warm();
      expect((await renderMany(requests))[0]!.html).toContain(notes[4]);
      expect(thread.rendered).toBe(requests.length);
    } finally {
      await thread.close();
    }
  });

  it('leaves the documents to render in place when the thread cannot start, and says so', async () => {
    const thread = new RenderThread({ file: '/nonexistent/station.db', logger: silentLogger });
    let logged!: (message: string) => void;
    const error = new Promise<string>((resolve) => (logged = resolve));
    const logger = { info: () => {}, error: (message: string) => logged(message) };
    const renderMany = renderManyOnThread(thread, inPlace().renderMany, { inPlaceUpTo: 1, logger });
    try {
      const requests = requestsOf([orders[2]!.id]);
      const rendered = await renderMany(requests);
      expect(rendered[0]!.html).toContain(notes[2]);
      expect(await error).toBe('the render thread failed; documents render on the event loop, in slices');
      expect(thread.ready).toBe(false);
      expect(thread.rendered).toBe(0);
    } finally {
      await thread.close();
    }
  });

  it('renders a job of one turn in place, without starting the thread', async () => {
    const thread = new RenderThread({ file: s.station.db.name, logger: silentLogger });
    const renderMany = renderManyOnThread(thread, inPlace().renderMany, { inPlaceUpTo: 4, logger: silentLogger });
    try {
      const rendered = await renderMany(requestsOf([orders[3]!.id]));
      // The packing slip and the invoice (which prints no note: it may be a gift message).
      expect(rendered.map((document) => document.html.includes('RT-3'))).toEqual([true, true]);
      expect(rendered[0]!.html).toContain(notes[3]);
      expect(thread.running).toBe(false);
      expect(thread.rendered).toBe(0);
    } finally {
      await thread.close();
    }
  });
});
