import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChecksAhead } from '../../../main/core/features/documents/checks-ahead';
import type { DocumentChecks } from '../../../main/core/features/documents/render-protocol';
import { RenderThread } from '../../../main/core/features/documents/render-thread';
import { silentLogger } from '../../../main/core/foundations/logger';
import { TemplateEngine } from '../../../main/core/features/documents/engine';
import { createDocumentsService } from '../../../main/core/features/documents/service';
import type { OrderAhead } from '../../../main/core/features/orders/order-hooks';
import { getOrderRow, listOrderKeys, type OrderRow } from '../../../main/core/features/orders/store';
import { listOrderTags } from '../../../main/core/features/orders/tags-store';
import { documentsStation, json, sampleOrder, type DocumentView, type TemplateView } from './documents-harness';

// Checking an order's documents (a whole render of each template) ahead of its write, on the
// check thread: the write must store exactly what it would have checked itself.
let s: Awaited<ReturnType<typeof documentsStation>>;
let key: string;
let teamId: string;
let codeLabel: TemplateView;
const seen: OrderAhead[] = [];

beforeAll(async () => {
  // From the first order: this file's orders come one by one, not ten a second.
  s = await documentsStation({ checkDocumentsAheadFrom: 0 });
  const made = s.team('Checks Ahead Shop');
  ({ key } = made);
  teamId = made.team.id;
  const templates = await json<TemplateView[]>(await s.admin(`/admin/api/teams/${teamId}/templates`), 200);
  // A Code 128 barcode of the order's code: complete for ASCII codes, not for others.
  codeLabel = await json<TemplateView>(
    await s.admin(`/admin/api/teams/${teamId}/templates`, { method: 'POST', json: { name: 'Code label', tag: 'code-label', body: "{{ variables.code | barcode: 'code128' }} {{ order.note }}" } }),
    201,
  );
  const slip = templates.find((t) => t.builtin === 'packing-slip-a4')!;
  const rules = [{ actions: [{ type: 'addDocument', templateId: slip.id }, { type: 'addDocument', templateId: codeLabel.id }] }];
  await json(await s.admin(`/admin/api/teams/${teamId}/flow`, { method: 'PUT', json: { autoPrint: false, rules } }), 200);
  s.station.hooks.beforeOrderWrite.push(async (ahead) => void seen.push(ahead()!));
  await s.station.services.checksAhead!.warm();
});
afterAll(() => s.stop());

const documentsOf = async (orderId: string) => json<DocumentView[]>(await s.admin(`/admin/api/orders/${orderId}/documents`), 200);
const post = async (sourceId: string, order: Record<string, unknown>) =>
  json<{ id: string; createdAt: string; orderKeys: string[]; tags: { label: string; color: string }[] }>(await s.call('/api/orders', { key, json: sampleOrder(sourceId, order) }), 201);

describe('documents checked ahead of the write', () => {
  it('are checked on the check thread and stored as the write would check them, complete or not, in any script', async () => {
    const checksAhead = s.station.services.checksAhead!;
    const before = checksAhead.checked;
    const cases = [
      { sourceId: 'ahead-ascii', code: 'ABC-123', note: 'Заказ для Ивана', complete: true },
      { sourceId: 'ahead-cjk', code: 'ü-日本', note: '注文のメモ 山田太郎', complete: false },
      { sourceId: 'ahead-rtl', code: 'RTL-7', note: 'הזמנה של שלום', complete: true },
    ];
    for (const { sourceId, code, note, complete } of cases) {
      const order = await post(sourceId, { note, variables: { code } });
      const label = (await documentsOf(order.id)).find((document) => document.tag === 'code-label')!;
      expect(label.complete, sourceId).toBe(complete);
      if (!complete) expect(label.incompleteReason).toContain('Code label');
    }
    expect(checksAhead.checked - before).toBe(cases.length);
  });

  it('are worked out for the order as its write stores it: its id, time, tags, keys and sources', async () => {
    seen.length = 0;
    const created = await post('ahead-shape', { tags: [{ label: 'vip' }, { label: 'Express' }] });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ row: { id: created.id, created_at: created.createdAt, updated_at: created.createdAt }, keys: created.orderKeys, sources: ['api'] });
    expect(seen[0]!.tags).toEqual(created.tags.map(({ label, color }) => ({ label, color })));
    // An update: the same order, its keys as stored, the source not repeated.
    const updated = await post('ahead-shape', { note: 'второй раз', tags: [{ label: 'vip' }] });
    expect(seen[1]).toMatchObject({ row: { id: created.id, created_at: created.createdAt }, keys: updated.orderKeys, sources: ['api'] });
    expect(seen[1]!.row.note).toBe('второй раз');
  });
});

