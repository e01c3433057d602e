import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../printers/cups-output';
import { json, printStation, type BatchView, type PrintStation } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

type Batch = BatchView & { trigger: string; orders: { id: string }[] };

describe('automatic printing', { timeout: 60_000 }, () => {
  let s: PrintStation;
  beforeAll(async () => {
    s = await printStation({ autoPrint: true });
  });
  afterAll(() => s.stop());

  const batchesOf = async (teamId: string) => json<Batch[]>(await s.admin(`/admin/api/print-batches?teamId=${teamId}`), 200);
  const status = async (key: string, id: string) => (await json<{ status: string }>(await s.call(`/api/orders/${id}/status`, { key }), 200)).status;
  /**
   * Proves that no automatic print is coming: the decision is taken in the order's own
   * transaction (no owed row means none), and every after-commit print has been recorded.
   */
  const noAutomaticPrintOwed = async (orderId: string) => {
    await s.station.printing.autoPrint.settled();
    expect(s.station.db.prepare('SELECT COUNT(*) FROM auto_print_pending WHERE order_id = ?').pluck().get(orderId)).toBe(0);
  };

  it("prints a live team's new order with the team's routing when its flow says so, and not its updates", async () => {
    const { team, key } = await s.printTeam('Live shop', { autoPrint: true });
    const order = await s.createOrder(key, 'AUTO-1');
    const [batch] = await waitFor(async () => ((await batchesOf(team.id)).length ? batchesOf(team.id) : undefined), 60_000, 'auto-print batch');
    expect(batch).toMatchObject({ trigger: 'auto', orders: [{ id: order.id }] });
    const settled = await s.settled(batch!.id);
    expect(settled.jobs.map((job) => job.state)).toEqual(['done']);
    expect(existsSync(join(s.dataDir, 'printed', `station-job-${settled.jobs[0]!.id}.pdf`))).toBe(true);
    expect(await status(key, order.id)).toBe('printed');

    await s.createOrder(key, 'AUTO-1', { note: 'changed' });
    await noAutomaticPrintOwed(order.id);
    expect(await batchesOf(team.id)).toHaveLength(1);
  });

  it('does not print when the flow has automatic printing off', async () => {
    const { team, key } = await s.printTeam('Manual shop', { autoPrint: false });
    const order = await s.createOrder(key, 'MAN-1');
    await noAutomaticPrintOwed(order.id);
    expect(await batchesOf(team.id)).toEqual([]);
    expect(await status(key, order.id)).toBe('ready');
  });

  it("never auto-prints an onboarding merchant's orders; a manual print works", async () => {
    const parent = s.team('Auto 3PL', 'three_pl');
    const merchant = await s.printTeam('Onboarding merchant', { type: 'merchant', parent: parent.team, autoPrint: true });
    const order = await s.createOrder(parent.key, 'ONB-1', {}, { targetTeamId: merchant.team.id });
    await noAutomaticPrintOwed(order.id);
    expect(await batchesOf(merchant.team.id)).toEqual([]);
    expect(await batchesOf(parent.team.id)).toEqual([]);
    const results = await json<{ id: string; status: string }[]>(await s.call(`/api/orders/${order.id}/print`, { key: parent.key, json: {} }), 200);
    expect(results.map((result) => result.status)).toEqual(['pending']);
    await s.settled(results[0]!.id);
    expect(await status(parent.key, order.id)).toBe('printed');
  });

  it('is paused for the whole station by `station serve --no-auto-print` (the autoPrint option): orders wait in ready', async () => {
    const paused = await printStation({ autoPrint: false });
    try {
      const { team, key } = await paused.printTeam('Paused shop', { autoPrint: true });
      const order = await paused.createOrder(key, 'PAUSED-1');
      await paused.station.printing.autoPrint.settled();
      expect(paused.station.db.prepare('SELECT COUNT(*) FROM auto_print_pending').pluck().get()).toBe(0);
      expect(await json(await paused.admin(`/admin/api/print-batches?teamId=${team.id}`), 200)).toEqual([]);
      expect((await json<{ status: string }>(await paused.call(`/api/orders/${order.id}/status`, { key }), 200)).status).toBe('ready');
    } finally {
      await paused.stop();
    }
  });

  it('never prints a merge automatically', async () => {
    const { team, key } = await s.printTeam('Merging shop', { autoPrint: true });
    const first = await s.createOrder(key, 'MERGE-1');
    const [batch] = await waitFor(async () => ((await batchesOf(team.id)).length ? batchesOf(team.id) : undefined), 60_000, 'auto-print batch');
    await s.settled(batch!.id);
    // A second source of the same order (a WMS), merged into it by a link.
    const link = await s.call('/api/links', { key, json: { type: 'order', source: { type: 'manual', source: 'web' }, target: { type: 'manual', source: 'api' }, resolver: 'order.note' } });
    expect(link.status).toBe(200);
    const merged = await json<{ id: string; orderKeys: string[] }>(await s.call('/api/orders', { key, json: { source: 'web', sourceId: 'W-9', order: { orderNumber: 'W-9', note: 'MERGE-1' } } }), 201);
    expect(merged.id).toBe(first.id);
    await noAutomaticPrintOwed(first.id);
    expect(await batchesOf(team.id)).toHaveLength(1);
  });
});
