import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiAs, BASE, DEMO_EXHIBITION_ID, launch, newPage, pathOf, setOwnPassword, shot, signIn } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const CJK = /[\u4e00-\u9fff]/;

describe('every English path shows English, issue 9 defect 7', () => {
  it('regions, the phone and e-mail account menu and the 404 page are English under /ex-live-en', async () => {
    const page = await newPage(browser);
    await signIn(page, `/ex-live-en/login/ex?id=${DEMO_EXHIBITION_ID}`, 'exhibitor');
    await page.waitForURL('**/ex-live-en/index/home');
    const region = page.getByTestId('company-region');
    await expect.poll(() => region.textContent(), { timeout: 15_000 }).toMatch(/^[A-Za-z]/);
    expect(await region.textContent()).not.toMatch(CJK);
    await page.locator('.app-sider').getByRole('link', { name: 'Participation', exact: true }).click();
    await expect.poll(() => page.getByTestId('join-region').textContent(), { timeout: 15_000 }).toMatch(/^[A-Za-z]/);
    expect(await page.getByTestId('join-region').textContent()).not.toMatch(CJK);
    await shot(page, 'english-join-info-region');

    await page.locator('.app-sider').getByRole('link', { name: 'Phone and e-mail', exact: true }).click();
    await page.waitForURL('**/ex-live-en/index/account/bind-edit');
    await expect.poll(() => page.getByTestId('page-title').textContent(), { timeout: 15_000 }).toBe('Phone and e-mail');
    expect(await page.locator('.app-content').innerText()).not.toMatch(CJK);
    await shot(page, 'english-account-bind');

    await page.goto(`${BASE}/ex-live-en/no/such/screen`);
    await page.waitForURL('**/ex-live-en/404');
    await expect.poll(() => page.locator('.ant-result').innerText(), { timeout: 15_000 }).toContain('Sorry, the page you visited does not exist.');
    expect(await page.locator('body').innerText()).not.toMatch(CJK);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.context().close();
  });
});

describe('sub-pages, deep links and a first exhibition, issue 9 defect 10', () => {
  it('a deep link survives login; the sub-page has its title, breadcrumb and highlighted parent entry', async () => {
    const page = await newPage(browser);
    await page.goto(`${BASE}/live/index/admin/exhibitor-add`);
    await page.waitForURL('**/live/login/alogin?redirect=*');
    await page.locator('#userName').fill('host');
    await page.locator('#password').fill('pavilion');
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/live/index/admin/exhibitor-add');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe('添加展商');
    await expect.poll(() => page.getByTestId('breadcrumb').innerText(), { timeout: 15_000 }).toMatch(/展商管理\s*\/\s*添加展商/);
    expect(await page.locator('.app-sider .ant-menu-item-selected').innerText()).toBe('展商管理');
    await shot(page, 'subpage-exhibitor-add');
    await page.getByTestId('breadcrumb').getByRole('link', { name: '展商管理' }).click();
    await page.waitForURL('**/live/index/admin/exhibitor');

    // Only same-site paths: an address of another site is ignored and the host lands on its home.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${BASE}/live/login/alogin?redirect=${encodeURIComponent('//evil.example.com/live')}`);
    await page.locator('#userName').fill('host');
    await page.locator('#password').fill('pavilion');
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/live/index/home/home');
    expect(new URL(page.url()).host).toBe(new URL(BASE).host);
    await page.context().close();
  });

  it('a new host with no exhibition is offered to create one', async () => {
    const admin = await apiAs('admin');
    await admin('POST', '/api/v1/host/create-account', { name: '新主办 E2E', userName: 'e2e-new-host', password: 'pavilion-new1' });
    const page = await newPage(browser);
    await signIn(page, '/live/login/alogin', 'e2e-new-host', 'pavilion-new1');
    // The administrator issued that password: the first sign-in sets one of its own (defect 3).
    await page.waitForURL((u) => u.pathname === '/host/index/password');
    await setOwnPassword(page, 'pavilion-new1', 'e2e-new-host-own-1');
    await page.waitForURL('**/live/index/home/home');
    await page.getByTestId('exhibition-create-first').click();
    await page.waitForURL('**/live/index/manage/ex?create=1');
    expect(pathOf(page)).toBe('/live/index/manage/ex?create=1');
    await page.locator('#exhibition-basic_name').waitFor();
    await shot(page, 'new-host-create-exhibition');
    await page.context().close();
  });
});
