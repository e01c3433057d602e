import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const STATION = join(import.meta.dirname, '../../bin/station.js');

export interface StationProcess {
  url: string;
  sessionToken: string;
  team: { id: string; name: string };
  /** An API key of `team`, for posting orders as an integration would. */
  key: string;
  /** The station's data directory (its database), for a state only a print system's mishap makes. */
  dataDir: string;
  post(path: string, json: unknown, key?: string): Promise<Response>;
  admin(path: string, init?: { method?: string; json?: unknown }): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * A real headless station (`station serve`) in its own process: the dashboard's tests run
 * in jsdom, where the station's Node code does not belong. It signs in the way a person
 * does, with the one-time link the station prints.
 */
export async function startStationProcess(teamName = 'Shop', teamType: 'standard' | 'three_pl' = 'standard'): Promise<StationProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'station-renderer-'));
  const team = JSON.parse(
    execFileSync(process.execPath, [STATION, 'teams', 'create', '--data-dir', dataDir, '--name', teamName, '--type', teamType, '--json'], { encoding: 'utf8' }),
  ) as { id: string; name: string };
  // Automatic printing paused: a print of every new order would race what the page shows.
  // No rendering ahead: a browser rendering every new order would only load the machine.
  const child: ChildProcess = spawn(process.execPath, [STATION, 'serve', '--port', '0', '--no-auto-print', '--no-render-ahead', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'ignore'] });
  const link = await new Promise<URL>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^dashboard: (\S+)$/m.exec(output);
      if (match) resolve(new URL(match[1]!));
    });
    child.once('exit', () => reject(new Error(`station serve exited: ${output}`)));
  });
  const url = link.origin;
  const session = await fetch(`${url}/admin/api/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ loginToken: link.hash.replace('#login=', '') }),
  });
  const { sessionToken } = (await session.json()) as { sessionToken: string };
  const admin = (path: string, init: { method?: string; json?: unknown } = {}) =>
    fetch(`${url}/admin/api${path}`, {
      method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'),
      headers: { Authorization: `Bearer ${sessionToken}`, 'Content-Type': 'application/json' },
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    });
  const { secret } = (await (await admin('/keys', { json: { teamId: team.id, name: 'test integration' } })).json()) as { secret: string };
  return {
    url,
    sessionToken,
    team,
    key: secret,
    dataDir,
    admin,
    post: (path, json, key = secret) =>
      fetch(`${url}${path}`, { method: 'POST', headers: { 'X-API-Key': key, 'Content-Type': 'application/json' }, body: JSON.stringify(json) }),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A realistic order body (the node tests' sampleOrder; the station's code stays out of jsdom). */
export function sampleOrder(sourceId: string | number, order: Record<string, unknown> = {}) {
  return {
    sourceId,
    order: {
      orderNumber: `#${sourceId}`,
      orderDate: '2026-11-01T10:00:00Z',
      customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      shippingAddress: { firstName: 'Ada', lastName: 'Lovelace', address1: '12 Analytical St', city: 'London', postalCode: 'N1 9GU', country: 'GB' },
      lineItems: [{ name: 'Mug', quantity: 2, sku: 'MUG-1', price: { amount: 9.5, currency: 'EUR' } }],
      tags: [{ label: 'vip' }],
      ...order,
    },
  };
}
