import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTeam } from '../../main/core/features/teams/service';
import { sampleOrder, startStation, type RunningStation } from '../helpers/station';
import { axeFindings, describeFindings, type AxeFinding } from './axe';
import { DASHBOARD_DIR, ensureDashboardBuilt, launchChromium, screenshot, screenshotOnFailure } from './browser';
import { useTestCups } from '../helpers/cups/test-cups';

// The dashboard shows a station's printers: this file's own CUPS, with the suite's queues (test/helpers/cups).
useTestCups();

/**
 * The dashboard as an operator at a packing bench meets it: axe-core on every page and every
 * dialog or editor state, the keyboard alone, focus that can be seen, and 200% zoom on a
 * 1366×768 screen (683×384 CSS px). A real station, real Chromium.
 */
let running: RunningStation;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let shop: ReturnType<RunningStation['team']>;
let token: string;

const PAGES = ['orders', 'batches', 'new', 'printers', 'routing', 'templates', 'flows', 'links', 'teams', 'settings', 'settings/keys', 'settings/retention', 'settings/account', 'settings/people', 'settings/activity'];

/**
 * Moderate and minor axe findings the dashboard keeps, each with its reason; the
 * accessibility part of docs/admins.md lists the same. Empty: none are kept.
 */
const KEPT_MINOR_FINDINGS: Record<string, string> = {};

const admin = (path: string, init: { method?: string; json?: unknown } = {}) =>
  fetch(`${running.url}/admin/api${path}`, {
    method: init.method ?? (init.json ? 'POST' : 'GET'),
    headers: { Authorization: `Bearer ${token}`, ...(init.json ? { 'Content-Type': 'application/json' } : {}) },
    body: init.json ? JSON.stringify(init.json) : undefined,
  });

/** Opens a page of the dashboard and waits until its heading and its data are on screen. */
async function open(path: string) {
  await page.goto(`${running.url}/#/${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForFunction(() => !document.body.innerText.includes('Loading…'));
}

/** Fails with a readable list when axe finds anything critical or serious, or a minor finding nobody decided to keep. */
async function expectAccessible(state: string) {
  const findings = await axeFindings(page);
  const serious = findings.filter((finding) => finding.impact === 'critical' || finding.impact === 'serious');
  const unexplained = findings.filter((finding: AxeFinding) => !serious.includes(finding) && !(finding.rule in KEPT_MINOR_FINDINGS));
  expect(describeFindings(serious), `critical or serious axe findings in ${state}`).toBe('');
  expect(describeFindings(unexplained), `moderate or minor axe findings in ${state} not listed in docs/admins.md`).toBe('');
}

/** The element that has focus, described for assertions: its role-ish tag, name and where it is. */
const focused = () =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      text: (element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim().slice(0, 80),
      inDialog: Boolean(element?.closest('dialog[open]')),
      orderNumber: element?.getAttribute('data-order-number') ?? null,
    };
  });

/** WCAG's contrast ratio of two CSS colours `rgb(r, g, b)`. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = color.match(/[\d.]+/g)!.slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The focused element's ring: its colour and width, and the background it is drawn on (outside the element). */
const focusRing = () =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    const offset = parseFloat(style.outlineOffset);
    // A ring drawn inside the element (negative offset) sits on the element's own background.
    let behind: HTMLElement | null = offset < 0 ? element : element.parentElement;
    let background = 'rgb(255, 255, 255)';
    while (behind) {
      const color = getComputedStyle(behind).backgroundColor;
      if (color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') {
        background = color;
        break;
      }
      behind = behind.parentElement;
    }
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor, background };
  });

async function expectVisibleFocus(where: string) {
  const ring = await focusRing();
  expect(ring.style, `focus ring style on ${where}`).not.toBe('none');
  expect(ring.width, `focus ring width on ${where}`).toBeGreaterThanOrEqual(2);
  expect(contrast(ring.color, ring.background), `focus ring contrast on ${where} (${ring.color} on ${ring.background})`).toBeGreaterThanOrEqual(3);
}

beforeAll(async () => {
  ensureDashboardBuilt();
  running = await startStation({ dashboardDir: DASHBOARD_DIR });
  shop = running.team('Corner Shop');
  const db = running.station.db;
  db.transaction(() => createTeam(db, running.station.hooks, { name: 'Northwind Fulfilment', type: 'three_pl', owner: { name: 'Maya Chen', email: 'maya@northwind.example' } }))();
  token = running.station.services.adminSessions.createSessionToken();
  // Orders from every script: the list and detail must hold them at any zoom.
  const names = [['Ada', 'Lovelace'], ['美咲', '佐藤'], ['Мария', 'Иванова'], ['ليلى', 'حداد'], ['Grace', 'Hopper'], ['Alan', 'Turing'], ['Edsger', 'Dijkstra']];
  for (const [index, [firstName, lastName]] of names.entries()) {
    const posted = await running.call('/api/orders', {
      key: shop.key,
      json: sampleOrder(8001 + index, { customer: { firstName, lastName, email: `c${index}@example.com` }, tags: [{ label: index % 2 ? 'gift' : 'standard' }] }),
    });
    expect(posted.status).toBe(201);
  }
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  page = await context.newPage();
  await page.goto(`${running.url}/#login=${running.station.services.adminSessions.createLoginToken()}`);
  await page.getByText('Live', { exact: true }).waitFor();
});
afterEach((ctx) => screenshotOnFailure(page, ctx));
afterAll(async () => {
  await browser?.close();
  await running?.stop();
});

