import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MergeQuery, OrderDraft } from '../../../main/core/hooks';
import type { TeamRow } from '../../../main/core/teams/store';
import { checkAheadOnThread, CheckedAhead, checkFingerprint, type CheckedDocument } from '../../../main/core/documents/checked-ahead';
import { operatorCallerFor } from '../../../main/core/admin/operator-caller';
import { silentLogger } from '../../../main/core/logger';
import { createStation } from '../../../main/core/station';
import { printStation, json, sampleOrder, type PrintStation } from '../printing/print-harness';

// Order writes find their documents' completeness on the check thread before their
// transaction; the transaction takes a check only for exactly what it would render.

interface DocumentView {
  complete: boolean;
  incompleteReason: string | null;
}

let s: PrintStation;
beforeAll(async () => {
  s = await printStation();
  // The thread starts with the first order and takes orders once ready; start it now.
  await s.station.services.checkThread!.warm();
});
afterAll(() => s.stop());

const documentsOf = async (orderId: string) => json<DocumentView[]>(await s.admin(`/admin/api/orders/${orderId}/documents`), 200);

/** A team whose flow adds one document from a template of its own with this body. */
async function teamWithTemplate(name: string, body: string): Promise<{ team: TeamRow; key: string; templateId: string }> {
  const { team, key } = await s.printTeam(name);
  const template = await json<{ id: string }>(await s.admin(`/admin/api/teams/${team.id}/templates`, { method: 'POST', json: { name: `${name} slip`, tag: 'packing-slip', body } }), 201);
  const flow = { autoPrint: false, rules: [{ actions: [{ type: 'addDocument', templateId: template.id }] }] };
  await json(await s.admin(`/admin/api/teams/${team.id}/flow`, { method: 'PUT', json: flow }), 200);
  return { team, key, templateId: template.id };
}

/** Runs `change` once, after the documents' check of the next order and before its write. */
function betweenCheckAndWrite(change: () => Promise<void> | void): void {
  const hooks = s.station.hooks.orderDrafted;
  const hook = async () => {
    hooks.splice(hooks.indexOf(hook), 1);
    await change();
  };
  hooks.push(hook);
}

/**
 * Runs `run` while another order request of the team is under way: an order alone is
 * checked in its transaction (the hop would only add to its answer's time). The other
 * request waits before its write (where links are consulted), so it holds no one up.
 */
async function withAnotherOrderInFlight<T>(key: string, run: () => Promise<T>): Promise<T> {
  const sourceId = `companion-${Math.random().toString(36).slice(2)}`;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const inFlight = new Promise<void>((resolve) => (arrived = resolve));
  const hold = async (query: MergeQuery) => {
    if (query.sourceId === sourceId) {
      arrived();
      await released;
    }
    return undefined;
  };
  const hooks = s.station.hooks.resolveMergeTarget;
  hooks.push(hold);
  const companion = s.createOrder(key, sourceId);
  try {
    await inFlight;
    return await run();
  } finally {
    release();
    await companion;
    hooks.splice(hooks.indexOf(hold), 1);
  }
}

