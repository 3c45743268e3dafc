import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, BASE, DEMO_EXHIBITION_ID, launch, newPage, shot, signInAs, signInHost, type Api } from './browser.ts';

/**
 * Topics and focus applications (docs/topics.md): the host creates a topic; the exhibitor applies to it and asks to
 * feature one of its products; the host approves both; a visitor on a phone sees the exhibitor on the topic's page
 * and the product in the home's featured strip.
 */
const PHONE = { width: 390, height: 844 };
const WAIT = { timeout: 15_000 };
const name = `智能展区 ${Date.now().toString(36)}`;
const FLAGSHIP = '00000000-0000-4000-b000-000000000003';
const PROFESSIONAL = '00000000-0000-4000-b000-000000000002';

type Item = { id: string; auditState: number };

let browser: Browser;
let admin: Api;
let host: Api;
let exhibitor: Api;
let hostPage: Page;
let product: { id: string; name: string };
let companyName = '';

const version = (versionId: string) => admin('PUT', '/api/v3/version/version-exhibition', { exhibitionId: DEMO_EXHIBITION_ID, versionId });
const topicOf = async () => (await host<{ items: { id: string; name: string }[] }>('POST', '/api/v3/topic/page', { exhibitionId: DEMO_EXHIBITION_ID, keyword: name })).items[0];
const applications = async () => (await exhibitor<{ items: (Item & { topicName: string })[] }>('POST', '/api/v3/topic/apply/page', {})).items.filter((a) => a.topicName === name);
const focusOf = async () => (await exhibitor<{ items: (Item & { productId: string | null; companyName: string })[] }>('POST', '/api/v1/applyfocus/page', {})).items.filter((a) => a.productId === product.id);

beforeAll(async () => {
  browser = await launch();
  admin = await apiAs('admin');
  host = await apiAs('host');
  exhibitor = await apiAs('exhibitor');
  // The demo exhibition's version (professional) lacks the promotion feature that featuring needs.
  await version(FLAGSHIP);
  const products = await exhibitor<{ items: { id: string; name: string; auditState: number; isShow: boolean }[] }>('POST', '/api/v3/productv3/page', { pageSize: 100 });
  product = products.items.find((p) => p.auditState === 1 && p.isShow)!;
});
afterAll(async () => {
  await version(PROFESSIONAL).catch(() => undefined);
  await browser?.close();
});

describe('topics and featured (issue 15)', () => {
  it('the host creates a topic in topic/info', async () => {
    hostPage = await newPage(browser);
    await signInHost(hostPage, '/live/index/topic/info');
    await hostPage.getByTestId('topic-create').click(WAIT);
    const dialog = hostPage.getByRole('dialog');
    await dialog.getByTestId('topic-name').fill(name);
    await dialog.getByTestId('topic-save').click();
    await hostPage.getByTestId(`topic-row-${name}`).waitFor(WAIT);
    expect(await topicOf()).toBeTruthy();
    await shot(hostPage, 'zones-topic-info');
  });

  it('the exhibitor applies to it and asks to feature one of its products', async () => {
    expect(product, 'the demo exhibitor has an approved, shown product').toBeTruthy();
    const page = await newPage(browser);
    await signInAs(page, 'exhibitor', '/ex-live/index/ExJoinInfo');
    await page.getByTestId(`topic-apply-${name}`).click(WAIT);
    await page.getByTestId('topic-apply-reason').fill('我们的展品属于智能设备');
    await page.getByTestId('topic-apply-submit').click();
    await expect.poll(async () => (await applications())[0]?.auditState, WAIT).toBe(0);
    await page.goto(`${BASE}/ex-live/index/product`);
    await page.getByTestId(`product-focus-${product.id}`).click(WAIT);
    await page.getByTestId('focus-reason').fill('新品首发');
    await page.getByTestId('focus-submit').click();
    await expect.poll(async () => (await focusOf())[0]?.auditState, WAIT).toBe(0);
    await page.context().close();
  });

  it('the host approves both in topic-audit/info and focus', async () => {
    const [app] = await applications();
    await hostPage.goto(`${BASE}/live/index/topic-audit/info`);
    await hostPage.getByTestId(`topic-approve-${app!.id}`).click(WAIT);
    await expect.poll(async () => (await applications())[0]?.auditState, WAIT).toBe(1);
    const [focus] = await focusOf();
    companyName = focus!.companyName;
    await hostPage.goto(`${BASE}/live/index/focus`);
    await hostPage.getByTestId(`focus-approve-${focus!.id}`).click(WAIT);
    await expect.poll(async () => (await focusOf())[0]?.auditState, WAIT).toBe(1);
    await shot(hostPage, 'zones-focus');
  });

  it('a visitor on a phone sees the exhibitor on the topic page and the product in the home’s featured strip', async () => {
    const page = await newPage(browser);
    await page.setViewportSize(PHONE);
    await page.goto(`${BASE}/expo/${DEMO_EXHIBITION_ID}/home`);
    await page.getByTestId('featured-products').getByText(product.name).waitFor(WAIT);
    await page.getByTestId('home-topics').click();
    await page.getByRole('link', { name: new RegExp(name) }).click(WAIT);
    await page.getByRole('heading', { name }).waitFor(WAIT);
    await page.getByTestId('topic-exhibitors').getByText(companyName).waitFor(WAIT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'zones-topic-phone');
    await page.context().close();
  });
});
