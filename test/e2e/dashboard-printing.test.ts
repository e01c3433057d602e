import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sampleOrder, startStation, type RunningStation } from '../helpers/station';
import { DASHBOARD_DIR, ensureDashboardBuilt, openSignedInDashboard, screenshot, screenshotOnFailure, type TestBrowser } from './browser';
import { useTestCups } from '../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
const cups = useTestCups();

let running: RunningStation;
let browser: TestBrowser;
let page: Page;
let shop: ReturnType<RunningStation['team']>;
let token: string;

interface PrinterView {
  id: string;
  status: string;
  name: string;
  nickname: string;
  printerVendorId: string;
  trays: string[];
}

const adminGet = async <T>(path: string): Promise<T> =>
  (await fetch(`${running.url}/admin/api${path}`, { headers: { Authorization: `Bearer ${token}` } })).json() as Promise<T>;

beforeAll(async () => {
  ensureDashboardBuilt();
  running = await startStation({ dashboardDir: DASHBOARD_DIR });
  shop = running.team('Corner Shop');
  token = running.station.services.adminSessions.createSessionToken();
  ({ browser, page } = await openSignedInDashboard(running));
});
afterEach((context) => screenshotOnFailure(page, context));
afterAll(async () => {
  await browser?.close();
  await running?.stop();
});

async function openOrder(number: string) {
  await page.goto(`${running.url}/#/orders`);
  await page.locator(`[data-order-number="#${number}"]`).waitFor();
  await page.locator('#scan').fill(number);
  await page.keyboard.press('Enter');
  await page.getByRole('complementary', { name: 'Order detail' }).getByRole('heading', { name: `#${number}` }).waitFor();
}

