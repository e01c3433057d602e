import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const STATION = join(import.meta.dirname, '../../../bin/station.js');

describe('station serve', () => {
  it('prints a one-time dashboard login link, and stops on SIGTERM even with a dashboard stream open', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'station-serve-'));
    const child = spawn(process.execPath, [STATION, 'serve', '--port', '0', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const link = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /^dashboard: (http:\/\/\S+)$/m.exec(output);
        if (match) resolve(match[1]!);
      });
      child.once('exit', () => reject(new Error(`station exited: ${output}`)));
    });
    const url = new URL(link);
    const loginToken = url.hash.replace('#login=', '');
    expect(loginToken.length).toBeGreaterThan(20);

    const exchange = () =>
      fetch(`${url.origin}/admin/api/session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ loginToken }) });
    const first = await exchange();
    expect(first.status).toBe(201);
    const { sessionToken } = await first.json();
    expect((await exchange()).status).toBe(401);

    const stream = await fetch(`${url.origin}/admin/api/events?session=${sessionToken}`);
    expect(stream.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
