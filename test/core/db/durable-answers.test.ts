import { fdatasync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLDER_VENDOR_ID } from '../../../main/core/features/printers/folder-backend';
import { json, printStation, type BatchView, type PrintStation } from '../printing/print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

/**
 * The WAL's sync, real but gated: while held, every sync that starts waits until release.
 * `started` resolves when the next sync begins.
 */
function syncGate() {
  const realSync = promisify(fdatasync);
  let held: Promise<void> | undefined;
  let open = () => {};
  let onStart: Array<() => void> = [];
  return {
    hold() {
      held ??= new Promise<void>((resolve) => (open = resolve));
    },
    release() {
      held = undefined;
      open();
    },
    started: () => new Promise<void>((resolve) => onStart.push(resolve)),
    async sync(fd: number) {
      const waiting = onStart;
      onStart = [];
      waiting.forEach((resolve) => resolve());
      await held;
      await realSync(fd);
    },
  };
}

describe('what waits for the WAL to be on disk', { timeout: 60_000 }, () => {
  const gate = syncGate();
  let s: PrintStation;
  let key: string;
  let teamId: string;
  beforeAll(async () => {
    s = await printStation({ syncWal: (fd) => gate.sync(fd) });
    const made = await s.printTeam('Durable');
    key = made.key;
    teamId = made.team.id;
    await json(await s.call('/api/printers/refresh', { key }), 200);
  });
  afterAll(async () => {
    gate.release();
    await s.stop();
  });

  it('a change written outside the group commit is answered only after the sync; a read answers meanwhile', async () => {
    gate.hold();
    const syncing = gate.started();
    let answered = false;
    const created = s.admin('/admin/api/apps', { method: 'POST', json: { teamId, name: 'Warehouse' } }).then((response) => ((answered = true), response));
    await Promise.race([syncing, created.then(() => Promise.reject(new Error('answered before any sync of the WAL')))]);
    // Committed (a read sees it) but not yet on disk: no answer.
    const apps = await json<{ name: string }[]>(await s.admin(`/admin/api/apps?teamId=${teamId}`), 200);
    expect(apps.map((app) => app.name)).toContain('Warehouse');
    expect(answered).toBe(false);
    gate.release();
    await json(await created, 201);
  });

  it('a job is handed to the printer only once its submitting state is on disk', async () => {
    const printerId = await s.printerId(FOLDER_VENDOR_ID);
    const order = await s.createOrder(key, 'D-1');
    const states: string[] = [];
    let submitting!: () => void;
    const reachedSubmitting = new Promise<void>((resolve) => (submitting = resolve));
    let syncing: Promise<void> | undefined;
    let handedOver!: (error: Error) => void;
    const handedOverEarly = new Promise<never>((_, reject) => (handedOver = reject));
    s.station.events.on('job', (event: { state?: string }) => {
      if (!event.state) return;
      states.push(event.state);
      if (event.state === 'submitted') handedOver(new Error('handed to the printer before any sync of the WAL'));
      // Held from the moment it renders, so the handover's sync is the one held.
      if (event.state === 'rendering') {
        gate.hold();
        syncing = gate.started();
      }
      if (event.state === 'submitting') submitting();
    });
    // Its answer may wait for the held sync too: read after the release.
    const answer = s.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer: printerId } } });
    await reachedSubmitting;
    await Promise.race([syncing, handedOverEarly]);
    const printedDir = join(s.dataDir, 'printed');
    const printed = () => {
      try {
        return readdirSync(printedDir).filter((name) => name.endsWith('.pdf'));
      } catch {
        return [];
      }
    };
    expect(printed()).toEqual([]);
    expect(states).not.toContain('submitted');
    gate.release();
    const [result] = await json<{ id: string }[]>(await answer, 200);
    const batch: BatchView = await s.settled(result!.id);
    expect(batch.jobs.map((job) => job.state)).toEqual(['done']);
    expect(printed()).toHaveLength(1);
  });
});