describe('printing from the dashboard in a real browser', { timeout: 60_000 }, () => {
  it('prints an order from its detail; the batch shows its status and the PDF lands in the folder printer', async () => {
    await running.call('/api/orders', { key: shop.key, json: sampleOrder(7001) });
    await openOrder('7001');
    await page.getByRole('complementary', { name: 'Order detail' }).getByRole('button', { name: 'Print…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print orders' });
    await screenshot(page, 'print-dialog');
    await dialog.getByRole('button', { name: 'Print', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByLabel('Scan results').getByText(/^#7001: (Preparing|At the printer|Printed)/).waitFor();

    await page.goto(`${running.url}/#/batches`);
    const batch = page.getByRole('article').first();
    await batch.getByRole('link', { name: '#7001' }).waitFor();
    await batch.locator('.batch-head .chip-done').waitFor({ timeout: 20_000 });
    // The one batch is the dialog's (automatic printing is paused here), and its job's PDF is in the folder.
    const batches = await adminGet<{ trigger: string; orders: { orderNumber?: string; id: string }[]; jobs: { id: string }[] }[]>('/print-batches');
    expect(batches).toHaveLength(1);
    expect(batches[0]!.trigger).not.toBe('auto');
    const printed = join(running.dataDir, 'printed');
    expect(existsSync(join(printed, `station-job-${batches[0]!.jobs[0]!.id}.pdf`))).toBe(true);
    expect(readdirSync(printed).filter((file) => file.endsWith('.pdf'))).toHaveLength(1);
    await screenshot(page, 'batches');
  });

  it('a rule names printers to fall back on, in order, and removes them again', async () => {
    const printers = await adminGet<PrinterView[]>('/printers');
    const byQueue = (queue: string) => printers.find((printer) => printer.printerVendorId === queue)!;
    const [first, second] = [byQueue('PDF'), byQueue('LABEL4x6')];
    await page.goto(`${running.url}/#/routing`);
    await page.getByLabel('New rule tag').fill('gift-note');
    await page.getByLabel('New rule printer').selectOption({ label: first.nickname || first.name });
    await page.getByRole('button', { name: 'Save rule' }).click();
    const pool = page.getByLabel('Add a printer to fall back on for gift-note');
    await pool.selectOption({ label: second.nickname || second.name });
    const removeButton = page.getByRole('button', { name: `Remove ${second.nickname || second.name} from the gift-note pool` });
    await removeButton.waitFor();
    const routing = await adminGet<{ routes: { tag: string; printerId: string; fallbackPrinterIds: string[] }[] }>(`/teams/${shop.team.id}/routing`);
    expect(routing.routes.find((route) => route.tag === 'gift-note')).toMatchObject({ printerId: first.id, fallbackPrinterIds: [second.id] });
    await removeButton.click();
    await removeButton.waitFor({ state: 'detached' });
    const after = await adminGet<{ routes: { tag: string; fallbackPrinterIds: string[] }[] }>(`/teams/${shop.team.id}/routing`);
    expect(after.routes.find((route) => route.tag === 'gift-note')!.fallbackPrinterIds).toEqual([]);
  });

  it('a routing rule edited in the page sends the next print of that tag to its printer and tray', async () => {
    const printers = await adminGet<PrinterView[]>('/printers');
    const trays = printers.find((printer) => printer.printerVendorId === 'TRAYS');
    expect(trays, 'the TRAYS CUPS queue from scripts/install-system-deps.sh').toBeDefined();
    const label = trays!.nickname || trays!.name;

    await page.goto(`${running.url}/#/routing`);
    await page.getByLabel('New rule tag').fill('packing-slip');
    await page.getByLabel('New rule printer').selectOption({ label });
    await page.getByLabel('New rule tray').selectOption(trays!.trays[1]!);
    await page.getByRole('button', { name: 'Save rule' }).click();
    const rules = page.getByRole('table', { name: 'Tag rules' });
    await rules.getByText(`→ ${label}, ${trays!.trays[1]}`).waitFor();
    await screenshot(page, 'routing');

    await running.call('/api/orders', { key: shop.key, json: sampleOrder(7002) });
    await page.goto(`${running.url}/#/orders`);
    await page.locator('[data-order-number="#7002"]').waitFor();
    await page.getByRole('checkbox', { name: 'Select order #7002' }).check();
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Print…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print orders' });
    await dialog.getByRole('button', { name: 'Print', exact: true }).click();
    await page.getByLabel('Scan results').getByText(new RegExp(`^#7002: (Preparing for|At the printer|Printed on) ${trays!.name}`)).waitFor();

    const order = (await (await running.call(`/api/orders/${encodeURIComponent(`${shop.team.id}/api-7002`)}/status`, { key: shop.key })).json()) as { id: string };
    const batches = await adminGet<{ printerId: string; trigger: string; jobs: { tray: string | null }[]; orders: { id: string }[] }[]>('/print-batches');
    const ours = batches.filter((batch) => batch.orders.some((entry) => entry.id === order.id));
    expect(ours).toHaveLength(1);
    expect(ours[0]!.trigger).not.toBe('auto');
    expect(ours[0]!.printerId).toBe(trays!.id);
    expect(ours[0]!.jobs[0]!.tray).toBe(trays!.trays[1]);
    await expect
      .poll(async () => (await adminGet<{ state: string }[]>('/print-batches')).map((batch) => batch.state), { timeout: 30_000 })
      .toEqual(batches.map(() => 'done'));
  });

  it('shows the printers with their trays and lets an admin rename one', async () => {
    await page.goto(`${running.url}/#/printers`);
    const nickname = page.getByLabel('Nickname of TRAYS');
    await nickname.fill('Label printer');
    await nickname.blur();
    await expect
      .poll(async () => (await adminGet<PrinterView[]>('/printers')).find((printer) => printer.printerVendorId === 'TRAYS')?.nickname)
      .toBe('Label printer');
    await screenshot(page, 'printers');
  });

  it('a printer gone from CUPS: Routing and the Overview say which tags it strands, Printers offers Remove (not Test print), and names stay whole at 1366 px', async () => {
    cups.addQueue('Лента_Gift_Shelf_Printer_Upstairs', 'documents');
    const listed = await (await fetch(`${running.url}/admin/api/printers/refresh`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })).json() as PrinterView[];
    const shelf = listed.find((printer) => printer.printerVendorId === 'Лента_Gift_Shelf_Printer_Upstairs')!;
    const route = await fetch(`${running.url}/admin/api/teams/${shop.team.id}/routing/tags/gift-note`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ printerId: shelf.id, saveAnyway: true }),
    });
    expect(route.status).toBe(200);
    execFileSync('lpadmin', ['-x', 'Лента_Gift_Shelf_Printer_Upstairs']);
    // The station follows its printers: no one presses "Refresh printers".
    await expect.poll(async () => (await adminGet<PrinterView[]>('/printers')).find((printer) => printer.id === shelf.id)?.status, { timeout: 30_000 }).toBe('missing');

    await page.setViewportSize({ width: 1366, height: 900 });
    try {
      await page.goto(`${running.url}/#/routing`);
      await page.getByLabel('Team').selectOption({ label: 'Corner Shop' }).catch(() => undefined);
      await page.getByRole('alert').getByText(/Routing names printers the print system no longer lists: “gift-note” → Лента_Gift_Shelf_Printer_Upstairs/).waitFor();
      await page.getByRole('row', { name: /gift-note/ }).getByText('Missing from the print system: this tag does not print').waitFor();
      await screenshot(page, 'routing-missing-printer');

      await page.goto(`${running.url}/#/`);
      const needsALook = page.getByRole('region', { name: 'Needs a look' });
      await needsALook.getByText("Corner Shop's “gift-note”").waitFor();
      await needsALook.getByText('The print system no longer lists Лента_Gift_Shelf_Printer_Upstairs: choose another printer in Routing').waitFor();
      await screenshot(page, 'overview-missing-printer');

      await page.goto(`${running.url}/#/printers`);
      const row = page.getByRole('row', { name: /Лента_Gift_Shelf_Printer_Upstairs/ });
      await row.getByRole('button', { name: 'Remove Лента_Gift_Shelf_Printer_Upstairs' }).waitFor();
      expect(await row.getByRole('button', { name: 'Test print' }).count()).toBe(0);
      // Every printer's name and the name it is shown by read whole, and the table fits the page (its buttons too).
      const clipped = await page.locator('table td:first-child').evaluateAll((cells) =>
        cells.flatMap((cell) => {
          const name = cell.querySelector('strong')!;
          const shown = cell.querySelector('input')!;
          return [
            ...(name.getBoundingClientRect().right > cell.getBoundingClientRect().right + 1 ? [name.textContent] : []),
            ...(shown.scrollWidth > shown.clientWidth + 1 ? [`shown as ${shown.value || shown.placeholder}`] : []),
          ];
        }),
      );
      expect(clipped).toEqual([]);
      const table = page.getByRole('region', { name: 'Printers table' });
      expect(await table.evaluate((scroller) => scroller.scrollWidth - scroller.clientWidth)).toBeLessThanOrEqual(1);
      await screenshot(page, 'printers-missing');

      // Routing still sends gift notes there: removing it is refused, in words.
      await row.getByRole('button', { name: /^Remove/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove printer' }).click();
      await page.getByText(/was not removed: Routing still sends documents to Лента_Gift_Shelf_Printer_Upstairs: Corner Shop's "gift-note"/).waitFor();

      // Once routing points elsewhere, it goes.
      expect((await fetch(`${running.url}/admin/api/teams/${shop.team.id}/routing/tags/gift-note`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
      await row.getByRole('button', { name: /^Remove/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove printer' }).click();
      await page.getByRole('status').getByText('Лента_Gift_Shelf_Printer_Upstairs was removed.').waitFor();
      await row.waitFor({ state: 'detached' });
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });
});
