import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import type { RunningStation } from '../helpers/station';

const ROOT = resolve(import.meta.dirname, '../..');
export const DASHBOARD_DIR = join(ROOT, 'dist/renderer');

/** The dashboard as `npm ci` builds it (prepare); built here when a checkout skipped that. */
export function ensureDashboardBuilt(): void {
  if (existsSync(join(DASHBOARD_DIR, 'index.html'))) return;
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: ROOT, stdio: 'inherit' });
}

/**
 * The worker's Chromium: launched by the first file that asks, replaced if it crashes, gone
 * with the worker. Chromium's headless shell (Debian's `chromium-headless-shell`, the build
 * Playwright runs headless): the same Blink, its pages and their events, without the full
 * browser's UI behind them — the suite's page walks took 43% less CPU in it than in
 * `/usr/bin/chromium`. Kiosk printing, which needs the full browser, launches its own
 * (test/electron/kiosk-chromium.ts).
 */
let workerChromium: Promise<Browser> | undefined;
function chromiumOfThisWorker(): Promise<Browser> {
  if (!workerChromium) {
    const launching = chromium.launch({
      executablePath: '/usr/lib/chromium/chromium-headless-shell',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    workerChromium = launching;
    launching.then(
      (browser) => browser.on('disconnected', () => workerChromium === launching && (workerChromium = undefined)),
      () => workerChromium === launching && (workerChromium = undefined),
    );
  }
  return workerChromium;
}

/** A test file's browser: its own contexts (cookies, storage, pages) in the worker's Chromium; `close` closes them. */
export interface TestBrowser {
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  newPage(options?: BrowserContextOptions): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Chromium for a test file. One browser serves every file of a vitest worker (a launch costs
 * ~1.5 s of the 2-core machine's CPU); each file works in contexts of its own, as separate
 * as separate browsers for what a page can see, and closes them when done.
 */
export async function launchChromium(): Promise<TestBrowser> {
  const browser = await chromiumOfThisWorker();
  const contexts = new Set<BrowserContext>();
  const newContext = async (options?: BrowserContextOptions) => {
    const context = await browser.newContext(options);
    contexts.add(context);
    return context;
  };
  return {
    newContext,
    newPage: async (options) => (await newContext(options)).newPage(),
    close: async () => {
      await Promise.all([...contexts].map((context) => context.close().catch(() => {})));
    },
  };
}

/**
 * Where page screenshots go: `docs/screenshots/` when STATION_SCREENSHOTS=docs (to refresh
 * the README's pictures), else a temp folder so a test run leaves the checkout untouched.
 */
export const SCREENSHOT_DIR = (() => {
  if (process.env.STATION_SCREENSHOTS === 'docs') return join(ROOT, 'docs/screenshots');
  const dir = mkdtempSync(join(tmpdir(), 'station-screens-'));
  mkdirSync(dir, { recursive: true });
  return dir;
})();

export const screenshot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });

/** A failed test leaves a picture of the page in the temp folder, named in the error log. */
export async function screenshotOnFailure(page: Page | undefined, context: { task: { name: string; result?: { state?: string } } }): Promise<void> {
  if (!page || context.task.result?.state !== 'fail') return;
  const path = join(tmpdir(), `station-e2e-failed-${context.task.name.replace(/\W+/g, '-').slice(0, 60)}.png`);
  await page.screenshot({ path }).catch(() => {});
  console.error(`page at failure: ${path}`);
}

/** Chromium with one 1440×900 page signed in to the station's dashboard by its one-time link. */
export async function openSignedInDashboard(running: RunningStation): Promise<{ browser: TestBrowser; page: Page }> {
  const browser = await launchChromium();
  // A context of its own (not browser.newPage): axe opens a second page in it to gather results.
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await page.goto(`${running.url}/#login=${running.station.services.adminSessions.createLoginToken()}`);
  await page.getByText('Live', { exact: true }).waitFor();
  return { browser, page };
}

/**
 * A barcode scanner at `page`: the code's keys, then Enter, sent to the browser all at once
 * (as a USB scanner's keys reach the OS within a few milliseconds of each other), not one
 * at a time with a round trip each: under load, Playwright's `keyboard.type` waits for each
 * key to be handled before sending the next, and a busy test process then spaces them far
 * wider than any scanner does. Each key carries the time a scanner's would (`timestamp`, 4 ms
 * apart, as the OS stamps a USB scanner's keys): the page reads a burst's pace from those
 * stamps, and a loaded machine that hands the keys to the page late does not change them.
 * Resolves once the browser has taken every key.
 */
export async function scannerTypes(page: Page, code: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const keys: Promise<unknown>[] = [];
    const startedAt = Date.now() / 1000;
    const at = (index: number) => startedAt + index * 0.004;
    [...code].forEach((char, index) => {
      keys.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: char, text: char, unmodifiedText: char, timestamp: at(index) }));
      keys.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: char, timestamp: at(index) }));
    });
    const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13, timestamp: at(code.length) };
    keys.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...enter, text: '\r', unmodifiedText: '\r' }));
    keys.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter }));
    await Promise.all(keys);
  } finally {
    await cdp.detach();
  }
}
