import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sampleOrder, startStation, type RunningStation } from '../helpers/station';
import { DASHBOARD_DIR, SCREENSHOT_DIR, ensureDashboardBuilt, openSignedInDashboard, screenshot, screenshotOnFailure, type TestBrowser } from './browser';
import { useTestCups } from '../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

/** A CUPS queue that refuses every job: its job keeps retrying, with the reason. */
const REFUSING = 'STATION_OVERVIEW_REFUSING';

let running: RunningStation;
let browser: TestBrowser;
let page: Page;
let token: string;
let shop: ReturnType<RunningStation['team']>;

const admin = (path: string, init: { method?: string; json?: unknown } = {}) =>
  fetch(`${running.url}/admin/api${path}`, {
    method: init.method ?? (init.json ? 'POST' : 'GET'),
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });

beforeAll(async () => {
  ensureDashboardBuilt();
  execFileSync('lpadmin', ['-p', REFUSING, '-E', '-v', 'file:///dev/null', '-m', 'drv:///sample.drv/generic.ppd']);
  execFileSync('cupsreject', [REFUSING]);
  running = await startStation({ dashboardDir: DASHBOARD_DIR });
  token = running.station.services.adminSessions.createSessionToken();
  shop = running.team('Обзор 店');
  const templates = (await (await admin(`/teams/${shop.team.id}/templates`)).json()) as { id: string; name: string }[];
  const slip = templates.find((template) => template.name === 'Packing slip (A4)')!;
  await admin(`/teams/${shop.team.id}/flow`, { method: 'PUT', json: { autoPrint: false, rules: [{ actions: [{ type: 'addDocument', templateId: slip.id, tag: 'packing-slip' }] }] } });
  await admin('/printers/refresh', { json: {} });
  ({ browser, page } = await openSignedInDashboard(running));
});
afterEach((context) => screenshotOnFailure(page, context));
afterAll(async () => {
  await browser?.close();
  await running?.stop();
  execFileSync('lpadmin', ['-x', REFUSING]);
});

const tile = (label: string) => page.locator('.overview-tile', { hasText: label }).locator('.overview-tile-value');

describe('the Overview page in a real browser', { timeout: 60_000 }, () => {
  it('is the first page: today at a glance, updated live as orders arrive, print and fail', async () => {
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await expect(page.getByRole('link', { name: /Overview/ }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(tile('Orders today').textContent()).resolves.toBe('0');
    await page.getByRole('list').filter({ hasText: 'Save as PDF' }).waitFor();

    // An order arrives: the tile changes without a reload (Server-Sent Events).
    const created = (await (await running.call('/api/orders', { key: shop.key, json: sampleOrder('OV-1', { customer: { firstName: 'Лейла', lastName: 'محمد' } }) })).json()) as { id: string };
    await page.waitForFunction(() => document.querySelector('.overview-tile .overview-tile-value')?.textContent === '1');

    // It prints on the folder printer: one A4 page, today and in the current hour.
    const printed = (await (await running.call(`/api/orders/${created.id}/print`, { key: shop.key, json: { overrides: { printer: 'save-as-pdf' } } })).json()) as { status: string }[];
    expect(printed[0]!.status).toBe('pending');
    await page.waitForFunction(() => [...document.querySelectorAll('.overview-tile')].some((tile) => tile.textContent === '1Pages today'));
    const lastHour = page.locator('.overview-chart tbody tr').last().locator('td').last();
    await expect(lastHour.textContent()).resolves.toBe('1');
    await expect(page.locator('.overview-chart canvas').count()).resolves.toBe(1);

    // Another goes to a printer that refuses jobs: it shows under "Needs a look" with the reason in words.
    await running.call('/api/orders', { key: shop.key, json: sampleOrder('OV-2') });
    const second = (await (await running.call(`/api/orders/${encodeURIComponent(`${shop.team.id}/api-OV-2`)}/print`, { key: shop.key, json: { overrides: { printer: REFUSING } } })).json()) as { status: string }[];
    expect(second[0]!.status).toBe('pending');
    const needsALook = page.getByRole('region', { name: 'Needs a look' });
    await needsALook.getByText('#OV-2').waitFor();
    await needsALook.getByText(/Attempt \d failed, retrying: CUPS refused the job: .*not accepting jobs/).waitFor();
    await expect(tile('In the print queue').textContent()).resolves.toBe('1');
    const printers = page.getByRole('region', { name: 'Printers' });
    await printers.getByText(REFUSING).waitFor();
    await printers.getByText('1 job in the queue').waitFor();
    // Followed without a refresh: the refusing queue is offline, in red, with the reason in words.
    const refusing = printers.locator('li', { hasText: REFUSING });
    await refusing.getByText(/^Not accepting jobs/).waitFor({ timeout: 20_000 });
    await refusing.locator('.chip-offline').waitFor();
    await screenshot(page, 'overview');
    await printers.screenshot({ path: join(SCREENSHOT_DIR, 'overview-printer-offline.png') });
  });

  it('Alt+H comes back to it from any page', async () => {
    await page.keyboard.press('Alt+2');
    await page.getByRole('heading', { level: 1, name: 'Batches' }).waitFor();
    await page.keyboard.press('Alt+H');
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  });

  it('the admin API answers the same figures', async () => {
    const overview = (await (await admin('/overview')).json()) as { today: { orders: number; pages: number }; pagesPerHour: { pages: number }[]; queueDepth: number; failingJobs: { orderNumbers: string[] }[] };
    expect(overview.today).toMatchObject({ orders: 2, pages: 1 });
    expect(overview.pagesPerHour).toHaveLength(24);
    expect(overview.pagesPerHour.reduce((sum, hour) => sum + hour.pages, 0)).toBe(1);
    expect(overview.queueDepth).toBe(1);
    expect(overview.failingJobs[0]!.orderNumbers).toEqual(['#OV-2']);
  });
});
