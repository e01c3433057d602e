import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** The WCAG 2.2 A/AA rules and axe's best practices: what the dashboard promises to pass. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe-core's own script, read once per process. */
let axeSource: string | undefined;
const axeScript = () => (axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Every axe finding on the page as it is now, each with the elements it names. axe runs in
 * the page itself, injected once per document: the dashboard has no frames, so the builder's
 * per-frame injection and its second page for gathering frame results would only cost time,
 * and only violations are gathered (the passes' details are most of axe's work otherwise).
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeScript());
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map((violation) => ({ id: violation.id, impact: violation.impact ?? null, help: violation.help, nodes: violation.nodes.map((node) => node.target.map(String)) }));
  }, AXE_TAGS);
  return violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    targets: violation.nodes.map((target) => target.join(' ')).slice(0, 5),
  }));
}

/** A readable list for a failed expectation: which rule, how bad, and where. */
export const describeFindings = (findings: AxeFinding[]): string =>
  findings.map((finding) => `${finding.impact} ${finding.rule}: ${finding.help} — ${finding.targets.join(', ')}`).join('\n');