describe('completeness checked ahead of the write', () => {
  it('an order alone is checked in its transaction: no hop to the thread', async () => {
    const { key } = await s.printTeam('Alone');
    const { checkedAhead, documents } = s.station.services;
    const render = vi.spyOn(documents.engine, 'render');
    const taken = checkedAhead.taken;
    const drafts: OrderDraft[] = [];
    const seeDraft = (draft: OrderDraft) => void drafts.push(draft);
    s.station.hooks.orderDrafted.push(seeDraft);
    try {
      const order = await s.createOrder(key, 'alone-1', { note: 'Один заказ' });
      expect((await documentsOf(order.id)).map((doc) => doc.complete)).toEqual([true]);
      expect(checkedAhead.taken).toBe(taken);
      expect(render.mock.calls.filter(([, , mode]) => mode === 'check')).toHaveLength(1);
      // An order alone is not even drafted: nothing is sent to the thread.
      expect(drafts).toHaveLength(0);
    } finally {
      render.mockRestore();
      s.station.hooks.orderDrafted.splice(s.station.hooks.orderDrafted.indexOf(seeDraft), 1);
    }
  });

  it('checks every document on the check thread: the transaction renders none of them, non-Latin orders included', async () => {
    const { key } = await s.printTeam('Ahead', { documents: [{ template: 'Packing slip (A4)', tag: 'packing-slip' }, { template: 'Invoice (A4)', tag: 'invoice' }] });
    const { checkedAhead, documents } = s.station.services;
    const render = vi.spyOn(documents.engine, 'render');
    const taken = checkedAhead.taken;
    try {
      const names = [
        { firstName: 'Иван', lastName: 'Петров' },
        { firstName: '太郎', lastName: '山田' },
        { firstName: 'שלום', lastName: 'כהן' },
      ];
      await withAnotherOrderInFlight(key, async () => {
        for (const [n, name] of names.entries()) {
          const order = await s.createOrder(key, `ahead-${n}`, { customer: name, shippingAddress: { ...name, address1: 'Ленина 1', city: 'Москва', postalCode: '101000', country: 'RU' } });
          expect((await documentsOf(order.id)).map((doc) => doc.complete)).toEqual([true, true]);
        }
        expect(checkedAhead.taken - taken).toBe(names.length * 2);
        expect(render.mock.calls.filter(([, , mode]) => mode === 'check')).toHaveLength(0);
      });
    } finally {
      render.mockRestore();
    }
  });

  it('a flow rule on the source plans on the thread as in the transaction: a new order\'s own source counts', async () => {
    const { team, key } = await s.printTeam('By source');
    const templates = await json<{ id: string; builtin: string | null }[]>(await s.admin(`/admin/api/teams/${team.id}/templates`), 200);
    const invoice = templates.find((template) => template.builtin === 'invoice-a4')!;
    const flow = { autoPrint: false, rules: [{ when: { sourceIs: 'shopify' }, actions: [{ type: 'addDocument', templateId: invoice.id }] }] };
    await json(await s.admin(`/admin/api/teams/${team.id}/flow`, { method: 'PUT', json: flow }), 200);
    const { checkedAhead } = s.station.services;
    await withAnotherOrderInFlight(key, async () => {
      const taken = checkedAhead.taken;
      const order = await s.createOrder(key, 'by-source-1', {}, { source: 'shopify' });
      expect((await documentsOf(order.id)).map((doc) => doc.complete)).toEqual([true]);
      expect(checkedAhead.taken).toBe(taken + 1);
    });
  });

  it('a template edited between the check and the write is rendered again in the transaction: the new version decides', async () => {
    const { key, templateId } = await teamWithTemplate('Edited', '<p>{{ variables.code }}</p>');
    const { checkedAhead } = s.station.services;
    const taken = checkedAhead.taken;
    betweenCheckAndWrite(async () => {
      await json(await s.admin(`/admin/api/templates/${templateId}`, { method: 'PATCH', json: { body: "{{ variables.code | barcode: 'code128' }}" } }), 200);
    });
    const order = await withAnotherOrderInFlight(key, () => s.createOrder(key, 'edited-1', { variables: { code: '日本-1' } }));
    const [doc] = await documentsOf(order.id);
    // The check ahead rendered version 1 (complete); version 2 cannot encode the code.
    expect(doc).toMatchObject({ complete: false, incompleteReason: expect.stringMatching(/^template "Edited slip" failed to render: barcode: Code 128 cannot encode "日本-1"/) });
    expect(checkedAhead.taken).toBe(taken);
  });

  it('a team renamed between the check and the write is what the transaction checks against', async () => {
    const { team, key } = await teamWithTemplate('Renamed', "{{ team.name | barcode: 'code128' }}");
    const { checkedAhead } = s.station.services;
    betweenCheckAndWrite(() => {
      // Another writer (the CLI, the dashboard) commits meanwhile.
      s.station.db.prepare('UPDATE teams SET name = ? WHERE id = ?').run('Склад Восток', team.id);
    });
    const taken = checkedAhead.taken;
    const order = await withAnotherOrderInFlight(key, () => s.createOrder(key, 'renamed-1'));
    const [doc] = await documentsOf(order.id);
    expect(doc).toMatchObject({ complete: false, incompleteReason: expect.stringContaining('Code 128 cannot encode "Склад Восток"') });
    expect(checkedAhead.taken).toBe(taken);

    // Unchanged from check to write: the check ahead is taken.
    const next = await withAnotherOrderInFlight(key, () => s.createOrder(key, 'renamed-2'));
    expect((await documentsOf(next.id))[0]!.complete).toBe(false);
    expect(checkedAhead.taken).toBe(taken + 1);
  });

  it('the same order created by another process between the check and the write: the write updates it (one order, the later data, checked again)', async () => {
    const { team, key } = await teamWithTemplate('Raced', "{{ note | barcode: 'code128' }}");
    let first: { id: string } | undefined;
    betweenCheckAndWrite(async () => {
      // A second station on the same data dir, as a `station` command is: its own connection.
      const other = createStation({ dataDir: s.station.dataDir, oneShot: true, logger: silentLogger });
      try {
        first = await other.services.orders.ingest(operatorCallerFor(other.db, team.id), sampleOrder('raced-1', { note: 'FIRST-1' }));
      } finally {
        await other.close();
      }
    });
    // Checked ahead as a new order; written as an update of the order created meanwhile.
    const order = await withAnotherOrderInFlight(key, () => s.createOrder(key, 'raced-1', { note: '第三' }));
    expect(order.id).toBe(first!.id);
    const [doc] = await documentsOf(order.id);
    expect(doc).toMatchObject({ complete: false, incompleteReason: expect.stringContaining('cannot encode "第三"') });
  });

  it('an order another process commits between the check and the write: the write takes a newer time, so the newest order is the last written', async () => {
    const { team, key } = await s.printTeam('Interleaved');
    betweenCheckAndWrite(async () => {
      const other = createStation({ dataDir: s.station.dataDir, oneShot: true, logger: silentLogger });
      try {
        await other.services.orders.ingest(operatorCallerFor(other.db, team.id), sampleOrder('from-cli'));
      } finally {
        await other.close();
      }
    });
    await withAnotherOrderInFlight(key, () => s.createOrder(key, 'from-api'));
    const numbers = (order: string) => s.station.db.prepare(`SELECT order_number FROM orders WHERE team_id = ? AND order_number NOT LIKE '#companion-%' ORDER BY ${order}`).pluck().all(team.id);
    expect(numbers('rowid')).toEqual(['#from-cli', '#from-api']);
    expect(numbers('created_at, rowid')).toEqual(['#from-cli', '#from-api']);
  });

  it('orders are written in the order they were drafted, however long their checks took: creation times follow commit order', async () => {
    const { team, key } = await s.printTeam('Ordered');
    let secondDrafted!: () => void;
    const second = new Promise<void>((resolve) => (secondDrafted = resolve));
    const holdFirst = async (draft: OrderDraft) => {
      if (draft.order.order_number === '#slow') await second;
      if (draft.order.order_number === '#fast') secondDrafted();
    };
    s.station.hooks.orderDrafted.push(holdFirst);
    try {
      const slow = s.createOrder(key, 'slow');
      const fast = s.createOrder(key, 'fast');
      await Promise.all([slow, fast]);
    } finally {
      s.station.hooks.orderDrafted.splice(s.station.hooks.orderDrafted.indexOf(holdFirst), 1);
    }
    const numbers = (order: string) => s.station.db.prepare(`SELECT order_number FROM orders WHERE team_id = ? AND order_number NOT LIKE '#companion-%' ORDER BY ${order}`).pluck().all(team.id);
    expect(numbers('rowid')).toEqual(['#slow', '#fast']);
    expect(numbers('created_at, rowid')).toEqual(['#slow', '#fast']);
  });
});

