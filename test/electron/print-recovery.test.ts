import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAYBE_PRINTED_REASON } from '../../main/core/features/printing/jobs/queue';
import { json, type BatchView } from '../core/printing/print-harness';
import { waitFor } from '../core/printers/cups-output';
import { startStation } from '../helpers/station';
import { backendWith, FakeElectronWebContents, printerInfo } from './fake-electron-web-contents';
import { useTestCups } from '../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

/**
 * Electron prints straight to the device: after a crash the station cannot ask whether a
 * job it was sending got out. Such a job is failed for a person to check, never resent.
 */
describe('recovery of a job caught sending through Electron', { timeout: 60_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'station-electron-recovery-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('fails it with a reason to check the printer instead of printing it again; a retry prints it once', async () => {
    const contents = new FakeElectronWebContents([printerInfo('Desk_Laser_Electron')]);
    const { backend } = backendWith(contents);

    const setup = await startStation({ dataDir, background: false, printBackends: [backend] });
    const { key } = setup.team('Desk');
    const [printer] = await json<{ id: string }[]>(await setup.call('/api/printers?printerVendorId=Desk_Laser_Electron', { key }), 200);
    const order = await json<{ id: string }>(await setup.call('/api/orders', { key, json: { sourceId: 'E-1', order: { orderNumber: 'E-1' } } }), 201);
    const [result] = await json<{ id: string; status: string }[]>(await setup.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer: printer!.id } } }), 200);
    expect(result!.status).toBe('pending');
    await setup.stop();

    // The crash came while the job was being handed to webContents.print.
    const db = new Database(join(dataDir, 'station.db'));
    db.prepare("UPDATE print_jobs SET state = 'submitting', attempts = 1").run();
    db.close();

    const restarted = await startStation({ dataDir, printBackends: [backend] });
    try {
      const token = restarted.station.services.adminSessions.createSessionToken();
      const admin = (path: string, init: RequestInit = {}) => restarted.call(path, { ...init, headers: { Authorization: `Bearer ${token}` } });
      const batch = async () => json<BatchView>(await admin(`/admin/api/print-batches/${result!.id}`), 200);
      const failed = await waitFor(async () => ((await batch()).jobs[0]!.state === 'failed' ? batch() : undefined), 30_000, 'the job to fail');
      expect(failed.jobs[0]!.reason).toBe(MAYBE_PRINTED_REASON);
      // It waits for a person: print it again, or count it as printed.
      expect(failed.jobs[0]!.awaitingDecision).toBe(true);
      expect(contents.printCalls).toHaveLength(0);
      const status = async () => (await json<{ status: string }>(await restarted.call(`/api/orders/${order.id}/status`, { key }), 200)).status;
      expect(await status()).toBe('ready');

      // A person checked: nothing came out, so they retry it.
      await json(await admin(`/admin/api/print-jobs/${failed.jobs[0]!.id}/retry`, { method: 'POST' }), 200);
      await waitFor(async () => ((await batch()).jobs[0]!.state === 'unknown' ? true : undefined), 30_000, 'the retried job to be handed over (Electron cannot follow it further)');
      expect(contents.printCalls.map((options) => options.deviceName)).toEqual(['Desk_Laser_Electron']);
      expect(await status()).toBe('printed');
    } finally {
      await restarted.stop();
    }
  });
});

describe('a job printed through Electron', { timeout: 60_000 }, () => {
  it('is handed over as the documents’ HTML; a print callback that never comes fails the job once, with a reason, and frees the queue', async () => {
    const silent = new FakeElectronWebContents([printerInfo('Desk_Silent_Electron')], 'never-calls-back');
    const { backend, opened } = backendWith(silent, { printTimeoutMs: 200 });
    const s = await startStation({ printBackends: [backend] });
    try {
      const { key } = s.team('Desk 2');
      const [printer] = await json<{ id: string }[]>(await s.call('/api/printers?printerVendorId=Desk_Silent_Electron', { key }), 200);
      const order = await json<{ id: string }>(await s.call('/api/orders', { key, json: { sourceId: 'E-2', order: { orderNumber: 'E-2', note: 'Заказ 東京 שלום' } } }), 201);
      const [result] = await json<{ id: string; status: string }[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer: printer!.id } } }), 200);
      expect(result, JSON.stringify(result)).toMatchObject({ status: 'pending' });
      const token = s.station.services.adminSessions.createSessionToken();
      const batch = async () => json<BatchView>(await s.call(`/admin/api/print-batches/${result!.id}`, { headers: { Authorization: `Bearer ${token}` } }), 200);
      const failed = await waitFor(async () => ((await batch()).jobs[0]!.state === 'failed' ? batch() : undefined), 30_000, 'the job to fail');
      expect(failed.jobs[0]!.attempts).toBe(1);
      expect(failed.jobs[0]!.reason).toMatch(/did not say within 0 s whether the printer took the job, so it may have printed/);
      expect(silent.printCalls).toHaveLength(1);
      // The HTML of the order's packing slip, with its page rule: no PDF went to Electron.
      expect(opened).toHaveLength(1);
      expect(opened[0]!.html).toMatch(/^<!doctype html>/);
      expect(opened[0]!.html).toContain('Заказ 東京 שלום');
      expect(opened[0]!.html).toMatch(/@page \{ size: 210mm 297mm;/);
      expect(opened[0]!.closed).toBe(true);
      expect((await json<{ status: string }>(await s.call(`/api/orders/${order.id}/status`, { key }), 200)).status).toBe('ready');
    } finally {
      await s.stop();
    }
  });
});
