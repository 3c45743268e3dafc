import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, BASE, codeSentBy, DEMO_EXHIBITION_ID, launch, newPage, shot, signInAs, signInHost, type Api } from './browser.ts';

/**
 * Issue 13's "done when", one step per test: an exhibitor's launch with an agenda and a live application, the host's
 * two approvals, a visitor's registration and QR ticket on a phone, check-in once, image-text posts reaching the
 * visitor's open page, and the registrations' export with its progress.
 */
const PHONE = { width: 390, height: 844 };
const WAIT = { timeout: 15_000 };
const stamp = Date.now().toString(36);
const title = `E2E 新品发布会 ${stamp}`;
const DEMO_VISITOR_PHONE = '13800000009';

let browser: Browser;
let host: Api;
let hostPage: Page;
let visitor: Page;
let activityId = '';
let ticketCode = '';

type Activity = { id: string; auditState: number; liveApplyState: number | null; liveOpen: boolean };
const ours = async () => {
  const { items } = await host<{ items: Activity[] }>('POST', '/api/v3/activity/query', { exhibitionId: DEMO_EXHIBITION_ID, keyword: title, pageIndex: 1, pageSize: 5 });
  return items[0];
};

/** Types a date and time into an antd picker (the one `selector` opens) and takes it. */
async function pick(page: Page, selector: string, value: string) {
  await page.locator(selector).click();
  await page.locator(selector).fill(value);
  await page.keyboard.press('Enter');
}

beforeAll(async () => {
  browser = await launch();
  host = await apiAs('host');
});
afterAll(() => browser?.close());

