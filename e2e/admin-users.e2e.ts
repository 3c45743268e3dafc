import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newPage, setOwnPassword, shot, signIn, signInAs } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('administrator accounts (/admin/adminUser)', () => {
  it('adds a second administrator, deletes it, and is refused deleting the last one', async () => {
    const page = await newPage(browser);
    await signInAs(page, 'admin');
    await page.getByRole('menuitem', { name: '管理员账号' }).click();
    await page.waitForURL('**/admin/adminUser');
    await expect.poll(() => page.locator('.ant-table-row').filter({ hasText: 'admin' }).count()).toBeGreaterThan(0);

    const userName = `ops${Date.now().toString(36)}`;
    await page.getByTestId('adminUser-create').click();
    await page.locator('#adminUser-form_userName').fill(userName);
    await page.locator('#adminUser-form_password').fill('ops-pass-123');
    await page.locator('#adminUser-form_name').fill('值班管理员');
    await shot(page, 'admin-users-add');
    await page.getByTestId('adminUser-form-submit').click();
    await expect.poll(() => page.locator('.ant-table-row').filter({ hasText: userName }).count()).toBe(1);
    await page.locator('.ant-drawer-content-wrapper').waitFor({ state: 'hidden' });
    await shot(page, 'admin-users-list');

    // The new administrator can sign in.
    const other = await newPage(browser);
    await signIn(other, '/admin/login/alogin', userName, 'ops-pass-123');
    await other.waitForURL((u) => u.pathname === '/admin/password');
    await setOwnPassword(other, 'ops-pass-123', 'ops-own-pass-1');
    await other.waitForURL('**/admin/adminEx');
    await other.context().close();

    await page.getByTestId(`adminUser-delete-${userName}`).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /删\s*除/ }).click();
    await expect.poll(() => page.locator('.ant-table-row').filter({ hasText: userName }).count()).toBe(0);

    // admin is now the only active administrator on the demo server: deleting it is refused by the rule.
    const active = await page.locator('.ant-table-row').filter({ hasText: '启用' }).count();
    await page.getByTestId('adminUser-delete-admin').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /删\s*除/ }).click();
    const dialog = page.locator('.ant-modal-confirm');
    await expect.poll(() => dialog.textContent()).toContain(active === 1 ? '不能删除或停用最后一个启用的管理员账号' : '不能删除或停用自己的管理员账号');
    expect(await page.locator('.ant-table-row').filter({ hasText: 'admin' }).count()).toBeGreaterThan(0);
    await dialog.waitFor({ state: 'visible' });
    await page.locator('.ant-popconfirm').waitFor({ state: 'hidden' });
    await shot(page, 'admin-users-refused');
    await page.context().close();
  });
});