describe('what the write does with what was checked ahead', () => {
  // The write's own documents service (no thread): what `rebuildForOrder` is handed decides.
  const service = () => createDocumentsService(s.station.db, new TemplateEngine());
  const aheadOf = (row: OrderRow): OrderAhead => ({
    row,
    tags: listOrderTags(s.station.db, row.id).map(({ label, color }) => ({ label, color })),
    keys: listOrderKeys(s.station.db, row.id),
    sources: ['api'],
  });
  /** Checks that say every template failed: if the write stores them, it used them. */
  const saidFailed = (checks: DocumentChecks): DocumentChecks => ({ ...checks, results: Object.fromEntries(Object.keys(checks.results).map((k) => [k, { error: 'as checked ahead' }])) });
  const rebuild = (row: OrderRow, checks: DocumentChecks) => s.station.db.transaction(() => service().rebuildForOrder({ order: row, created: false, merged: false, source: 'api', sourceId: 'x' }, checks))();
  const labelOf = async (orderId: string) => (await documentsOf(orderId)).find((document) => document.tag === 'code-label')!;

  it('uses the checks when the order, its tags, keys, team and the template are as they were checked', async () => {
    const order = await post('reuse-1', { variables: { code: 'OK-1' } });
    const row = getOrderRow(s.station.db, order.id)!;
    const checks = service().checkAhead(aheadOf(row))!;
    expect(Object.values(checks.results)).toContainEqual({ ok: true });
    rebuild(row, saidFailed(checks));
    expect(await labelOf(order.id)).toMatchObject({ complete: false, incompleteReason: 'as checked ahead' });
  });

  it('checks again when the order changed since', async () => {
    const order = await post('reuse-2', { variables: { code: 'OK-2' } });
    const checks = saidFailed(service().checkAhead(aheadOf(getOrderRow(s.station.db, order.id)!))!);
    await post('reuse-2', { variables: { code: 'OK-2' }, note: 'changed' });
    rebuild(getOrderRow(s.station.db, order.id)!, checks);
    expect(await labelOf(order.id)).toMatchObject({ complete: true, incompleteReason: null });
  });

  it('checks again a template changed since', async () => {
    const order = await post('reuse-3', { variables: { code: 'OK-3' } });
    const row = getOrderRow(s.station.db, order.id)!;
    const checks = saidFailed(service().checkAhead(aheadOf(row))!);
    await json(await s.admin(`/admin/api/templates/${codeLabel.id}`, { method: 'PATCH', json: { body: "{{ variables.code | barcode: 'code128' }} — {{ order.note }}" } }), 200);
    rebuild(row, checks);
    const label = await labelOf(order.id);
    expect(label).toMatchObject({ complete: true, incompleteReason: null });
    // The packing slip did not change: what was checked ahead for it is what it keeps.
    expect((await documentsOf(order.id)).find((document) => document.tag === 'packing-slip')).toMatchObject({ complete: false, incompleteReason: 'as checked ahead' });
  });

  it('go to the thread only while an order\'s checks cost enough to send them across', async () => {
    const order = await post('cost-1', { variables: { code: 'OK-4' } });
    const row = getOrderRow(s.station.db, order.id)!;
    const thread = new RenderThread({ file: s.station.db.name, logger: silentLogger, nice: 0, name: 'a test check thread' });
    const checks = new ChecksAhead(thread, silentLogger, { fromPerSecond: 1 });
    let worked = 0;
    const ahead = () => (worked++, aheadOf(row));
    try {
      // Nothing measured yet: checked in the write, the thread not even started.
      await checks.check(ahead);
      expect([worked, thread.running]).toEqual([0, false]);
      // Checks costing 3 ms each: worth a thread.
      for (let i = 0; i < 20; i++) checks.noteCost(3);
      await checks.check(ahead);
      await checks.warm();
      await checks.check(ahead);
      expect([worked, checks.checked]).toEqual([1, 1]);
      expect(checks.take(order.id)?.results).toBeDefined();
      // Cheap again (one-line orders): back in the write.
      for (let i = 0; i < 30; i++) checks.noteCost(0.1);
      await checks.check(ahead);
      expect(worked).toBe(1);
    } finally {
      await thread.close();
    }
  });
});
