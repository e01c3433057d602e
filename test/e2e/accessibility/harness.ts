import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createTeam } from '../../../main/core/features/teams/service';
import { sampleOrder, startStation, type RunningStation } from '../../helpers/station';
import { axeFindings, describeFindings, type AxeFinding } from '../axe';
import { DASHBOARD_DIR, ensureDashboardBuilt, launchChromium, screenshotOnFailure, type TestBrowser } from '../browser';
import { useTestCups } from '../../helpers/cups/test-cups';

/**
 * The dashboard as an operator at a packing bench meets it: axe-core on every page and every
 * dialog or editor state, the keyboard alone, focus that can be seen, and 200% zoom on a
 * 1366×768 screen (683×384 CSS px). A real station, real Chromium. Three files (pages,
 * keyboard, zoom) share this harness, so they run side by side; each starts its own station
 * with the same orders (useAccessibilityStation) and reads the state below.
 */
export let running: RunningStation;
export let browser: TestBrowser;
export let context: BrowserContext;
export let page: Page;
export let shop: ReturnType<RunningStation['team']>;
export let token: string;

export const PAGES = ['orders', 'batches', 'new', 'printers', 'routing', 'templates', 'flows', 'links', 'teams', 'settings', 'settings/keys', 'settings/retention', 'settings/account', 'settings/people', 'settings/activity'];

/**
 * Moderate and minor axe findings the dashboard keeps, each with its reason; the
 * accessibility part of docs/admins.md lists the same. Empty: none are kept.
 */
const KEPT_MINOR_FINDINGS: Record<string, string> = {};

export const admin = (path: string, init: { method?: string; json?: unknown } = {}) =>
  fetch(`${running.url}/admin/api${path}`, {
    method: init.method ?? (init.json ? 'POST' : 'GET'),
    headers: { Authorization: `Bearer ${token}`, ...(init.json ? { 'Content-Type': 'application/json' } : {}) },
    body: init.json ? JSON.stringify(init.json) : undefined,
  });

/** Opens a page of the dashboard and waits until its heading and its data are on screen. */
export async function open(path: string) {
  await page.goto(`${running.url}/#/${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForFunction(() => !document.body.innerText.includes('Loading…'));
}

/** Fails with a readable list when axe finds anything critical or serious, or a minor finding nobody decided to keep. */
export async function expectAccessible(state: string, on: Page = page) {
  const findings = await axeFindings(on);
  const serious = findings.filter((finding) => finding.impact === 'critical' || finding.impact === 'serious');
  const unexplained = findings.filter((finding: AxeFinding) => !serious.includes(finding) && !(finding.rule in KEPT_MINOR_FINDINGS));
  expect(describeFindings(serious), `critical or serious axe findings in ${state}`).toBe('');
  expect(describeFindings(unexplained), `moderate or minor axe findings in ${state} not listed in docs/admins.md`).toBe('');
}

/** The element that has focus, described for assertions: its role-ish tag, name and where it is. */
export const focused = () =>
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
export function contrast(a: string, b: string): number {
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
export const focusRing = () =>
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

export async function expectVisibleFocus(where: string) {
  const ring = await focusRing();
  expect(ring.style, `focus ring style on ${where}`).not.toBe('none');
  expect(ring.width, `focus ring width on ${where}`).toBeGreaterThanOrEqual(2);
  expect(contrast(ring.color, ring.background), `focus ring contrast on ${where} (${ring.color} on ${ring.background})`).toBeGreaterThanOrEqual(3);
}

/** This file's station, seeded with orders in every script, and a signed-in page at 1366×768; call at the file's top. */
export function useAccessibilityStation(): void {
  // The dashboard shows a station's printers: this file's own CUPS, with the suite's queues (test/helpers/cups).
  useTestCups();
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
}
