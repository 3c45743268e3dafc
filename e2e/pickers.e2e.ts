import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE, codeSentBy, DEMO_EXHIBITION_ID, launch, newPage, settled, shot, signIn, signInAs } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const cascadeItem = (page: Page, name: string) => page.locator('.region-picker-popup .ant-cascader-menu-item-content').getByText(name, { exact: true });
const message = (page: Page) => page.locator('.ant-message');

describe('the region picker on the company profile', () => {
  it('an exhibitor picks 浙江省 / 杭州市 / 西湖区, sees area code 0571, saves, and finds it kept', async () => {
    const page = await newPage(browser);
    await signInAs(page, 'exhibitor2');
    await page.locator('.app-sider').getByText('公司资料').click();
    await page.waitForURL('**/ex-live/index/set/my/home');

    const picker = page.locator('.region-picker-cascader');
    await expect.poll(() => picker.textContent()).toContain('上海市 / 浦东新区');
    await expect.poll(() => page.getByTestId('region-area-code').textContent()).toBe('区号 021');

    await picker.click();
    await cascadeItem(page, '浙江省').click();
    await cascadeItem(page, '杭州市').click();
    await cascadeItem(page, '西湖区').waitFor();
    await settled(page);
    await shot(page, 'profile-region-cascade');
    await cascadeItem(page, '西湖区').click();
    await expect.poll(() => picker.textContent()).toContain('浙江省 / 杭州市 / 西湖区');
    await expect.poll(() => page.getByTestId('region-area-code').textContent()).toBe('区号 0571');
    await settled(page);
    await shot(page, 'profile-region-picked');

    // The company's phone, under +44.
    await page.locator('.phone-input-country').click();
    await page.keyboard.type('44');
    await page.locator('.phone-input-popup .ant-select-item-option').filter({ hasText: '英国' }).click();
    await page.locator('.phone-input-number').fill('07911 123456');

    const put = page.waitForResponse((r) => r.url().endsWith('/api/v3/company') && r.request().method() === 'PUT');
    await page.getByTestId('profile-save').click();
    const saved = ((await (await put).json()) as { data: { region: string; phone: string } }).data;
    expect(saved).toMatchObject({ region: '浙江省/杭州市/西湖区', phone: '+447911123456' });
    await expect.poll(() => message(page).textContent()).toContain('公司资料已保存');
    expect(await page.locator('.phone-input-country').textContent()).toContain('+44');

    await page.reload();
    await expect.poll(() => page.locator('.region-picker-cascader').textContent()).toContain('浙江省 / 杭州市 / 西湖区');
    await expect.poll(() => page.getByTestId('region-area-code').textContent()).toBe('区号 0571');
    await page.context().close();
  });

  it('reads in English on the English path and searches by pinyin', async () => {
    const page = await newPage(browser);
    await signIn(page, `/ex-live-en/login/ex?id=${DEMO_EXHIBITION_ID}`, 'exhibitor2');
    await page.waitForURL('**/ex-live-en/index/home');
    await page.goto(`${BASE}/ex-live-en/index/set/my/home`);
    const picker = page.locator('.region-picker-cascader');
    await expect.poll(() => picker.textContent()).toContain('Zhejiang / Hangzhou / Xihu District');
    await expect.poll(() => page.getByTestId('region-area-code').textContent()).toBe('Area code 0571');
    await settled(page);
    await shot(page, 'profile-en');

    await picker.click();
    await page.keyboard.type('xiaoshan');
    const hit = page.locator('.region-picker-popup').getByText('Zhejiang / Hangzhou / Xiaoshan District');
    await hit.waitFor();
    await settled(page);
    await shot(page, 'profile-region-search');
    await hit.click();
    await expect.poll(() => picker.textContent()).toContain('Zhejiang / Hangzhou / Xiaoshan District');
    await expect.poll(() => page.getByTestId('region-area-code').textContent()).toBe('Area code 0571');
    await page.context().close();
  });

  it('uploads a logo with the session token and keeps it', async () => {
    const page = await newPage(browser);
    await signInAs(page, 'exhibitor2', '/ex-live/index/set/my/home');
    // A small PNG drawn in the page: the server judges the type by the bytes.
    const png = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 128;
      const ctx = canvas.getContext('2d')!;
      const gradient = ctx.createLinearGradient(0, 0, 128, 128);
      gradient.addColorStop(0, '#0e9f6e');
      gradient.addColorStop(1, '#1d64d8');
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, 128, 128);
      ctx.fillStyle = '#fff';
      ctx.font = 'bold 72px sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText('S', 64, 68);
      return canvas.toDataURL('image/png').split(',')[1]!;
    });
    await page.locator('.logo-field input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    const logo = page.getByTestId('company-logo').locator('img');
    await expect.poll(() => logo.getAttribute('src')).toMatch(/^\/uploads\/.+\.png$/);
    const src = await logo.getAttribute('src');
    await page.getByTestId('profile-save').click();
    await expect.poll(() => message(page).textContent()).toContain('公司资料已保存');
    await page.reload();
    await expect.poll(() => page.getByTestId('company-logo').locator('img').getAttribute('src')).toBe(src);
    await settled(page);
    await shot(page, 'profile-logo');
    await page.context().close();
  });

  it('shows a refused sensitive word on the field it was in', async () => {
    const login = await fetch(`${BASE}/api/v1/account/login/admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password: 'pavilion' }),
    });
    const token = ((await login.json()) as { data: { tokenInfo: { access_token: string } } }).data.tokenInfo.access_token;
    const setWords = (words: string[]) =>
      fetch(`${BASE}/api/v1/settings/system/sensitives`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ words }) });
    expect((await setWords(['违禁词'])).ok).toBe(true);
    try {
      const page = await newPage(browser);
      await signInAs(page, 'exhibitor2', '/ex-live/index/set/my/home');
      await page.locator('#company-profile_address').fill('违禁词大道 1 号');
      await page.getByTestId('profile-save').click();
      const addressItem = page.locator('.ant-form-item').filter({ has: page.locator('#company-profile_address') });
      await expect.poll(() => addressItem.locator('.ant-form-item-explain-error').textContent()).toBe('含有敏感词“违禁词”');
      await settled(page);
    await shot(page, 'profile-sensitive-word');
      await page.context().close();
    } finally {
      await setWords([]);
    }
  });
});

describe('the phone input on the bind screen', () => {
  it('an exhibitor changes its phone to a UK number: +44 validates it, an invalid one is refused', async () => {
    const page = await newPage(browser);
    await signInAs(page, 'exhibitor');
    await page.goto(`${BASE}/ex/index/account/bind-edit`);
    await expect.poll(() => page.getByTestId('current-phone').textContent()).toBe('13800000002');

    // Step 1: prove the current number.
    await page.getByTestId('edit-phone').click();
    const dialog = page.locator('.ant-modal');
    await dialog.getByLabel('验证码').fill(await codeSentBy('13800000002', () => dialog.getByTestId('send-code').click()));
    await dialog.getByRole('button', { name: /下一步/ }).click();

    // Step 2: the new number, under +44.
    const country = dialog.locator('.phone-input-country');
    await expect.poll(() => country.textContent()).toContain('+86');
    await country.click();
    await page.keyboard.type('英国');
    await page.locator('.phone-input-popup .ant-select-item-option').filter({ hasText: '英国' }).click();
    await expect.poll(() => country.textContent()).toContain('+44');

    const number = dialog.locator('.phone-input-number');
    await number.fill('12345');
    await expect.poll(() => dialog.locator('.ant-form-item-explain-error').first().textContent()).toBe('请输入有效的手机号');
    await dialog.getByTestId('send-code').click();
    await settled(page);
    await shot(page, 'bind-phone-invalid');
    // Refused before the server: no code went out, so the button is not counting down.
    expect(await dialog.getByTestId('send-code').textContent()).toContain('获取验证码');

    await number.fill('07911 123456');
    await expect.poll(() => dialog.locator('.ant-form-item-explain-error').count()).toBe(0);
    const code = await codeSentBy('+447911123456', () => dialog.getByTestId('send-code').click());
    await expect.poll(() => message(page).textContent()).toContain('验证码已发送');
    await dialog.getByLabel('验证码').fill(code);
    await settled(page);
    await shot(page, 'bind-phone-valid');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => page.getByTestId('current-phone').textContent()).toBe('+44 7911 123456');
    await dialog.waitFor({ state: 'hidden' });
    await shot(page, 'bind-phone-changed');
    await page.context().close();
  });

  it('lists +86 first, then Hong Kong and Macao, with flags and codes', async () => {
    const page = await newPage(browser);
    await page.goto(`${BASE}/auth-bind`);
    await page.locator('.phone-input-country').click();
    const options = page.locator('.phone-input-popup .ant-select-item-option');
    await expect.poll(() => options.count()).toBeGreaterThan(5);
    expect(await options.nth(0).textContent()).toContain('中国大陆+86');
    expect(await options.nth(1).textContent()).toContain('香港特别行政区+852');
    expect(await options.nth(2).textContent()).toContain('澳门特别行政区+853');
    await settled(page);
    await shot(page, 'auth-bind-dialling-codes');
    await page.context().close();
  });

  it('refuses an invalid number in English on the English exhibitor login', async () => {
    const page = await newPage(browser);
    await page.goto(`${BASE}/ex-live-en/login/ex?id=${DEMO_EXHIBITION_ID}`);
    await page.getByRole('tab', { name: 'Phone and code' }).click();
    await page.locator('#phoneNumber').fill('1380000');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.locator('.login-field-error').first().textContent()).toBe('The phone number is not valid');
    await settled(page);
    await shot(page, 'login-phone-invalid-en');
    await page.context().close();
  });
});
