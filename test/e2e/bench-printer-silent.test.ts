import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sampleOrder, startStation, type RunningStation } from '../helpers/station';
import { adminClient } from '../core/admin/admin-helpers';
import { waitFor } from '../core/printers/cups-output';
import { IppEverywherePrinter } from '../helpers/cups/ipp-everywhere-printer';
import { useTestCups } from '../helpers/cups/test-cups';
import { DASHBOARD_DIR, ensureDashboardBuilt, openSignedInDashboard, scannerTypes, screenshotOnFailure, type TestBrowser } from './browser';

// This file prints: a CUPS scheduler of its own, and an IPP Everywhere printer on loopback
// added by its address, as a bench's laser on the network.
useTestCups();

/**
 * A bench's printer stops answering (frozen: it takes connections and says nothing): the
 * operator at the bench, in a real browser, reads why the scan waits, in words, and then that
 * it printed, once the printer answers again.
 */
let running: RunningStation;
let browser: TestBrowser;
let page: Page;
const laser = new IppEverywherePrinter('Bench Laser');

beforeAll(async () => {
  ensureDashboardBuilt();
  await laser.start();
  running = await startStation({ dashboardDir: DASHBOARD_DIR });
  const admin = adminClient(running);
  expect((await admin.call('/admin/api/settings/network', { method: 'PUT', json: { imageHostsAllowed: [], printerHostsAllowed: ['127.0.0.1'] } })).status).toBe(200);
  const added = await admin.call('/admin/api/printers', { json: { uri: laser.uri, name: 'Bench 2 Laser' } });
  expect(added.status).toBe(201);
  const { id: printerId } = (await added.json()) as { id: string };
  const shop = running.team('Склад 2');
  expect((await admin.call(`/admin/api/teams/${shop.team.id}/routing/tags/packing-slip`, { method: 'PUT', json: { printerId } })).status).toBe(200);
  expect((await running.call('/api/orders', { key: shop.key, json: sampleOrder('3001', { customer: { firstName: 'Ольга', lastName: '高橋' } }) })).status).toBe(201);
  ({ browser, page } = await openSignedInDashboard(running));
});
afterEach((context) => screenshotOnFailure(page, context));
afterAll(async () => {
  await browser?.close();
  await running?.stop();
  await laser.dispose();
});

describe('a bench whose printer stops answering', { timeout: 60_000 }, () => {
  it('says at the bench that the printer is not answering and how many jobs wait; answering again, the scan prints once', async () => {
    await page.goto(`${running.url}/#/orders`);
    await page.locator('[data-order-number="#3001"]').waitFor();
    await page.getByRole('checkbox', { name: 'Print as soon as an order is scanned' }).check();
    laser.pause();
    try {
      // The station has noticed before the scan (it asks the printer itself, every few seconds).
      const printers = () => adminClient(running).call('/admin/api/printers').then((response) => response.json() as Promise<{ name: string; status: string }[]>);
      await waitFor(async () => ((await printers()).find((printer) => printer.name === 'Bench 2 Laser')?.status === 'offline' ? true : undefined), 30_000, 'the printer to read offline');
      await page.locator('#scan').focus();
      await scannerTypes(page, '#3001');
      const line = page.getByLabel('Scan results').locator('.scan-latest');
      await line.getByText(/^#3001: Waiting: Bench 2 Laser is not answering since \d\d:\d\d — 1 job waiting/).waitFor();
    } finally {
      laser.resume();
    }
    await page.getByLabel('Scan results').locator('.scan-latest').getByText(/^#3001: Printed on Bench 2 Laser in \d+\.\d s/).waitFor({ timeout: 60_000 });
    expect(laser.documents()).toHaveLength(1);
  });
});
