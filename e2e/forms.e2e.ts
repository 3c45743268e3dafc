import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_EXHIBITION_ID, callWith, launch, newPage, shot, signInHost, tokenOf } from './browser.ts';

/** The first visit of a screen loads its chunk: more than expect.poll's default second. */
const WAIT = { timeout: 15_000 };
let browser: Browser;
let page: Page;

type Form = { formItems: { name: string; label: string; showWhen?: { name: string; values: string[] } | null }[] };

beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser);
});
afterAll(() => browser?.close());

const preview = () => page.getByTestId('form-preview');
const wide = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth);

describe('form designer (issue 11)', () => {
  it('the host adds a conditional item to the Chinese visitor form, previews it, saves and sees it after a reload', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInHost(page);
    await page.goto(page.url().replace(/\/live\/.*$/, '/live/index/basic/form'));
    await expect.poll(() => page.getByTestId('form-row-mobile').isVisible(), WAIT).toBe(true);

    // A radio "身份" with two options, then a text item shown only for "媒体".
    await page.getByTestId('form-add').click();
    await page.getByRole('menuitem', { name: '单选' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.locator('#form-item_label').fill('身份');
    await drawer.locator('#form-item_name').fill('role');
    await drawer.locator('#form-item_options_0_label').fill('采购商');
    await drawer.locator('#form-item_options_0_value').fill('buyer');
    await drawer.locator('#form-item_options_1_label').fill('媒体');
    await drawer.locator('#form-item_options_1_value').fill('media');
    await drawer.getByTestId('form-item-apply').click();
    await expect.poll(() => page.getByTestId('form-row-role').isVisible()).toBe(true);

    await page.getByTestId('form-add').click();
    await page.getByRole('menuitem', { name: '单行文本' }).click();
    await drawer.locator('#form-item_label').fill('媒体名称');
    await drawer.locator('#form-item_name').fill('outlet');
    await drawer.getByTestId('form-check-require').check();
    await drawer.getByTestId('form-when-item').click();
    await page.locator('.ant-select-item-option', { hasText: '身份' }).click();
    await drawer.getByTestId('form-when-values').click();
    await page.locator('.ant-select-item-option', { hasText: '媒体' }).click();
    await drawer.locator('#form-item_label').click(); // closes the dropdown
    await drawer.getByTestId('form-item-apply').click();
    await expect.poll(() => page.getByTestId('form-row-outlet').textContent()).toContain('条件显示');

    // The preview: the item shows only once "媒体" is chosen, and is then required.
    await expect.poll(() => preview().getByTestId('form-item-outlet').count()).toBe(0);
    await preview().getByTestId('form-item-role').getByText('采购商').click();
    await expect.poll(() => preview().getByTestId('form-item-outlet').count()).toBe(0);
    await preview().getByTestId('form-item-role').getByText('媒体').click();
    await expect.poll(() => preview().getByTestId('form-item-outlet').count()).toBe(1);
    await preview().getByTestId('form-preview-submit').click();
    await expect.poll(() => preview().getByTestId('form-item-outlet').textContent()).toContain('请填写媒体名称');
    await shot(page, 'forms-designer-1440');

    await page.getByTestId('form-save').click();
    await expect.poll(() => page.locator('.ant-message').textContent(), WAIT).toContain('表单已保存');
    const saved = await callWith<Form>(await tokenOf('host'), 'GET', `/api/v3/form?itemId=${DEMO_EXHIBITION_ID}&formType=1`);
    expect(saved.formItems.find((i) => i.name === 'outlet')?.showWhen).toEqual({ name: 'role', values: ['media'] });

    await page.reload();
    await expect.poll(() => page.getByTestId('form-row-outlet').textContent(), WAIT).toContain('媒体名称');
    await expect.poll(() => preview().getByTestId('form-item-outlet').count()).toBe(0);

    // The preview in English and at phone width: no sideways scroll.
    await page.setViewportSize({ width: 390, height: 844 });
    await preview().getByText('English').click();
    await preview().getByTestId('form-item-role').getByText('媒体').click();
    await preview().getByTestId('form-preview-submit').click();
    await expect.poll(() => preview().getByTestId('form-item-outlet').textContent()).toContain('媒体名称 is required');
    await expect.poll(() => wide(page)).toBeLessThanOrEqual(390);
    await preview().scrollIntoViewIfNeeded();
    await shot(page, 'forms-preview-390');
  });
});
