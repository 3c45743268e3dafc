import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE, DEMO_EXHIBITION_ID, launch, newPage, shot, signInHost } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('date pickers and the schedule form, issue 9 defect 4', () => {
  it('Enter in a picker confirms the date and does not submit; saving needs an end', async () => {
    const page = await newPage(browser);
    await signInHost(page);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/exhibitionschedule') posts.push(r.postData() ?? '');
    });
    await page.goto(`${BASE}/live/index/manage/ex`);
    await page.getByTestId(`exhibition-edit-${DEMO_EXHIBITION_ID}`).click();
    await page.getByRole('tab', { name: '展会日程' }).click();
    await page.getByTestId('schedule-create').click();
    await page.locator('#schedule-form_title').fill('E2E 回车日程');

    // No end yet: Enter in the start picker neither submits nor saves; submitting asks for the end.
    await page.locator('#schedule-form_startAt').click();
    await page.locator('#schedule-form_startAt').fill('2026-12-02 10:00:00');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#schedule-form_startAt').inputValue(), { timeout: 15_000 }).toBe('2026-12-02 10:00:00');
    await page.getByTestId('schedule-form-submit').click();
    await page.locator('#schedule-form_endAt_help, .ant-form-item-has-error #schedule-form_endAt').first().waitFor();
    await shot(page, 'schedule-end-required');

    // With both dates, Enter in a picker still does not submit: only the button does, once.
    await page.locator('#schedule-form_endAt').click();
    await page.locator('#schedule-form_endAt').fill('2026-12-02 12:00:00');
    await page.keyboard.press('Enter');
    await page.locator('#schedule-form_startAt').click();
    await page.keyboard.press('Enter');
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/exhibitionschedule');
    await page.getByTestId('schedule-form-submit').click();
    expect((await saved).status()).toBe(200);
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]!)).toMatchObject({ title: 'E2E 回车日程' });
    expect(JSON.parse(posts[0]!).endAt).toBeTruthy();
    await page.context().close();
  });
});
