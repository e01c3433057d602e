import { mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, printStation, type PrintStation } from '../printing/print-harness';
import { stationInProcess } from '../cli/in-process';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

describe('retention and disk use', { timeout: 60_000 }, () => {
  let s: PrintStation;
  let teamId: string;
  let key: string;

  beforeAll(async () => {
    s = await printStation({ background: false });
    ({ key } = await s.printTeam('Архив 店'));
    teamId = s.station.db.prepare('SELECT id FROM teams').pluck().get() as string;
    // No background work here: the printers (the Save as PDF row the jobs name) come from one refresh.
    await json(await s.admin('/admin/api/printers/refresh', { method: 'POST', json: {} }), 200);
  });
  afterAll(() => s.stop());

  /** An order whose source last wrote `days` ago, with a print job that ended (or not) as long ago. */
  async function orderOf(sourceId: string, days: number, jobState: 'done' | 'failed' | 'queued' = 'done') {
    const order = await s.createOrder(key, sourceId, { customer: { firstName: 'Ёжик', lastName: 'سارة' } });
    const db = s.station.db;
    db.prepare('UPDATE orders SET created_at = ?, updated_at = ? WHERE id = ?').run(ago(days), ago(days), order.id);
    db.prepare('UPDATE order_sources SET received_at = ?, updated_at = ? WHERE order_id = ?').run(ago(days), ago(days), order.id);
    const printer = db.prepare("SELECT id FROM printers WHERE vendor_id = 'save-as-pdf'").pluck().get() as string;
    const batch = `batch-${sourceId}`;
    db.prepare("INSERT INTO print_batches (id, request_id, team_id, printer_id, name, trigger, state, orders, created_at, updated_at) VALUES (?, 'r', ?, ?, 'old', 'api', 'done', '[]', ?, ?)").run(batch, teamId, printer, ago(days), ago(days));
    db.prepare(
      `INSERT INTO print_jobs (id, batch_id, request_id, team_id, printer_id, paper, state, next_attempt_at, created_at, updated_at, finished_at)
       VALUES (?, ?, 'r', ?, ?, '{}', ?, ?, ?, ?, ?)`,
    ).run(`job-${sourceId}`, batch, teamId, printer, jobState, ago(days), ago(days), ago(days), jobState === 'queued' ? null : ago(days));
    const document = db.prepare('SELECT id FROM documents WHERE order_id = ?').pluck().get(order.id) as string;
    db.prepare('INSERT INTO print_job_documents (job_id, position, document_id, order_id) VALUES (?, 0, ?, ?)').run(`job-${sourceId}`, document, order.id);
    return order.id;
  }

  it('keeps the defaults a user expects, refuses nonsense with 400, and changes only what is sent', async () => {
    expect(await json(await s.admin('/admin/api/settings/retention'), 200)).toEqual({ printedPdfDays: 30, finishedJobDays: 90, sourcePayloadDays: 30, orderDays: null });
    const refused = await json<{ error: { details: { path: string }[] } }>(await s.admin('/admin/api/settings/retention', { method: 'PUT', json: { printedPdfDays: 0, orderDays: 'soon' } }), 400);
    expect(refused.error.details.map((detail) => detail.path).sort()).toEqual(['orderDays', 'printedPdfDays']);
    expect(await json(await s.admin('/admin/api/settings/retention', { method: 'PUT', json: { finishedJobDays: 60 } }), 200)).toMatchObject({ finishedJobDays: 60, printedPdfDays: 30 });
  });

  it('a sweep removes old Save-as-PDF files, finished jobs, empty batches and raw payloads, and keeps orders and everything recent', async () => {
    const printed = join(s.dataDir, 'printed');
    mkdirSync(printed, { recursive: true });
    writeFileSync(join(printed, 'station-job-old.pdf'), '%PDF-1.7 old');
    writeFileSync(join(printed, 'station-job-new.pdf'), '%PDF-1.7 new');
    const old = (Date.now() - 40 * DAY) / 1000;
    utimesSync(join(printed, 'station-job-old.pdf'), old, old);

    const oldOrder = await orderOf('OLD-1', 100);
    // A print retry's answer, past its 24-hour window, and a fresh one.
    const keep = s.station.db.prepare("INSERT INTO idempotency_keys (team_id, key, fingerprint, status, response, created_at) VALUES (?, ?, 'f', 200, '[]', ?)");
    keep.run(teamId, 'expired', ago(2));
    keep.run(teamId, 'fresh', ago(0.5));
    const recentOrder = await orderOf('NEW-1', 5);
    // Webhook deliveries: an old delivered one goes, an old one still waiting and a recent one stay.
    s.station.db.prepare("INSERT INTO webhooks (id, team_id, url, secret, events, active, created_at, updated_at) VALUES ('wh', ?, 'http://127.0.0.1:9/', 's', '[]', 0, ?, ?)").run(teamId, ago(0), ago(0));
    const delivery = s.station.db.prepare("INSERT INTO webhook_deliveries (id, webhook_id, event_type, payload, state, next_attempt_at, created_at) VALUES (?, 'wh', 'order.status_changed', '{}', ?, ?, ?)");
    delivery.run('old-delivered', 'delivered', ago(100), ago(100));
    delivery.run('old-waiting', 'pending', ago(100), ago(100));
    delivery.run('new-delivered', 'delivered', ago(1), ago(1));
    // Refused print requests: an old one goes with the old jobs, a recent one stays.
    const refusal = s.station.db.prepare("INSERT INTO print_refusals (id, request_id, team_id, name, trigger, severity, reason, orders, created_at) VALUES (?, 'r', ?, 'scan', 'admin', 'error', 'No A6 paper', '[]', ?)");
    refusal.run('old-refusal', teamId, ago(100));
    refusal.run('new-refusal', teamId, ago(1));
    // Who did what: an old entry goes with the old jobs, a recent one stays.
    const activity = s.station.db.prepare("INSERT INTO activity (at, team_id, actor_kind, actor_id, actor_name, action, operation, status) VALUES (?, ?, 'station-admin', NULL, 'Station admin', ?, 'POST /x', 200)");
    activity.run(ago(100), teamId, 'old change');
    activity.run(ago(1), teamId, 'new change');
    const swept = await json<Record<string, number>>(await s.admin('/admin/api/settings/retention/sweep', { method: 'POST', json: {} }), 200);
    expect(swept).toEqual({ idempotencyKeys: 1, printedPdfs: 1, jobs: 1, batches: 1, sourcePayloads: 1, orders: 0, webhookDeliveries: 1, refusals: 1, activity: 1 });
    expect(s.station.db.prepare("SELECT action FROM activity WHERE action LIKE '% change'").pluck().all()).toEqual(['new change']);
    expect(s.station.db.prepare('SELECT id FROM print_refusals').pluck().all()).toEqual(['new-refusal']);
    expect(s.station.db.prepare('SELECT id FROM webhook_deliveries ORDER BY id').pluck().all()).toEqual(['new-delivered', 'old-waiting']);
    expect(s.station.db.prepare('SELECT key FROM idempotency_keys').pluck().all()).toEqual(['fresh']);
    expect(readdirSync(printed)).toEqual(['station-job-new.pdf']);
    const db = s.station.db;
    expect(db.prepare('SELECT id FROM print_jobs ORDER BY id').pluck().all()).toEqual(['job-NEW-1']);
    expect(db.prepare('SELECT payload FROM order_sources WHERE order_id = ?').pluck().get(oldOrder)).toBe('null');
    expect(JSON.parse(db.prepare('SELECT payload FROM order_sources WHERE order_id = ?').pluck().get(recentOrder) as string)).toMatchObject({ sourceId: 'NEW-1' });
    // The order itself is kept, fields and all.
    const detail = await s.call(`/api/orders/${oldOrder}/status`, { key });
    expect(detail.status).toBe(200);
  });

  it('with an order age set, old orders go, except one with a job still printing; the CLI sets it too', async () => {
    const stillPrinting = await orderOf('OLD-2', 200, 'queued');
    const cli = await stationInProcess(s.dataDir, ['retention', '--order-days', '30', '--sweep', '--json']);
    expect(cli.code).toBe(0);
    const answer = JSON.parse(cli.out) as { orderDays: number; swept: { orders: number } };
    expect(answer.orderDays).toBe(30);
    expect(answer.swept.orders).toBe(1);
    const left = s.station.db.prepare('SELECT id FROM orders').pluck().all();
    expect(left).toContain(stillPrinting);
    expect(left).toHaveLength(2);
    expect((await stationInProcess(s.dataDir, ['retention', '--order-days', 'keep', '--json'])).out).toContain('"orderDays": null');
    expect((await stationInProcess(s.dataDir, ['retention', '--payload-days', 'ten'])).code).toBe(2);
  });

  it('says what the station keeps on disk, by kind, and what is free', async () => {
    const use = await json<{ databaseBytes: number; walBytes: number; walBoundBytes: number; printedPdfs: { files: number; bytes: number }; backups: { files: number }; freeBytes: number; checkpoints: { counts: Record<string, { done: number; busy: number }> } }>(
      await s.admin('/admin/api/settings/disk'),
      200,
    );
    expect(use.databaseBytes).toBe(statSync(join(s.dataDir, 'station.db')).size + statSync(join(s.dataDir, 'station.db-shm')).size);
    // The WAL beside the database, with its bound and what the checkpoints did.
    expect(use.walBytes).toBe(statSync(join(s.dataDir, 'station.db-wal')).size);
    expect(use.walBoundBytes).toBe(64 * 1024 * 1024);
    expect(Object.keys(use.checkpoints.counts).sort()).toEqual(['passive', 'restart', 'truncate']);
    expect(use.printedPdfs).toEqual({ files: 1, bytes: '%PDF-1.7 new'.length });
    expect(use.backups.files).toBe(0);
    expect(use.freeBytes).toBeGreaterThan(0);
  });
});
