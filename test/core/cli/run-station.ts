import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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
    const timer = setTimeout(() => reject(new Error(`station serve did not start:\n${out}`)), 90_000);
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
