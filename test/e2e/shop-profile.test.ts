import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../helpers/station';
import { pdfText } from '../core/documents/pdf-tools';
import { DASHBOARD_DIR, ensureDashboardBuilt, openSignedInDashboard, screenshot, screenshotOnFailure, type TestBrowser } from './browser';
import { useTestCups } from '../helpers/cups/test-cups';

// The dashboard shows a station's printers: this file's own CUPS, with the suite's queues (test/helpers/cups).
useTestCups();

// A 16×16 PNG logo, as an admin would upload it.
const LOGO_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAKUlEQVR42mNkYPhfz0AEYBxVSF+FjIyMDP///2dgYGBgYmJiQBcbVQgAWxwGEaQ7XHcAAAAASUVORK5CYII=', 'base64');

let running: RunningStation;
let browser: TestBrowser;
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

describe('the shop profile in a real browser', { timeout: 60_000 }, () => {
  it('is filled in on the Teams page and printed on the label and invoice', async () => {
    const logo = join(mkdtempSync(join(tmpdir(), 'station-logo-')), 'logo.png');
    writeFileSync(logo, LOGO_PNG);
    await page.goto(`${running.url}/#/teams`);
    const section = page.getByRole('region', { name: 'Shop on documents' });
    await section.getByLabel('Team').selectOption({ label: 'Corner Shop' });
    const form = section.getByRole('form', { name: 'Shop profile' });
    await form.getByLabel('Name as printed').fill('Corner Shop Ltd — 角の店');
    await form.getByLabel('Tax number').fill('GB123456789');
    await form.getByLabel('Email').fill('hello@corner.example');
    const address = form.getByRole('group', { name: 'Address', exact: true });
    await address.getByLabel('Address', { exact: true }).fill('1 Market Street');
    await address.getByLabel('City').fill('Leeds');
    await address.getByLabel('Postal code').fill('LS1 6AA');
    await address.getByLabel('Country (e.g. GB)').fill('GB');
    const returns = form.getByRole('group', { name: /Return address/ });
    await returns.getByLabel('Address', { exact: true }).fill('Unit 7, Returns Yard');
    await returns.getByLabel('City').fill('Wakefield');
    await returns.getByLabel('Country (e.g. GB)').fill('GB');
    await form.getByLabel(/Logo image/).setInputFiles(logo);
    await form.getByRole('img', { name: "The shop's logo" }).waitFor();
    await form.getByRole('button', { name: 'Save the shop' }).click();
    await section.getByRole('status').getByText('Saved: the next documents print with it.').waitFor();
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'shop-profile');

    const created = await running.call('/api/orders', {
      key: shop.key,
      json: { sourceId: 'SP-1', order: { orderNumber: 'SP-1', shippingAddress: { firstName: 'Иван', lastName: 'Петров', city: 'Москва', country: 'RU' }, lineItems: [{ name: 'Чай', quantity: 1, price: { amount: 5, currency: 'EUR' } }], orderTotal: { amount: 5, currency: 'EUR' }, variables: { financialStatus: 'paid' } } },
    });
    expect(created.status).toBe(201);
    const token = running.station.services.adminSessions.createSessionToken();
    const templates = (await (await fetch(`${running.url}/admin/api/teams/${shop.team.id}/templates`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { id: string; builtin: string }[];
    const text = async (builtin: string) => {
      const template = templates.find((t) => t.builtin === builtin)!;
      const response = await fetch(`${running.url}/admin/api/templates/${template.id}/preview?orderId=${shop.team.id}/api-SP-1`, { headers: { Authorization: `Bearer ${token}` } });
      return pdfText(new Uint8Array(await response.arrayBuffer())).replace(/\s+/g, ' ');
    };
    expect(await text('shipping-label-4x6')).toMatch(/FROM Corner Shop Ltd — 角の店 Unit 7, Returns Yard WAKEFIELD United Kingdom/);
    const invoice = await text('invoice-a4');
    expect(invoice).toContain('Corner Shop Ltd — 角の店');
    expect(invoice).toContain('Tax number: GB123456789');
    expect(invoice).toContain('Paid €5.00');
  });
});
