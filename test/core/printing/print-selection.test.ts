import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, printStation, type PrintStation } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

interface Result {
  id: string;
  status: 'pending' | 'warning' | 'error';
  printer?: { id: string; name: string };
  orders: { id: string; reasons?: { code: string }[] }[];
}

/**
 * Which orders and documents a print request picks, and in which order: order filters by
 * date, sorting by SKU, document filters and the overrides' filters. Each test has a team of
 * its own, so another test's orders never match its filters.
 */
describe('what a print request selects', { timeout: 60_000 }, () => {
  let s: PrintStation;
  let folderPrinter: string;
  let cupsPdf: string;
  let teams = 0;
  beforeAll(async () => {
    s = await printStation();
    cupsPdf = await s.printerId('PDF');
    const printers = await json<{ id: string; name: string }[]>(await s.admin('/admin/api/printers'), 200);
    folderPrinter = printers.find((printer) => printer.name === 'Save as PDF')!.id;
  });
  afterAll(() => s.stop());

  const slipAndLabel = [
    { template: 'Packing slip (A4)', tag: 'packing-slip' },
    { template: 'Shipping label (4×6 in)', tag: 'label' },
  ];
  const freshTeam = (documents = slipAndLabel) => s.printTeam(`Selection ${++teams}`, { documents });
  const print = async (key: string, body: object) => json<Result[]>(await s.call('/api/orders/print', { key, json: body }), 200);
  const pending = (results: Result[]) => results.filter((result) => result.status === 'pending');
  const pendingOrderIds = (results: Result[]) => pending(results).flatMap((result) => result.orders.map((order) => order.id));
  /** The documents of a batch's jobs in print order: [orderId, tag]. */
  const printedDocuments = (batchId: string) =>
    s.station.db
      .prepare(
        `SELECT d.order_id AS orderId, doc.tag AS tag FROM print_job_documents d JOIN print_jobs j ON j.id = d.job_id
         JOIN documents doc ON doc.id = d.document_id WHERE j.batch_id = ? ORDER BY j.rowid, d.position`,
      )
      .all(batchId) as { orderId: string; tag: string }[];
  const templateId = async (teamId: string, name: string) =>
    (await json<{ id: string; name: string }[]>(await s.admin(`/admin/api/teams/${teamId}/templates`), 200)).find((template) => template.name === name)!.id;

  it('order.orderDateFrom / orderDateTo: a date covers its whole UTC day, timestamps are inclusive bounds', async () => {
    const { key } = await freshTeam();
    const dates = ['2026-10-01T23:59:59Z', '2026-10-02T00:00:00Z', '2026-10-02T23:30:00Z', '2026-10-03T00:00:00Z'];
    const orders = [];
    for (const [index, orderDate] of dates.entries()) orders.push(await s.createOrder(key, `D-${index}`, { orderDate }));
    const ids = orders.map((order) => order.id);

    const day = await print(key, { orderFilters: { 'order.orderDateFrom': '2026-10-02', 'order.orderDateTo': '2026-10-02' }, filters: { 'document.tag': 'label' } });
    expect(pendingOrderIds(day)).toEqual([ids[1], ids[2]]);
    const around = await print(key, { orderFilters: { 'order.orderDateFrom': '2026-10-01T23:59:59Z', 'order.orderDateTo': '2026-10-02T00:00:00Z' }, filters: { 'document.tag': 'label' } });
    expect(pendingOrderIds(around)).toEqual([ids[0], ids[1]]);
    const onlyFrom = await print(key, { orderFilters: { 'order.orderDateFrom': '2026-10-03' }, filters: { 'document.tag': 'label' } });
    expect(pendingOrderIds(onlyFrom)).toEqual([ids[3]]);
  });

  it('order.createdFrom / createdTo select by when the station received the order', async () => {
    const { key } = await freshTeam();
    const received = ['2026-09-01T08:00:00.000Z', '2026-09-02T00:00:00.000Z', '2026-09-02T17:45:00.000Z', '2026-09-03T09:00:00.000Z'];
    const ids: string[] = [];
    for (const [index, createdAt] of received.entries()) {
      const order = await s.createOrder(key, `C-${index}`);
      // As if the order had arrived on that day.
      s.station.db.prepare('UPDATE orders SET created_at = ? WHERE id = ?').run(createdAt, order.id);
      ids.push(order.id);
    }
    const day = await print(key, { orderFilters: { 'order.createdFrom': '2026-09-02', 'order.createdTo': '2026-09-02' }, filters: { 'document.tag': 'label' } });
    expect(pendingOrderIds(day)).toEqual([ids[1], ids[2]]);
    const until = await print(key, { orderFilters: { 'order.createdTo': '2026-09-02T00:00:00Z' }, filters: { 'document.tag': 'label' } });
    expect(pendingOrderIds(until)).toEqual([ids[0], ids[1]]);
  });

  it('sortBy sku sorts by the first line item’s SKU with numbers compared as numbers; desc reverses', async () => {
    const { key } = await freshTeam([{ template: 'Packing slip (A4)', tag: 'packing-slip' }]);
    const withSku = (sku: string) => ({ lineItems: [{ name: 'Item', quantity: 1, sku, price: { amount: 1, currency: 'EUR' } }] });
    const sku10 = await s.createOrder(key, 'S-10', withSku('BOX-10'));
    // A first line item without a SKU (gift wrap) does not count: the first SKU there is does.
    const sku9 = await s.createOrder(key, 'S-9', { lineItems: [{ name: 'Gift wrap', quantity: 1, sku: '' }, ...withSku('BOX-9').lineItems] });
    const sku100 = await s.createOrder(key, 'S-100', withSku('BOX-100'));
    const orderIds = [sku10.id, sku100.id, sku9.id];

    const [ascending] = await print(key, { orderIds, sortBy: 'sku' });
    expect(printedDocuments(ascending!.id).map((row) => row.orderId)).toEqual([sku9.id, sku10.id, sku100.id]);
    const [descending] = await print(key, { orderIds, sortBy: 'sku', sortDir: 'desc' });
    expect(printedDocuments(descending!.id).map((row) => row.orderId)).toEqual([sku100.id, sku10.id, sku9.id]);
  });

  it('sortBy firstName: the ship-to\'s first name, else the customer\'s, in any script', async () => {
    const { key } = await freshTeam([{ template: 'Packing slip (A4)', tag: 'packing-slip' }]);
    const shipTo = (firstName: string) => ({ shippingAddress: { firstName, lastName: 'Иванова', city: 'Москва', country: 'RU' } });
    const vera = await s.createOrder(key, 'N-1', shipTo('Вера'));
    const vadim = await s.createOrder(key, 'N-2', { shippingAddress: null, customer: { firstName: 'Вадим', lastName: 'Петров' } });
    const boris = await s.createOrder(key, 'N-3', shipTo('Борис'));
    const [sorted] = await print(key, { orderIds: [vera.id, vadim.id, boris.id], sortBy: 'firstName' });
    expect(printedDocuments(sorted!.id).map((row) => row.orderId)).toEqual([boris.id, vadim.id, vera.id]);
  });

  it('filters on document.templateId, document.templateOverrideId and order.tags choose the documents that print', async () => {
    const { team, key } = await freshTeam();
    const express = await s.createOrder(key, 'T-1', { tags: [{ label: 'express' }] });
    const standard = await s.createOrder(key, 'T-2', { tags: [{ label: 'standard' }] });
    const orderIds = [express.id, standard.id];

    const labelTemplate = await templateId(team.id, 'Shipping label (4×6 in)');
    const [labels] = await print(key, { orderIds, filters: { 'document.templateId': labelTemplate } });
    expect(printedDocuments(labels!.id)).toEqual([
      { orderId: express.id, tag: 'label' },
      { orderId: standard.id, tag: 'label' },
    ]);

    const byTag = await print(key, { orderIds, filters: { 'order.tags': ['express'] } });
    expect(byTag.map((result) => [result.status, result.orders.map((order) => order.id)])).toEqual([
      ['pending', [express.id]],
      ['warning', [standard.id]],
    ]);
    expect(byTag[1]!.orders[0]!.reasons!.map((reason) => reason.code)).toEqual(['no_matching_documents']);
    expect(printedDocuments(byTag[0]!.id)).toEqual([
      { orderId: express.id, tag: 'packing-slip' },
      { orderId: express.id, tag: 'label' },
    ]);

    // An override of the slip: the slips of ready orders now carry its id.
    const slip = await templateId(team.id, 'Packing slip (A4)');
    const override = await json<{ id: string }>(
      await s.admin(`/admin/api/teams/${team.id}/templates`, { method: 'POST', json: { name: 'Our slip', tag: 'packing-slip', body: 'Slip {{ order.number }}', overridesTemplateId: slip } }),
      201,
    );
    const [overridden] = await print(key, { orderIds, filters: { 'document.templateOverrideId': override.id } });
    expect(printedDocuments(overridden!.id)).toEqual([
      { orderId: express.id, tag: 'packing-slip' },
      { orderId: standard.id, tag: 'packing-slip' },
    ]);
  });

  it('an overrides array sends the documents its filters match (templateId, templateOverrideId, order.tags) to its printer', async () => {
    const { team, key } = await freshTeam();
    const express = await s.createOrder(key, 'O-1', { tags: [{ label: 'express' }] });
    const standard = await s.createOrder(key, 'O-2', { tags: [{ label: 'standard' }] });
    const orderIds = [express.id, standard.id];
    /** [printer id, [orderId, tag] of every document it got]. */
    const routed = (results: Result[]) =>
      pending(results)
        .map((result) => [result.printer!.id, printedDocuments(result.id).map((row) => `${row.orderId === express.id ? 'express' : 'standard'} ${row.tag}`)])
        .sort();

    const labelTemplate = await templateId(team.id, 'Shipping label (4×6 in)');
    const byTemplate = await print(key, { orderIds, overrides: [{ filters: { 'document.templateId': labelTemplate }, printer: cupsPdf }, { printer: folderPrinter }] });
    expect(routed(byTemplate)).toEqual(
      [
        [cupsPdf, ['express label', 'standard label']],
        [folderPrinter, ['express packing-slip', 'standard packing-slip']],
      ].sort(),
    );

    const byTag = await print(key, { orderIds, overrides: [{ filters: { 'order.tags': ['express'] }, printer: cupsPdf }, { printer: folderPrinter }] });
    expect(routed(byTag)).toEqual(
      [
        [cupsPdf, ['express packing-slip', 'express label']],
        [folderPrinter, ['standard packing-slip', 'standard label']],
      ].sort(),
    );

    const slip = await templateId(team.id, 'Packing slip (A4)');
    const override = await json<{ id: string }>(
      await s.admin(`/admin/api/teams/${team.id}/templates`, { method: 'POST', json: { name: 'Routed slip', tag: 'packing-slip', body: 'Slip {{ order.number }}', overridesTemplateId: slip } }),
      201,
    );
    const byOverride = await print(key, { orderIds, overrides: [{ filters: { 'document.templateOverrideId': override.id }, printer: cupsPdf }, { printer: folderPrinter }] });
    expect(routed(byOverride)).toEqual(
      [
        [cupsPdf, ['express packing-slip', 'standard packing-slip']],
        [folderPrinter, ['express label', 'standard label']],
      ].sort(),
    );
  });
});

