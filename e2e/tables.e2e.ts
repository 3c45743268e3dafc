import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE, DEMO_EXHIBITION_ID, launch, newPage, shot, signIn, signInHost } from './browser.ts';
import { screensOf } from './routes.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/**
 * Every table on the screen: the header cells of its data columns that are cut off by the table's
 * edge or lie under its fixed action column (the column's name and where it is), none when all show.
 */
const hiddenColumns = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.ant-table-wrapper')]
      .filter((wrapper) => wrapper.offsetParent !== null)
      .flatMap((wrapper) => {
        const box = wrapper.querySelector('.ant-table-container')!.getBoundingClientRect();
        const heads = [...wrapper.querySelectorAll<HTMLElement>('.ant-table-thead > tr > th')].filter((th) => th.getBoundingClientRect().width > 0);
        const fixed = heads.filter((th) => th.classList.contains('ant-table-cell-fix-end')).map((th) => th.getBoundingClientRect());
        return heads
          .filter((th) => !th.className.includes('ant-table-cell-fix') && !th.classList.contains('ant-table-selection-column') && !th.classList.contains('ant-table-row-expand-icon-cell'))
          .flatMap((th) => {
            const r = th.getBoundingClientRect();
            const outside = r.left < box.left - 1 || r.right > box.right + 1;
            const under = fixed.some((f) => r.right > f.left + 1 && r.left < f.right - 1);
            return outside || under ? [`"${th.textContent}" ${Math.round(r.left)}–${Math.round(r.right)} (table ${Math.round(box.left)}–${Math.round(box.right)}${fixed[0] ? `, actions from ${Math.round(fixed[0].left)}` : ''})`] : [];
          });
      }),
  );

async function checkEveryList(page: Page, shell: 'host' | 'admin' | 'exhibitor') {
  const screens = await screensOf(shell, { menuOnly: true });
  const problems: string[] = [];
  for (const { path } of screens) {
    await page.goto(`${BASE}${path}`);
    await page.getByTestId('page-title').filter({ hasText: /\S/ }).waitFor();
    await page.waitForLoadState('networkidle');
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForFunction(() => window.innerWidth > 1200);
      for (const cut of await hiddenColumns(page)) problems.push(`${path} at ${width}: ${cut}`);
    }
  }
  return problems;
}

describe('list screens at 1280 and 1440 px, issue 9 defect 6', () => {
  it('hide no data column under the fixed action column, host screens', { timeout: 600_000 }, async () => {
    const page = await newPage(browser);
    await signInHost(page);
    const problems = await checkEveryList(page, 'host');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${BASE}/live/index/admin/exhibitor`);
    await page.locator('.ant-table-tbody .ant-table-row').first().waitFor();
    await shot(page, 'tables-host-exhibitors-1280');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('hide no data column under the fixed action column, admin and exhibitor screens', { timeout: 600_000 }, async () => {
    const admin = await newPage(browser);
    await signIn(admin, '/admin/login/alogin', 'admin');
    await admin.waitForURL('**/admin/adminEx');
    const problems = await checkEveryList(admin, 'admin');
    await admin.context().close();
    const exhibitor = await newPage(browser);
    await signIn(exhibitor, `/ex-live/login/ex?id=${DEMO_EXHIBITION_ID}`, 'exhibitor');
    await exhibitor.waitForURL('**/ex-live/index/home');
    problems.push(...(await checkEveryList(exhibitor, 'exhibitor')));
    await exhibitor.context().close();
    expect(problems).toEqual([]);
  });
});
