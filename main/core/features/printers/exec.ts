import { spawn } from 'node:child_process';

export interface ExecResult {
  stdout: string;
  stderr: string;
  code: number;
}

/**
 * Runs an OS tool with arguments (never a shell), optional standard input, in the C locale
 * so its output parses the same on every machine.
 */
export function run(command: string, args: string[], input?: Uint8Array, timeoutMs = 30_000, env: Record<string, string> = {}): Promise<ExecResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env, LANG: 'C', LC_ALL: 'C' },
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: timeoutMs,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), code: code ?? -1 }),
    );
    // A tool that exits before reading stdin (bad option) must not crash the station with EPIPE.
    child.stdin.on('error', () => {});
    child.stdin.end(input ? Buffer.from(input) : undefined);
  });
}
