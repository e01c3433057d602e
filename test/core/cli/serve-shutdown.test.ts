import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { sampleOrder } from '../../helpers/station';
import { waitFor } from '../printers/cups-output';
import { ROOT, serve, slowPost, teamWithKey, servedHere } from './run-station';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

// Each case starts node processes; on a busy two-core machine that takes seconds.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const here = servedHere();

describe('station serve: stopping', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('%s: the request in flight finishes with 201, the exit code is 0, the database is closed cleanly', async (signal) => {
    const { teamId, secret } = await teamWithKey(here.dataDir);
    here.running = await serve(['--data-dir', here.dataDir, '--port', '0']);
    const served = here.running;
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
    const wal = join(here.dataDir, 'station.db-wal');
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
    const db = new Database(join(here.dataDir, 'station.db'), { readonly: true });
    try {
      expect(db.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      expect(db.prepare('SELECT COUNT(*) AS n FROM order_keys WHERE key = ?').get(`${teamId}/api-inflight-${signal}`)).toEqual({ n: 1 });
    } finally {
      db.close();
    }
  });

  it('a stalled upload does not keep the station up: after the 10 s grace it is cut and the station exits 0', async () => {
    const { secret } = await teamWithKey(here.dataDir);
    here.running = await serve(['--data-dir', here.dataDir, '--port', '0']);
    const served = here.running;
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
    const npm = spawn('npm', ['run', '--silent', 'serve', '--', '--data-dir', here.dataDir, '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      npm.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const url = await waitFor(() => /listening on (http:\/\/\S+)/.exec(out)?.[1], 30_000, 'the station to listen');
      expect((await fetch(`${url}/api/auth/whoami`)).status).toBe(401);
      npm.kill('SIGTERM');
      const refused = () => fetch(`${url}/api/auth/whoami`).then(() => undefined, () => true);
      await waitFor(refused, 20_000, 'the station to stop');
      // Closed cleanly: the WAL is checkpointed into station.db and removed.
      const wal = join(here.dataDir, 'station.db-wal');
      await waitFor(() => !existsSync(wal) || undefined, 20_000, 'the database to close');
    } finally {
      npm.kill('SIGKILL');
    }
  });

  it('after a shutdown, new connections are refused', async () => {
    here.running = await serve(['--data-dir', here.dataDir, '--port', '0']);
    here.running.child.kill('SIGTERM');
    expect((await here.running.exited).code).toBe(0);
    await expect(fetch(`${here.running.url}/api/auth/whoami`)).rejects.toThrow();
  });

});