/** A stand-in for the check thread: what it is asked, and how it answers. */
class FakeCheckThread {
  ready = true;
  outstanding = 0;
  warmed = 0;
  drafts: OrderDraft[] = [];
  answer: () => Promise<CheckedDocument[]> = async () => [[checkFingerprint(SLIP, SCOPE), { ok: true }]];
  warm = async () => {
    this.warmed++;
  };
  check = (draft: OrderDraft) => {
    this.drafts.push(draft);
    return this.answer();
  };
}

const SLIP = { id: 'slip', version: 3, kind: 'html' };
const SCOPE = { order: { number: '#1', customer: 'Иван' } };
const draft = { order: { id: 'order-1', team_id: 'team-1' }, tagLabels: [], orderKeys: [], sources: [] } as unknown as OrderDraft;
const logger = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe('when orders use the check thread', () => {
  it('hands the order to a ready thread and keeps its checks for the transaction', async () => {
    const thread = new FakeCheckThread();
    const checked = new CheckedAhead();
    await checkAheadOnThread(thread, checked, { logger: logger() })(draft);
    expect(thread.drafts).toEqual([draft]);
    const found = checked.claim('order-1')!;
    expect(found(SLIP, SCOPE)).toEqual({ ok: true });
    expect(found({ ...SLIP, version: 4 }, SCOPE)).toBeUndefined();
    expect(checked.claim('order-1')).toBeUndefined();
  });

  it('with 16 orders already waiting for the thread, the order is checked in its transaction', async () => {
    const thread = new FakeCheckThread();
    thread.outstanding = 16;
    const checked = new CheckedAhead();
    await checkAheadOnThread(thread, checked, { logger: logger() })(draft);
    expect(thread.drafts).toHaveLength(0);
    expect(checked.size).toBe(0);
  });

  it('while the thread starts, orders are checked in their transaction and the thread is warmed', async () => {
    const thread = new FakeCheckThread();
    thread.ready = false;
    await checkAheadOnThread(thread, new CheckedAhead(), { logger: logger() })(draft);
    expect(thread.warmed).toBe(1);
    expect(thread.drafts).toHaveLength(0);
  });

  it('a check slower than its wait leaves the order to its transaction, and is kept when it comes', async () => {
    const thread = new FakeCheckThread();
    let answer!: (checked: CheckedDocument[]) => void;
    thread.answer = () => new Promise((resolve) => (answer = resolve));
    const checked = new CheckedAhead();
    await checkAheadOnThread(thread, checked, { logger: logger(), waitMs: 0 })(draft);
    expect(checked.size).toBe(0);
    answer([[checkFingerprint(SLIP, SCOPE), { error: 'template "Slip" failed to render: boom' }]]);
    // The answer is kept in microtasks, all run before the loop's next turn.
    await new Promise((resolve) => setImmediate(resolve));
    expect(checked.claim('order-1')!(SLIP, SCOPE)).toEqual({ error: 'template "Slip" failed to render: boom' });
  });

  it('after the thread failed, orders are checked in their transaction for a minute, logged once', async () => {
    const thread = new FakeCheckThread();
    thread.answer = () => Promise.reject(new Error('the check thread exited (code 1)'));
    let now = 1_000_000;
    const log = logger();
    const hook = checkAheadOnThread(thread, new CheckedAhead(), { logger: log, now: () => now });
    await hook(draft);
    await hook(draft);
    now += 59_999;
    await hook(draft);
    expect(thread.drafts).toHaveLength(1);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![0]).toContain('the check thread failed');
    now += 1;
    await hook(draft);
    expect(thread.drafts).toHaveLength(2);
  });
});

