import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Chromium's processes run at a lower priority than the station (nice 5 on Linux): on a
 * two-core packing-station PC, a batch's rendering used both cores and the station's event
 * loop, which answers order requests and the bench screens, waited its turn behind it (the
 * process not scheduled for 100–140 ms at a time while a 1,000-order batch rendered). With
 * nothing else to do, Chromium still gets every core; the loop only comes first.
 *
 * Linux's nice is per thread: each thread of each Chromium process this station started is
 * lowered, the zygotes' included, so the renderers they fork later start lowered too.
 * Elsewhere (and on any error: a process gone meanwhile) nothing changes.
 */
export const CHROMIUM_NICE = 5;

export function lowerChromiumPriority(nice = CHROMIUM_NICE): number {
  if (process.platform !== 'linux') return 0;
  let lowered = 0;
  for (const pid of chromiumDescendants(process.pid)) {
    for (const tid of safeList(`/proc/${pid}/task`)) {
      try {
        setPriority(Number(tid), nice);
        lowered++;
      } catch {
        // Gone meanwhile, or not ours to change.
      }
    }
  }
  return lowered;
}

/** The station's descendant processes that are Chromium's (its browser, zygotes, renderers, helpers). */
function chromiumDescendants(root: number): number[] {
  const children = new Map<number, { pid: number; name: string }[]>();
  for (const entry of safeList('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = safeRead(`/proc/${entry}/stat`);
    if (!stat) continue;
    // "pid (name) state ppid …": the name may hold spaces and parentheses, so read around the last ")".
    const close = stat.lastIndexOf(')');
    const name = stat.slice(stat.indexOf('(') + 1, close);
    const ppid = Number(stat.slice(close + 2).split(' ')[1]);
    const list = children.get(ppid) ?? [];
    list.push({ pid: Number(entry), name });
    children.set(ppid, list);
  }
  const found: number[] = [];
  const walk = (pid: number, insideChromium: boolean) => {
    for (const child of children.get(pid) ?? []) {
      const chromium = insideChromium || /chrom|headless/i.test(child.name);
      if (chromium) found.push(child.pid);
      walk(child.pid, chromium);
    }
  };
  walk(root, false);
  return found;
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function safeRead(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
