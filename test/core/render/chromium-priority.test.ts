import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ChromiumPdfRenderer } from '../../../main/core/features/render/chromium';
import { CHROMIUM_NICE } from '../../../main/core/features/render/chromium-priority';
import { runsAsRoot } from '../../../main/core/features/render/chromium-sandbox';

interface ChromiumProcess {
  pid: number;
  kind: string;
  /** Each thread's nice value. */
  nices: number[];
}

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};
/** The nice value in a /proc stat line (the 19th field; the name may hold spaces). */
const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);

function chromiumProcesses(): ChromiumProcess[] {
  const found: ChromiumProcess[] = [];
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    const stat = read(`/proc/${pid}/stat`);
    if (!/\((chrom|headless)/i.test(stat)) continue;
    const kind = /--type=(\w+)/.exec(read(`/proc/${pid}/cmdline`).replaceAll('\0', ' '))?.[1] ?? 'browser';
    const nices = readdirSync(`/proc/${pid}/task`).map((tid) => niceOf(read(`/proc/${pid}/task/${tid}/stat`)));
    found.push({ pid: Number(pid), kind, nices });
  }
  return found;
}

describe.runIf(process.platform === 'linux')('Chromium runs below the station', () => {
  it('its browser and zygotes run at nice 5, and so do the renderers they fork (Chromium raises its own display threads only as root)', async () => {
    const before = new Set(chromiumProcesses().map((process) => process.pid));
    const renderer = new ChromiumPdfRenderer();
    try {
      const paper = { name: 'A6', widthMm: 105, heightMm: 148, orientation: 'portrait' as const, marginsMm: { top: 5, right: 5, bottom: 5, left: 5 } };
      expect((await renderer.render([{ html: '<p>Приоритет 优先级</p>', paper }], paper)).length).toBeGreaterThan(500);
      const ours = chromiumProcesses().filter((process) => !before.has(process.pid));
      const kinds = new Set(ours.map((process) => process.kind));
      expect(kinds).toContain('browser');
      expect(kinds).toContain('zygote');
      expect(kinds).toContain('renderer');
      for (const process of ours.filter((p) => p.kind === 'browser' || p.kind === 'zygote')) expect(process.nices.every((nice) => nice === CHROMIUM_NICE), `${process.kind} ${process.pid}: ${process.nices.join(',')}`).toBe(true);
      for (const process of ours.filter((p) => p.kind === 'renderer')) {
        // A renderer starts at its zygote's nice; as root Chromium then raises its display threads (nice -8) itself.
        if (runsAsRoot()) expect(process.nices).toContain(CHROMIUM_NICE);
        else expect(process.nices.every((nice) => nice >= CHROMIUM_NICE), process.nices.join(',')).toBe(true);
      }
    } finally {
      await renderer.close();
    }
  });
});