describe('the dashboard for keyboard, screen reader and zoom', { timeout: 90_000 }, () => {
  // Twelve pages, each loaded and checked by axe: about 22 s alone, past 30 s beside a busy
  // worker, and a walk cut short by the timeout goes on navigating into the next test.
  it('has no critical or serious axe findings on any page at 1366×768', { timeout: 90_000 }, async () => {
    for (const path of PAGES) {
      await open(path);
      await expectAccessible(`the ${path} page`);
    }
  });

  it('works the Orders page by keyboard: Esc leaves the scan box, arrows move, Enter opens, p prints, Esc closes only the dialog', async () => {
    await open('orders');
    await page.locator('[data-order-number="#8007"]').waitFor();
    const scan = page.locator('#scan');
    await scan.focus();
    // A shortcut key typed in the scan box is text, not a shortcut.
    await page.keyboard.type('p');
    expect(await scan.inputValue()).toBe('p');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await scan.fill('');
    // The letter may have been searched for (after 200 ms) before it was taken out: then the
    // list is read again from the top once more. The walk starts on the list as it settles.
    await page.getByText(/^7 orders · new ones appear/).waitFor();
    await page.keyboard.press('Escape');
    // The newest order is first.
    expect(await focused()).toMatchObject({ orderNumber: '#8007' });
    await expectVisibleFocus('an order row');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toMatchObject({ orderNumber: '#8005' });
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toMatchObject({ orderNumber: '#8006' });
    await page.keyboard.press('Enter');
    const detail = page.getByRole('complementary', { name: 'Order detail' });
    await detail.getByRole('heading', { name: '#8006' }).waitFor();
    await expectAccessible('the order detail');

    // Print is one key from the open order.
    await page.keyboard.press('p');
    const dialog = page.getByRole('dialog', { name: 'Print orders' });
    await dialog.getByRole('heading', { name: 'Print order #8006' }).waitFor();
    expect(await focused()).toMatchObject({ tag: 'button', text: 'Print', inDialog: true });
    await expectVisibleFocus('the print dialog’s Print button');
    await expectAccessible('the print dialog');
    // Tab and Shift+Tab stay inside the dialog however often they are pressed.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect((await focused()).inDialog, `focus after ${i + 1} Tabs`).toBe(true);
    }
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Shift+Tab');
      expect((await focused()).inDialog, `focus after ${i + 1} Shift+Tabs`).toBe(true);
    }
    // The page behind is inert: a click on the scan box reaches nothing.
    expect(await page.evaluate(() => document.querySelector('dialog[open]')!.matches(':modal'))).toBe(true);
    const scanBox = (await scan.boundingBox())!;
    await page.mouse.click(scanBox.x + 20, scanBox.y + scanBox.height / 2);
    expect((await focused()).inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Only the dialog closed; focus is back on the row that opened it.
    await detail.getByRole('heading', { name: '#8006' }).waitFor();
    expect(await focused()).toMatchObject({ orderNumber: '#8006' });

    // From the scan box, Alt+P prints the open order without leaving the box.
    await page.keyboard.press('/');
    expect(await focused()).toMatchObject({ tag: 'input' });
    await page.keyboard.press('Alt+KeyP');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused()).toMatchObject({ tag: 'input' });

    // Esc outside the scan box closes the detail; the list keeps focus on that order.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    expect(await focused()).toMatchObject({ orderNumber: '#8006' });
  });

  it('says what went wrong when a print names a template that does not exist, and names the batch’s orders', { timeout: 60_000 }, async () => {
    await open('orders');
    for (const number of ['#8001', '#8002', '#8003', '#8004', '#8005']) {
      await page.getByRole('checkbox', { name: `Select order ${number}` }).check();
    }
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Print…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print orders' });
    await dialog.getByText('#8001, #8002, #8003 and 2 more').waitFor();
    await dialog.getByLabel('Template').fill('Slipp');
    await dialog.getByRole('button', { name: 'Print', exact: true }).click();
    // The answer stands beside the scan box (the bench never waits on a dialog), as an alert.
    await dialog.waitFor({ state: 'detached' });
    const results = page.getByLabel('Scan results');
    await results.getByRole('alert').getByText(/5 orders \(#8001, #8002, #8003 and 2 more\) not printed — #8001: No template "Slipp" for this team\. Check the name on the Templates page/).waitFor();
    await expectAccessible('the print results');
    // Focus is back in the scan box, ready for the next scan.
    // Polled up to 10 s: on a loaded machine the dialog's close and the refocus take a while.
    await expect.poll(async () => (await focused()).tag, { timeout: 10_000 }).toBe('input');
    expect(await focused()).toMatchObject({ inDialog: false });

    // Printed as routed, the batch names its orders, each a link to it.
    for (const number of ['#8001', '#8002', '#8003', '#8004', '#8005']) {
      await page.getByRole('checkbox', { name: `Select order ${number}` }).check();
    }
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Print…' }).click();
    await dialog.getByRole('button', { name: 'Print', exact: true }).click();
    await results.getByRole('status').getByText(/^5 orders \(#8001, #8002, #8003 and 2 more\): (Preparing|At the printer|Printed)/).waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Alt+2');
    await page.getByRole('heading', { level: 1, name: 'Batches' }).waitFor();
    // A page switch puts focus on the page's heading.
    expect(await focused()).toMatchObject({ tag: 'h1', text: 'Batches' });
    // The refused request comes first (it needs a look), with each order's reason; then the printed one.
    await page.getByRole('article').first().getByRole('list', { name: 'Refused orders' }).getByText('No template "Slipp" for this team').first().waitFor();
    const batch = page.getByRole('article').filter({ hasText: /5 orders: #8001, #8002, #8003/ });
    await batch.getByText(/5 orders: #8001, #8002, #8003/).waitFor();
    await expectAccessible('the Batches page with a batch');
    await batch.getByRole('button', { name: 'and 2 more' }).click();
    await batch.getByRole('link', { name: '#8005' }).click();
    await page.getByRole('complementary', { name: 'Order detail' }).getByRole('heading', { name: '#8005' }).waitFor();
  });

  it('an unknown scan reads as an error (an alert, its own colour), and the order shown before is closed', async () => {
    await open('orders');
    await page.locator('#scan').fill('#8001');
    await page.keyboard.press('Enter');
    const detail = page.getByRole('complementary', { name: 'Order detail' });
    await detail.getByRole('heading', { name: '#8001' }).waitFor();
    await page.locator('#scan').fill('99999');
    await page.keyboard.press('Enter');
    const message = page.getByRole('alert').filter({ hasText: 'No order “99999”' });
    await message.waitFor();
    await detail.waitFor({ state: 'detached' });
    // Red, not the blue of a hit: the error's background is the error colour.
    expect(await message.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(254, 226, 226)');
    await expectAccessible('an unknown scan');
    // The box is empty and focused for the next scan.
    expect(await page.locator('#scan').inputValue()).toBe('');
  });

  it('shows every shortcut on ?, and every confirm is a dialog that gives focus back', async () => {
    await open('batches');
    await page.keyboard.press('?');
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await shortcuts.getByText('Print the open order, even while typing in the scan box').waitFor();
    await expectAccessible('the shortcuts overlay');
    await page.keyboard.press('Escape');
    await shortcuts.waitFor({ state: 'detached' });

    const created = await admin('/keys', { json: { teamId: shop.team.id, name: 'Old WMS' } });
    expect(created.status).toBe(201);
    await open('settings/keys');
    const row = page.getByRole('row', { name: /Old WMS/ });
    const revoke = row.getByRole('button', { name: 'Revoke' });
    await revoke.focus();
    await page.keyboard.press('Enter');
    const question = page.getByRole('dialog', { name: 'Revoke “Old WMS”?' });
    await question.waitFor();
    // The safe answer has focus; Esc is "no".
    expect(await focused()).toMatchObject({ text: 'Cancel', inDialog: true });
    await expectAccessible('a confirm dialog');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(await focused()).toMatchObject({ text: 'Revoke' });
    await row.getByText('Active').waitFor();
  });

  it('explains disabled buttons, link errors in words, long paper lists and nickname saves', async () => {
    await open('new');
    const create = page.getByRole('button', { name: 'Create order' });
    expect(await create.isDisabled()).toBe(true);
    expect(await create.getAttribute('aria-describedby')).toBeTruthy();
    await page.getByText('Choose a team first.').first().waitFor();

    // A link whose resolver reads a field of a value the order does not have.
    const link = await admin('/links', { json: { teamId: shop.team.id, type: 'order', source: { type: 'custom', key: 'wms' }, target: { type: 'manual', source: 'api' }, resolver: 'order.variables.missing.id' } });
    expect(link.status).toBe(200);
    const posted = await running.call('/api/orders', { key: shop.key, json: { ...sampleOrder('W-1'), source: 'wms' } });
    expect(posted.status).toBe(201);
    await open('links');
    await page.getByRole('button', { name: 'Errors (1)' }).click();
    const errors = page.getByRole('table', { name: 'Recent link errors' });
    await errors.getByText(/The resolver read “id” of a value this order does not have \(undefined\)/).waitFor();
    await expectAccessible('the Links page with errors open');

    await open('printers');
    const sizes = page.locator('details.paper-sizes').first();
    await sizes.locator('summary').focus();
    await page.keyboard.press('Enter');
    expect(await sizes.getAttribute('open')).not.toBeNull();
    const nickname = page.getByLabel('Nickname of PDF');
    await nickname.fill('Office laser');
    await page.getByText('Not saved yet').waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor();
    await expectAccessible('the Printers page after a save');
  });

  it('has no serious axe findings in the editors and one-time states: CSV mapping and report, link editor, a new key', async () => {
    await open('new');
    const importer = page.getByRole('region', { name: 'Import CSV' });
    await importer.getByLabel('Team').selectOption({ label: 'Corner Shop' });
    const csv = join(mkdtempSync(join(tmpdir(), 'station-a11y-')), 'orders.csv');
    writeFileSync(csv, 'Order,Email,Product,Qty\n9001,ada@example.com,Mug,2\n9002,bob@example.com,Plate,two\n');
    await importer.getByLabel('File').setInputFiles(csv);
    await importer.getByText('Map the columns of orders.csv (2 rows)').waitFor();
    await expectAccessible('the CSV column mapping');
    await importer.getByRole('status', { name: 'What the import will do' }).waitFor();
    await importer.getByRole('button', { name: 'Import 1 order' }).click();
    await importer.getByRole('table', { name: 'Orders not imported' }).waitFor();
    await expectAccessible('the CSV import report');

    await open('links');
    await page.getByRole('button', { name: 'New link' }).click();
    const editor = page.getByRole('region', { name: 'New link' });
    await editor.getByRole('button', { name: 'Test link' }).click();
    await editor.getByRole('status', { name: 'Test result' }).waitFor();
    await expectAccessible('the link editor with a test result');

    await open('settings/keys');
    const keys = page.locator('section', { has: page.getByRole('heading', { name: 'API keys' }) });
    await keys.getByLabel('Team').selectOption({ label: 'Corner Shop' });
    await keys.getByLabel('Name').fill('Packing bench');
    await keys.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('region', { name: 'New API key' }).waitFor();
    await expectAccessible('a new key shown once');
    await page.getByRole('button', { name: 'I have stored it' }).click();
  });

  it('moves focus into the template editor and the go-live dialog, and back out', async () => {
    await open('templates');
    await page.getByRole('row', { name: /Packing slip/ }).first().getByRole('button', { name: 'Edit' }).click();
    expect(await focused()).toMatchObject({ tag: 'h2', text: expect.stringMatching(/^Edit Packing slip/) });
    await expectAccessible('the template editor');

    await open('teams');
    await page.getByLabel('New merchant').fill('Lumen Candles');
    await page.getByRole('button', { name: 'Create merchant' }).click();
    const merchant = page.getByRole('region', { name: 'Merchant Lumen Candles' });
    await merchant.waitFor();
    await expectAccessible('the Teams page with a merchant open');
    const goLive = merchant.getByRole('button', { name: 'Go live…' });
    await goLive.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Go live with Lumen Candles' });
    await dialog.waitFor();
    expect(await focused()).toMatchObject({ text: 'Not yet', inDialog: true });
    await expectAccessible('the go-live dialog');
    // Nothing behind the dialog can take focus.
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      expect((await focused()).inDialog, `focus after ${i + 1} Tabs`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused()).toMatchObject({ text: 'Go live…' });
  });

  it('shows a focus ring of at least 3:1 on the sidebar, buttons, fields and links', async () => {
    await open('orders');
    const checks: [string, () => Promise<void>][] = [
      ['a sidebar link', () => page.getByRole('link', { name: /^Batches/ }).focus()],
      ['the current page’s sidebar link', () => page.getByRole('link', { name: /^Orders/ }).focus()],
      ['the sidebar’s shortcuts button', () => page.getByRole('button', { name: /Keyboard shortcuts/ }).focus()],
      ['the scan box', () => page.locator('#scan').focus()],
      ['a filter', () => page.getByRole('combobox', { name: 'Status' }).focus()],
    ];
    for (const [where, focus] of checks) {
      // Focus by keyboard, as :focus-visible asks.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await focus();
      await expectVisibleFocus(where);
    }
    await open('settings/keys');
    await page.getByRole('button', { name: 'Create key' }).focus();
    await expectVisibleFocus('a primary button');
  });

  // Every page at two sizes: 10 s on a quiet machine, three times that on a loaded one.
  it('at 200% zoom (683×384): no sideways scrolling, the menu opens, Orders and its detail stack, dialogs keep their buttons in reach', { timeout: 90_000 }, async () => {
    await page.setViewportSize({ width: 683, height: 384 });
    for (const path of PAGES) {
      await open(path);
      await expectAccessible(`the ${path} page at 200%`);
      const overflow = await page.evaluate(() => {
        const main = document.querySelector('main')!;
        const wide = [...document.querySelectorAll<HTMLElement>('main *')].filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1 && !element.closest('.table-scroll'));
        return { page: document.documentElement.scrollWidth - window.innerWidth, main: main.scrollWidth - main.clientWidth, wide: wide.slice(0, 3).map((element) => element.outerHTML.slice(0, 120)) };
      });
      expect(overflow, `sideways overflow on ${path} at 200%`).toEqual({ page: 0, main: 0, wide: [] });
    }

    // The sidebar is a Menu button; it opens the page links and a link closes it.
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await page.getByRole('link', { name: /^Teams/ }).isVisible()).toBe(false);
    await menu.click();
    await page.getByRole('link', { name: /^Teams/ }).waitFor();
    await screenshot(page, 'zoom-200-menu');
    await page.getByRole('link', { name: /^Orders/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    expect(await page.getByRole('link', { name: /^Teams/ }).isVisible()).toBe(false);

    await page.locator('#scan').fill('8002');
    await page.keyboard.press('Enter');
    const detail = page.getByRole('complementary', { name: 'Order detail' });
    await detail.getByRole('heading', { name: '#8002' }).waitFor();
    // Stacked: the detail starts below the list and the scan box, never over them.
    const boxes = await page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      const list = box('.order-list');
      const scan = box('.scan-bar');
      const aside = box('aside.detail');
      return { listBottom: list.bottom, scanBottom: scan.bottom, detailTop: aside.top, listHeight: list.height, detailWidth: aside.width };
    });
    expect(boxes.detailTop).toBeGreaterThanOrEqual(boxes.listBottom);
    expect(boxes.detailTop).toBeGreaterThanOrEqual(boxes.scanBottom);
    expect(boxes.listHeight).toBeGreaterThan(150);
    expect(boxes.detailWidth).toBeGreaterThan(600);
    await expectAccessible('Orders with the detail at 200%');
    await screenshot(page, 'zoom-200-orders-detail');

    await detail.getByRole('button', { name: 'Print…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print orders' });
    await dialog.waitFor();
    // The dialog fits the window and scrolls inside; Print and Cancel are on screen.
    const fit = await page.evaluate(() => {
      const box = document.querySelector('dialog[open]')!.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom, height: window.innerHeight };
    });
    expect(fit.top).toBeGreaterThanOrEqual(0);
    expect(fit.bottom).toBeLessThanOrEqual(fit.height);
    for (const name of ['Print', 'Cancel']) {
      const button = await dialog.getByRole('button', { name, exact: true }).boundingBox();
      expect(button!.y, `${name} on screen`).toBeGreaterThanOrEqual(0);
      expect(button!.y + button!.height, `${name} on screen`).toBeLessThanOrEqual(384);
    }
    await expectAccessible('the print dialog at 200%');
    await screenshot(page, 'zoom-200-print-dialog');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1366, height: 768 });
  });
});
