import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../helpers/station';
import { DASHBOARD_DIR, ensureDashboardBuilt, openSignedInDashboard, screenshot, screenshotOnFailure } from './browser';

let running: RunningStation;
let browser: Browser;
let page: Page;
let shop: ReturnType<RunningStation['team']>;

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
    await page.goto(`${running.url}/#/settings`);
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

    const csv = join(tmpdir(), 'orders-export.csv');
    writeFileSync(csv, 'Order,Email,Product,Qty,Price,Currency\n2001,ada@example.com,Mug,2,9.50,EUR\n2001,ada@example.com,Tea,1,4,EUR\n2002,bob@example.com,Plate,two,3,EUR\n2003,cy@example.com,Bowl,1,5,EUR\n');
    const importer = page.getByRole('region', { name: 'Import CSV' });
    await importer.getByLabel('Team').selectOption({ label: 'Corner Shop' });
    await importer.getByLabel('File').setInputFiles(csv);
    await importer.getByText('Map the columns of orders-export.csv (4 rows)').waitFor();
    await importer.getByRole('button', { name: 'Import 4 rows' }).click();
    await importer.getByText(/2 orders imported, 1 row skipped/).waitFor();
    await importer.getByRole('table', { name: 'Rows not imported' }).getByText('Quantity "two" is not a number').waitFor();
    await screenshot(page, 'new-orders');

    await page.goto(`${running.url}/#/orders`);
    await page.locator('[data-order-number="2003"]').waitFor();
    await page.locator('[data-order-number="PHONE-1042"]').waitFor();
  });
});
