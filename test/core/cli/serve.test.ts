import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleOrder } from '../../helpers/station';
import { waitFor } from '../printers/cups-output';
import { ROOT, serve, stationJson, type Served } from './run-station';
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

async function teamWithKey(): Promise<{ teamId: string; secret: string }> {
  const team = await stationJson<{ id: string }>(['teams', 'create', '--data-dir', dataDir, '--name', 'Serve Shop']);
  const key = await stationJson<{ secret: string }>(['keys', 'create', '--data-dir', dataDir, '--team', team.id, '--name', 'test']);
  return { teamId: team.id, secret: key.secret };
}

/**
 * Sends a POST whose body arrives in two parts; `between` runs once the server has taken
 * the request (its "100 Continue" proves that) and the first part is on the wire.
 */
function slowPost(url: string, secret: string, body: string, between: () => Promise<void>): Promise<{ status: number; body: string }> {
  const target = new URL('/api/orders', url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        agent: false,
        headers: { 'X-API-Key': secret, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Expect: '100-continue' },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      },
    );
    req.on('error', reject);
    req.on('continue', () => {
      const half = Math.floor(body.length / 2);
      req.write(body.slice(0, half), () => {
        void between().then(() => req.end(body.slice(half)));
      });
    });
    req.flushHeaders();
  });
}

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

  it.each(['SIGTERM', 'SIGINT'] as const)('%s: the request in flight finishes with 201, the exit code is 0, the database is closed cleanly', async (signal) => {
    const { teamId, secret } = await teamWithKey();
    running = await serve(['--data-dir', dataDir, '--port', '0']);
    const served = running;
    const answer = await slowPost(served.url, secret, JSON.stringify(sampleOrder(`inflight-${signal}`)), async () => {
      served.child.kill(signal);
      // The rest of the body goes only once the station said it is stopping: the request is in flight.
      await waitFor(() => (served.output().includes(`${signal}: finishing requests in flight`) ? true : undefined), 30_000, 'the station to start stopping');
    });
    expect(answer.status).toBe(201);
    const { code, signal: killedBy } = await served.exited;
    expect(killedBy).toBeNull();
    expect(code).toBe(0);
    expect(served.output()).toContain(`${signal}: finishing requests in flight`);
    // A clean close checkpoints the WAL into station.db and removes it.
    const wal = join(dataDir, 'station.db-wal');
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
    const db = new Database(join(dataDir, 'station.db'), { readonly: true });
    try {
      expect(db.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      expect(db.prepare('SELECT COUNT(*) AS n FROM order_keys WHERE key = ?').get(`${teamId}/api-inflight-${signal}`)).toEqual({ n: 1 });
    } finally {
      db.close();
    }
  });

  it('a stalled upload does not keep the station up: after the 10 s grace it is cut and the station exits 0', async () => {
    const { secret } = await teamWithKey();
    running = await serve(['--data-dir', dataDir, '--port', '0']);
    const served = running;
    let signalledAt = 0;
    const stalled = slowPost(served.url, secret, JSON.stringify(sampleOrder('stalled')), () => {
      signalledAt = Date.now();
      served.child.kill('SIGTERM');
      return new Promise(() => {}); // the rest of the body never comes
    }).catch((error: Error) => error);
    const { code } = await served.exited;
    expect(code).toBe(0);
    // Cut by the grace period (the station says so), not by anything earlier.
    expect(served.output()).toMatch(/grace period of 10 s is over: cutting 1 connection still open/);
    expect(signalledAt).toBeGreaterThan(0);
    expect(await stalled).toBeInstanceOf(Error);
  });

  it('under `npm run serve`, a SIGTERM to npm alone stops the station cleanly as well', async () => {
    // npm's shell does not pass the signal on; the station notices that its parent is gone.
    const npm = spawn('npm', ['run', '--silent', 'serve', '--', '--data-dir', dataDir, '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      npm.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const url = await waitFor(() => /listening on (http:\/\/\S+)/.exec(out)?.[1], 90_000, 'the station to listen');
      expect((await fetch(`${url}/api/auth/whoami`)).status).toBe(401);
      npm.kill('SIGTERM');
      const refused = () => fetch(`${url}/api/auth/whoami`).then(() => undefined, () => true);
      await waitFor(refused, 20_000, 'the station to stop');
      // Closed cleanly: the WAL is checkpointed into station.db and removed.
      const wal = join(dataDir, 'station.db-wal');
      await waitFor(() => !existsSync(wal) || undefined, 20_000, 'the database to close');
    } finally {
      npm.kill('SIGKILL');
    }
  });

  it('after a shutdown, new connections are refused', async () => {
    running = await serve(['--data-dir', dataDir, '--port', '0']);
    running.child.kill('SIGTERM');
    expect((await running.exited).code).toBe(0);
    await expect(fetch(`${running.url}/api/auth/whoami`)).rejects.toThrow();
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
