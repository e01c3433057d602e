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
