import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sampleOrder, startStation, type RunningStation } from '../helpers/station';
import { DASHBOARD_DIR, ensureDashboardBuilt, launchChromium, screenshot, screenshotOnFailure, type TestBrowser } from './browser';
import { useTestCups } from '../helpers/cups/test-cups';

// The dashboard shows a station's printers: this file's own CUPS, with the suite's queues (test/helpers/cups).
useTestCups();

let running: RunningStation;
let browser: TestBrowser;
let page: Page;
let shop: ReturnType<RunningStation['team']>;

beforeAll(async () => {
  ensureDashboardBuilt();
  running = await startStation({ dashboardDir: DASHBOARD_DIR });
  shop = running.team('Corner Shop');
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // The one-time link `station serve` prints.
  await page.goto(`${running.url}/#login=${running.station.services.adminSessions.createLoginToken()}`);
});
afterEach((context) => screenshotOnFailure(page, context));
afterAll(async () => {
  await browser?.close();
  await running?.stop();
});

describe('Orders page in a real browser', { timeout: 60_000 }, () => {
  it('signs in with the one-time link on the Overview, and Orders says what to do while there are no orders', async () => {
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    expect(page.url()).not.toContain('login=');
    expect(page.url()).toMatch(/#\/overview$/);
    await page.getByText('Live', { exact: true }).waitFor();
    // Alt+1 goes to Orders, as the navigation says; the rest of this file works there.
    await page.keyboard.press('Alt+1');
    await page.getByText('No orders yet').waitFor();
  });

  it('shows an order posted over HTTP live, without reloading the page', async () => {
    // A mark on this very document: a reload would drop it.
    await page.evaluate(() => ((window as unknown as { stationTestMark: number }).stationTestMark = 1));
    const posted = await running.call('/api/orders', { key: shop.key, json: sampleOrder(5001, { tags: [{ label: 'express' }] }) });
    expect(posted.status).toBe(201);
    await page.locator('[data-order-number="#5001"]').waitFor();
    expect(await page.evaluate(() => (window as unknown as { stationTestMark?: number }).stationTestMark)).toBe(1);
  });

  it('opens an order by scanning its number, with keys, sources and history', async () => {
    await page.locator('#scan').fill('5001');
    await page.keyboard.press('Enter');
    const detail = page.getByRole('complementary', { name: 'Order detail' });
    await detail.getByRole('heading', { name: '#5001' }).waitFor();
    await detail.getByText(`${shop.team.id}/api-5001`).waitFor();
    await detail.getByText('received from api').waitFor();
    await screenshot(page, 'orders-detail');
  });

  it('ignores and restores an order from its detail; the list follows live', async () => {
    const statusUrl = `/api/orders/${encodeURIComponent(`${shop.team.id}/api-5001`)}/status`;
    const statusNow = async () => ((await (await running.call(statusUrl, { key: shop.key })).json()) as { status: string }).status;
    const detail = page.getByRole('complementary', { name: 'Order detail' });
    // Automatic printing is paused in this station: nothing else changes the order's status.
    expect(await statusNow()).toBe('ready');
    await detail.getByRole('button', { name: 'Ignore' }).click();
    await detail.getByRole('button', { name: 'Restore' }).waitFor();
    await page.locator('[data-order-number="#5001"]').getByText('Ignored').waitFor();
    expect(await statusNow()).toBe('ignored');
    await detail.getByRole('button', { name: 'Restore' }).click();
    await detail.getByRole('button', { name: 'Ignore' }).waitFor();
    // Restore puts back the status before ignoring.
    expect(await statusNow()).toBe('ready');
    await page.locator('[data-order-number="#5001"]').getByText('Ready', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('filters by tag and searches by number', async () => {
    // Sent together: the station commits them in one transaction, as it would a busy minute.
    await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        running.call('/api/orders', {
          key: shop.key,
          json: sampleOrder(6001 + n, {
            tags: [{ label: n % 3 === 0 ? 'gift' : 'standard' }],
            shippingAddress: { firstName: ['Ada', 'Grace', 'Alan', 'Edsger'][n % 4], lastName: 'Smith', city: 'Leeds', country: 'GB' },
          }),
        }),
      ),
    );
    await page.locator('[data-order-number="#6030"]').waitFor();
    await page.getByLabel('Tag').selectOption('express');
    // The list settles once the filtered answer arrives; a loaded machine may take seconds.
    await expect.poll(() => page.locator('[data-order-number]').count(), { timeout: 15_000 }).toBe(1);
    await page.locator('[data-order-number="#5001"]').waitFor();
    await page.getByLabel('Tag').selectOption('');
    await page.locator('#scan').fill('6012');
    await page.locator('[data-order-number="#6012"]').waitFor();
    await expect.poll(() => page.locator('[data-order-number]').count(), { timeout: 15_000 }).toBe(1);
    await page.locator('#scan').fill('');
    await page.locator('[data-order-number="#6030"]').waitFor();
    await screenshot(page, 'orders');
  });
});
