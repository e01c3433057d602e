import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { axeFindings } from '../axe';
import { PAGES, admin, browser, expectAccessible, expectVisibleFocus, open, page, running, shop, useAccessibilityStation } from './harness';

useAccessibilityStation();

describe('the dashboard for keyboard, screen reader and zoom: every page and every editor state through axe, and focus that can be seen', { timeout: 60_000 }, () => {
  // Twelve pages, each loaded and checked by axe: about 22 s alone, past 30 s beside a busy
  // worker, and a walk cut short by the timeout goes on navigating into the next test.
  it('has no critical or serious axe findings on any page at 1366×768', { timeout: 60_000 }, async () => {
    for (const path of PAGES) {
      await open(path);
      await expectAccessible(`the ${path} page`);
    }
  });

  it('has no serious axe findings in the editors and one-time states: CSV mapping and report, link editor, a new key', async () => {
    await open('new');
    const importer = page.getByRole('region', { name: 'Import CSV' });
    await importer.getByLabel('Team').selectOption({ label: 'Corner Shop' });
    const csv = join(mkdtempSync(join(tmpdir(), 'station-a11y-')), 'orders.csv');
    writeFileSync(csv, 'Order,Email,Product,Qty\n9001,ada@example.com,Mug,2\n9002,bob@example.com,Plate,two\n');
    await importer.getByLabel('File').setInputFiles(csv);
    await importer.getByText('Map the columns of orders.csv (2 rows)').waitFor();
    await expectAccessible('the CSV column mapping');
    await importer.getByRole('status', { name: 'What the import will do' }).waitFor();
    await importer.getByRole('button', { name: 'Import 1 order' }).click();
    await importer.getByRole('table', { name: 'Orders not imported' }).waitFor();
    await expectAccessible('the CSV import report');

    await open('links');
    await page.getByRole('button', { name: 'New link' }).click();
    const editor = page.getByRole('region', { name: 'New link' });
    await editor.getByRole('button', { name: 'Test link' }).click();
    await editor.getByRole('status', { name: 'Test result' }).waitFor();
    await expectAccessible('the link editor with a test result');

    await open('settings/keys');
    const keys = page.locator('section', { has: page.getByRole('heading', { name: 'API keys' }) });
    await keys.getByLabel('Team').selectOption({ label: 'Corner Shop' });
    await keys.getByLabel('Name').fill('Packing bench');
    await keys.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('region', { name: 'New API key' }).waitFor();
    await expectAccessible('a new key shown once');
    await page.getByRole('button', { name: 'I have stored it' }).click();
  });

  it('has no serious axe findings where nobody is signed in: an invitation, a closed one, and a bench’s locked screen', async () => {
    const invite = async (email: string) => ((await (await admin(`/teams/${shop.team.id}/invitations`, { json: { email, role: 'operator' } })).json()) as { invitation: { acceptUrl: string } }).invitation.acceptUrl;
    const openLink = await invite('new-packer@corner.example');
    const closedLink = await invite('joined@corner.example');
    const accepted = await fetch(`${running.url}/admin/api/invitations/accept`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: closedLink.replace(/^.*\/invitations\//, ''), password: 'a password of hers', name: 'Joined' }) });
    expect(accepted.status).toBe(200);
    const bench = (await (await admin('/benches', { json: { name: 'Bench A11y' } })).json()) as { id: string };
    const { code } = (await (await admin(`/benches/${bench.id}/pairing-code`, { method: 'POST' })).json()) as { code: string };

    // A screen of its own, as at the bench: signed out.
    const screen = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    try {
      await screen.goto(openLink);
      await screen.getByRole('button', { name: 'Accept and sign in' }).waitFor();
      await expectAccessible('the invitation page', screen);
      await screen.goto(closedLink);
      await screen.getByRole('heading', { name: 'Invitation closed' }).waitFor();
      await expectAccessible('the closed invitation page', screen);
      await screen.goto(running.url);
      await screen.getByLabel('Pair this screen with a bench: code').fill(code);
      await screen.getByRole('button', { name: 'Pair', exact: true }).click();
      await screen.getByRole('region', { name: 'Bench Bench A11y' }).getByLabel('Scan your badge').waitFor();
      await expectAccessible('the bench’s locked screen', screen);
    } finally {
      await screen.context().close();
    }
  });

  it('axe, as run here, finds what it should: a button with no name and grey text on grey, planted on a page', async () => {
    await open('orders');
    await page.evaluate(() => {
      const planted = document.createElement('div');
      planted.innerHTML = '<button type="button"></button><p style="color:#bbb;background:#ccc">hard to read</p>';
      document.querySelector('main')!.append(planted);
    });
    const rules = (await axeFindings(page)).map((finding) => `${finding.impact} ${finding.rule}`);
    expect(rules).toContain('critical button-name');
    expect(rules).toContain('serious color-contrast');
    await open('batches');
  });

  it('shows a focus ring of at least 3:1 on the sidebar, buttons, fields and links', async () => {
    await open('orders');
    const checks: [string, () => Promise<void>][] = [
      ['a sidebar link', () => page.getByRole('link', { name: /^Batches/ }).focus()],
      ['the current page’s sidebar link', () => page.getByRole('link', { name: /^Orders/ }).focus()],
      ['the sidebar’s shortcuts button', () => page.getByRole('button', { name: /Keyboard shortcuts/ }).focus()],
      ['the scan box', () => page.locator('#scan').focus()],
      ['a filter', () => page.getByRole('combobox', { name: 'Status' }).focus()],
    ];
    for (const [where, focus] of checks) {
      // Focus by keyboard, as :focus-visible asks.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await focus();
      await expectVisibleFocus(where);
    }
    await open('settings/keys');
    await page.getByRole('button', { name: 'Create key' }).focus();
    await expectVisibleFocus('a primary button');
  });
});
