import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { fileURLToPath } from 'node:url';
import { stationJsonHere } from './in-process';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const BIN = fileURLToPath(new URL('../../../bin/station.js', import.meta.url));

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `station ARGS` to completion as a child process. */
export function station(args: string[], options: { command?: string[] } = {}): Promise<RunResult> {
  const [cmd, ...pre] = options.command ?? [process.execPath, BIN];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd!, [...pre, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs `station … --json` and parses its output. */
export async function stationJson<T>(args: string[]): Promise<T> {
  const result = await station([...args, '--json']);
  if (result.code !== 0) throw new Error(`station ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}

export interface Served {
  child: ChildProcess;
  url: string;
  /** The line that announced the station. */
  line: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `station serve ARGS` and resolves once it printed `listening on http://HOST:PORT`. */
export function serve(args: string[]): Promise<Served> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    // Generous: on a loaded two-core machine, starting node with the TypeScript loader takes a while.
    const timer = setTimeout(() => reject(new Error(`station serve did not start:\n${out}`)), 30_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^.*listening on (http:\/\/\S+).*$/m.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, line: match[0], output: () => out, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`station serve exited with ${code} before listening:\n${out}`));
    });
  });
}

/**
 * A team made by `station teams create`, and a key for it by `station keys create`, run in
 * this process (the binary's own wiring is tested in teams-and-keys.test.ts).
 */
export async function teamWithKey(dataDir: string): Promise<{ teamId: string; secret: string }> {
  const team = await stationJsonHere<{ id: string }>(['teams', 'create', '--data-dir', dataDir, '--name', 'Serve Shop']);
  const key = await stationJsonHere<{ secret: string }>(['keys', 'create', '--data-dir', dataDir, '--team', team.id, '--name', 'test']);
  return { teamId: team.id, secret: key.secret };
}

/**
 * Sends a POST whose body arrives in two parts; `between` runs once the server has taken
 * the request (its "100 Continue" proves that) and the first part is on the wire.
 */
export function slowPost(url: string, secret: string, body: string, between: () => Promise<void>): Promise<{ status: number; body: string }> {
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

/**
 * A fresh data dir for each test of the calling file, and the station it serves (`running`,
 * set by the test): killed after the test if still up, then the data dir removed.
 */
export function servedHere(): { dataDir: string; running: Served | undefined } {
  const here: { dataDir: string; running: Served | undefined } = { dataDir: '', running: undefined };
  beforeEach(() => {
    here.dataDir = mkdtempSync(join(tmpdir(), 'station-serve-'));
  });
  afterEach(async () => {
    const running = here.running;
    if (running && running.child.exitCode === null && running.child.signalCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
    here.running = undefined;
    rmSync(here.dataDir, { recursive: true, force: true });
  });
  return here;
}
