import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';

/**
 * The CPU a test file costs, its own and everything it started: its worker and all that
 * worker's descendants (a station process, a scheduler, Chromium and its renderers), in ms.
 * A child that ended counts through its parent's reaped time (`cutime`/`cstime`), so the sum
 * over the tree only grows; the difference across a file is what the file burned. The
 * reporter lists the files that cost the most (slowest-files-reporter.ts): on a machine whose
 * cores are always busy, CPU is what a faster suite must take away, not wall time.
 */
export function processTreeCpuMs(rootPid: number): number {
  const parentOf = new Map<number, number>();
  const ticksOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the command's closing parenthesis: state, ppid, … utime (14), stime, cutime, cstime.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    parentOf.set(Number(entry), Number(fields[1]));
    ticksOf.set(Number(entry), Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]));
  }
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid, hops = 0; at !== undefined && at > 1 && hops < 64; at = parentOf.get(at), hops++) if (at === rootPid) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, value] of ticksOf) if (inTree(pid)) ticks += value;
  // USER_HZ is 100 on Linux.
  return ticks * 10;
}

let startedMs = 0;
beforeAll(() => {
  startedMs = processTreeCpuMs(process.pid);
});
// vitest reads the hook's first parameter as a fixture list: it must be a destructuring pattern.
// eslint-disable-next-line no-empty-pattern
afterAll(({}, file) => {
  file.meta.cpuMs = processTreeCpuMs(process.pid) - startedMs;
});

declare module 'vitest' {
  interface TaskMeta {
    /** The CPU the file burned, its worker's and its children's (file-cpu.ts). */
    cpuMs?: number;
  }
}