describe('activities (issue 13, done when)', () => {
  it('an exhibitor creates a launch with an agenda and applies to stream it', async () => {
    const page = await newPage(browser);
    await signInAs(page, 'exhibitor2', '/ex-live/index/act-control/add');
    await page.locator('#activity_title').fill(title);
    await page.locator('#activity_kind').click();
    await page.locator('.ant-select-item-option', { hasText: '发布会' }).click();
    await pick(page, '#activity_startAt', '2026-12-03 14:00');
    await pick(page, '#activity_endAt', '2026-12-03 15:30');
    await page.getByTestId('activity-reg-enabled').click();
    await page.locator('#activity_capacity').fill('50');
    await shot(page, 'activity-exhibitor-add');
    await page.getByTestId('activity-submit').click();
    await page.waitForURL('**/ex-live/index/act-control/list');
    await expect.poll(async () => (await ours())?.auditState, WAIT).toBe(0);
    activityId = (await ours())!.id;

    // The agenda, on the activity's details.
    await page.goto(`${BASE}/ex-live/index/act-control/details?id=${activityId}`);
    await page.getByTestId('tab-agenda').click();
    await page.getByTestId('agenda-add').click();
    await page.locator('#agenda_title').fill('产品亮相');
    await page.locator('#agenda_time').click();
    await page.locator('#agenda_time').fill('2026-12-03 14:00');
    await page.keyboard.press('Enter');
    await page.keyboard.type('2026-12-03 14:45');
    await page.keyboard.press('Enter');
    await page.getByTestId('agenda-save').click();
    await expect.poll(() => page.getByTestId('agenda-table').textContent(), WAIT).toContain('产品亮相');
    await shot(page, 'activity-exhibitor-agenda');

    // The live application, from the list.
    await page.goto(`${BASE}/ex-live/index/act-control/list`);
    await page.getByTestId(`activity-apply-live-${activityId}`).click();
    await page.getByTestId(`activity-apply-live-confirm-${activityId}`).click();
    await expect.poll(async () => (await ours())?.liveApplyState, WAIT).toBe(0);
    await shot(page, 'activity-exhibitor-list');
    await page.context().close();
  });

  it('the host approves the activity, then its live application, and opens the live', async () => {
    hostPage = await newPage(browser);
    await signInHost(hostPage, '/live/index/all-activity/home');
    await hostPage.locator('#activity-all-search_keyword').fill(title);
    await hostPage.locator('#activity-all-search button[type=submit]').click();
    await hostPage.getByTestId(`activity-approve-${activityId}`).click();
    await hostPage.getByTestId('approve-confirm').click();
    await expect.poll(async () => (await ours())?.auditState, WAIT).toBe(1);
    await shot(hostPage, 'activity-host-approved');

    await hostPage.goto(`${BASE}/live/index/all-activity/task`);
    await hostPage.getByTestId(`activity-live-approve-${activityId}`).click();
    await hostPage.getByTestId('approve-confirm').click();
    await expect.poll(async () => (await ours())?.liveApplyState, WAIT).toBe(1);
    await hostPage.getByTestId('activity-live-tab-approved').click();
    await hostPage.getByTestId(`activity-live-open-${activityId}`).click();
    await expect.poll(async () => (await ours())?.liveOpen, WAIT).toBe(true);
    await shot(hostPage, 'activity-host-live-opened');
  });

  it('a visitor registers on a phone and receives a QR ticket', async () => {
    visitor = await newPage(browser);
    await visitor.setViewportSize(PHONE);
    await visitor.goto(`${BASE}/expo/${DEMO_EXHIBITION_ID}/login`);
    await visitor.locator('input[name=phoneNumber]').fill(DEMO_VISITOR_PHONE);
    await visitor.locator('input[name=code]').fill(await codeSentBy(DEMO_VISITOR_PHONE, () => visitor.getByRole('button', { name: '获取验证码' }).click()));
    await visitor.getByRole('button', { name: '登录' }).click();
    await visitor.waitForURL(`**/expo/${DEMO_EXHIBITION_ID}/ticket`);

    await visitor.goto(`${BASE}/expo/${DEMO_EXHIBITION_ID}/activities/${activityId}`);
    await visitor.getByRole('heading', { name: title }).waitFor(WAIT);
    await visitor.getByRole('button', { name: '立即报名' }).click();
    await expect.poll(() => visitor.getByRole('status').allTextContents(), WAIT).toContain('报名成功');
    await shot(visitor, 'activity-visitor-registered-390');

    await visitor.goto(`${BASE}/expo/${DEMO_EXHIBITION_ID}/my/activities`);
    const mine = visitor.locator('li, article', { hasText: title }).first();
    await mine.locator('figure.qr svg').waitFor(WAIT);
    ticketCode = ((await mine.locator('[data-testid^=code-]').textContent()) ?? '').trim();
    expect(ticketCode).toMatch(/^[A-Z2-7]{26}$/);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await shot(visitor, 'activity-visitor-ticket-390');
  });

  it('the host checks the ticket in once; a second scan is refused', async () => {
    await hostPage.goto(`${BASE}/live/index/act-control/details?id=${activityId}`);
    await hostPage.getByTestId('tab-regs').click();
    const scan = async () => {
      await hostPage.getByTestId('checkin-code').fill(ticketCode);
      await hostPage.getByTestId('checkin-code').press('Enter');
    };
    await scan();
    await expect.poll(() => hostPage.getByTestId('checkin-result').textContent(), WAIT).toContain('演示观众');
    await shot(hostPage, 'activity-checkin-ok');
    await scan();
    await expect.poll(() => hostPage.getByTestId('checkin-result').textContent(), WAIT).toContain('已于');
    await shot(hostPage, 'activity-checkin-again');
  });

  it("image-text posts appear on the visitor's open page without a reload", async () => {
    await visitor.goto(`${BASE}/expo/${DEMO_EXHIBITION_ID}/activities/${activityId}`);
    await visitor.getByRole('tab', { name: '图文直播' }).click();
    const posts = visitor.getByTestId('live-post');
    const before = await posts.count();

    await hostPage.getByTestId('tab-live').click();
    await hostPage.getByTestId('live-content').fill(`发布会开始了 ${stamp}`);
    await hostPage.getByTestId('live-post').click();
    await expect.poll(() => posts.first().textContent(), WAIT).toContain(`发布会开始了 ${stamp}`);
    expect(await posts.count()).toBe(before + 1);
    await shot(visitor, 'activity-visitor-live-390');
  });

  it('the host exports the registrations, with a progress bar', async () => {
    await hostPage.getByTestId('tab-regs').click();
    await hostPage.getByTestId('regs-export').click();
    await hostPage.getByTestId('regs-export-current').waitFor(WAIT);
    await hostPage.getByTestId('regs-export-done').waitFor({ timeout: 60_000 });
    const download = hostPage.waitForEvent('download');
    await hostPage.getByTestId('regs-export-download').click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
    await shot(hostPage, 'activity-export-done');
  });
});
