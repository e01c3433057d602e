import type { CDPSession, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../helpers/station';
import { adminClient } from '../core/admin/admin-helpers';
import { joinAs, PASSWORD } from '../core/people/people-helpers';
import { DASHBOARD_DIR, ensureDashboardBuilt, launchChromium, screenshot, screenshotOnFailure, type TestBrowser } from './browser';

/**
 * Passkeys in a real Chromium, with Chromium's own virtual authenticator (DevTools'
 * WebAuthn domain: a platform authenticator that verifies the user at once) standing in for
 * a fingerprint reader. The dashboard is opened at localhost: WebAuthn takes a host name.
 */
let running: RunningStation;
let browser: TestBrowser;
let page: Page;
let cdp: CDPSession;
let base: string;
let person: Awaited<ReturnType<typeof joinAs>>;

beforeAll(async () => {
  ensureDashboardBuilt();
  running = await startStation({ dashboardDir: DASHBOARD_DIR });
  base = running.url.replace('127.0.0.1', 'localhost');
  const shop = running.team('Магазин Ключ');
  person = await joinAs(running, shop.team.id, 'yuki@key-shop.example', 'admin', '佐藤 ゆき');
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
});
afterEach((context) => screenshotOnFailure(page, context));
afterAll(async () => {
  await browser?.close();
  await running?.stop();
});

async function signInWithPassword() {
  await page.goto(`${base}/#/settings/account`);
  await page.getByLabel('E-mail').fill('yuki@key-shop.example');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText('佐藤 ゆき · admin').waitFor();
}

describe('passkeys', { timeout: 60_000 }, () => {
  it('a person adds a passkey in Settings → Your account, signs out, and signs in with it alone', async () => {
    await signInWithPassword();
    await page.getByLabel('Name of the passkey').fill('Ноутбук склада');
    await page.getByLabel('Your password (it confirms that you add it)').fill(PASSWORD);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Ноутбук склада was added: sign in with it at localhost.').waitFor();
    await page.getByRole('list', { name: 'Your passkeys' }).getByText('Ноутбук склада').waitFor();
    await screenshot(page, 'passkeys-added');
    // Kept as a public key for the host name it was made at.
    const kept = running.station.db.prepare('SELECT user_id, rp_id, length(public_key) AS bytes FROM passkeys').all() as Array<{ user_id: string; rp_id: string; bytes: number }>;
    expect(kept).toEqual([{ user_id: person.id, rp_id: 'localhost', bytes: expect.any(Number) }]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByText('佐藤 ゆき · admin').waitFor();
    const used = running.station.db.prepare('SELECT last_used_at FROM passkeys').pluck().get();
    expect(used).toEqual(expect.any(String));
  });

  it('a disabled person’s passkey is refused with the one 401, and nothing is said about who exists', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    expect((await adminClient(running).call(`/admin/api/people/${person.id}/disable`, { method: 'POST' })).status).toBe(200);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('alert').getByText('This passkey is not known at this station, or it could not be checked').waitFor();
    expect((await adminClient(running).call(`/admin/api/people/${person.id}/enable`, { method: 'POST' })).status).toBe(200);
  });

  it('is not offered at an IP address, where WebAuthn cannot work: the station says what works', async () => {
    const refused = await fetch(`${running.url}/admin/api/session/passkey-options`, { method: 'POST', headers: { Origin: running.url } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'passkeys_unavailable_here', message: expect.stringMatching(/localhost/) });
    await page.goto(`${running.url}/`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign in with a passkey' }).count()).toBe(0);
  });
});
