import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../helpers/station';
import { adminClient } from '../core/admin/admin-helpers';
import { joinAs, PASSWORD, type SignedIn } from '../core/people/people-helpers';
import { pdfBarcodes, pdfText } from '../core/documents/pdf-tools';
import { DASHBOARD_DIR, ensureDashboardBuilt, launchChromium, scannerTypes, screenshot, screenshotOnFailure, type TestBrowser } from './browser';

/**
 * A paired bench screen in Chromium, as an operator and an attacker at the bench live it:
 * mis-scanned badges lock no one, a PIN signs in only here (by the number pad), and a badge
 * session cannot guess the password behind it. No printer is needed: nothing prints here.
 */
let running: RunningStation;
let browser: TestBrowser;
let page: Page;
let packer: SignedIn;
let packerBadge: string;

beforeAll(async () => {
  ensureDashboardBuilt();
  running = await startStation({ dashboardDir: DASHBOARD_DIR, cupsPrinting: false });
  const shop = running.team('Склад Север');
  packer = await joinAs(running, shop.team.id, 'packer@north.example', 'admin', 'Ольга Пак');
  packerBadge = ((await (await adminClient(running).call(`/admin/api/people/${packer.id}/badge`, { method: 'POST' })).json()) as { badge: string }).badge;
  expect((await packer.call('/admin/api/me/pin', { method: 'PUT', json: { currentPassword: PASSWORD, pin: '5830' } })).status).toBe(204);
  const admin = adminClient(running);
  const bench = (await (await admin.call('/admin/api/benches', { json: { name: 'Bench North 1' } })).json()) as { id: string };
  const { code } = (await (await admin.call(`/admin/api/benches/${bench.id}/pairing-code`, { method: 'POST' })).json()) as { code: string };
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  // A fresh screen takes its pairing code at the sign-in page, before anyone signs in.
  await page.goto(running.url);
  await page.getByLabel('Pair this screen with a bench: code').fill(code);
  await page.getByRole('button', { name: 'Pair', exact: true }).click();
  await page.getByRole('region', { name: 'Bench Bench North 1' }).waitFor();
  // The locked screen offers no unpairing to whoever stands there.
  expect(await page.getByRole('button', { name: 'Unpair' }).count()).toBe(0);
});
afterEach((context) => screenshotOnFailure(page, context));
afterAll(async () => {
  await browser?.close();
  await running?.stop();
});

const locked = () => page.getByRole('region', { name: 'Bench Bench North 1' });
const signOut = async () => {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await locked().waitFor();
};

