import { Readable } from 'node:stream';
import { vi } from 'vitest';
import { main } from '../../../main/core/hosts/cli';

/** Runs `station ARGS --data-dir DIR` in this process (`stdin`: what it reads, e.g. a password) and returns its exit code and what it printed. */
export async function stationInProcess(dataDir: string, args: string[], stdin = ''): Promise<{ code: number; out: string }> {
  let out = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  try {
    const code = await main([...args, '--data-dir', dataDir], Readable.from([stdin]));
    return { code, out };
  } finally {
    write.mockRestore();
  }
}

/**
 * `station ARGS` run in this process, as `station()` runs the binary: its exit code and what
 * it wrote to each stream. The data dir stays shared with a `serve` child as with the binary
 * (two processes, two connections): only Node's start is saved, seconds a command on a busy
 * machine. A file keeps a few binary runs of its own for the `bin/station.js` wiring.
 */
export async function stationHere(args: string[], stdin = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    const code = await main(args, Readable.from([stdin]));
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

/** `station … --json` in this process, parsed. */
export async function stationJsonHere<T>(args: string[]): Promise<T> {
  const result = await stationHere([...args, '--json']);
  if (result.code !== 0) throw new Error(`station ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}
