import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sampleOrder, startStation, type RunningStation } from '../helpers/station';
import { DASHBOARD_DIR, ensureDashboardBuilt, openSignedInDashboard, scannerTypes, screenshot, screenshotOnFailure, type TestBrowser } from './browser';
import { useTestCups } from '../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

/**
 * The packing bench as an operator works it, in a real browser: a barcode scanner is a
 * keyboard that types a whole code in under 50 ms, then Enter. Twenty slips in a row with
 * "Print as soon as an order is scanned", while result lines, the print dialog and the
 * shortcuts dialog come and go: every order opens and prints exactly once.
 */
let running: RunningStation;
let browser: TestBrowser;
let page: Page;
let shop: ReturnType<RunningStation['team']>;

const NUMBERS = Array.from({ length: 20 }, (_, i) => String(2001 + i));
/** Orders scanned from each kind of focus. */
const FROM_FOCUS = Array.from({ length: 6 }, (_, i) => String(2101 + i));

beforeAll(async () => {
  ensureDashboardBuilt();
  running = await startStation({ dashboardDir: DASHBOARD_DIR });
  shop = running.team('Bench Shop');
  // Names in the scripts the station serves: Cyrillic, CJK, Hebrew.
  const names = [['Анна', 'Петрова'], ['花子', '山田'], ['שרה', 'כהן']];
  for (const [i, number] of [...NUMBERS, ...FROM_FOCUS].entries()) {
    const [firstName, lastName] = names[i % names.length]!;
    expect((await running.call('/api/orders', { key: shop.key, json: sampleOrder(number, { customer: { firstName, lastName } }) })).status).toBe(201);
  }
  ({ browser, page } = await openSignedInDashboard(running));
});
afterEach((context) => screenshotOnFailure(page, context));
afterAll(async () => {
  await browser?.close();
  await running?.stop();
});

/** The scanner: the code's keys and Enter, as fast as the browser takes them, into whatever has focus. */
const scan = (code: string) => scannerTypes(page, code);

/** Print requests that hold each order's documents, by order number. */
function printRequestsOf(number: string): number {
  return running.station.db
    .prepare(
      `SELECT COUNT(DISTINCT j.request_id) FROM print_job_documents d JOIN print_jobs j ON j.id = d.job_id JOIN orders o ON o.id = d.order_id
       WHERE o.team_id = ? AND o.order_number = ?`,
    )
    .pluck()
    .get(shop.team.id, `#${number}`) as number;
}

/** The order's status as its merchant's system reads it. */
async function statusOf(number: string): Promise<string> {
  const response = await running.call(`/api/orders/${encodeURIComponent(`${shop.team.id}/api-${number}`)}/status`, { key: shop.key });
  return ((await response.json()) as { status: string }).status;
}

const latest = () => page.getByLabel('Scan results').locator('.scan-latest');

