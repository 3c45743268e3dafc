import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE, callWith, launch, newPage, shot, signInAs, signInHost, tokenOf } from './browser.ts';

/** Small PNGs, each different, so the uploads are six separate pictures. */
const png = (n: number) => ({
  name: `product-${n}.png`,
  mimeType: 'image/png',
  buffer: Buffer.concat([Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAFCAIAAADtz9qMAAAAD0lEQVR4nGPYggQYyOAAAFukKjG20xN3AAAAAElFTkSuQmCC', 'base64'), Buffer.from([n])]),
});

/** The first visit of a screen loads its chunk: more than expect.poll's default second. */
const WAIT = { timeout: 15_000 };
const NAME = '智能巡检机器人';
const NAME_EN = 'Inspection robot';

let browser: Browser;
let ex: Page;
let exToken: string;
let productId = '';

/** No spinner left: antd's (tables, cards) nor the page's own while a screen loads. */
const spinnersGone = (page: Page) => expect.poll(() => page.locator('.ant-spin-spinning, .page-spinner').count()).toBe(0);
const row = (page: Page, text: string) => page.locator('tr.ant-table-row', { hasText: text });
const wide = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
type Listed = { items: { id: string; name: string; pictures: string[]; videoUrl: string | null; auditState: number; isShow: boolean }[] };
const mine = async () => (await callWith<Listed>(exToken, 'POST', '/api/v3/productv3/page', { pageSize: 100 })).items.find((p) => p.name === NAME);

beforeAll(async () => {
  browser = await launch();
  ex = await newPage(browser);
  exToken = await tokenOf('exhibitor');
});
afterAll(() => browser?.close());

describe('products (issue 10)', () => {
  it('the exhibitor adds a product with five pictures and a video in Chinese; a sixth picture is refused with the spec’s message', async () => {
    await ex.setViewportSize({ width: 1440, height: 900 });
    await signInAs(ex, 'exhibitor');
    await ex.getByRole('menuitem', { name: '产品管理' }).click();
    await ex.waitForURL('**/ex-live/index/product');
    await expect.poll(() => ex.getByTestId('product-quota').textContent(), WAIT).toBe('已发布 2 / 5 个产品');
    await expect.poll(() => ex.getByTestId('product-add').isEnabled(), WAIT).toBe(true);
    await spinnersGone(ex);
    await shot(ex, 'product-ex-list-zh');

    await ex.getByTestId('product-add').click();
    await ex.waitForURL('**/ex-live/index/proAdd');
    await ex.locator('#product_name').fill(NAME);
    await ex.locator('#product_nameEn').fill(NAME_EN);
    await ex.locator('#product_categoryId').click();
    await ex.locator('.ant-select-tree-title', { hasText: '工业机器人' }).click();

    // Six chosen at once: five are kept, the sixth refused with the spec's message.
    await ex.getByTestId('product-pictures').locator('input[type=file]').setInputFiles([1, 2, 3, 4, 5, 6].map(png));
    await expect.poll(() => ex.locator('.ant-message').textContent(), WAIT).toContain('最多上传5张图片');
    await expect.poll(() => ex.locator('[data-testid^=product-picture-up-]').count(), WAIT).toBe(5);
    expect(await ex.getByTestId('product-picture-limit').textContent()).toBe('最多上传5张图片');
    expect(await ex.getByTestId('product-picture-upload').isDisabled()).toBe(true);
    // The second picture becomes the cover.
    const before = await ex.locator('[data-testid^=product-picture-] img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    await ex.getByTestId('product-picture-up-1').click();

    await ex.getByTestId('product-intro-zh').click();
    await ex.keyboard.type('适用于展馆夜间巡检，续航 8 小时。');
    await ex.getByTestId('product-intro-en').click();
    await ex.keyboard.type('Patrols the halls at night, 8 hours per charge.');
    await ex.locator('#product_view3DUrl').fill('https://3d.example.com/robot');
    const clip = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/clip.webm'));
    await ex.getByTestId('product-video-upload').locator('input[type="file"]').setInputFiles({ name: 'clip.webm', mimeType: 'video/webm', buffer: clip });
    await ex.getByTestId('product-video-upload-preview').waitFor({ timeout: 30_000 });
    await shot(ex, 'product-ex-form-zh');
    await ex.getByTestId('product-submit').click();
    await ex.waitForURL('**/ex-live/index/product');
    await expect.poll(() => row(ex, NAME).count(), WAIT).toBe(1);
    expect(await row(ex, NAME).getByTestId('audit-state').textContent()).toBe('待审核');
    await expect.poll(() => row(ex, NAME).textContent(), WAIT).toContain('工业机器人');

    const saved = (await mine())!;
    productId = saved.id;
    expect(saved.pictures).toHaveLength(5);
    expect(saved.videoUrl).toMatch(/\.webm$/);
    expect(saved.pictures[0]).toBe(before[1]);
    expect(saved.pictures[1]).toBe(before[0]);

    // The server refuses a sixth picture too, with the spec's message and the limit.
    const refused = await fetch(`${BASE}/api/v1/product?id=${productId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${exToken}`, 'content-type': 'application/json', 'accept-language': 'zh-CN' },
      body: JSON.stringify({ pictures: [...saved.pictures, saved.pictures[0]] }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ success: false, code: 4060, description: '最多上传5张图片' });
  });

  it('on the English path the list is English, and both screens fit a phone', async () => {
    await ex.goto(`${BASE}/ex-live-en/index/product`);
    await expect.poll(() => row(ex, NAME_EN).count(), WAIT).toBe(1);
    await expect.poll(() => row(ex, NAME_EN).textContent(), WAIT).toContain('Industrial robots');
    expect(await row(ex, NAME_EN).getByTestId('audit-state').textContent()).toBe('Pending review');
    expect(await ex.getByTestId('product-quota').textContent()).toBe('3 / 5 products published');
    await spinnersGone(ex);
    await ex.mouse.move(0, 0);
    await shot(ex, 'product-ex-list-en');

    await ex.setViewportSize({ width: 390, height: 844 });
    await spinnersGone(ex);
    // The shell swaps its side menu for a drawer after the resize: the page settles to the phone's width.
    await expect.poll(() => wide(ex), WAIT).toBeLessThanOrEqual(390);
    // The names stay readable beside the cover: no fixed action column over them.
    expect(await row(ex, NAME_EN).getByText(NAME_EN).evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
    await shot(ex, 'product-ex-list-en-phone');
    await ex.goto(`${BASE}/ex-live/index/product`);
    await expect.poll(() => row(ex, NAME).count(), WAIT).toBe(1);
    await spinnersGone(ex);
    await expect.poll(() => wide(ex), WAIT).toBeLessThanOrEqual(390);
    await shot(ex, 'product-ex-list-zh-phone');
    await ex.goto(`${BASE}/ex-live/index/proEdit?id=${productId}`);
    await expect.poll(() => ex.locator('#product_name').inputValue(), WAIT).toBe(NAME);
    await expect.poll(() => ex.locator('[data-testid^=product-picture-up-]').count(), WAIT).toBe(5);
    await expect.poll(() => wide(ex), WAIT).toBeLessThanOrEqual(390);
    await shot(ex, 'product-ex-form-zh-phone');
    await ex.setViewportSize({ width: 1440, height: 900 });
  });

  it('the host finds it pending in the audit centre, opens the detail and approves it; the product list shows it and hides it', async () => {
    const host = await newPage(browser);
    await host.setViewportSize({ width: 1440, height: 900 });
    await signInHost(host, '/live/index/audit/home');
    await expect.poll(() => row(host, NAME).count(), WAIT).toBe(1);
    await row(host, NAME).locator('[data-testid^=view-]').click();
    await host.getByTestId('audit-detail').waitFor();
    expect(await host.getByTestId('audit-field-name').textContent()).toContain(NAME);
    expect(await host.getByTestId('audit-field-nameEn').textContent()).toContain(NAME_EN);
    expect(await host.getByTestId('audit-field-pictures').locator('img').count()).toBe(5);
    expect(await host.getByTestId('audit-field-introduction').textContent()).toContain('续航 8 小时');
    await spinnersGone(host);
    await shot(host, 'product-host-audit-detail');
    await host.getByTestId('drawer-approve').click();
    await host.getByTestId('approve-confirm').click();
    await expect.poll(async () => (await mine())?.auditState, WAIT).toBe(1);

    await host.getByRole('menuitem', { name: '产品管理' }).click();
    await host.waitForURL('**/live/index/admin/product');
    await host.locator('#product-search_keyword').fill('巡检');
    await host.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => row(host, NAME).count(), WAIT).toBe(1);
    await expect.poll(() => host.locator('tr.ant-table-row').count(), WAIT).toBe(1);
    await expect.poll(() => row(host, NAME).textContent(), WAIT).toContain('已通过');
    await spinnersGone(host);
    await shot(host, 'product-host-list');
    await host.getByTestId(`product-show-${productId}`).click();
    await expect.poll(async () => (await mine())?.isShow, WAIT).toBe(false);
    await expect.poll(() => host.getByTestId(`product-show-${productId}`).getAttribute('aria-checked'), WAIT).toBe('false');

    await host.getByTestId(`product-view-${productId}`).click();
    await host.getByTestId('audit-detail').waitFor();
    expect(await host.getByTestId('audit-field-name').textContent()).toContain(NAME);
    await host.close();
  });

  it('the host keeps the two-level category tree, and the exhibitor’s form offers it', async () => {
    const host = await newPage(browser);
    await host.setViewportSize({ width: 1440, height: 900 });
    await signInHost(host);
    await host.getByRole('menuitem', { name: '产品分类与标签' }).click();
    await host.waitForURL('**/live/index/manage/pro');
    await expect.poll(() => row(host, '智能装备').count(), WAIT).toBe(1);

    await host.getByTestId('productCategory-create').click();
    await host.locator('#productCategory-form_name').fill('服务机器人');
    await host.locator('#productCategory-form_nameEn').fill('Service robots');
    await host.getByTestId('productCategory-form-submit').click();
    await expect.poll(() => row(host, '服务机器人').count(), WAIT).toBe(1);

    await host.getByTestId('productCategory-create').click();
    await host.locator('#productCategory-form_parentId').click();
    await host.locator('.ant-select-item-option', { hasText: '服务机器人' }).click();
    await host.locator('#productCategory-form_name').fill('导览机器人');
    await host.getByTestId('productCategory-form-submit').click();
    await expect.poll(() => row(host, '1 个子分类').filter({ hasText: '服务机器人' }).count(), WAIT).toBe(1);
    await row(host, '服务机器人').locator('.ant-table-row-expand-icon').click();
    await expect.poll(() => row(host, '导览机器人').count(), WAIT).toBe(1);
    expect(await row(host, '导览机器人').textContent()).toContain('二级分类');
    await spinnersGone(host);
    await shot(host, 'product-host-categories');

    await ex.goto(`${BASE}/ex-live-en/index/proEdit?id=${productId}`);
    await expect.poll(() => ex.locator('#product_name').inputValue(), WAIT).toBe(NAME);
    await ex.locator('#product_categoryId').click();
    await expect.poll(() => ex.locator('.ant-select-tree-title', { hasText: 'Service robots' }).count(), WAIT).toBe(1);

    // A root with a child is refused; the child first, then the root.
    await row(host, '服务机器人').getByRole('button', { name: /删\s*除/ }).click();
    await host.locator('.ant-popconfirm').getByRole('button', { name: /删\s*除/ }).click();
    await host.getByText('产品分类下还有下级数据，请先删除下级').waitFor();
    // The first confirmation is still fading out: the next one is the only one shown once it has gone.
    await expect.poll(() => host.locator('.ant-popconfirm:visible').count(), WAIT).toBe(0);
    await row(host, '导览机器人').getByRole('button', { name: /删\s*除/ }).click();
    await host.locator('.ant-popconfirm:visible').getByRole('button', { name: /删\s*除/ }).click();
    await expect.poll(() => row(host, '导览机器人').count(), WAIT).toBe(0);
    await host.close();
  });

  it('a visitor’s review is answered by the exhibitor (also on a phone) and hidden by the host', async () => {
    const REVIEW = '现场演示很流畅，想了解交期。';
    const ANSWER = '感谢关注，标准交期两周。';
    const ex2 = await newPage(browser);
    await ex2.setViewportSize({ width: 390, height: 844 });
    await signInAs(ex2, 'exhibitor2', '/ex-live/index/evaluate?tab=products');
    const item = ex2.locator('.ant-list-item', { hasText: REVIEW });
    await expect.poll(() => item.count(), WAIT).toBe(1);
    // The exhibitor sees the visitor's contact masked.
    expect(await item.textContent()).toContain('139****0000');
    await item.locator('[data-testid^=review-answer-]').click();
    await ex2.getByTestId('review-reply-text').fill(ANSWER);
    await ex2.getByTestId('review-reply-save').click();
    await expect.poll(() => item.locator('[data-testid^=review-reply-]').textContent(), WAIT).toContain(ANSWER);
    await expect.poll(() => wide(ex2), WAIT).toBeLessThanOrEqual(390);
    await ex2.locator('.ant-modal').waitFor({ state: 'hidden' });
    await spinnersGone(ex2);
    await shot(ex2, 'product-ex-evaluate-phone');
    await ex2.setViewportSize({ width: 1440, height: 900 });
    await ex2.goto(`${BASE}/ex-live-en/index/evaluate?tab=products`);
    await expect.poll(() => ex2.locator('.ant-list-item', { hasText: ANSWER }).count(), WAIT).toBe(1);
    await shot(ex2, 'product-ex-evaluate-en');

    const host = await newPage(browser);
    await host.setViewportSize({ width: 1440, height: 900 });
    await signInHost(host, '/live/index/admin/product');
    await host.getByTestId('product-tab-reviews').click();
    await host.waitForURL('**/live/index/admin/product?tab=reviews');
    await expect.poll(() => row(host, REVIEW).count(), WAIT).toBe(1);
    // The host sees the whole contact and the exhibitor's answer.
    expect(await row(host, REVIEW).textContent()).toContain('13900000000');
    expect(await row(host, REVIEW).textContent()).toContain(ANSWER);
    await row(host, REVIEW).locator('[data-testid^=review-show-]').click();
    await expect.poll(() => row(host, REVIEW).locator('[data-testid^=review-show-]').getAttribute('aria-checked'), WAIT).toBe('false');
    await spinnersGone(host);
    await shot(host, 'product-host-reviews');
    // The exhibitor sees that the organiser hid it.
    await ex2.goto(`${BASE}/ex-live/index/evaluate?tab=products`);
    await expect.poll(() => ex2.locator('.ant-list-item', { hasText: REVIEW }).textContent(), WAIT).toContain('已被主办方隐藏');
    await host.close();
    await ex2.close();
  });

  it('the host adds a product with a video on an exhibitor’s behalf from the exhibitor list, then hides it in bulk', async () => {
    const host = await newPage(browser);
    await host.setViewportSize({ width: 1440, height: 900 });
    await signInHost(host);
    const exhibitorId = (await callWith<{ exhibitorId: string }>(exToken, 'GET', '/api/v1/account/me')).exhibitorId;
    await host.goto(`${BASE}/live/index/admin/exhibitor`);
    await host.getByTestId(`exhibitor-products-${exhibitorId}`).click();
    await host.waitForURL('**/live/index/admin/exhibitor-pro?exhibitorId=*');
    await expect.poll(() => host.getByTestId('product-quota').textContent(), WAIT).toBe('已有 3 / 5 个产品');
    await host.getByTestId('product-add').click();
    await host.waitForURL('**/live/index/admin/proAdd?exhibitorId=*');
    await host.locator('#product_name').fill('代录展品');
    const clip = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/clip.webm'));
    await host.getByTestId('product-video-upload').locator('input[type="file"]').setInputFiles({ name: 'clip.webm', mimeType: 'video/webm', buffer: clip });
    await host.getByTestId('product-video-upload-preview').waitFor({ timeout: 30_000 });
    await shot(host, 'product-host-add-for-exhibitor');
    await host.getByTestId('product-submit').click();
    await host.waitForURL('**/live/index/admin/exhibitor-pro?exhibitorId=*');
    await expect.poll(() => row(host, '代录展品').count(), WAIT).toBe(1);
    // The host's save is final: approved at once, with its video.
    const added = (await callWith<{ items: { id: string; name: string; auditState: number; videoUrl: string | null }[] }>(exToken, 'POST', '/api/v3/productv3/page', { pageSize: 100 })).items.find((p) => p.name === '代录展品')!;
    expect(added.auditState).toBe(1);
    expect(added.videoUrl).toMatch(/\.webm$/);

    await row(host, '代录展品').locator('input[type=checkbox]').click();
    await host.getByTestId('product-bulk-hide').click();
    await host.getByTestId('product-bulk-hide-confirm').click();
    await expect.poll(() => row(host, '代录展品').getByTestId(`product-show-${added.id}`).getAttribute('aria-checked'), WAIT).toBe('false');
    await spinnersGone(host);
    await shot(host, 'product-host-exhibitor-pro');
    await host.close();
  });
});
