import { describe, expect, it } from 'vitest';
import { ChromiumPdfRenderer } from '../../../main/core/features/render/chromium';
import { firstSandboxChoice, isSandboxFailure, runsAsRoot } from '../../../main/core/features/render/chromium-sandbox';

describe('Chromium keeps its sandbox where it can', () => {
  it('an ordinary user launches sandboxed; root cannot, and is told why', () => {
    expect(firstSandboxChoice(false)).toEqual({ sandbox: true });
    expect(firstSandboxChoice(true)).toEqual({ sandbox: false, why: expect.stringMatching(/runs as root.*ordinary user/) });
  });

  it('only a launch that failed for want of a sandbox is tried again without one', () => {
    expect(isSandboxFailure(new Error('Failed to launch: No usable sandbox! Update your kernel or see https://…'))).toBe(true);
    expect(isSandboxFailure(new Error('Failed to move to new namespace: PID namespaces supported, Network namespace supported, but failed: errno = Operation not permitted'))).toBe(true);
    expect(isSandboxFailure(new Error('ENOENT: /usr/bin/chromium'))).toBe(false);
  });

  it('the real renderer on this machine: launched as its user allows, and the reason logged once when unsandboxed', async () => {
    const logged: { message: string; fields?: Record<string, unknown> }[] = [];
    const renderer = new ChromiumPdfRenderer({ logger: { info: (message, fields) => logged.push({ message, fields }) } });
    try {
      const paper = { name: 'A6', widthMm: 105, heightMm: 148, orientation: 'portrait' as const, marginsMm: { top: 5, right: 5, bottom: 5, left: 5 } };
      for (let i = 0; i < 2; i++) expect((await renderer.render([{ html: '<p>Песочница 沙箱</p>', paper }], paper)).length).toBeGreaterThan(500);
      const decision = renderer.sandboxDecision!;
      // Tests run as root in CI: Chromium cannot keep its sandbox there, and says so once.
      expect(decision.sandbox).toBe(!runsAsRoot());
      expect(logged.filter((entry) => entry.message === 'Chromium renders documents without its sandbox')).toHaveLength(decision.sandbox ? 0 : 1);
    } finally {
      await renderer.close();
    }
  });
});
