import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { sampleOrder } from '../../helpers/station';
import { waitFor } from '../printers/cups-output';
import { serve, stationJson, servedHere } from './run-station';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

// Each case starts node processes; on a busy two-core machine that takes seconds.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const here = servedHere();

describe('station serve', () => {
  it('prints "listening on http://HOST:PORT"; --port 0 picks a free port; the host defaults to 127.0.0.1', async () => {
    here.running = await serve(['--data-dir', here.dataDir, '--port', '0']);
    expect(here.running.line).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
    const port = Number(new URL(here.running.url).port);
    expect(port).toBeGreaterThan(0);
    expect(port).not.toBe(5717);
    const res = await fetch(`${here.running.url}/api/auth/whoami`);
    expect(res.status).toBe(401);
  });

  it('on an empty data dir it makes the first team and prints its API key once, next to the dashboard link: an order posts with it', async () => {
    here.running = await serve(['--data-dir', here.dataDir, '--port', '0']);
    const output = await waitFor(() => (/^API key: (\S+)$/m.test(here.running!.output()) ? here.running!.output() : undefined), 30_000, 'the first-run key');
    expect(output).toMatch(/^dashboard: http:\/\/127\.0\.0\.1:\d+\/#login=\S+\nfirst run: created the team "My Shop" \([0-9a-f-]{36}\) and its API key, shown this once/m);
    const secret = /^API key: (\S+)$/m.exec(output)![1]!;
    const res = await fetch(`${here.running.url}/api/orders`, { method: 'POST', headers: { 'X-API-Key': secret }, body: JSON.stringify(sampleOrder('first-1', { customer: { firstName: 'أمينة', lastName: '王' } })) });
    expect(res.status).toBe(201);
    // Only its hash is stored.
    here.running.child.kill('SIGTERM');
    await here.running.exited;
    const db = new Database(join(here.dataDir, 'station.db'), { readonly: true });
    const stored = db.prepare('SELECT * FROM api_keys').all();
    db.close();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(secret);

    // The next start has a team: no new team, no key printed.
    here.running = await serve(['--data-dir', here.dataDir, '--port', '0']);
    await waitFor(() => (/^dashboard: /m.test(here.running!.output()) ? true : undefined), 30_000, 'the dashboard line');
    expect(here.running.output()).not.toMatch(/first run|API key/);
    const teams = await stationJson<unknown[]>(['teams', 'list', '--data-dir', here.dataDir]);
    expect(teams).toHaveLength(1);
  });

  it('--host picks the interface it listens on', async () => {
    here.running = await serve(['--data-dir', here.dataDir, '--port', '0', '--host', '127.0.0.2']);
    expect(here.running.url).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/);
    expect((await fetch(`${here.running.url}/api/auth/whoami`)).status).toBe(401);
  });

  it('a data dir migrated by a newer station is refused with a one-line error and exit code 1', async () => {
    const { openDatabase } = await import('../../../main/core/foundations/db/open');
    const db = openDatabase(here.dataDir);
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (9999, 'future', '2030-01-01T00:00:00Z')").run();
    db.close();
    const { station } = await import('./run-station');
    const result = await station(['serve', '--data-dir', here.dataDir, '--port', '0']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^station: station\.db is at schema version 9999, newer than this station knows/m);
    expect(result.stdout).not.toContain('listening on');
  });

  it('a port in use is a one-line error and exit code 1', async () => {
    here.running = await serve(['--data-dir', here.dataDir, '--port', '0']);
    const port = new URL(here.running.url).port;
    const { station } = await import('./run-station');
    const second = await station(['serve', '--data-dir', here.dataDir, '--port', port]);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/^station: .*EADDRINUSE/m);
    expect(second.stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });
});
