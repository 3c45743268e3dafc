import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE, launch, newPage, shot, signInAs, signInHost } from './browser.ts';

/** The first visit of a screen loads its chunk: more than expect.poll's default second. */
const WAIT = { timeout: 15_000 };
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser);
});
afterAll(() => browser?.close());

/** The table row of a demo visitor (server/src/seed/demo-visitors.ts). */
const rowOf = (name: string) => page.locator('[data-testid=member-table] tr.ant-table-row', { hasText: name });
const search = async (fill: () => Promise<void>) => {
  const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/member/page');
  await fill();
  await page.locator('#member-search_keyword').press('Enter');
  await listed;
};

describe('visitor management (issue 11)', () => {
  it('the host filters the visitors, approves one, blacklists another and reads a registration', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInHost(page, '/live/index/admin/audience');
    await expect.poll(() => rowOf('王小明').count(), WAIT).toBe(1);
    expect(await page.locator('[data-testid=member-table] tr.ant-table-row').count()).toBeGreaterThanOrEqual(4);

    // The action column is fixed at the end: at 1440 px it covers no data column.
    const boxes = await page.locator('[data-testid=member-table] thead th').evaluateAll((ths) => ths.map((th) => th.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })));
    const actions = boxes.at(-1)!;
    expect(boxes.slice(0, -1).every((b) => b.right <= actions.left + 1)).toBe(true);

    await search(() => page.locator('#member-search_keyword').fill('星河'));
    await expect.poll(() => page.locator('[data-testid=member-table] tr.ant-table-row').count(), WAIT).toBe(1);
    await shot(page, 'audience-filtered');
    await page.locator('[data-testid=member-table]').getByRole('button', { name: /重\s*置/ }).click();
    await expect.poll(() => page.locator('[data-testid=member-table] tr.ant-table-row').count(), WAIT).toBeGreaterThanOrEqual(4);

    // Approve 王小明 from its row.
    await rowOf('王小明').locator('[data-testid^=member-approve-]').click();
    await page.getByTestId('approve-confirm').click();
    await expect.poll(() => rowOf('王小明').textContent(), WAIT).toContain('已通过');

    // Blacklist 陈静 with a reason.
    await rowOf('陈静').locator('[data-testid^=member-blacklist-]').click();
    await page.getByTestId('blacklist-reason').fill('重复登记');
    await page.getByTestId('blacklist-confirm').click();
    await expect.poll(() => rowOf('陈静').textContent(), WAIT).toContain('已拉黑');

    // The blacklist filter finds her, and lists only the blacklisted (other files may have blacklisted others).
    await page.locator('#member-search_blacklisted').click();
    await page.locator('.ant-select-item-option', { hasText: '已拉黑' }).click();
    await search(async () => undefined);
    await expect.poll(() => rowOf('陈静').count(), WAIT).toBe(1);
    // She is in the unfiltered list too: wait for the filtered answer, where every row is blacklisted.
    await expect.poll(async () => (await page.locator('[data-testid=member-table] tr.ant-table-row').allTextContents()).every((text) => text.includes('已拉黑')), WAIT).toBe(true);
    await page.locator('[data-testid=member-table]').getByRole('button', { name: /重\s*置/ }).click();

    // The detail drawer shows the registration answers, labelled.
    await rowOf('李华').locator('[data-testid^=member-view-]').click();
    const answers = page.getByTestId('member-answers');
    await expect.poll(() => answers.textContent(), WAIT).toContain('所在城市');
    expect(await answers.textContent()).toContain('广东省/深圳市/南山区');
    await shot(page, 'audience-drawer');
    await page.locator('.ant-drawer-close').click();
  });

  it('the host exports the visitors with a progress bar to done, on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${BASE}/live/index/admin/audience-task`);
    await page.getByTestId('audience-export-start').waitFor(WAIT);
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/member/export');
    await page.getByTestId('audience-export-start').click();
    const job = (await (await answered).json()) as { data: { id: string } };
    const bar = page.getByTestId(`job-progress-${job.data.id}`).first();
    await bar.waitFor(WAIT);
    await expect.poll(() => bar.getAttribute('data-state'), WAIT).toBe('succeeded');
    await expect.poll(() => page.getByTestId('audience-export-done').textContent(), WAIT).toMatch(/共 \d+ 位观众/);
    const download = page.waitForEvent('download');
    await page.getByTestId('audience-export-download').click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'audience-export-done-390');
  });

  it('an exhibitor adds an approved visitor as customer service on a phone, and at 1440 px', async () => {
    const ex = await newPage(browser);
    await ex.setViewportSize({ width: 390, height: 844 });
    await signInAs(ex, 'exhibitor', '/ex-live/index/user');
    await ex.getByTestId('cs-contact').waitFor(WAIT);
    await ex.getByTestId('cs-contact').fill('visitor2@example.com');
    await ex.getByTestId('cs-add').click();
    await expect.poll(() => ex.getByTestId('cs-list').textContent(), WAIT).toContain('李华');
    // Nothing wider than the phone.
    expect(await ex.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(ex, 'customer-service-390');
    await ex.setViewportSize({ width: 1440, height: 900 });
    await shot(ex, 'customer-service-1440');
    await ex.close();
  });
});
