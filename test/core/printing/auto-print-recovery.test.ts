import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DiscoveredPrinter, PrintBackend } from '../../../main/core/printers/backend';
import { waitFor } from '../printers/cups-output';
import { json, printStation, type BatchView, type PrintStation } from './print-harness';

/**
 * A backend whose discovery answers only when the test opens it: it holds an automatic print
 * between the order's commit and the recording of its batch, where a crash would strike.
 * It has no printers; submitting is never reached.
 */
class HeldDiscoveryBackend implements PrintBackend {
  readonly kind = 'held-discovery';
  readonly findsSubmitted = true;
  private openDiscovery!: () => void;
  private readonly opened = new Promise<void>((resolve) => (this.openDiscovery = resolve));

  open(): void {
    this.openDiscovery();
  }
  async discover(): Promise<DiscoveredPrinter[]> {
    await this.opened;
    return [];
  }
  submit(): never {
    throw new Error('HeldDiscoveryBackend has no printers');
  }
  release(): never {
    throw new Error('HeldDiscoveryBackend has no printers');
  }
  jobStates(): never {
    throw new Error('HeldDiscoveryBackend has no printers');
  }
  findSubmitted(): never {
    throw new Error('HeldDiscoveryBackend has no printers');
  }
  cancel(): never {
    throw new Error('HeldDiscoveryBackend has no printers');
  }
}

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

describe('automatic printing is never lost or doubled', { timeout: 120_000 }, () => {
  const dataDirs: string[] = [];
  const freshDataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'station-auto-print-'));
    dataDirs.push(dir);
    return dir;
  };
  afterAll(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  const batchesOf = async (s: PrintStation, teamId: string) => json<Batch[]>(await s.admin(`/admin/api/print-batches?teamId=${teamId}`), 200);

  it('prints at start-up an order whose automatic print a crash left unrecorded, and the late first attempt records nothing', async () => {
    const dataDir = freshDataDir();
    const held = new HeldDiscoveryBackend();
    const crashed = await printStation({ dataDir, background: false, printBackends: [held] });
    const { team, key } = await crashed.printTeam('Owed shop', { autoPrint: true });
    const order = await crashed.createOrder(key, 'OWED-1');
    // The 201 came after the commit; the automatic print still waits for the printers.
    expect(stored(dataDir, team.id)).toEqual({ owed: [order.id], autoBatches: [] });

    // Another station opens the same data, as the next start after a crash would.
    const restarted = await printStation({ dataDir });
    try {
      const [batch] = await waitFor(async () => ((await batchesOf(restarted, team.id)).length ? batchesOf(restarted, team.id) : undefined), 60_000, 'owed batch');
      expect(batch).toMatchObject({ trigger: 'auto', orders: [{ id: order.id }] });
      expect((await restarted.settled(batch!.id)).jobs.map((job) => job.state)).toEqual(['done']);
      expect(stored(dataDir, team.id).owed).toEqual([]);

      // The first station's print gets its printers at last: the order is no longer owed.
      held.open();
      await crashed.stop();
      expect(stored(dataDir, team.id).autoBatches).toHaveLength(1);
      expect(await batchesOf(restarted, team.id)).toHaveLength(1);
    } finally {
      await restarted.stop();
    }
  });

  it('a shutdown records the automatic prints in flight before it closes the database', async () => {
    const dataDir = freshDataDir();
    const held = new HeldDiscoveryBackend();
    const s = await printStation({ dataDir, printBackends: [held] });
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
    const s = await printStation({ dataDir });
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
