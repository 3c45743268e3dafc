import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_EXHIBITION_ID, callWith, launch, newPage, shot, signInHost, tokenOf } from './browser.ts';

/** The first visit of a screen loads its chunk: more than expect.poll's default second. */
const WAIT = { timeout: 15_000 };
let browser: Browser;
let page: Page;

type Groups = { groups: { id: string; name: string }[] };
type Items = { items: { groupId: string; backgroundColor: string; topToContent: number }[] };

beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser);
});
afterAll(() => browser?.close());

describe('visitor groups (issue 11)', () => {
  it('the host creates a group, designs its invitation page and sees the poster QR code', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInHost(page);
    await page.goto(page.url().replace(/\/live\/.*$/, '/live/index/group/home'));
    await expect.poll(() => page.getByTestId('group-add').isVisible(), WAIT).toBe(true);

    const name = `媒体${Date.now() % 100000}`;
    await page.getByTestId('group-add').click();
    await page.locator('#visitor-group_name').fill(name);
    await page.locator('#visitor-group_nameEn').fill('Media');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => page.locator('tbody').textContent(), WAIT).toContain(name);
    const host = await tokenOf('host');
    const group = (await callWith<Groups>(host, 'GET', `/api/v1/settings/visitor/groups?exhibitionId=${DEMO_EXHIBITION_ID}`)).groups.find((g) => g.name === name)!;
    expect(group.id).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByTestId(`group-link-en-${group.id}`).textContent()).toContain(`/expo-en/${DEMO_EXHIBITION_ID}/register?group=${group.id}`);
    await shot(page, 'visitor-groups-home-1440');

    await page.getByTestId(`group-pages-${group.id}`).click();
    await expect.poll(() => page.getByTestId('invitation-preview').isVisible(), WAIT).toBe(true);
    await page.getByTestId('invitation-top').fill('240');
    // The save's own answer: the group's creation left an "已保存" of its own on screen a moment ago.
    const stored = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname.endsWith('/groups/invitation'));
    await page.getByTestId('invitation-save').click();
    expect((await stored).ok()).toBe(true);
    await expect.poll(() => page.locator('.ant-message').textContent(), WAIT).toContain('已保存');
    const saved = await callWith<Items>(host, 'GET', `/api/v1/settings/visitor/groups/invitation?exhibitionId=${DEMO_EXHIBITION_ID}`);
    expect(saved.items.find((i) => i.groupId === group.id)?.topToContent).toBe(240);
    await shot(page, 'visitor-groups-invitation-1440');

    await page.getByRole('tab', { name: '分享海报' }).click();
    const qr = page.getByTestId('poster-qr');
    await expect.poll(() => qr.isVisible(), WAIT).toBe(true);
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shot(page, 'visitor-groups-poster-1440');
    // The download is drawn in the browser from the same parts.
    const download = page.waitForEvent('download');
    await page.getByTestId('poster-download').click();
    expect((await download).suggestedFilename()).toBe(`poster-${name}-zh.png`);
  });
});
