import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE, DEMO_EXHIBITION_ID, launch, newPage, pathOf, shot, signIn } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('signing in through the real pages', () => {
  it('the administrator lands on the exhibition list', async () => {
    const page = await newPage(browser);
    await signIn(page, '/admin/login/alogin', 'admin');
    await page.waitForURL('**/admin/adminEx');
    await expect.poll(() => page.getByTestId('exhibition-table').textContent()).toContain('2026 数字贸易博览会');
    expect(await page.getByTestId('user-name').textContent()).toContain('admin');
    await shot(page, 'admin-home');
    await page.getByTestId('logout').click();
    await page.waitForURL('**/admin/login/alogin');
    await page.context().close();
  });

  it('the host lands on its home with its organiser and exhibition', async () => {
    const page = await newPage(browser);
    await signIn(page, '/live/login/alogin', 'host');
    await page.waitForURL('**/live/index/home/home');
    await expect.poll(() => page.getByTestId('host-name').textContent()).toBe('Demo Organiser');
    await expect.poll(() => page.getByTestId('exhibition-name').textContent()).toBe('2026 数字贸易博览会');
    expect(await page.evaluate(() => document.title)).not.toBe('');
    await shot(page, 'host-home');
    await page.getByTestId('logout').click();
    await page.waitForURL('**/live/login/alogin');
    await page.context().close();
  });

  it('an exhibitor signs in to its exhibition in Chinese', async () => {
    const page = await newPage(browser);
    await signIn(page, `/ex-live/login/ex?id=${DEMO_EXHIBITION_ID}`, 'exhibitor');
    await page.waitForURL('**/ex-live/index/home');
    await expect.poll(() => page.getByTestId('company-name').textContent()).toBe('杭州云展科技有限公司');
    await shot(page, 'exhibitor-home-zh');
    await page.getByTestId('logout').click();
    await page.waitForURL(`**/ex-live/login/ex?id=${DEMO_EXHIBITION_ID}`);
    await page.context().close();
  });

  it('an exhibitor signs in in English on the English path', async () => {
    const page = await newPage(browser);
    await signIn(page, `/ex-live-en/login/ex?id=${DEMO_EXHIBITION_ID}`, 'exhibitor2');
    await page.waitForURL('**/ex-live-en/index/home');
    await expect.poll(() => page.getByTestId('company-name').textContent()).toBe('上海智造设备有限公司');
    await expect.poll(() => page.getByTestId('exhibition-name').textContent()).toBe('Digital Trade Expo 2026');
    expect(await page.getByTestId('logout').textContent()).toMatch(/log ?out/i);
    await shot(page, 'exhibitor-home-en');
    await page.getByTestId('logout').click();
    await page.waitForURL(`**/ex-live-en/login/ex?id=${DEMO_EXHIBITION_ID}`);
    await page.context().close();
  });

  it('a login in the wrong area shows the login-identity message', async () => {
    const page = await newPage(browser);
    await signIn(page, '/admin/login/alogin', 'host');
    await expect.poll(() => page.locator('.login-notice').textContent()).toContain('登录身份有误，请重新确认');
    expect(pathOf(page)).toBe('/admin/login/alogin');
    await shot(page, 'login-wrong-identity');
    await page.context().close();
  });
});

describe('the route guard', () => {
  it('sends an anonymous visitor to the login of each area, carrying the page asked for', async () => {
    const page = await newPage(browser);
    await page.goto(`${BASE}/admin/adminEx`);
    await page.waitForURL('**/admin/login/alogin?redirect=*');
    await page.goto(`${BASE}/host/index/log`);
    await page.waitForURL('**/live/login/alogin?redirect=*');
    await page.goto(`${BASE}/`);
    await page.waitForURL('**/live/login/alogin?redirect=*');
    await page.context().close();
  });

  it('sends a signed-in exhibitor who opens the host area to the host login', async () => {
    const page = await newPage(browser);
    await signIn(page, `/ex-live/login/ex?id=${DEMO_EXHIBITION_ID}`, 'exhibitor');
    await page.waitForURL('**/ex-live/index/home');
    await page.goto(`${BASE}/live/index/home/home`);
    await page.waitForURL('**/live/login/alogin?redirect=*');
    await page.goto(`${BASE}/admin/adminEx`);
    await page.waitForURL('**/admin/login/alogin?redirect=*');
    await page.context().close();
  });

  it('sends a host who opens the exhibitor area to the exhibitor login', async () => {
    const page = await newPage(browser);
    await signIn(page, '/live/login/alogin', 'host');
    await page.waitForURL('**/live/index/home/home');
    await page.goto(`${BASE}/ex-live/index/home`);
    await page.waitForURL(/\/ex-live\/login\//);
    await page.context().close();
  });

  it('answers an unknown screen with the 404 page', async () => {
    const page = await newPage(browser);
    await page.goto(`${BASE}/no/such/screen`);
    await page.waitForURL('**/404');
    await shot(page, 'not-found');
    await page.context().close();
  });
});
