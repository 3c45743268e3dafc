import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, BASE, codeSentBy, DEMO_EXHIBITION_ID, launch, newPage, shot, signInAs, signInHost, type Api } from './browser.ts';

/**
 * Issue 15, exhibitor reviews: a visitor on a phone reviews the demo exhibitor (stars, a tag, text); the exhibitor
 * replies on its evaluate screen; the visitor's booth page shows the reply; the host hides the review from the
 * exhibitor list's drawer, and the site no longer shows it to anyone else.
 */
const PHONE = { width: 390, height: 844 };
const WAIT = { timeout: 15_000 };
const DEMO_VISITOR_PHONE = '13800000009';
const text = `展位讲解很专业 ${Date.now().toString(36)}`;

let browser: Browser;
let exhibitor: Api;
let exhibitorId = '';
/** The demo exhibitor's company (server/src/seed/demo.ts). */
const DEMO_COMPANY = '杭州云展科技有限公司';
let visitor: Page;
let reviewId = '';
const boothUrl = () => `${BASE}/expo/${DEMO_EXHIBITION_ID}/exhibitors/${exhibitorId}`;
type Review = { id: string; content: string; reply: string | null; isShow: boolean };

beforeAll(async () => {
  browser = await launch();
  exhibitor = await apiAs('exhibitor');
  exhibitorId = (await exhibitor<{ exhibitorId: string }>('GET', '/api/v1/account/me')).exhibitorId;
});
afterAll(async () => {
  await browser?.close();
});

describe('exhibitor reviews (issue 15)', () => {
  it('a visitor on a phone signs in from the booth page and reviews the exhibitor with stars, a tag and text', async () => {
    visitor = await newPage(browser);
    await visitor.setViewportSize(PHONE);
    await visitor.goto(boothUrl());
    await visitor.getByTestId('review-write').click();
    await visitor.waitForURL(`**/expo/${DEMO_EXHIBITION_ID}/login`);
    await visitor.locator('input[name=phoneNumber]').fill(DEMO_VISITOR_PHONE);
    await visitor.locator('input[name=code]').fill(await codeSentBy(DEMO_VISITOR_PHONE, () => visitor.getByRole('button', { name: '获取验证码' }).click()));
    await visitor.getByRole('button', { name: '登录' }).click();
    await visitor.waitForURL(`**/exhibitors/${exhibitorId}`);

    await visitor.getByTestId('review-write').click();
    const sheet = visitor.getByRole('dialog');
    await sheet.getByTestId('review-star-4').click();
    await sheet.getByRole('button', { name: '专业' }).click();
    await sheet.getByLabel('评价内容').fill(text);
    const answered = visitor.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/exhibitors/${exhibitorId}/reviews`));
    await sheet.getByRole('button', { name: '提交评价' }).click();
    const body = (await (await answered).json()) as { success: boolean; data: Review };
    expect(body.success, JSON.stringify(body)).toBe(true);
    reviewId = body.data.id;
    await visitor.getByTestId(`site-review-${reviewId}`).filter({ hasText: text }).waitFor(WAIT);
    expect(await visitor.getByTestId(`site-review-${reviewId}`).textContent()).toContain('专业');
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await shot(visitor, 'evaluation-visitor-review-390');
  });

  it('the exhibitor replies on its evaluate screen, and the booth page shows the reply', async () => {
    const page = await newPage(browser);
    await signInAs(page, 'exhibitor', '/ex-live/index/evaluate');
    const list = page.getByTestId('company-reviews');
    await list.getByTestId(`review-answer-${reviewId}`).click();
    await page.getByTestId('review-reply-text').fill('感谢您的认可，欢迎再来展位');
    await page.getByTestId('review-reply-save').click();
    await list.getByTestId(`review-reply-${reviewId}`).filter({ hasText: '感谢您的认可' }).waitFor(WAIT);
    await shot(page, 'evaluation-exhibitor-reply');
    await page.context().close();

    await visitor.reload();
    await visitor.getByTestId(`site-review-${reviewId}`).filter({ hasText: '感谢您的认可，欢迎再来展位' }).waitFor(WAIT);
  });

  it('the host hides the review from the exhibitor list; the site no longer shows it to others', async () => {
    const page = await newPage(browser);
    await signInHost(page, '/live/index/admin/exhibitor');
    // Other flows add exhibitors to the demo exhibition: the list is searched, not paged through.
    await page.locator('#exhibitor-search_company').fill(DEMO_COMPANY);
    await page.locator('#exhibitor-search_company').press('Enter');
    await page.getByTestId(`exhibitor-reviews-${exhibitorId}`).click();
    const drawer = page.getByTestId('host-reviews');
    const toggle = drawer.getByTestId(`host-review-show-${reviewId}`);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked'), WAIT).toBe('false');
    await shot(page, 'evaluation-host-drawer');
    await page.context().close();

    // Anyone else: gone from the list and the count.
    const anonymous = await newPage(browser);
    await anonymous.setViewportSize(PHONE);
    await anonymous.goto(boothUrl());
    await anonymous.getByTestId('review-count').waitFor(WAIT);
    expect(await anonymous.getByTestId(`site-review-${reviewId}`).count()).toBe(0);
    await anonymous.context().close();
    // The author still sees it, marked hidden.
    await visitor.reload();
    await visitor.getByText('您的评价已被主办方隐藏，仅您自己可见').waitFor(WAIT);
    const host: Api = await apiAs('host');
    const { items } = await host<{ items: Review[] }>('POST', '/api/v3/exhibitorevaluate/query', { exhibitionId: DEMO_EXHIBITION_ID, exhibitorId, isShow: false, pageIndex: 1, pageSize: 10 });
    expect(items.map((r) => r.id)).toContain(reviewId);
  });
});
