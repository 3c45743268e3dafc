import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE, callWith, launch, newPage, setOwnPassword, shot, signIn, signInAs, tokenOf } from './browser.ts';

let browser: Browser;
let admin: Page;
beforeAll(async () => {
  browser = await launch();
  admin = await newPage(browser);
  await signInAs(admin, 'admin');
});
afterAll(() => browser?.close());

const NOT_OPENED = '服务未开通，请联系客服升级';
/**
 * The version is changed on an exhibition of the host this file creates, not on the demo one: other files run at
 * the same time and rely on the demo exhibition's features.
 */
const OWN_EXHIBITION = 'E2E 基础版展会';
const OWN_PASSWORD = 'e2e-own-pass-1';
let ownExhibitionId = '';

async function hostOpens(path: string) {
  const page = await newPage(browser);
  await signIn(page, '/live/login/alogin', 'e2ehost', OWN_PASSWORD);
  await page.waitForURL('**/live/index/home/home');
  await expect.poll(() => page.getByTestId('exhibition-name').textContent()).toBe(OWN_EXHIBITION);
  await page.goto(`${BASE}${path}`);
  return page;
}

describe('administration and feature gating', () => {
  it('the administrator creates a host with its first login', async () => {
    await admin.goto(`${BASE}/admin/adminHost`);
    await admin.getByTestId('host-add').click();
    await admin.waitForURL('**/admin/adminHostAdd');
    await admin.locator('#host-add_name').fill('E2E 会展公司');
    await admin.locator('#host-add_contactName').fill('王经理');
    await admin.locator('#host-add_userName').fill('e2ehost');
    await admin.locator('#host-add_password').fill('pavilion-e2e');
    await shot(admin, 'admin-host-add');
    await admin.getByTestId('host-add-submit').click();
    await admin.waitForURL('**/admin/adminHostEdit?id=*');
    await expect.poll(() => admin.locator('#host-edit_name').inputValue()).toBe('E2E 会展公司');
    await shot(admin, 'admin-host-edit');
    await admin.goto(`${BASE}/admin/adminHost`);
    await expect.poll(() => admin.getByTestId('host-table').textContent()).toContain('E2E 会展公司');
    await shot(admin, 'admin-hosts');

    // The new login signs in to the host area, setting its own password first (the administrator issued this one).
    const page = await newPage(browser);
    await signIn(page, '/live/login/alogin', 'e2ehost', 'pavilion-e2e');
    await page.waitForURL((u) => u.pathname === '/host/index/password');
    await setOwnPassword(page, 'pavilion-e2e', OWN_PASSWORD);
    await page.waitForURL('**/live/index/home/home');
    await page.context().close();
    const token = await tokenOf('host', 'e2ehost', OWN_PASSWORD);
    ownExhibitionId = (await callWith<{ id: string }>(token, 'POST', '/api/exhibition', { name: OWN_EXHIBITION, startAt: '2026-12-10T01:00:00Z', endAt: '2026-12-12T09:00:00Z' })).id;
  });

  it("gives the new host's exhibition the basic version: the professional-only screen shows the not-opened message", async () => {
    await admin.goto(`${BASE}/admin/adminEx-permission?id=${ownExhibitionId}`);
    await admin.locator('.ant-descriptions .ant-select').click();
    await admin.locator('.ant-select-item-option', { hasText: '基础版' }).click();
    await expect.poll(() => admin.locator('.ant-descriptions .ant-select').textContent()).toContain('基础版');
    await expect.poll(() => admin.getByTestId('effective-count').textContent()).toBe('6');
    await shot(admin, 'admin-exhibition-permission-basic');

    const host = await hostOpens('/live/index/basic/auth');
    await expect.poll(() => host.getByTestId('not-opened').textContent()).toBe(NOT_OPENED);
    await shot(host, 'host-not-opened');
    await host.goto(`${BASE}/live/index/basic/function`);
    await expect.poll(() => host.getByTestId('version-name').textContent()).toBe('基础版');
    await expect.poll(() => host.getByTestId('off-customPage').count()).toBe(1);
    await shot(host, 'host-basic-function');

    // (c) The administrator turns customPage on for this exhibition; the host sees it after a reload.
    await admin.getByTestId('choice-customPage').getByText('开通').click();
    await expect.poll(() => admin.getByTestId('effective-count').textContent()).toBe('7');
    await shot(admin, 'admin-exhibition-permission-customised');
    await host.reload();
    await expect.poll(() => host.getByTestId('on-customPage').count()).toBe(1);
    await host.goto(`${BASE}/live/index/basic/auth`);
    await expect.poll(() => host.getByTestId('auth-title').textContent()).toBe('菜单权限');
    expect(await host.getByTestId('not-opened').count()).toBe(0);
    await shot(host, 'host-basic-auth');
    await host.context().close();

    await admin.getByTestId('choice-customPage').getByText('跟随版本').click();
    await expect.poll(() => admin.getByTestId('effective-count').textContent()).toBe('6');
  });

  it('a sensitive word added in adminSet refuses an exhibitor profile naming it', async () => {
    await admin.goto(`${BASE}/admin/adminSet`);
    await admin.locator('#sensitives_words').click();
    await admin.keyboard.type('黑名单词');
    await admin.keyboard.press('Enter');
    await admin.getByTestId('sensitives-submit').click();
    await expect.poll(() => admin.locator('.ant-message').textContent()).toContain('保存成功');
    await shot(admin, 'admin-settings');
    try {
      const page = await newPage(browser);
      await signInAs(page, 'exhibitor', '/ex-live/index/set/my/home');
      await page.locator('#company-profile_address').fill('黑名单词路 8 号');
      await page.getByTestId('profile-save').click();
      const item = page.locator('.ant-form-item').filter({ has: page.locator('#company-profile_address') });
      await expect.poll(() => item.locator('.ant-form-item-explain-error').textContent()).toContain('黑名单词');
      await shot(page, 'exhibitor-sensitive-word');
      await page.context().close();
    } finally {
      await admin.goto(`${BASE}/admin/adminSet`);
      await admin.locator('.ant-select-selection-item-remove, .ant-select-selection-item [aria-label="close"]').first().click();
      await admin.getByTestId('sensitives-submit').click();
      await expect.poll(() => admin.locator('.ant-message').textContent()).toContain('保存成功');
    }
  });
});
