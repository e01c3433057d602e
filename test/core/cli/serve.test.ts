import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleOrder } from '../../helpers/station';
import { waitFor } from '../printers/cups-output';
import { serve, stationJson, type Served } from './run-station';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

// Each case starts node processes; on a busy two-core machine that takes seconds.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let dataDir: string;
let running: Served | undefined;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'station-serve-'));
});
afterEach(async () => {
  if (running && running.child.exitCode === null && running.child.signalCode === null) {
    running.child.kill('SIGKILL');
    await running.exited;
  }
  running = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('station serve', () => {
  it('prints "listening on http://HOST:PORT"; --port 0 picks a free port; the host defaults to 127.0.0.1', async () => {
    running = await serve(['--data-dir', dataDir, '--port', '0']);
    expect(running.line).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
    const port = Number(new URL(running.url).port);
    expect(port).toBeGreaterThan(0);
    expect(port).not.toBe(5717);
    const res = await fetch(`${running.url}/api/auth/whoami`);
    expect(res.status).toBe(401);
  });

  it('on an empty data dir it makes the first team and prints its API key once, next to the dashboard link: an order posts with it', async () => {
    running = await serve(['--data-dir', dataDir, '--port', '0']);
    const output = await waitFor(() => (/^API key: (\S+)$/m.test(running!.output()) ? running!.output() : undefined), 30_000, 'the first-run key');
    expect(output).toMatch(/^dashboard: http:\/\/127\.0\.0\.1:\d+\/#login=\S+\nfirst run: created the team "My Shop" \([0-9a-f-]{36}\) and its API key, shown this once/m);
    const secret = /^API key: (\S+)$/m.exec(output)![1]!;
    const res = await fetch(`${running.url}/api/orders`, { method: 'POST', headers: { 'X-API-Key': secret }, body: JSON.stringify(sampleOrder('first-1', { customer: { firstName: 'أمينة', lastName: '王' } })) });
    expect(res.status).toBe(201);
    // Only its hash is stored.
    running.child.kill('SIGTERM');
    await running.exited;
    const db = new Database(join(dataDir, 'station.db'), { readonly: true });
    const stored = db.prepare('SELECT * FROM api_keys').all();
    db.close();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(secret);

    // The next start has a team: no new team, no key printed.
    running = await serve(['--data-dir', dataDir, '--port', '0']);
    await waitFor(() => (/^dashboard: /m.test(running!.output()) ? true : undefined), 30_000, 'the dashboard line');
    expect(running.output()).not.toMatch(/first run|API key/);
    const teams = await stationJson<unknown[]>(['teams', 'list', '--data-dir', dataDir]);
    expect(teams).toHaveLength(1);
  });

  it('--host picks the interface it listens on', async () => {
    running = await serve(['--data-dir', dataDir, '--port', '0', '--host', '127.0.0.2']);
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/);
    expect((await fetch(`${running.url}/api/auth/whoami`)).status).toBe(401);
  });

  it('a data dir migrated by a newer station is refused with a one-line error and exit code 1', async () => {
    const { openDatabase } = await import('../../../main/core/foundations/db/open');
    const db = openDatabase(dataDir);
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (9999, 'future', '2030-01-01T00:00:00Z')").run();
    db.close();
    const { station } = await import('./run-station');
    const result = await station(['serve', '--data-dir', dataDir, '--port', '0']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^station: station\.db is at schema version 9999, newer than this station knows/m);
    expect(result.stdout).not.toContain('listening on');
  });

  it('a port in use is a one-line error and exit code 1', async () => {
    running = await serve(['--data-dir', dataDir, '--port', '0']);
    const port = new URL(running.url).port;
    const { station } = await import('./run-station');
    const second = await station(['serve', '--data-dir', dataDir, '--port', port]);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/^station: .*EADDRINUSE/m);
    expect(second.stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });
});
