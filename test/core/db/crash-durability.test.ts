import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../main/core/foundations/db/open';
import { orderResource } from '../../../main/core/features/orders/service';
import { sampleOrder } from '../../helpers/station';
import { serve, stationJson, type Served } from '../cli/run-station';

// Starts and kills real station processes; slow on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let dataDir: string;
let secret: string;
let teamId: string;
let second: Served | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'station-crash-'));
  // An onboarding merchant: its orders never print automatically, so nothing but these
  // requests changes them and the stored orders must equal the answers exactly.
  const parentId = (await stationJson<{ id: string }>(['teams', 'create', '--data-dir', dataDir, '--name', 'Crash 3PL', '--type', 'three_pl'])).id;
  teamId = (await stationJson<{ id: string }>(['teams', 'create', '--data-dir', dataDir, '--name', 'Crash Shop', '--type', 'merchant', '--parent', parentId])).id;
  secret = (await stationJson<{ secret: string }>(['keys', 'create', '--data-dir', dataDir, '--team', teamId, '--name', 'crash'])).secret;
});
afterAll(async () => {
  if (second && second.child.exitCode === null) {
    second.child.kill('SIGKILL');
    await second.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

type Answer = Record<string, unknown> & { id: string; orderKeys: string[] };

/** `promise`, or a failure saying what did not happen and what the station printed. */
function within<T>(promise: Promise<T>, ms: number, what: string, station: Served): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} within ${ms / 1000} s:\n${station.output()}`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe('durability', () => {
  it('SIGKILL under 10 concurrent writers: after a restart every order that got a 201 is there, intact', async () => {
    const first = await serve(['--data-dir', dataDir, '--port', '0']);
    const acknowledged: Answer[] = [];
    let stop = false;
    let attempts = 0;
    const failures: string[] = [];

    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        attempts++;
        const body = sampleOrder(`w${w}-${i}`, {
          lineItems: Array.from({ length: 10 }, (_, n) => ({ name: `Item ${n}`, quantity: n + 1, sku: `SKU-${w}-${i}-${n}`, price: { amount: n + 0.5, currency: 'EUR' } })),
          tags: [{ label: `writer-${w}` }, { label: 'crash' }],
          variables: { writer: w, index: i },
        });
        try {
          const res = await fetch(`${first.url}/api/orders`, { method: 'POST', headers: { 'X-API-Key': secret, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
          const text = await res.text();
          if (res.status === 201) acknowledged.push(JSON.parse(text) as Answer);
          else throw new Error(`unexpected ${res.status}: ${text}`);
        } catch (error) {
          if (stop) return; // the station is gone: expected once killed
          failures.push(String(error));
          throw error;
        }
      }
    };
    const writers = Array.from({ length: 10 }, (_, w) => writer(w));

    // Kill it mid-stream, once a good number of orders were acknowledged.
    // A writer that fails stops the wait at once, with what the station said.
    const waitingSince = Date.now();
    while (acknowledged.length < 150) {
      if (failures.length || Date.now() - waitingSince > 120_000) {
        throw new Error(`${acknowledged.length} orders acknowledged of ${attempts} sent; writers failed: ${failures.join('; ') || 'none'}\n${first.output()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Writers stop sending new orders, but the ones in flight are cut by the kill.
    stop = true;
    first.child.kill('SIGKILL');
    const { signal } = await first.exited;
    await Promise.all(writers);
    expect(signal).toBe('SIGKILL');
    expect(attempts).toBeGreaterThan(acknowledged.length);

    // Restart on the same data dir: it opens, recovers the WAL and answers for every order.
    second = await serve(['--data-dir', dataDir, '--port', '0']);
    for (const order of acknowledged) {
      const res = await fetch(`${second.url}/api/orders/${encodeURIComponent(order.orderKeys[0]!)}/status`, { headers: { 'X-API-Key': secret } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { id: string }).id).toBe(order.id);
    }
    second.child.kill('SIGTERM');
    expect((await within(second.exited, 60_000, 'the restarted station did not stop', second)).code).toBe(0);

    // Intact: what is stored now is exactly what each 201 answered.
    const db = openDatabase(dataDir);
    try {
      expect(db.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      for (const order of acknowledged) expect(JSON.parse(JSON.stringify(orderResource(db, order.id)))).toEqual(order);
      const stored = (db.prepare('SELECT COUNT(*) AS n FROM orders WHERE team_id = ?').get(teamId) as { n: number }).n;
      expect(stored).toBeGreaterThanOrEqual(acknowledged.length);
    } finally {
      db.close();
    }
  });
});
