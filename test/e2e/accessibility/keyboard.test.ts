import { describe, expect, it } from 'vitest';
import { sampleOrder } from '../../helpers/station';
import { admin, expectAccessible, expectVisibleFocus, focused, open, page, running, shop, useAccessibilityStation } from './harness';

useAccessibilityStation();

describe('the dashboard for keyboard, screen reader and zoom: the keyboard alone: the Orders page, dialogs, errors and shortcuts', { timeout: 60_000 }, () => {
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
});
