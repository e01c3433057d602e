import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleOrder, startStation, type RunningStation } from '../../helpers/station';
import { pdfText } from '../documents/pdf-tools';
import { adminClient } from './admin-helpers';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

let running: RunningStation;
let admin: ReturnType<typeof adminClient>;
beforeEach(async () => {
  running = await startStation();
  admin = adminClient(running);
});
afterEach(() => running.stop());

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('printing from the dashboard', () => {
  it('prints selected orders of two teams, each as its own team, to the folder printer', async () => {
    const shop = running.team('Shop');
    const other = running.team('Other');
    const a = await (await running.call('/api/orders', { key: shop.key, json: sampleOrder(1) })).json();
    const b = await (await running.call('/api/orders', { key: other.key, json: sampleOrder(2) })).json();
    const response = await admin.call('/admin/api/orders/print', { json: { orderIds: [a.id, b.orderKeys[0]] } });
    expect(response.status).toBe(200);
    const results = await response.json();
    expect(results.map((r: { status: string }) => r.status)).toEqual(['pending', 'pending']);
    expect(results.map((r: { team: { authId: string } }) => r.team.authId).sort()).toEqual([shop.team.id, other.team.id].sort());

    // Exactly the two jobs of these batches (automatic printing is paused in test stations),
    // each PDF named after its job and holding its own order.
    const jobIds = results.map((r: { id: string }) => (running.station.db.prepare('SELECT id FROM print_jobs WHERE batch_id = ?').pluck().all(r.id) as string[])).flat();
    expect(jobIds).toHaveLength(2);
    const printed = join(running.dataDir, 'printed');
    const files = jobIds.map((id: string) => join(printed, `station-job-${id}.pdf`));
    // Printed means the print system finished the jobs (for Save as PDF: the file written).
    const jobsFinished = () => (running.station.db.prepare(`SELECT COUNT(*) FROM print_jobs WHERE id IN (${jobIds.map(() => '?').join(',')}) AND state = 'done'`).pluck().get(...jobIds) as number) === jobIds.length;
    await waitFor(() => jobsFinished() || undefined);
    expect(files.every((file: string) => existsSync(file))).toBe(true);
    expect(readdirSync(printed).filter((f) => f.endsWith('.pdf')).sort()).toEqual(files.map((file: string) => file.slice(printed.length + 1)).sort());
    expect(files.map((file: string) => pdfText(readFileSync(file)).includes('#1') ? 'shop' : pdfText(readFileSync(file)).includes('#2') ? 'other' : '?').sort()).toEqual(['other', 'shop']);
    for (const [key, id] of [[shop.key, a.id], [other.key, b.id]]) {
      const status = await (await running.call(`/api/orders/${id}/status`, { key })).json();
      expect(status.status).toBe('printed');
    }
  });

  it('names an order id that does not exist instead of printing the rest: nothing is printed', async () => {
    const shop = running.team('Shop');
    const real = await (await running.call('/api/orders', { key: shop.key, json: sampleOrder(3) })).json();
    const response = await admin.call('/admin/api/orders/print', { json: { orderIds: [real.id, 'no-such-order'] } });
    expect(response.status).toBe(404);
    expect((await response.json()).error.message).toContain('no-such-order');
    expect(running.station.db.prepare('SELECT COUNT(*) FROM print_batches').pluck().get()).toBe(0);
    expect((await (await running.call(`/api/orders/${real.id}/status`, { key: shop.key })).json()).status).toBe('ready');
  });

  it('needs at least one order', async () => {
    const response = await admin.call('/admin/api/orders/print', { json: { orderIds: [] } });
    expect(response.status).toBe(400);
    expect((await response.json()).error.details[0].path).toBe('orderIds');
  });
});