describe('GET /admin/api/print-batches pages', { timeout: 60_000 }, () => {
  let s: PrintStation;
  beforeAll(async () => {
    s = await printStation();
  });
  afterAll(() => s.stop());

  it('newest first, `limit` at a time, `before` the last batch of the previous page, losing none that share a timestamp', async () => {
    const { team, key } = await s.printTeam('Paging', {
      documents: [
        { template: 'Packing slip (A4)', tag: 'packing-slip' },
        { template: 'Shipping label (4×6 in)', tag: 'label' },
      ],
    });
    const cupsPdf = await s.printerId('PDF');
    const made: string[] = [];
    for (let index = 0; index < 4; index++) {
      const order = await s.createOrder(key, `P-${index}`);
      // Two printers: one request, two batches recorded in one transaction, at one timestamp.
      const results = await json<Result[]>(
        await s.call(`/api/orders/${order.id}/print`, { key, json: { overrides: [{ filters: { 'document.tag': 'label' }, printer: cupsPdf }] } }),
        200,
      );
      made.push(...results.map((result) => result.id));
    }
    expect(made).toHaveLength(8);
    const page = async (query: string) =>
      json<{ id: string; createdAt: string }[]>(await s.admin(`/admin/api/print-batches?teamId=${team.id}&${query}`), 200);

    const seen: string[] = [];
    let batches = await page('limit=3');
    expect(batches).toHaveLength(3);
    while (batches.length > 0) {
      seen.push(...batches.map((batch) => batch.id));
      batches = await page(`limit=3&before=${batches.at(-1)!.id}`);
    }
    expect(seen).toHaveLength(8);
    expect(new Set(seen)).toEqual(new Set(made));
    // Newest first: the last request's batches lead.
    expect(seen.slice(0, 2).sort()).toEqual(made.slice(6).sort());

    // A timestamp lists what was created before it; anything else is 400.
    const all = await page('limit=500');
    const oldest = all.at(-1)!;
    expect((await page(`before=${encodeURIComponent(oldest.createdAt)}`)).map((batch) => batch.id)).toEqual([]);
    const afterFirstRequest = all.filter((batch) => batch.createdAt > oldest.createdAt).at(-1)!;
    expect((await page(`before=${encodeURIComponent(afterFirstRequest.createdAt)}`)).map((batch) => batch.id).sort()).toEqual(made.slice(0, 2).sort());
    expect((await s.admin(`/admin/api/print-batches?before=no-such-batch`)).status).toBe(400);
    expect((await s.admin(`/admin/api/print-batches?limit=501`)).status).toBe(400);
  });
});