describe('the bench: scan to paper', { timeout: 60_000 }, () => {
  it('20 scans in a row print 20 orders once each, whatever dialog is open when a scan arrives', async () => {
    await page.goto(`${running.url}/#/orders`);
    await page.locator('[data-order-number="#2020"]').waitFor();
    await page.getByRole('checkbox', { name: 'Print as soon as an order is scanned' }).check();
    await page.locator('#scan').focus();
    // What the screen asks the station while scanning: one call a scan, not a search, a check and a print.
    const asked: string[] = [];
    const onRequest = (request: { method(): string; url(): string }) => asked.push(`${request.method()} ${new URL(request.url()).pathname}${new URL(request.url()).search}`);
    page.on('request', onRequest);

    for (const [i, number] of NUMBERS.entries()) {
      if (i === 4) {
        // The print dialog of the order just scanned is open when the next slip is scanned.
        await page.keyboard.press('Alt+P');
        await page.getByRole('dialog', { name: 'Print orders' }).waitFor();
      } else if (i === 9) {
        // The shortcuts overlay is open.
        await page.keyboard.press('Escape'); // to the list, where `?` is a shortcut
        await page.keyboard.press('?');
        await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
      } else if (i === 14) {
        // Focus is in the order list, not the scan box.
        await page.keyboard.press('Escape');
      }
      await scan(`#${number}`);
      // The operator sees this slip's line before the next (the scan did not vanish).
      await latest().getByText(new RegExp(`^#${number}: (Preparing|At the printer|Printed)`)).waitFor();
      if (i === 9) await page.keyboard.press('Escape'); // closes the shortcuts overlay
      await page.getByRole('complementary', { name: 'Order detail' }).getByRole('heading', { name: `#${number}` }).waitFor();
    }
    page.off('request', onRequest);
    expect(asked.filter((call) => call === 'POST /admin/api/orders/scan')).toHaveLength(20);
    // No search by the code and no print of its own: the scan did both (the list still follows the orders’ changes).
    expect(asked.filter((call) => /^GET \/admin\/api\/orders\?.*\bq=/.test(call) || call === 'POST /admin/api/orders/print')).toEqual([]);
    await expect.poll(() => NUMBERS.filter((number) => printRequestsOf(number) === 1).length, { timeout: 30_000 }).toBe(20);
    expect(NUMBERS.map(printRequestsOf)).toEqual(NUMBERS.map(() => 1));
    // Every order reached paper (Save as PDF), and says so.
    for (const number of NUMBERS) await expect.poll(() => statusOf(number), { timeout: 30_000 }).toBe('printed');
    await latest().getByText('#2020: Printed on Save as PDF').waitFor();
    await screenshot(page, 'orders-scanning');
  });

  it('a re-scan of a printed order asks first: Esc leaves it, Enter prints it once more', async () => {
    await page.locator('#scan').focus();
    await scan('#2001');
    const question = page.getByRole('alert').getByText(/^#2001 was printed once, last at \d\d:\d\d on Save as PDF — Enter prints it again, Esc cancels$/);
    await question.waitFor();
    await screenshot(page, 'orders-reprint-question');
    await page.keyboard.press('Escape');
    await latest().getByText('#2001 not printed again').waitFor();
    expect(printRequestsOf('2001')).toBe(1);

    await scan('#2002');
    await page.getByRole('alert').getByText(/^#2002 was printed once/).waitFor();
    await page.keyboard.press('Enter');
    await latest().getByText(/^#2002: (Preparing|At the printer|Printed)/).waitFor();
    await expect.poll(() => printRequestsOf('2002')).toBe(2);

    // A new scan while a question is open answers it "no", and is handled itself.
    await scan('#2003');
    await page.getByRole('alert').getByText(/^#2003 was printed once/).waitFor();
    await scan('#2004');
    await page.getByRole('alert').getByText(/^#2004 was printed once/).waitFor();
    await page.keyboard.press('Escape');
    expect(printRequestsOf('2003')).toBe(1);
    expect(printRequestsOf('2004')).toBe(1);
  });

  it('a scan is taken wherever focus is: a checkbox, a select, a button, a link, the page; `/` in the scan box types nothing', async () => {
    await page.goto(`${running.url}/#/orders`);
    await page.locator('[data-order-number="#2106"]').waitFor();
    const detailHeading = (number: string) => page.getByRole('complementary', { name: 'Order detail' }).getByRole('heading', { name: `#${number}` });
    const focusKinds: [string, () => Promise<void>][] = [
      // Clicked twice: focus stays on the checkbox, the switch as it was.
      ['the "Sound on errors" checkbox', async () => {
        const sound = page.getByRole('checkbox', { name: 'Sound on errors' });
        await sound.click();
        await sound.click();
      }],
      ['a filter’s select', () => page.getByLabel('Status').focus()],
      ['a button', () => page.getByRole('button', { name: 'Close detail' }).focus()],
      ['a link', () => page.getByRole('link', { name: /^Orders/ }).first().focus()],
      ['the page itself', () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())],
    ];
    for (const [i, [where, focus]] of focusKinds.entries()) {
      const number = FROM_FOCUS[i]!;
      if (i > 0) await detailHeading(FROM_FOCUS[i - 1]!).waitFor();
      await focus();
      expect(await page.evaluate(() => document.activeElement?.id), where).not.toBe('scan');
      await scan(`#${number}`);
      await latest().getByText(new RegExp(`^#${number}`)).waitFor({ timeout: 10_000 }).catch(() => {
        throw new Error(`the scan from ${where} was lost`);
      });
      await detailHeading(number).waitFor();
    }
    expect(await page.getByLabel('Status').inputValue()).toBe('');

    // `/` goes to the scan box; pressed again there, it types nothing.
    await page.locator('#scan').focus();
    await page.locator('#scan').fill('');
    await page.keyboard.press('/');
    expect(await page.locator('#scan').inputValue()).toBe('');
    // The box still reads the next scan.
    await scan(`#${FROM_FOCUS[5]}`);
    await detailHeading(FROM_FOCUS[5]!).waitFor();
    await screenshot(page, 'orders-scan-from-anywhere');
  });

  it('in a dialog’s text field a person’s typing stays; a scanner’s burst there is a scan', async () => {
    await page.locator('#scan').focus();
    await page.keyboard.press('Alt+P');
    const dialog = page.getByRole('dialog', { name: 'Print orders' });
    await dialog.waitFor();
    const template = dialog.getByPlaceholder('As routed (template id or name)');
    await template.focus();
    // A person: 150 ms a key, then Enter.
    await page.keyboard.type('Gift', { delay: 150 });
    expect(await template.inputValue()).toBe('Gift');
    // The person takes it back (Backspace is no code's key), then a scanner in the same field: the dialog gives way and the code is read as a scan (the
    // order was printed by the scan above, so the bench asks before printing it again).
    for (let i = 0; i < 'Gift'.length; i++) await page.keyboard.press('Backspace');
    // Its print has reached paper (while it is at the printer the bench asks "printing now" instead).
    await expect.poll(() => statusOf('2102'), { timeout: 30_000 }).toBe('printed');
    await scan('#2102');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('alert').getByText(/^#2102 was printed once/).waitFor();
    await page.keyboard.press('Escape');
    await latest().getByText('#2102 not printed again').waitFor();
  });

  it('an unknown scan reads as an error and closes the order shown', async () => {
    await page.locator('#scan').focus();
    await scan('#9999');
    await page.getByRole('alert').getByText('No order “#9999”. Check the number, or look under Ignored.').waitFor();
    await page.getByRole('complementary', { name: 'Order detail' }).waitFor({ state: 'detached' });
    await screenshot(page, 'orders-unknown-scan');
  });
});
