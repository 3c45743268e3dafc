import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, BASE, codeSentBy, DEMO_EXHIBITION_ID, launch, newPage, shot, signInAs, signInHost, type Api } from './browser.ts';

/**
 * Issue 15 part 1 (enquiries): a visitor on a phone, signed in by SMS, sends an enquiry from a product page of
 * `exhibitor`; the exhibitor answers it in its inbox; the visitor reads the answer in My enquiries; the exhibitor
 * exports its leads to .xlsx; the host sees a meeting the same visitor booked on live-enquiry/info's Appointments tab
 * and exports the exhibition's appointments through the standard job routes.
 */
const PHONE = { width: 390, height: 844 };
const WAIT = { timeout: 15_000 };
const MOBILE = '13800000009';
const stamp = Date.now().toString(36);
const content = `E2E 询盘 ${stamp}：请问起订量和交期？`;
const reply = `E2E 回复 ${stamp}：100 台起订，两周交货`;

type Product = { id: string; name: string; auditState: number; isShow: boolean };

let browser: Browser;
let exhibitor: Api;
let product: Product;
let visitor: Page;
let inbox: Page;
const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

beforeAll(async () => {
  browser = await launch();
  exhibitor = await apiAs('exhibitor');
  const { items } = await exhibitor<{ items: Product[] }>('POST', '/api/v1/product/query', { exhibitionId: DEMO_EXHIBITION_ID, pageIndex: 1, pageSize: 50 });
  product = items.find((p) => p.auditState === 1 && p.isShow)!;
  expect(product).toBeTruthy();
});
afterAll(async () => {
  await browser?.close();
});

describe('enquiries (issue 15 part 1)', () => {
  it('a visitor on a phone signs in by SMS and sends an enquiry from the product page', async () => {
    visitor = await newPage(browser);
    await visitor.setViewportSize(PHONE);
    const productPath = `/expo/${DEMO_EXHIBITION_ID}/products/${product.id}`;
    await visitor.goto(`${BASE}${productPath}`);
    // Not signed in: the button leads to the sign-in page, which comes back to the product.
    await visitor.getByTestId('enquiry-button').click();
    await visitor.waitForURL(`**/expo/${DEMO_EXHIBITION_ID}/login`);
    await visitor.locator('input[name=phoneNumber]').fill(MOBILE);
    await visitor.locator('input[name=code]').fill(await codeSentBy(MOBILE, () => visitor.getByRole('button', { name: '获取验证码' }).click()));
    await visitor.getByRole('button', { name: '登录' }).click();
    await visitor.waitForURL(`**${productPath}`);

    await visitor.getByTestId('enquiry-button').click();
    const sheet = visitor.getByTestId('enquiry-sheet');
    await sheet.waitFor(WAIT);
    expect(await sheet.getByTestId('enquiry-share').isChecked()).toBe(true);
    await sheet.getByTestId('enquiry-content').fill(content);
    await sheet.getByTestId('enquiry-sample').check();
    expect(await noSideways(visitor)).toBeLessThanOrEqual(0);
    await shot(visitor, 'enquiry-sheet-390');
    await sheet.getByTestId('enquiry-send').click();
    await visitor.getByTestId('enquiry-sent').waitFor(WAIT);
  });

  it('the exhibitor opens it in its inbox, sees the shared contact and answers', async () => {
    inbox = await newPage(browser);
    await signInAs(inbox, 'exhibitor', '/ex-live/index/enquiry');
    const row = inbox.locator('tr', { hasText: content });
    await row.waitFor(WAIT);
    await shot(inbox, 'enquiry-inbox');
    await row.getByRole('button', { name: '查看' }).click();
    const drawer = inbox.getByTestId('enquiry-drawer');
    await drawer.waitFor(WAIT);
    expect(await drawer.getByTestId('enquiry-contact').textContent()).toContain(MOBILE);
    await drawer.getByTestId('enquiry-reply-text').fill(reply);
    const answered = inbox.waitForResponse((r) => r.url().endsWith('/api/v3/enquiry/reply') && r.request().method() === 'POST');
    await drawer.getByTestId('enquiry-reply-send').click();
    expect((await answered).ok()).toBe(true);
    await expect.poll(() => drawer.getByTestId('enquiry-reply').textContent(), WAIT).toContain(reply);
  });

  it('the visitor reads the answer in My enquiries', async () => {
    await visitor.goto(`${BASE}/expo/${DEMO_EXHIBITION_ID}/me/enquiries`);
    const card = visitor.locator('li', { hasText: content });
    await card.waitFor(WAIT);
    expect(await card.textContent()).toContain(reply);
    expect(await noSideways(visitor)).toBeLessThanOrEqual(0);
    await shot(visitor, 'enquiry-mine-390');
  });

  it('the exhibitor exports its leads and the .xlsx downloads', async () => {
    await inbox.goto(`${BASE}/ex-live/index/enquiry`);
    await inbox.getByTestId('enquiry-export').click();
    const download = inbox.getByTestId('enquiry-export-download');
    await download.waitFor(WAIT);
    expect(await inbox.getByTestId('enquiry-export-done').textContent()).toMatch(/\d+/);
    const [file] = await Promise.all([inbox.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  });

  it("the host sees the visitor's appointment on live-enquiry/info's Appointments tab and exports the exhibition's appointments", async () => {
    // A free time of the exhibitor, booked by the signed-in visitor through the site's own call (with its token).
    const day = new Date(Date.now() + (400 + (Math.floor(Date.now() / 1000) % 300)) * 86_400_000).toISOString().slice(0, 10);
    const [slot] = await exhibitor<{ id: string }[]>('POST', '/api/v3/exhibitorappointment/slot', { date: day, from: '10:00', to: '10:30', length: 30, utcOffset: 480 });
    const subject = `E2E 约见 ${stamp}`;
    const booked = await visitor.evaluate(
      async ({ exhibitionId, body }) => {
        const token = (JSON.parse(localStorage.getItem(`pavilion.expo.${exhibitionId}.visitor`) ?? 'null') as { accessToken: string }).accessToken;
        const res = await fetch(`/api/v1/expo/${exhibitionId}/appointments`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
        return res.status;
      },
      { exhibitionId: DEMO_EXHIBITION_ID, body: { slotId: slot!.id, subject, shareContact: true } },
    );
    expect(booked).toBe(200);

    const host = await newPage(browser);
    await signInHost(host);
    await host.getByTestId('exhibition-name').filter({ hasText: '2026 数字贸易博览会' }).waitFor();
    await host.goto(`${BASE}/live/index/live-enquiry/info`);
    await host.getByTestId('leads-tab-appointments').click();
    const row = host.locator('tr', { hasText: subject });
    await row.waitFor(WAIT);
    expect(await row.textContent()).toContain(MOBILE);
    await shot(host, 'host-appointments');
    await host.getByTestId('appointment-export').click();
    const download = host.getByTestId('appointment-export-download');
    await download.waitFor(WAIT);
    const [file] = await Promise.all([host.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  });
});