describe('checks kept for their transactions', () => {
  it('keeps the checks of the newest 1,000 orders, each handed to its transaction once, matched by template version and scope', () => {
    const checked = new CheckedAhead();
    const scopeOf = (n: number) => ({ order: { number: `#${n}` } });
    for (let n = 0; n < 1_005; n++) checked.add(`o${n}`, [[checkFingerprint(SLIP, scopeOf(n)), n % 2 ? { ok: true } : { error: `failed ${n}` }]]);
    expect(checked.size).toBe(1_000);
    expect(checked.claim('o4')).toBeUndefined();
    const five = checked.claim('o5')!;
    expect(five(SLIP, scopeOf(6))).toBeUndefined();
    expect(five(SLIP, scopeOf(5))).toEqual({ ok: true });
    expect(checked.claim('o5')).toBeUndefined();
    expect(checked.claim('o1004')!(SLIP, scopeOf(1004))).toEqual({ error: 'failed 1004' });
    expect(checked.taken).toBe(2);
  });

  it('keeps every check of an order drafted twice before its transaction', () => {
    const checked = new CheckedAhead();
    checked.add('o1', [[checkFingerprint(SLIP, SCOPE), { ok: true }]]);
    checked.add('o1', [[checkFingerprint({ ...SLIP, id: 'invoice' }, SCOPE), { error: 'failed' }]]);
    const found = checked.claim('o1')!;
    expect(found(SLIP, SCOPE)).toEqual({ ok: true });
    expect(found({ ...SLIP, id: 'invoice' }, SCOPE)).toEqual({ error: 'failed' });
  });
});
