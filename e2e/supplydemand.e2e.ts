import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, BASE, codeSentBy, DEMO_EXHIBITION_ID, launch, newPage, shot, signInAs, signInHost, type Api } from './browser.ts';

/**
 * Supply and demand (issue 15 part 4): the exhibitor posts a supply in `needs` while the demo exhibition's SupplyDemand
 * audit switch is on; the host approves it in the review queue; a visitor on a phone finds it on the board and
 * comments; the host sees the comment in the comments screen.
 */
const PHONE = { width: 390, height: 844 };
const WAIT = { timeout: 15_000 };
const VISITOR_PHONE = '13800000009';
const title = `展台灯光供应 ${Date.now().toString(36)}`;
const remark = `请报价 ${Date.now().toString(36)}`;

type Post = { id: string; title: string; auditState: number };

let browser: Browser;
let host: Api;
let exhibitor: Api;
let hostPage: Page;
let postId = '';

const settings = (patch: object) => host('PUT', `/api/v1/settings/exhibition/patch?exhibitionId=${DEMO_EXHIBITION_ID}`, patch);
const mine = async () => (await exhibitor<{ items: Post[] }>('POST', '/api/v3/supplydemand/page', { keyword: title, pageIndex: 1, pageSize: 10 })).items;

beforeAll(async () => {
  browser = await launch();
  host = await apiAs('host');
  exhibitor = await apiAs('exhibitor');
  await settings({ enabledAuditAppointmentSupplyDemand: true, enabledAutoAuditSupplyDemand: false, enabledSupplyDemand: true });
});
afterAll(async () => {
  await settings({ enabledAuditAppointmentSupplyDemand: false }).catch(() => undefined);
  await browser?.close();
});

describe('supply and demand (issue 15 part 4)', () => {
  it('the exhibitor posts a supply in needs; it waits for review', async () => {
    const page = await newPage(browser);
    await signInAs(page, 'exhibitor', '/ex-live/index/needs');
    await page.getByTestId('sd-create').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('sd-title').fill(title);
    await dialog.getByTestId('sd-description').fill('LED 轨道灯，可租可售');
    await dialog.getByTestId('sd-save').click();
    await expect.poll(async () => (await mine()).length, WAIT).toBe(1);
    const [post] = await mine();
    postId = post!.id;
    expect(post!.auditState).toBe(0);
    await page.getByTestId(`sd-row-${postId}`).waitFor(WAIT);
    await shot(page, 'supplydemand-needs');
    await page.context().close();
  });

  it('the host approves it in the review queue', async () => {
    hostPage = await newPage(browser);
    await signInHost(hostPage, '/live/index/business-audit/info');
    await hostPage.getByTestId(`sd-approve-${postId}`).click(WAIT);
    await expect.poll(async () => (await mine())[0]?.auditState, WAIT).toBe(1);
    await hostPage.getByTestId(`sd-row-${postId}`).waitFor({ state: 'detached', ...WAIT });
  });

  it('a visitor on a phone finds it on the board and comments', async () => {
    const page = await newPage(browser);
    await page.setViewportSize(PHONE);
    await page.goto(`${BASE}/expo/${DEMO_EXHIBITION_ID}/login`);
    await page.locator('input[name=phoneNumber]').fill(VISITOR_PHONE);
    await page.locator('input[name=code]').fill(await codeSentBy(VISITOR_PHONE, () => page.getByRole('button', { name: '获取验证码' }).click()));
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(`**/expo/${DEMO_EXHIBITION_ID}/ticket`);
    await page.getByRole('navigation').getByRole('link', { name: '供需' }).click();
    await page.getByTestId('supply-tab-supply').click();
    await page.getByRole('searchbox').fill(title);
    await page.getByRole('button', { name: '搜索' }).click();
    await page.getByTestId('supply-card').filter({ hasText: title }).click(WAIT);
    await page.getByRole('heading', { name: title }).waitFor(WAIT);
    await page.getByLabel('评论内容').fill(remark);
    await page.getByTestId('supply-comment-send').click();
    await page.getByTestId('supply-comment').filter({ hasText: remark }).waitFor(WAIT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(page, 'supplydemand-post-390');
    await page.context().close();
  });

  it('the host sees the comment in the comments screen', async () => {
    await hostPage.goto(`${BASE}/live/index/business/list`);
    await hostPage.getByText(remark).waitFor(WAIT);
    await shot(hostPage, 'supplydemand-comments');
    await hostPage.context().close();
  });
});
