import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, BASE, codeSentBy, DEMO_EXHIBITION_ID, launch, newPage, shot, signInHost, type Api } from './browser.ts';

/**
 * Consultations (docs/consult.md): a visitor on a phone asks the organiser a public question; the host approves it in
 * consult-audit/info and answers it in consult/info; the visitor reads the answer in "My questions" and the public Q&A
 * shows it.
 */
const PHONE = { width: 390, height: 844 };
const WAIT = { timeout: 15_000 };
const VISITOR_PHONE = '13800000009';
const question = `请问展馆几点开门？${Date.now().toString(36)}`;
const answer = `每天九点开门 ${Date.now().toString(36)}`;

type Item = { id: string; auditState: number; answer: string | null };

let browser: Browser;
let host: Api;
let visitorPage: Page;
let hostPage: Page;
let id = '';

const found = async () => (await host<{ items: Item[] }>('POST', '/api/v3/consult/page', { exhibitionId: DEMO_EXHIBITION_ID, keyword: question, pageIndex: 1, pageSize: 10 })).items;

beforeAll(async () => {
  browser = await launch();
  host = await apiAs('host');
});
afterAll(async () => {
  await browser?.close();
});

describe('consultations (issue 15)', () => {
  it('a visitor on a phone signs in from the Q&A page and asks a public question', async () => {
    visitorPage = await newPage(browser);
    const page = visitorPage;
    await page.setViewportSize(PHONE);
    await page.goto(`${BASE}/expo/${DEMO_EXHIBITION_ID}/consult`);
    await page.getByTestId('consult-sign-in').click(WAIT);
    await page.locator('input[name=phoneNumber]').fill(VISITOR_PHONE);
    await page.locator('input[name=code]').fill(await codeSentBy(VISITOR_PHONE, () => page.getByRole('button', { name: '获取验证码' }).click()));
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(`**/expo/${DEMO_EXHIBITION_ID}/consult`);
    await page.getByTestId('consult-category').selectOption('visiting');
    await page.getByTestId('consult-question').fill(question);
    await page.getByTestId('consult-send').click();
    await page.getByTestId('consult-sent').waitFor(WAIT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(page, 'consult-ask-390');
    await expect.poll(async () => (await found()).length, WAIT).toBe(1);
    const [item] = await found();
    id = item!.id;
    expect(item!.auditState).toBe(0);
  });

  it('the host approves it in consult-audit/info', async () => {
    hostPage = await newPage(browser);
    await signInHost(hostPage, '/live/index/consult-audit/info');
    await hostPage.getByTestId(`consult-approve-${id}`).click(WAIT);
    await hostPage.getByTestId('approve-confirm').click(WAIT);
    await expect.poll(async () => (await found())[0]?.auditState, WAIT).toBe(1);
    await hostPage.getByTestId(`consult-audit-row-${id}`).waitFor({ state: 'detached', ...WAIT });
  });

  it('the host answers it in consult/info', async () => {
    await hostPage.goto(`${BASE}/live/index/consult/info`);
    await hostPage.getByTestId(`consult-open-${id}`).click(WAIT);
    const drawer = hostPage.getByTestId('consult-drawer');
    await drawer.getByTestId('consult-question').filter({ hasText: question }).waitFor(WAIT);
    await drawer.getByTestId('consult-answer').fill(answer);
    await drawer.getByTestId('consult-answer-submit').click();
    await expect.poll(async () => (await found())[0]?.answer, WAIT).toBe(answer);
    await shot(hostPage, 'consult-info');
    await hostPage.context().close();
  });

  it('the visitor reads the answer in My questions, and the public Q&A shows it', async () => {
    const page = visitorPage;
    await page.getByRole('navigation').getByRole('link', { name: '我的咨询' }).click();
    await page.getByTestId(`my-consult-answer-${id}`).filter({ hasText: answer }).waitFor(WAIT);
    await shot(page, 'consult-mine-390');
    await page.getByRole('navigation').getByRole('link', { name: '咨询主办方' }).click();
    await page.getByTestId(`consult-qa-answer-${id}`).filter({ hasText: answer }).waitFor(WAIT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(page, 'consult-qa-390');
    await page.context().close();
  });
});
