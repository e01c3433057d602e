import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, userForEmail } from '../../main/core/features/teams/service';
import { addMembership } from '../../main/core/features/teams/people-store';
import { sampleOrder, startStation, type RunningStation } from '../helpers/station';
import { DASHBOARD_DIR, ensureDashboardBuilt, openSignedInDashboard, screenshot, screenshotOnFailure, type TestBrowser } from './browser';
import { useTestCups } from '../helpers/cups/test-cups';
import { pdfText, waitForKeptJob } from '../core/printers/cups-output';

// The dashboard shows a station's printers: this file's own CUPS, with the suite's queues (test/helpers/cups).
useTestCups();

/**
 * The set-up pages (templates, flows, links, teams, mail) in real Chromium against a real
 * station with a shop and a 3PL, each checked through the station's API after the UI acted.
 */
let running: RunningStation;
let browser: TestBrowser;
let page: Page;
let shop: ReturnType<RunningStation['team']>;
let token: string;
let threePlId: string;

const admin = async <T>(path: string): Promise<T> =>
  (await fetch(`${running.url}/admin/api${path}`, { headers: { Authorization: `Bearer ${token}` } })).json() as Promise<T>;

async function open(path: string, team?: string) {
  await page.goto(`${running.url}/#/${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  if (team) await page.getByRole('combobox', { name: /^Team/ }).selectOption({ label: team });
}

beforeAll(async () => {
  ensureDashboardBuilt();
  running = await startStation({ dashboardDir: DASHBOARD_DIR });
  shop = running.team('Corner Shop');
  const db = running.station.db;
  threePlId = db.transaction(() => {
    const { team } = createTeam(db, running.station.hooks, { name: 'Northwind Fulfilment', type: 'three_pl', owner: { name: 'Maya Chen', email: 'maya@northwind.example' } });
    addMembership(db, team.id, userForEmail(db, 'sam@northwind.example', 'Sam Okafor').id, 'operator', new Date().toISOString());
    return team.id;
  })();
  token = running.station.services.adminSessions.createSessionToken();
  await Promise.all(
    [['1001', 'Ada', 'GB'], ['1002', 'Grace', 'DE'], ['1003', 'Alan', 'FR']].map(([number, name, country]) =>
      running.call('/api/orders', {
        key: shop.key,
        json: sampleOrder(number!, { shippingAddress: { firstName: name, lastName: 'Smith', address1: '1 High Street', city: 'Leeds', postalCode: 'LS1 1AA', country } }),
      }),
    ),
  );
  ({ browser, page } = await openSignedInDashboard(running));
});
afterEach((context) => screenshotOnFailure(page, context));
afterAll(async () => {
  await browser?.close();
  await running?.stop();
});

describe('set-up pages in a real browser', { timeout: 60_000 }, () => {
  it('Templates: the code editor marks an error where it began; leaving asks; the fixed template saves and previews a real order', async () => {
    await open('templates', 'Corner Shop');
    await page.getByRole('row', { name: /Packing slip \(A4\)/ }).getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('region', { name: 'Edit Packing slip (A4)' });
    await editor.getByText('Up to date').waitFor({ timeout: 15_000 });
    const original = (await admin<{ name: string; body: string }[]>(`/teams/${shop.team.id}/templates`)).find((t) => t.name === 'Packing slip (A4)')!.body;
    // A code editor with line numbers, tall enough for 20 lines of the built-in body at once.
    expect(await editor.locator('.cm-lineNumbers .cm-gutterElement').filter({ hasText: /^20$/ }).isVisible()).toBe(true);
    const body = editor.getByRole('textbox', { name: 'Template body' });
    await body.fill(`<h1>Order {{ order.orderNumber }}</h1>\n<ul>\n{% for item in order.lineItems %}\n<li>{{ item.name }}</li>\n</ul>{% endif %}\n`);
    const problem = editor.getByRole('alert', { name: 'Template problem' });
    await problem.getByText('The template does not parse: {% for %} opened on line 3 is never closed: {% endif %} on line 5 comes before its {% endfor %}, and there is no {% if %} for it to close').waitFor({ timeout: 15_000 });
    // The gutter marks line 3, where the block began: the mark and the line share a row.
    const mark = await editor.locator('.cm-lint-marker-error').boundingBox();
    const third = await editor.locator('.cm-line').nth(2).boundingBox();
    expect(Math.abs(mark!.y + mark!.height / 2 - (third!.y + third!.height / 2))).toBeLessThan(third!.height / 2);
    await editor.evaluate((section) => section.scrollIntoView());
    await screenshot(page, 'template-error');

    // Leaving with unsaved edits asks; Cancel stays.
    await page.getByRole('link', { name: /^Orders/ }).click();
    const ask = page.getByRole('dialog', { name: 'Discard your unsaved edits?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(page.url()).toMatch(/#\/templates/);
    await editor.waitFor();

    await body.fill(original.replace('</body>', '<p class="thanks">Thank you for shopping at Corner Shop!</p></body>'));
    await problem.waitFor({ state: 'detached', timeout: 15_000 });
    await editor.getByLabel('Preview with').selectOption({ label: '#1002 · Grace Smith' });
    await editor.getByText('Up to date').waitFor({ timeout: 15_000 });
    await editor.getByRole('button', { name: 'Save template' }).click();
    await editor.getByText(/Saved as version 2/).waitFor();
    const templates = await admin<{ name: string; version: number; body: string }[]>(`/teams/${shop.team.id}/templates`);
    expect(templates.find((t) => t.name === 'Packing slip (A4)')).toMatchObject({ version: 2 });
    expect(await editor.getByText('Unsaved edits').count()).toBe(0);
    await editor.evaluate((section) => section.scrollIntoView());
    // Chromium's PDF viewer draws the pages a moment after the frame loads: wait for the picture only.
    await page.waitForTimeout(2500);
    await screenshot(page, 'templates');
  });

  it('Templates: typing at a person’s pace gives exactly what was typed (no doubled closing tag, no stray %})', async () => {
    await open('templates', 'Corner Shop');
    await page.getByRole('row', { name: /Gift note \(A6\)/ }).getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('region', { name: 'Edit Gift note (A6)' });
    await editor.getByText('Up to date').waitFor({ timeout: 15_000 });
    const body = editor.getByRole('textbox', { name: 'Template body' });
    await body.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    const typed = '<p><b>Für dich</b> {% if order.note %}{{ order.note }}{% endif %} <i>Спасибо 谢谢</i></p>';
    // 60 ms a key: a person typing, each key handled before the next.
    await page.keyboard.type(typed, { delay: 60 });
    expect(await body.evaluate((content) => (content as HTMLElement).innerText)).toBe(typed);
    // Leaves the template as it was: discard the edit.
    await editor.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog', { name: 'Discard your unsaved edits?' }).getByRole('button', { name: 'Discard edits' }).click();
  });

  it('Templates: "Test print" prints the unsaved draft for the order shown, on the printer and tray chosen, and marks nothing printed', async () => {
    await open('templates', 'Corner Shop');
    await page.getByRole('row', { name: /Gift note \(A6\)/ }).getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('region', { name: 'Edit Gift note (A6)' });
    await editor.getByText('Up to date').waitFor({ timeout: 15_000 });
    try {
      await editor.getByRole('textbox', { name: 'Template body' }).fill('<h1>Пробный отпечаток {{ order.orderNumber }}</h1><p>{{ order.shippingAddress.firstName }} 様</p>');
      await editor.getByLabel('Preview with').selectOption({ label: '#1003 · Alan Smith' });
      await editor.getByLabel('Test print on').selectOption({ label: 'TRAYS' });
      await editor.getByLabel(/^Tray/).selectOption('Upper');
      await editor.getByRole('button', { name: 'Test print #1003' }).click();
      await editor.getByRole('status').getByText('Test print of #1003 sent to TRAYS, Upper.').waitFor({ timeout: 30_000 });
      const job = await waitForKeptJob('TRAYS', 'test Gift note (A6) #1003');
      expect(job.options.InputSlot).toBe('Upper');
      expect(pdfText(job.file)).toMatch(/Пробный отпечаток #1003\s+Alan\s+様/);
      await editor.evaluate((section) => section.scrollIntoView());
      await screenshot(page, 'template-test-print');
      // A test: the order still waits for its real print.
      expect((await (await running.call(`/api/orders/${encodeURIComponent(`${shop.team.id}/api-1003`)}/status`, { key: shop.key })).json() as { status: string }).status).toBe('ready');
    } finally {
      // The edit is discarded whatever happened, so the next test finds no unsaved edits to ask about.
      await editor.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('dialog', { name: 'Discard your unsaved edits?' }).getByRole('button', { name: 'Discard edits' }).click();
    }
  });

  it('Flows: a rule added in the editor is saved as the team flow', async () => {
    await open('flows', 'Corner Shop');
    await page.getByRole('listitem', { name: 'Rule 1' }).waitFor();
    await page.getByRole('button', { name: '+ Add a rule' }).click();
    const rule = page.getByRole('listitem', { name: 'Rule 2' });
    await rule.getByLabel('Rule name').fill('Gift note for gift orders');
    await rule.getByRole('button', { name: 'Add a condition' }).click();
    await rule.getByLabel('Tag', { exact: true }).fill('gift');
    await rule.getByLabel('Template').selectOption({ label: 'Gift note (A6) (gift-note)' });
    await page.getByRole('button', { name: '+ Add a rule' }).click();
    const third = page.getByRole('listitem', { name: 'Rule 3' });
    await third.getByLabel('Rule name').fill('Invoice outside the UK');
    await third.getByRole('button', { name: 'Add a condition' }).click();
    await third.getByRole('combobox', { name: 'Condition', exact: true }).selectOption('not');
    await third.getByRole('combobox', { name: 'Condition', exact: true }).nth(1).selectOption('countryIs');
    await third.getByLabel('Countries').fill('GB');
    await third.getByLabel('Countries').blur();
    await third.getByLabel('Template').selectOption({ label: 'Invoice (A4) (invoice)' });
    await page.getByRole('button', { name: 'Save flow' }).click();
    await page.getByText('Flow saved.').waitFor();
    const flow = await admin<{ rules: { name?: string; when?: unknown }[] }>(`/teams/${shop.team.id}/flow`);
    expect(flow.rules.map((r) => r.name)).toEqual(['Packing slip for every order', 'Gift note for gift orders', 'Invoice outside the UK']);
    expect(flow.rules[2]!.when).toEqual({ not: { countryIs: ['GB'] } });
    await screenshot(page, 'flows');
  });

  it('Links: a new link tested on a pasted payload finds the order it would merge into; its errors are listed', async () => {
    await open('links', 'Corner Shop');
    await page.getByText('No links for this team').waitFor();
    await page.getByRole('button', { name: 'New link' }).click();
    const editor = page.getByRole('region', { name: 'New link' });
    await editor.getByRole('button', { name: 'Test link' }).click();
    const result = editor.getByRole('status', { name: 'Test result' });
    await result.getByText(`It would merge into the order with key ${shop.team.id}/api-1001.`).waitFor();
    await screenshot(page, 'links-test');
    await editor.getByRole('button', { name: 'Create link' }).click();
    await page.getByRole('table', { name: 'Links' }).getByText('wms (custom)').waitFor();
    // A WMS order whose note names no order: the resolver throws, the order goes in unlinked.
    const posted = await running.call('/api/orders', { key: shop.key, json: { ...sampleOrder('W-77', { note: 'Picked for #' }), source: 'wms' } });
    expect(posted.status).toBe(201);
    // The list counts the link's errors as they are recorded.
    await page.getByRole('button', { name: 'Errors (1)' }).click();
    await page.getByRole('table', { name: 'Recent link errors' }).getByText('wms-W-77').waitFor();
    await screenshot(page, 'links');
  });

  it('Teams: create merchants, show the accept link without mail, assign a manager, go live after the tracker', async () => {
    await open('teams');
    await page.getByText('No merchants yet').waitFor();
    await page.getByLabel('New merchant').fill('Lumen Candles');
    await page.getByLabel(/Admin e-mail/).fill('owner@lumen.example');
    await page.getByRole('button', { name: 'Create merchant' }).click();
    const link = page.getByTestId('accept-link');
    await link.waitFor();
    const firstLink = await link.textContent();
    expect(firstLink).toMatch(new RegExp(`^${running.url}/invitations/[\\w-]{43}$`));
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByLabel('New merchant').fill('Oak & Ivy Tea');
    await page.getByRole('button', { name: 'Create merchant' }).click();
    await page.getByRole('region', { name: 'Merchant Oak & Ivy Tea' }).waitFor();
    await page.getByLabel('Account manager of Oak & Ivy Tea').selectOption({ label: 'Sam Okafor (sam@northwind.example)' });
    const detail = page.getByRole('region', { name: 'Merchant Oak & Ivy Tea' });
    await detail.getByRole('checkbox', { name: /Assign an account manager/ }).and(page.locator(':checked')).waitFor();
    await detail.getByRole('checkbox', { name: /Route each document tag/ }).check();
    // Assigned (automatic) and routed (ticked): exactly two of seven.
    await detail.getByText(/\b2 of 7 done/).first().waitFor();
    await detail.getByRole('button', { name: 'Go live…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Go live with Oak & Ivy Tea' });
    await dialog.getByText(/onboarding tasks are still open/).waitFor();
    await screenshot(page, 'teams-go-live');
    await dialog.getByRole('button', { name: 'Go live anyway' }).click();
    await page.getByRole('row', { name: /Oak & Ivy Tea/ }).getByText('Live', { exact: true }).waitFor();
    const merchants = await admin<{ name: string; status: string; account_manager_user_id: string | null }[]>(`/teams/${threePlId}/merchants`);
    expect(merchants.map((m) => [m.name, m.status])).toEqual([['Lumen Candles', 'onboarding'], ['Oak & Ivy Tea', 'live']]);
    await page.getByRole('row', { name: /Lumen Candles/ }).getByRole('button', { name: 'Open' }).click();
    // Later the unsent invitation still shows its link to hand over, and offers to invite again.
    const lumen = page.getByRole('region', { name: 'Merchant Lumen Candles' });
    await lumen.getByText('owner@lumen.example').waitFor();
    await lumen.getByText(/not mailed/).waitFor();
    await lumen.getByText(/Hand this link over/).waitFor();
    expect(await lumen.getByText(firstLink!, { exact: true }).count()).toBe(1);
    await screenshot(page, 'teams');
    await lumen.getByRole('button', { name: 'Invite owner@lumen.example again' }).click();
    const fresh = lumen.getByTestId('accept-link');
    await fresh.waitFor();
    expect(await fresh.textContent()).toMatch(new RegExp(`^${running.url}/invitations/[\\w-]{43}$`));
    expect(await fresh.textContent()).not.toBe(firstLink);
  });

  it('Settings: one section at a time with its own navigation; mail settings save without echoing the password', async () => {
    await open('settings');
    const sections = page.getByRole('navigation', { name: 'Settings sections' });
    expect(await sections.getByRole('link').allTextContents()).toEqual(['Station', 'Your account', 'People', 'Activity', 'API keys', 'Webhooks', 'Mail', 'Sessions', 'Retention and disk', 'Network', 'Print server']);
    await page.getByRole('heading', { name: 'Station', level: 2 }).waitFor();
    expect(await page.getByRole('heading', { name: 'API keys' }).count()).toBe(0);
    await sections.getByRole('link', { name: 'Mail' }).click();
    expect(page.url()).toMatch(/#\/settings\/mail$/);
    const mail = page.getByRole('region', { name: 'Mail' });
    await mail.waitFor();
    expect(await sections.getByRole('link', { name: 'Mail' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('heading', { name: 'Station', level: 2 }).count()).toBe(0);
    await mail.getByLabel('SMTP host').fill('smtp.northwind.example');
    await mail.getByLabel('User', { exact: true }).fill('station');
    await mail.getByLabel('Password', { exact: true }).fill('s3cret-pass');
    await mail.getByLabel('From', { exact: true }).fill('Northwind Print Station <station@northwind.example>');
    await mail.getByRole('button', { name: 'Save mail settings' }).click();
    await mail.getByText(/Mail settings saved/).waitFor();
    expect(await mail.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    const view = await admin<Record<string, unknown>>('/settings/mail');
    expect(view).toMatchObject({ configured: true, host: 'smtp.northwind.example', port: 587, passwordSet: true });
    expect(JSON.stringify(view)).not.toContain('s3cret-pass');
    await mail.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-mail');
  });
});
