import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../helpers/station';
import { DASHBOARD_DIR, ensureDashboardBuilt, openSignedInDashboard, screenshot, screenshotOnFailure } from './browser';
import { useTestCups } from '../helpers/cups/test-cups';

// The dashboard shows a station's printers: this file's own CUPS, with the suite's queues (test/helpers/cups).
useTestCups();

let running: RunningStation;
let browser: Browser;
let page: Page;
let shop: ReturnType<RunningStation['team']>;
const SHOPIFY_EXPORT = join(__dirname, '../fixtures/shopify-orders-export.csv');

beforeAll(async () => {
  ensureDashboardBuilt();
  running = await startStation({ dashboardDir: DASHBOARD_DIR });
  shop = running.team('Corner Shop');
  ({ browser, page } = await openSignedInDashboard(running));
});
afterEach((context) => screenshotOnFailure(page, context));
afterAll(async () => {
  await browser?.close();
  await running?.stop();
});

describe('Settings and New orders in a real browser', () => {
  it('creates an API key that works for the API, shown once', async () => {
    await page.goto(`${running.url}/#/settings/keys`);
    const keys = page.locator('section', { has: page.getByRole('heading', { name: 'API keys' }) });
    await keys.getByLabel('Team').selectOption({ label: 'Corner Shop' });
    await keys.getByLabel('Name').fill('WMS production');
    await keys.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('new-secret').textContent())!;
    const whoami = await running.call('/api/auth/whoami', { key: secret });
    expect(whoami.status).toBe(200);
    await screenshot(page, 'settings');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByRole('cell', { name: 'WMS production' }).waitFor();
  });

  it('creates an order by hand and imports a CSV with a per-row report', async () => {
    await page.goto(`${running.url}/#/new`);
    const form = page.getByRole('form', { name: 'New order' });
    await form.getByLabel('Team').selectOption({ label: 'Corner Shop' });
    await form.getByLabel('Order number').fill('PHONE-1042');
    await form.getByLabel('First name').fill('Grace');
    await form.getByLabel('Last name').fill('Hopper');
    await form.getByLabel('Item', { exact: true }).fill('Teapot');
    await form.getByRole('button', { name: 'Create order' }).click();
    await form.getByText(`${shop.team.id}/web-PHONE-1042`).waitFor();

    // A real Shopify orders export: one row per item, order columns on the first row only.
    const importer = page.getByRole('region', { name: 'Import CSV' });
    await importer.getByLabel('Team').selectOption({ label: 'Corner Shop' });
    await importer.getByLabel('File').setInputFiles(SHOPIFY_EXPORT);
    await importer.getByText('Map the columns of shopify-orders-export.csv (8 rows)').waitFor();
    await importer.getByText(/Recognised a Shopify orders export/).waitFor();
    const plan = importer.getByRole('status', { name: 'What the import will do' });
    await plan.getByText('5 orders, 8 line items, 0 skipped').waitFor();
    expect(await plan.textContent()).toContain('5 new');
    await plan.scrollIntoViewIfNeeded();
    await screenshot(page, 'csv-import-plan');
    await importer.getByRole('button', { name: 'Import 5 orders' }).click();
    await importer.getByText('Imported: 5 orders, 8 line items, 0 skipped (5 new).').waitFor();
    await screenshot(page, 'new-orders');

    // The same file again: the plan says nothing will change, and nothing does.
    await importer.getByRole('button', { name: 'Back to the column mapping' }).click();
    await plan.getByText(/5 already imported as they are/).waitFor();
    await importer.getByRole('button', { name: 'Import 5 orders' }).click();
    await importer.getByText('Imported: 5 orders, 8 line items, 0 skipped (5 unchanged).').waitFor();

    const listed = await (await fetch(`${running.url}/admin/api/orders?team=${shop.team.id}&source=csv`, { headers: { Authorization: `Bearer ${running.station.services.adminSessions.createSessionToken()}` } })).json();
    expect(listed.orders.map((order: { orderNumber: string }) => order.orderNumber).sort()).toEqual(['#1101', '#1102', '#1103', '#1104', '#1105']);

    await page.goto(`${running.url}/#/orders`);
    await page.locator('[data-order-number="#1103"]').waitFor();
    await page.locator('[data-order-number="PHONE-1042"]').waitFor();
  });
});
