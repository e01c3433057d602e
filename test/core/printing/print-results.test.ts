import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, printStation, type PrintStation } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

interface Result {
  id: string;
  name: string;
  status: 'pending' | 'warning' | 'error';
  team: { authId: string };
  printer?: { id: string; name: string };
  orders: { id: string; orderKeys: string[]; reasons?: { code: string; message: string; tag?: string }[] }[];
  createdAt: string;
  updatedAt: string;
}

const codes = (result: Result | undefined) => result?.orders.map((order) => [order.id, order.reasons?.map((reason) => reason.code)]);

describe('print request results', { timeout: 60_000 }, () => {
  let s: PrintStation;
  let team: Awaited<ReturnType<PrintStation['printTeam']>>;
  const print = async (body: object, query = '') => json<Result[]>(await s.call(`/api/orders/print${query}`, { key: team.key, json: body }), 200);

  beforeAll(async () => {
    s = await printStation();
    team = await s.printTeam('Results', {
      documents: [
        { template: 'Packing slip (A4)', tag: 'packing-slip' },
        { template: 'Shipping label (4×6 in)', tag: 'label' },
      ],
    });
  });
  afterAll(() => s.stop());

  it('answers one pending result per printer with the printed orders and their keys', async () => {
    const order = await s.createOrder(team.key, 'S-1');
    const results = await print({ orderIds: [order.id] });
    expect(results).toHaveLength(1);
    const [pending] = results;
    expect(Object.keys(pending!).sort()).toEqual(['createdAt', 'id', 'name', 'orders', 'printer', 'status', 'team', 'updatedAt']);
    expect(pending).toMatchObject({ status: 'pending', team: { authId: team.team.id }, printer: { name: 'Save as PDF' }, orders: [{ id: order.id, orderKeys: order.orderKeys }] });
    // The fresh team has no routing and the OS no default printer: the folder printer prints.
    const batch = await s.settled(pending!.id);
    expect(batch.jobs.map((job) => job.state)).toEqual(['done', 'done']);
    for (const job of batch.jobs) expect(existsSync(join(s.dataDir, 'printed', `station-job-${job.id}.pdf`))).toBe(true);
  });

  it('reports a missing order as an error and still prints the others', async () => {
    const order = await s.createOrder(team.key, 'S-2');
    const results = await print({ orderIds: [order.id, 'no-such-order'] });
    expect(results.map((result) => result.status)).toEqual(['pending', 'error']);
    expect(codes(results[1])).toEqual([['no-such-order', ['order_not_found']]]);
  });

  it('keeps an ignored order back with a warning, and prints it with force', async () => {
    const order = await s.createOrder(team.key, 'S-3');
    await json(await s.admin(`/admin/api/orders/${order.id}/ignore`, { method: 'POST', json: {} }), 200);
    const warned = await print({ orderIds: [order.id] });
    expect(warned.map((result) => result.status)).toEqual(['warning']);
    expect(codes(warned[0])).toEqual([[order.id, ['order_ignored']]]);
    const forced = await print({ orderIds: [order.id], force: true });
    expect(forced.map((result) => result.status)).toEqual(['pending']);
    await s.settled(forced[0]!.id);
    expect((await json<{ status: string }>(await s.call(`/api/orders/${order.id}/status`, { key: team.key }), 200)).status).toBe('printed');
  });

  it('reports documents that cannot resolve a template, printer or tray, each with its reason', async () => {
    const order = await s.createOrder(team.key, 'S-4');
    const template = await print({ orderIds: [order.id], overrides: { templateId: 'No such template' } });
    expect(codes(template[0])).toEqual([[order.id, ['template_not_found', 'template_not_found']]]);
    const printer = await print({ orderIds: [order.id], overrides: [{ filters: { 'document.tag': 'label' }, printer: 'nope' }] });
    expect(printer.map((result) => result.status)).toEqual(['error']);
    expect(printer[0]!.orders[0]!.reasons).toEqual([expect.objectContaining({ code: 'printer_not_found', tag: 'label' })]);
    const tray = await print({ orderIds: [order.id], overrides: { tray: 'Upper' } });
    expect(codes(tray[0])).toEqual([[order.id, ['tray_not_found', 'tray_not_found']]]);
  });

  it("prints a tag with the template the team's routing names, on that template's paper", async () => {
    const { team: routed, key } = await s.printTeam('Template routing', { documents: [{ template: 'Shipping label (4×6 in)', tag: 'label' }] });
    await json(await s.admin(`/admin/api/teams/${routed.id}/routing/tags/label`, { method: 'PUT', json: { template: 'Gift note (A6)' } }), 200);
    const order = await s.createOrder(key, 'T-1');
    const [result] = await json<Result[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: {} }), 200);
    const batch = await s.settled(result!.id);
    expect(batch.jobs.map((job) => [job.state, job.paper.name])).toEqual([['done', 'A6']]);
  });

  it('warns about orders none of whose documents match the filters, and errors on orders without documents', async () => {
    const order = await s.createOrder(team.key, 'S-7');
    const filtered = await print({ orderIds: [order.id], filters: { 'document.tag': 'gift-note' } });
    expect(filtered.map((result) => result.status)).toEqual(['warning']);
    expect(codes(filtered[0])).toEqual([[order.id, ['no_matching_documents']]]);

    const bare = s.team('No documents');
    await json(await s.admin(`/admin/api/teams/${bare.team.id}/flow`, { method: 'PUT', json: { autoPrint: false, rules: [] } }), 200);
    const lonely = await s.createOrder(bare.key, 'S-8');
    const none = await json<Result[]>(await s.call(`/api/orders/${lonely.id}/print`, { key: bare.key, json: {} }), 200);
    expect(codes(none[0])).toEqual([[lonely.id, ['no_documents']]]);
  });

  it('refuses a printer the OS no longer has (status missing)', async () => {
    execFileSync('lpadmin', ['-p', 'STATION_GONE_TEST', '-E', '-v', 'file:///dev/null', '-m', 'drv:///sample.drv/generic.ppd']);
    try {
      await json(await s.call('/api/printers/refresh', { key: team.key }), 200);
    } finally {
      execFileSync('lpadmin', ['-x', 'STATION_GONE_TEST']);
    }
    const printers = await json<{ printerVendorId: string; status: string }[]>(await s.call('/api/printers/refresh', { key: team.key }), 200);
    expect(printers.find((printer) => printer.printerVendorId === 'STATION_GONE_TEST')?.status).toBe('missing');
    const order = await s.createOrder(team.key, 'S-9');
    const results = await print({ orderIds: [order.id], overrides: { printer: 'STATION_GONE_TEST' }, filters: { 'document.tag': 'packing-slip' } });
    expect(codes(results[0])).toEqual([[order.id, ['printer_unavailable']]]);
  });

  it('reports an incomplete document with the reason documents gave', async () => {
    const order = await s.createOrder(team.key, 'S-6', { overrides: { template: 'No such template' } });
    const results = await print({ orderIds: [order.id] });
    expect(results.map((result) => result.status)).toEqual(['error']);
    const reasons = results[0]!.orders[0]!.reasons!;
    expect(reasons.map((reason) => reason.code)).toContain('document_incomplete');
    expect(reasons.find((reason) => reason.code === 'document_incomplete')!.message).toMatch(/No such template/);
  });

  it('with strict=true fails with 400 and the same details, printing nothing', async () => {
    const order = await s.createOrder(team.key, 'S-5');
    const before = await json<unknown[]>(await s.admin('/admin/api/print-batches?limit=500'), 200);
    const response = await s.call('/api/orders/print?strict=true', { key: team.key, json: { orderIds: [order.id, 'missing-one'] } });
    const body = await json<{ error: { code: string; details: { path: string; message: string }[]; results: Result[] } }>(response, 400);
    expect(body.error.code).toBe('print_failed');
    expect(body.error.details).toEqual([{ path: 'orders.missing-one', message: expect.stringMatching(/^order_not_found/) }]);
    expect(body.error.results.map((result) => result.status)).toEqual(['error']);
    expect(await json<unknown[]>(await s.admin('/admin/api/print-batches?limit=500'), 200)).toHaveLength(before.length);
    expect((await json<{ status: string }>(await s.call(`/api/orders/${order.id}/status`, { key: team.key }), 200)).status).toBe('ready');
    // strict with nothing wrong prints as usual.
    expect((await print({ orderIds: [order.id] }, '?strict=true')).map((result) => result.status)).toEqual(['pending']);
  });

  it('selects by orderFilters, minus excludeIds, and prints only documents matching filters', async () => {
    const { key } = await s.printTeam('Filters', {
      documents: [
        { template: 'Packing slip (A4)', tag: 'packing-slip' },
        { template: 'Shipping label (4×6 in)', tag: 'label' },
      ],
    });
    const a = await s.createOrder(key, 'F-1', { tags: [{ label: 'express' }] });
    const b = await s.createOrder(key, 'F-2', { tags: [{ label: 'express' }] });
    await s.createOrder(key, 'F-3', { tags: [{ label: 'standard' }] });
    const results = await json<Result[]>(
      await s.call('/api/orders/print', {
        key,
        json: { orderFilters: { 'order.status': 'ready', 'order.tags': ['express'] }, excludeIds: [b.orderKeys[0]], filters: { 'document.tag': 'label' } },
      }),
      200,
    );
    expect(results.map((result) => [result.status, result.orders.map((order) => order.id)])).toEqual([['pending', [a.id]]]);
    const batch = await s.settled(results[0]!.id);
    expect(batch.jobs.map((job) => job.paper.name)).toEqual(['4x6in']);
    // Only the label of F-1: one job with one document (F-2 excluded, F-3 not express, the slip filtered out).
    const documents = s.station.db.prepare('SELECT d.order_id FROM print_job_documents d JOIN print_jobs j ON j.id = d.job_id WHERE j.batch_id = ?').pluck().all(batch.id);
    expect(documents).toEqual([a.id]);
  });

  it('finds orders by UUID or key, in the body and (URL-encoded) in the path', async () => {
    const order = await s.createOrder(team.key, 'K/1:x');
    const byKey = await print({ orderIds: [order.orderKeys[0]] });
    expect(byKey[0]!.orders).toEqual([{ id: order.id, orderKeys: order.orderKeys }]);
    const path = await json<Result[]>(await s.call(`/api/orders/${encodeURIComponent(order.orderKeys[0]!)}/print`, { key: team.key, json: {} }), 200);
    expect(path.map((result) => result.status)).toEqual(['pending']);
    // The body is optional.
    const bare = await json<Result[]>(await s.call(`/api/orders/${order.id}/print`, { key: team.key, method: 'POST' }), 200);
    expect(bare.map((result) => result.status)).toEqual(['pending']);
    expect((await s.call('/api/orders/no-such-order/print', { key: team.key, method: 'POST' })).status).toBe(200);
    // Same order twice (UUID and key) prints once.
    const twice = await print({ orderIds: [order.id, order.orderKeys[0]] });
    expect(twice[0]!.orders).toHaveLength(1);
  });

  it('orderIds mixing UUIDs in capitals, keys, another team\'s order and unknown ones: found in the order asked, the rest not found', async () => {
    const first = await s.createOrder(team.key, 'MIX-1');
    const second = await s.createOrder(team.key, 'MIX-2');
    const other = s.team('Mix Other Shop');
    const theirs = await s.createOrder(other.key, 'MIX-3');
    const results = await print({ orderIds: [second.id.toUpperCase(), first.orderKeys[0], theirs.id, 'mix-unknown', first.id] });
    expect(results.map((result) => result.status)).toEqual(['pending', 'error']);
    expect(results[0]!.orders.map((order) => order.id)).toEqual([second.id, first.id]);
    expect(codes(results[1])).toEqual([
      [theirs.id, ['order_not_found']],
      ['mix-unknown', ['order_not_found']],
    ]);
  });

  it("lets a 3PL key print a merchant's order, and no other team's key", async () => {
    const parent = s.team('Parent 3PL', 'three_pl');
    const merchant = s.team('Merchant', 'merchant', parent.team);
    const order = await s.createOrder(parent.key, 'M-1', {}, { targetTeamId: merchant.team.id });
    const results = await json<Result[]>(await s.call('/api/orders/print', { key: parent.key, json: { orderIds: [order.orderKeys[0]] } }), 200);
    expect(results.map((result) => result.status)).toEqual(['pending']);
    expect(results[0]!.team).toEqual({ authId: parent.team.id });
    const stranger = await json<Result[]>(await s.call('/api/orders/print', { key: team.key, json: { orderIds: [order.id] } }), 200);
    expect(codes(stranger[0])).toEqual([[order.id, ['order_not_found']]]);
    // orderFilters can pick one merchant; a team outside the key's scope is refused.
    const merchantOnly = await json<Result[]>(
      await s.call('/api/orders/print', { key: parent.key, json: { orderFilters: { 'order.teamId': merchant.team.id, 'order.status': ['ready', 'printed'] } } }),
      200,
    );
    expect(merchantOnly.map((result) => result.orders.map((entry) => entry.id))).toEqual([[order.id]]);
    expect((await s.call('/api/orders/print', { key: team.key, json: { orderFilters: { 'order.teamId': merchant.team.id } } })).status).toBe(400);
  });

  it('refuses both selectors, neither, unknown order filters and bad options with 400', async () => {
    const bad = async (body: unknown, query = '') => {
      const response = await s.call(`/api/orders/print${query}`, { key: team.key, json: body });
      expect(response.status).toBe(400);
    };
    await bad({ orderIds: ['a'], orderFilters: { 'order.status': 'ready' } });
    await bad({});
    await bad({ orderFilters: { 'order.colour': 'red' } });
    await bad({ orderIds: ['a'], sortBy: 'colour' });
    await bad({ orderIds: ['a'], overrides: [{ filters: { 'document.colour': 'x' } }] });
    await bad({ orderIds: ['a'] }, '?strict=maybe');
  });

  it('refuses excludeIds beside orderIds (it goes with orderFilters), naming the field, and prints nothing', async () => {
    const order = await s.createOrder(team.key, 'S-exclude');
    const response = await s.call('/api/orders/print', { key: team.key, json: { orderIds: [order.id], excludeIds: [order.id] } });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { details: { path: string }[] } };
    expect(error.details.map((detail) => detail.path)).toEqual(['excludeIds']);
    const status = await json<{ status: string }>(await s.call(`/api/orders/${order.id}/status`, { key: team.key }), 200);
    expect(status.status).toBe('ready');
  });
});
