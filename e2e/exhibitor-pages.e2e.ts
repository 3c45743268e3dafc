import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE, launch, newPage, shot, signInAs } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe("the exhibitor's own pages", () => {
  it('exhibitor2 sees its pending catalogue entry in Chinese and English', async () => {
    const page = await newPage(browser);
    await signInAs(page, 'exhibitor2', '/ex-live/index/ExJournal');
    // Other files' tests may have decided the seeded entry on this shared server: submit it again so it is pending.
    await expect.poll(() => page.locator('#compName').inputValue()).not.toBe('');
    await page.getByTestId('journal-submit').click();
    await expect.poll(() => page.getByTestId('audit-state').textContent()).toBe('待审核');
    await expect.poll(() => page.getByTestId('audit-alert').textContent()).toContain('主办方审核通过后');
    await shot(page, 'exhibitor-journal-pending-zh');
    await page.goto(`${BASE}/ex-live-en/index/ExJournal`);
    await expect.poll(() => page.getByTestId('audit-state').textContent()).toBe('Pending review');
    await shot(page, 'exhibitor-journal-pending-en');
    await page.goto(`${BASE}/ex-live-en/index/ExJoinInfo`);
    await expect.poll(() => page.getByTestId('join-company').textContent()).toBe('上海智造设备有限公司');
    await shot(page, 'exhibitor-join-info-en');
    await page.context().close();
  });

  it('exhibitor submits its catalogue entry and lintel and sees their state', async () => {
    const page = await newPage(browser);
    await signInAs(page, 'exhibitor');
    await page.getByRole('menuitem', { name: '会刊信息' }).click();
    await page.waitForURL('**/ex-live/index/ExJournal');
    await page.locator('#compName').fill('杭州云展科技有限公司');
    await page.locator('#introduction').fill('专注线上展会的数字化服务商。');
    await page.locator('#email').fill('info@example.com');
    await page.getByTestId('journal-submit').click();
    await expect.poll(() => page.getByTestId('audit-state').textContent()).toMatch(/待审核|审核通过/);
    await shot(page, 'exhibitor-journal-submitted-zh');

    await page.goto(`${BASE}/ex-live/index/ExLintel`);
    await page.getByTestId('lintel-name').fill('云展科技');
    await page.getByTestId('lintel-submit').click();
    await expect.poll(() => page.getByTestId('audit-state').textContent()).toMatch(/待审核|审核通过/);
    await shot(page, 'exhibitor-lintel-zh');

    await page.goto(`${BASE}/ex-live-en/index/ExLintel`);
    await expect.poll(() => page.getByTestId('audit-state').textContent()).toMatch(/Pending review|Approved/);
    expect(await page.getByTestId('lintel-name').inputValue()).toBe('云展科技');
    await shot(page, 'exhibitor-lintel-en');

    await page.goto(`${BASE}/ex-live/index/ExInvoice`);
    await page.getByTestId('invoice-title').fill('杭州云展科技有限公司');
    await page.getByTestId('invoice-taxNo').fill('91330100MA2H000001');
    await page.getByTestId('invoice-save').click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('发票信息已保存');
    await page.reload();
    await expect.poll(() => page.getByTestId('invoice-taxNo').inputValue()).toBe('91330100MA2H000001');
    await shot(page, 'exhibitor-invoice-zh');

    await page.goto(`${BASE}/ex-live/index/ExJoinInfo`);
    await expect.poll(() => page.getByTestId('join-company').textContent()).toBe('杭州云展科技有限公司');
    await shot(page, 'exhibitor-join-info-zh');

    await page.goto(`${BASE}/ex-live-en/index/Help`);
    const logged = page.waitForResponse((r) => r.url().includes('/api/v3/helplogv3/exhibitor') && r.status() === 200);
    await page.getByText('How do I change my company profile?').click();
    await logged;
    await shot(page, 'exhibitor-help-en');
    await page.context().close();
  });
});
