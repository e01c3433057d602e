import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../helpers/station';
import { DASHBOARD_DIR, ensureDashboardBuilt, openSignedInDashboard, screenshot, screenshotOnFailure, type TestBrowser } from './browser';
import { useTestCups } from '../helpers/cups/test-cups';

// The dashboard shows a station's printers: this file's own CUPS, with the suite's queues (test/helpers/cups).
useTestCups();

let running: RunningStation;
let browser: TestBrowser;
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

describe('Settings and New orders in a real browser', { timeout: 60_000 }, () => {
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

  it('a long import shows its progress live, does not print unless asked, and Cancel stops it with what was written listed', { timeout: 60_000 }, async () => {
    const { team } = running.team('Big Import Shop');
    // 10,000 one-item orders in a Shopify export's columns, names in three scripts.
    const names = ['Анна Петрова', '山田 花子', 'שרה כהן'];
    const rows = Array.from({ length: 10_000 }, (_, i) => `#${70000 + i},buyer${i}@example.com,paid,2026-11-27 09:00:00 +0100,EUR,1,Чай 茶 ${i},4.50,${names[i % 3]},DE`);
    const csv = ['Name,Email,Financial Status,Created at,Currency,Lineitem quantity,Lineitem name,Lineitem price,Shipping Name,Shipping Country', ...rows].join('\n');
    await page.goto(`${running.url}/#/new`);
    // The dashboard reads the station's teams when it opens: open it again to see the new one.
    await page.reload();
    const importer = page.getByRole('region', { name: 'Import CSV' });
    await importer.getByLabel('Team').selectOption({ label: 'Big Import Shop' });
    await importer.getByLabel('File').setInputFiles({ name: 'big-export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await importer.getByText(/Recognised a Shopify orders export/).waitFor();
    expect(await importer.getByRole('checkbox', { name: /Print the imported orders/ }).isChecked()).toBe(false);
    await importer.getByRole('button', { name: 'Import 10,000 orders' }).click({ timeout: 60_000 });

    // Progress, live from the station: orders checked (not the 0 shown at the click), of 10,000.
    const progress = importer.getByRole('status', { name: 'Import progress' });
    await progress.getByText(/^Importing: [1-9][\d,]* of 10,000 orders checked, [\d,]+ written\./).waitFor({ timeout: 60_000 });
    await screenshot(page, 'csv-import-progress');
    await progress.getByRole('button', { name: 'Cancel import' }).click();

    const result = importer.getByRole('status').filter({ hasText: 'Cancelled. Written before it stopped' });
    await result.waitFor({ timeout: 60_000 });
    const token = running.station.services.adminSessions.createSessionToken();
    const listed = (await (await fetch(`${running.url}/admin/api/orders?team=${team.id}&limit=1`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { total: number };
    // Stopped part-way, and says how many it wrote: exactly the orders the station has.
    expect(listed.total).toBeGreaterThan(0);
    expect(listed.total).toBeLessThan(10_000);
    expect(await result.textContent()).toContain(`${listed.total.toLocaleString('en-US')} order`);
    // Nothing printed: the import was not asked to.
    const batches = (await (await fetch(`${running.url}/admin/api/print-batches?teamId=${team.id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as unknown[];
    expect(batches).toEqual([]);
  });
});
