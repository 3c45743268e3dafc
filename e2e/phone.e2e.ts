import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, shot, signInAs, visit } from './browser.ts';
import { screensOf } from './routes.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** What a phone shows of the current screen: page width and the header's parts. */
async function phoneCheck(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  const title = await page.getByTestId('page-title').boundingBox();
  const logout = await page.getByTestId('logout').boundingBox();
  return { width, titleHeight: title?.height ?? 0, logoutRight: logout ? logout.x + logout.width : Infinity };
}

/** The shell's menu drawer opens with the menu's entries, and closes on Escape. */
async function drawerEntries(page: Page) {
  await page.getByTestId('menu-button').click();
  const drawer = page.locator('.app-drawer-root nav');
  await drawer.waitFor();
  const entries = await drawer.getByRole('menuitem').count();
  return { entries, close: async () => (await page.keyboard.press('Escape'), await drawer.waitFor({ state: 'hidden' })) };
}

describe('the exhibitor centre on a phone (390×844), issue 9 defect 5', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'exhibitor');
  });
  afterAll(() => page?.context().close());

  for (const lang of ['zh', 'en'] as const)
    it(`fits every exhibitor screen (${lang}): no horizontal scroll, a usable header, a menu drawer`, { timeout: 300_000 }, async () => {
      const screens = await screensOf('exhibitor', { lang });
      expect(screens.length).toBeGreaterThan(15);
      const problems: string[] = [];
      for (const { path } of screens) {
        await visit(page, path);
        const seen = await phoneCheck(page);
        if (seen.width > 390) problems.push(`${path}: page ${seen.width}px wide`);
        if (seen.titleHeight > 32) problems.push(`${path}: title wraps (${seen.titleHeight}px high)`);
        if (seen.logoutRight > 390) problems.push(`${path}: logout off-screen`);
        if (/\/(home|ExInvoice|ExCard|ExJoinInfo)$/.test(path)) await shot(page, `phone${path.replaceAll('/', '-')}`);
      }
      expect(problems).toEqual([]);
      // The drawer is the shell's, the same on every screen: checked once, on the last.
      const drawer = await drawerEntries(page);
      expect(drawer.entries).toBeGreaterThanOrEqual(10);
      await shot(page, `phone-exhibitor-menu-drawer-${lang}`);
      await drawer.close();
    });
});