describe('the bench’s locked screen', { timeout: 60_000 }, () => {
  it('five mis-scanned badges in a row lock nobody: the real badge, scanned next, signs its person in', async () => {
    await locked().getByLabel('Scan your badge').focus();
    for (let scan = 0; scan < 5; scan++) {
      await scannerTypes(page, `STAFF-${'Q'.repeat(23)}${'ABCDE'[scan]}`);
      await locked().getByRole('alert').getByText('This badge is not known at this station').waitFor();
    }
    await locked().getByLabel('Scan your badge').focus();
    await scannerTypes(page, packerBadge);
    await page.getByText('Ольга Пак · operator').waitFor();
    // The operator's screen says which bench it is.
    expect(await page.getByLabel("This screen's bench").textContent()).toBe('Bench: Bench North 1');
    await signOut();
  });

  it('signs an operator in by e-mail and PIN typed on the number pad', async () => {
    await locked().getByLabel('E-mail').fill('packer@north.example');
    const pad = locked().getByRole('group', { name: 'Number pad' });
    for (const digit of '5830') await pad.getByRole('button', { name: digit, exact: true }).click();
    await screenshot(page, 'bench-locked-pin');
    await locked().getByRole('button', { name: 'Sign in with PIN' }).click();
    await page.getByText('Ольга Пак · operator').waitFor();
    await signOut();
    // The keyboard works the same: digits typed into the PIN field.
    await locked().getByLabel('E-mail').fill('packer@north.example');
    await locked().getByLabel('PIN', { exact: true }).pressSequentially('5830');
    await page.keyboard.press('Enter');
    await page.getByText('Ольга Пак · operator').waitFor();
    await signOut();
  });

  it('a badge session that guesses its person’s password is ended after five tries, and the screen locks', async () => {
    await locked().getByLabel('Scan your badge').focus();
    await scannerTypes(page, packerBadge);
    await page.getByText('Ольга Пак · operator').waitFor();
    await page.goto(`${running.url}/#/settings/account`);
    const account = page.getByRole('region', { name: 'Your account' });
    for (let attempt = 0; attempt < 4; attempt++) {
      await account.getByLabel('Current password').fill(`guess ${attempt}`);
      await account.getByLabel('New password (at least 10 characters)').fill('taken over at the bench');
      await account.getByLabel('The new password again').fill('taken over at the bench');
      await account.getByRole('button', { name: 'Change password' }).click();
      await account.getByRole('alert').getByText('The current password is not right').waitFor();
    }
    await account.getByLabel('Current password').fill('guess 4');
    await account.getByRole('button', { name: 'Change password' }).click();
    // The fifth wrong try ends the session: the screen is the bench's locked screen again.
    await locked().waitFor();
    expect((await running.call('/admin/api/session', { json: { email: 'packer@north.example', password: PASSWORD } })).status).toBe(429);
  });

  it('whoever signs in next starts at Orders, not on the page the last person left', async () => {
    expect(page.url()).toContain('#/settings/account');
    await locked().getByLabel('Scan your badge').focus();
    await scannerTypes(page, packerBadge);
    await page.getByText('Ольга Пак · operator').waitFor();
    await page.waitForURL(/#\/orders$/);
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
  });

  it('a new badge prints as a card (the card alone on the page), and its barcode, read back, signs its person in at the bench', async () => {
    await signOut();
    // The station admin, at another screen: Settings → People → New badge for the packer.
    const adminPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    let readBack = '';
    try {
      await adminPage.goto(`${running.url}/#login=${running.station.services.adminSessions.createLoginToken()}`);
      // Signed in (the link's token exchanged) before going on: a new address sooner would leave the sign-in page.
      await adminPage.getByText('Live', { exact: true }).waitFor();
      await adminPage.goto(`${running.url}/#/settings/people`);
      await adminPage.getByRole('row', { name: /Ольга Пак/ }).getByRole('button', { name: 'New badge' }).click();
      const card = adminPage.getByRole('figure', { name: 'Badge card of Ольга Пак' });
      await card.waitFor();
      const shown = (await card.locator('code').textContent())!;
      expect(shown).toMatch(/^STAFF-/);
      // Print badge card asks the system's print dialog for the card alone.
      await adminPage.evaluate(() => {
        window.print = () => {
          (window as unknown as { printedCardAlone: boolean }).printedCardAlone = document.body.classList.contains('printing-badge-card');
          document.body.classList.add('printed-here');
        };
      });
      await adminPage.getByRole('button', { name: 'Print badge card' }).click();
      expect(await adminPage.evaluate(() => (window as unknown as { printedCardAlone?: boolean }).printedCardAlone)).toBe(true);
      // The page puts itself back once the dialog is done (a timer, with print() stubbed):
      // only then is the card printed again here, or that timer could undo it mid-way.
      await adminPage.waitForFunction(() => !document.body.classList.contains('printing-badge-card'));
      // What the printer gets, as Chromium prints it: the card, with nothing of the page around it.
      await adminPage.evaluate(() => document.body.classList.add('printing-badge-card'));
      const printed = await adminPage.pdf({ format: 'A4', printBackground: true });
      const text = pdfText(printed);
      expect(text).toContain('Ольга Пак');
      expect(text).not.toMatch(/People|Settings|New badge/);
      expect(pdfBarcodes(printed, 300)).toEqual([`CODE-128:${shown}`]);
      readBack = shown;
    } finally {
      await adminPage.context().close();
    }
    // The code read off the card is the badge: scanned at the bench, it signs the packer in.
    await locked().getByLabel('Scan your badge').focus();
    await scannerTypes(page, readBack);
    await page.getByText('Ольга Пак · operator').waitFor();
    // The badge it replaced signs nobody in any more.
    await signOut();
    await locked().getByLabel('Scan your badge').focus();
    await scannerTypes(page, packerBadge);
    await locked().getByRole('alert').getByText('This badge is not known at this station').waitFor();
  });
});
