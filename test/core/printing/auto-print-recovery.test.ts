import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../cli/run-station';
import { waitFor } from '../printers/cups-output';
import { HeldDiscoveryBackend } from './held-auto-print-station';
import { json, printStation, type BatchView, type PrintStation } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

type Batch = BatchView & { trigger: string; orders: { id: string }[] };

/** Read straight from the file, as the next start of the station would. */
function stored(dataDir: string, teamId: string) {
  const db = new Database(join(dataDir, 'station.db'), { readonly: true });
  try {
    return {
      owed: db.prepare('SELECT order_id FROM auto_print_pending').pluck().all(),
      autoBatches: db.prepare("SELECT orders FROM print_batches WHERE team_id = ? AND trigger = 'auto'").pluck().all(teamId) as string[],
    };
  } finally {
    db.close();
  }
}

describe('automatic printing is never lost or doubled', { timeout: 60_000 }, () => {
  const dataDirs: string[] = [];
  const freshDataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'station-auto-print-'));
    dataDirs.push(dir);
    return dir;
  };
  afterAll(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  const batchesOf = async (s: PrintStation, teamId: string) => json<Batch[]>(await s.admin(`/admin/api/print-batches?teamId=${teamId}`), 200);
  /** The team's batches once there is one. */
  const firstBatches = (s: PrintStation, teamId: string) => waitFor(async () => ((await batchesOf(s, teamId)).length ? batchesOf(s, teamId) : undefined), 60_000, 'owed batch');

  it('prints at start-up, once, an order whose automatic print a SIGKILL left unrecorded', async () => {
    const dataDir = freshDataDir();
    // The team and its flow, made by a station that then stops cleanly.
    const setup = await printStation({ dataDir });
    const { team, key } = await setup.printTeam('Owed shop', { autoPrint: true });
    await setup.stop();

    // A station process whose automatic print waits for its printers, killed right after the 201.
    const fixture = fileURLToPath(new URL('./held-auto-print-station.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /listening on (\S+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      void exited.then(() => reject(new Error(`the held station exited: ${out}`)));
    });
    const created = await fetch(`${url}/api/orders`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ sourceId: 'OWED-1', order: { orderNumber: 'OWED-1' } }) });
    expect(created.status).toBe(201);
    const order = (await created.json()) as { id: string };
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    // On disk: the order is owed its print, and no batch was recorded.
    expect(stored(dataDir, team.id)).toEqual({ owed: [order.id], autoBatches: [] });

    const restarted = await printStation({ dataDir, autoPrint: true });
    try {
      const [batch] = await firstBatches(restarted, team.id);
      expect(batch).toMatchObject({ trigger: 'auto', orders: [{ id: order.id }] });
      expect((await restarted.settled(batch!.id)).jobs.map((job) => job.state)).toEqual(['done']);
      expect(stored(dataDir, team.id)).toEqual({ owed: [], autoBatches: [expect.any(String)] });
    } finally {
      await restarted.stop();
    }
    // A later start finds nothing owed and prints nothing again.
    const third = await printStation({ dataDir, autoPrint: true });
    try {
      await third.station.printing.autoPrint.settled();
      expect(stored(dataDir, team.id).autoBatches).toHaveLength(1);
    } finally {
      await third.stop();
    }
  });

  it('a late attempt of a station that lost the race records nothing: one print per order', async () => {
    const dataDir = freshDataDir();
    const held = new HeldDiscoveryBackend();
    const first = await printStation({ dataDir, background: false, printBackends: [held], autoPrint: true });
    const { team, key } = await first.printTeam('Raced shop', { autoPrint: true });
    const order = await first.createOrder(key, 'RACE-1');
    expect(stored(dataDir, team.id)).toEqual({ owed: [order.id], autoBatches: [] });
    const second = await printStation({ dataDir, autoPrint: true });
    try {
      const [batch] = await firstBatches(second, team.id);
      await second.settled(batch!.id);
      // The first station's print gets its printers at last: the order is no longer owed.
      held.open();
      await first.stop();
      expect(stored(dataDir, team.id).autoBatches).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it('a shutdown records the automatic prints in flight before it closes the database', async () => {
    const dataDir = freshDataDir();
    const held = new HeldDiscoveryBackend();
    const s = await printStation({ dataDir, printBackends: [held], autoPrint: true });
    const { team, key } = await s.printTeam('Closing shop', { autoPrint: true });
    const order = await s.createOrder(key, 'CLOSE-1');
    const stopping = s.stop();
    held.open();
    await stopping;
    const { owed, autoBatches } = stored(dataDir, team.id);
    expect(owed).toEqual([]);
    expect(autoBatches.map((orders) => (JSON.parse(orders) as { id: string }[]).map((entry) => entry.id))).toEqual([[order.id]]);
  });

  it('owes nothing for an update, for a flow without automatic printing or for an onboarding merchant', async () => {
    const dataDir = freshDataDir();
    const s = await printStation({ dataDir, autoPrint: true });
    try {
      const manual = await s.printTeam('Manual shop', { autoPrint: false });
      await s.createOrder(manual.key, 'M-1');
      const parent = s.team('Owed 3PL', 'three_pl');
      const merchant = await s.printTeam('Onboarding merchant', { type: 'merchant', parent: parent.team, autoPrint: true });
      await s.createOrder(parent.key, 'ONB-1', {}, { targetTeamId: merchant.team.id });
      // The decision is made in the order's transaction: after the 201 it is on disk.
      expect(stored(dataDir, manual.team.id).owed).toEqual([]);

      const live = await s.printTeam('Live shop', { autoPrint: true });
      await s.createOrder(live.key, 'L-1');
      await waitFor(() => (stored(dataDir, live.team.id).autoBatches.length ? true : undefined), 30_000, 'the live order printed');
      await s.createOrder(live.key, 'L-1', { note: 'changed' });
      expect(stored(dataDir, live.team.id)).toEqual({ owed: [], autoBatches: [expect.any(String)] });
    } finally {
      await s.stop();
    }
  });
});
