import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../helpers/station';
import { adminClient } from '../core/admin/admin-helpers';
import { DASHBOARD_DIR, ensureDashboardBuilt, launchChromium, screenshot, screenshotOnFailure, type TestBrowser } from './browser';

/**
 * A merchant's admin, invited by her 3PL, works from her own pages in Chromium: she is a member
 * of the merchant alone (the 3PL's team is not hers to see), and every team picker offers her
 * merchant, chosen, so a key, an order by hand and a template are hers to make.
 */
let running: RunningStation;
let browser: TestBrowser;
let page: Page;
let merchantId: string;
let acceptUrl: string;
const PASSWORD = 'свечи и воск 2026';

beforeAll(async () => {
  ensureDashboardBuilt();
  running = await startStation({ dashboardDir: DASHBOARD_DIR, cupsPrinting: false });
  const threePl = running.team('Northwind Fulfilment', 'three_pl');
  const created = await adminClient(running).call(`/admin/api/teams/${threePl.team.id}/merchants`, { json: { name: 'Свечная мастерская', email: 'lada@candles.example' } });
  expect(created.status).toBe(201);
  const answer = (await created.json()) as { team: { id: string }; invitation: { acceptUrl: string } };
  merchantId = answer.team.id;
  acceptUrl = answer.invitation.acceptUrl;
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
});
afterEach((context) => screenshotOnFailure(page, context));
afterAll(async () => {
  await browser?.close();
  await running?.stop();
});

describe('a merchant’s admin whose 3PL she cannot see', { timeout: 60_000 }, () => {
  it('accepts her invitation and lands signed in', async () => {
    await page.goto(acceptUrl);
    await page.getByLabel('Your name').fill('Лада Воскова');
    await page.getByLabel('Password (at least 10 characters)').fill(PASSWORD);
    await page.getByLabel('The same password again').fill(PASSWORD);
    await page.getByRole('button', { name: 'Accept and sign in' }).click();
    await page.getByText('Live', { exact: true }).waitFor();
    await page.getByText('Лада Воскова · admin').waitFor();
  });

  it('makes an API key for her merchant from Settings → API keys, and an order posts with it', async () => {
    await page.goto(`${running.url}/#/settings/keys`);
    const keys = page.locator('section', { has: page.getByRole('heading', { name: 'API keys' }) });
    // Her one team is chosen already (or the picker is not there at all).
    const picker = keys.getByLabel('Team');
    if (await picker.count()) expect(await picker.locator('option:checked').textContent()).toBe('Свечная мастерская');
    await keys.getByLabel('Name').fill('Магазин на сайте');
    await keys.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('new-secret').textContent())!;
    await page.getByRole('button', { name: 'I have stored it' }).click();
    const posted = await running.call('/api/orders', { key: secret, json: { sourceId: 'C-1', order: { orderNumber: 'C-1', customer: { firstName: 'Ира', lastName: 'Свечкина' } } } });
    expect(posted.status).toBe(201);
  });

  it('types an order in New orders', async () => {
    await page.goto(`${running.url}/#/new`);
    const form = page.getByRole('form', { name: 'New order' });
    const picker = form.getByLabel('Team');
    if (await picker.count()) expect(await picker.locator('option:checked').textContent()).toBe('Свечная мастерская');
    await form.getByLabel('Order number').fill('PHONE-7');
    await form.getByLabel('First name').fill('Олег');
    await form.getByLabel('Last name').fill('Фитилёв');
    await form.getByLabel('Item', { exact: true }).fill('Свеча');
    await form.getByRole('button', { name: 'Create order' }).click();
    await form.getByText(`${merchantId}/web-PHONE-7`).waitFor();
  });

  it('sets her packing slip from Templates, and her Teams page says what her 3PL is', async () => {
    await page.goto(`${running.url}/#/templates`);
    await page.getByRole('row', { name: /Packing slip \(A4\)/ }).getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('region', { name: 'Edit Packing slip (A4)' });
    await editor.getByText('Up to date').waitFor({ timeout: 15_000 });
    await editor.getByRole('textbox', { name: 'Template body' }).fill('<h1>Свечная мастерская {{ order.orderNumber }}</h1>');
    await editor.getByRole('button', { name: 'Save template' }).click();
    await editor.getByText(/Saved/).waitFor();
    // Saved for her merchant, as she typed it.
    const templates = (await (await running.call(`/admin/api/teams/${merchantId}/templates`, { headers: { Authorization: `Bearer ${await sessionOf(page)}` } })).json()) as Array<{ name: string; teamId: string; body: string }>;
    const slip = templates.find((template) => template.name === 'Packing slip (A4)' && template.teamId === merchantId)!;
    expect(slip.body).toBe('<h1>Свечная мастерская {{ order.orderNumber }}</h1>');

    await page.goto(`${running.url}/#/teams`);
    await page.getByText('Свечная мастерская: a merchant of a 3PL').waitFor();
    expect(await page.getByText('No 3PL team on this station').count()).toBe(0);
    await screenshot(page, 'teams-merchant-admin');
  });
});

/** The session the page signed in with (kept by the dashboard in this browser). */
const sessionOf = (page: Page) => page.evaluate(() => window.localStorage.getItem('station.session'));
