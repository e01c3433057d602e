import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sampleOrder, startStation, type RunningStation } from '../helpers/station';
import { adminClient } from '../core/admin/admin-helpers';
import { DASHBOARD_DIR, ensureDashboardBuilt, launchChromium, scannerTypes, screenshot, screenshotOnFailure, type TestBrowser } from './browser';
import { joinAs } from '../core/people/people-helpers';
import { useTestCups } from '../helpers/cups/test-cups';

// The dashboard shows the station's printers: this file's own CUPS (test/helpers/cups).
useTestCups();

const PASSWORD = 'пароль для склада 42';

let running: RunningStation;
let browser: TestBrowser;
let page: Page;
let shopA: ReturnType<RunningStation['team']>;
let shopB: ReturnType<RunningStation['team']>;
let acceptUrl: string;

beforeAll(async () => {
  ensureDashboardBuilt();
  running = await startStation({ dashboardDir: DASHBOARD_DIR });
  shopA = running.team('Shop A');
  shopB = running.team('Shop B');
  for (const [shop, number, name] of [
    [shopA, 'A-1', ['美咲', '佐藤']],
    [shopB, 'B-1', ['Мария', 'Иванова']],
  ] as const) {
    const posted = await running.call('/api/orders', { key: shop.key, json: sampleOrder(number, { orderNumber: `#${number}`, customer: { firstName: name[0], lastName: name[1], email: `${number}@example.com` } }) });
    expect(posted.status).toBe(201);
  }
  // A station admin invites an operator to Shop A (no mail set: the link is handed over).
  const invited = await adminClient(running).call(`/admin/api/teams/${shopA.team.id}/invitations`, { json: { email: 'vera@shop-a.example', role: 'operator' } });
  acceptUrl = ((await invited.json()) as { invitation: { acceptUrl: string } }).invitation.acceptUrl;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});
afterEach((context) => screenshotOnFailure(page, context));
afterAll(async () => {
  await browser?.close();
  await running?.stop();
});

const navLinks = async () => (await page.getByRole('navigation', { name: 'Pages' }).getByRole('link').allTextContents()).map((text) => text.replace(/.$/, '').trim());

describe('a person joins, signs in and sees their own team', { timeout: 60_000 }, () => {
  it('accepts the invitation with a name and a password typed twice, and lands on the dashboard signed in', async () => {
    await page.goto(acceptUrl);
    await page.getByLabel('Your name').fill('Вера Оператор');
    await page.getByLabel('Password (at least 10 characters)').fill(PASSWORD);
    await page.getByLabel('The same password again').fill(`${PASSWORD}!`);
    await page.getByRole('button', { name: 'Accept and sign in' }).click();
    await page.getByText('The two passwords are not the same: type the same password again.').waitFor();
    // The first password is kept as typed, and the confirmation has the focus.
    expect(await page.getByLabel('Password (at least 10 characters)').inputValue()).toBe(PASSWORD);
    expect(await page.getByLabel('The same password again').evaluate((input) => input === document.activeElement)).toBe(true);
    await page.getByLabel('The same password again').fill(PASSWORD);
    await page.getByRole('button', { name: 'Accept and sign in' }).click();
    await page.getByText('Live', { exact: true }).waitFor();
    expect(page.url()).not.toContain('login=');
    await page.getByText('Вера Оператор · operator').waitFor();
  });

  it('shows an operator the pages of the bench only, and only their team’s orders', async () => {
    expect(await navLinks()).toEqual(['Overview', 'Orders', 'Batches', 'New orders', 'Printers', 'Routing', 'Settings']);
    await page.keyboard.press('Alt+1');
    await page.locator('[data-order-number="#A-1"]').waitFor();
    expect(await page.locator('[data-order-number="#B-1"]').count()).toBe(0);
    await screenshot(page, 'people-operator-orders');
    // An admin page typed into the address bar says the role does not include it.
    await page.goto(`${running.url}/#/templates`);
    await page.getByText('Your role does not include this page.').waitFor();
    await page.goto(`${running.url}/#/settings`);
    expect(await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link').allTextContents()).toEqual(['Your account', 'Activity', 'Sessions']);
  });

  it('signs out, refuses a wrong password with the one message, and signs in with the right one', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('E-mail').fill('vera@shop-a.example');
    await page.getByLabel('Password').fill('not my password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The e-mail or the password is not right').waitFor();
    await screenshot(page, 'people-sign-in');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Live', { exact: true }).waitFor();
    await page.getByText('Вера Оператор · operator').waitFor();
  });

  it('a badge scanned into the Orders scan box signs its person in at the bench, with operator rights', async () => {
    const boss = await joinAs(running, shopA.team.id, 'olga@shop-a.example', 'admin', 'Ольга');
    const { badge } = (await (await adminClient(running).call(`/admin/api/people/${boss.id}/badge`, { method: 'POST' })).json()) as { badge: string };
    await page.keyboard.press('Alt+1');
    await page.locator('[data-order-number="#A-1"]').waitFor();
    await scannerTypes(page, badge);
    await page.getByText('Signed in at this bench: Ольга').waitFor();
    // At the bench an admin is an operator: the sidebar says so, and admin pages are gone.
    await page.getByText('Ольга · operator').waitFor();
    expect(await navLinks()).not.toContain('Templates');
    // The next scan is an order again, opened as Ольга.
    await scannerTypes(page, '#A-1');
    await page.getByText('#A-1 opened').waitFor();
    await screenshot(page, 'people-badge-at-bench');
  });

  it('Settings → Activity lists who did what in the person’s team', async () => {
    await page.goto(`${running.url}/#/settings/activity`);
    const activity = page.getByRole('region', { name: 'Activity' });
    // The station admin invited Вера and Ольга to Shop A: both show, named by who made them.
    await activity.getByRole('cell', { name: 'Invite someone to a team' }).first().waitFor();
    expect(await activity.getByRole('cell', { name: 'Station admin' }).count()).toBeGreaterThan(0);
    expect(await activity.getByRole('cell', { name: 'Shop B' }).count()).toBe(0);
  });
});
