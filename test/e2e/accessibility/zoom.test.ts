import { describe, expect, it } from 'vitest';
import { screenshot } from '../browser';
import { PAGES, expectAccessible, open, page, useAccessibilityStation } from './harness';

useAccessibilityStation();

describe('the dashboard for keyboard, screen reader and zoom: 200% zoom on a 1366×768 screen', { timeout: 60_000 }, () => {
  // Every page at two sizes: 10 s on a quiet machine, three times that on a loaded one.
  it('at 200% zoom (683×384): no sideways scrolling, the menu opens, Orders and its detail stack, dialogs keep their buttons in reach', { timeout: 60_000 }, async () => {
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
