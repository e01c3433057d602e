import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The WCAG 2.2 A/AA rules and axe's best practices: what the dashboard promises to pass. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Every axe finding on the page as it is now, each with the elements it names. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
  }));
}

/** A readable list for a failed expectation: which rule, how bad, and where. */
export const describeFindings = (findings: AxeFinding[]): string =>
  findings.map((finding) => `${finding.impact} ${finding.rule}: ${finding.help} — ${finding.targets.join(', ')}`).join('\n');
