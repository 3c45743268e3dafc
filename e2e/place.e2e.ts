import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE, launch, newPage, shot, signInAs, signInHost } from './browser.ts';

let browser: Browser;
let exhibitor: Page;
let host: Page;
const COMPANY = '杭州云展科技有限公司';

beforeAll(async () => {
  browser = await launch();
  exhibitor = await newPage(browser);
  await signInAs(exhibitor, 'exhibitor');
  host = await newPage(browser);
  await signInHost(host);
});
afterAll(() => browser?.close());

describe('booth build-up data (place)', () => {
  it('the exhibitor submits its build-up data in Chinese', async () => {
    await exhibitor.getByRole('menuitem', { name: '展位信息' }).click();
    await exhibitor.waitForURL('**/ex-live/index/place');
    await expect.poll(() => exhibitor.getByTestId('booth-codes').textContent()).toContain('A1-03');
    expect(await exhibitor.getByTestId('audit-state').textContent()).toBe('未提交');

    await exhibitor.getByText('光地（特装）').click();
    await exhibitor.getByTestId('place-submit').click();
    await exhibitor.getByText('请填写搭建商', { exact: true }).waitFor();
    await exhibitor.getByTestId('place-contractorName').fill('杭州博览搭建工程有限公司');
    await exhibitor.getByTestId('place-contractorContact').fill('李工');
    await exhibitor.getByTestId('place-contractorPhone').fill('138-abc');
    await exhibitor.getByTestId('place-siteManager').fill('王磊');
    await exhibitor.getByTestId('place-siteManagerPhone').fill('13900001111');
    await exhibitor.getByTestId('place-powerKw').fill('15');
    await exhibitor.getByTestId('place-remark').fill('3 月 1 日 8:00 进场，需吊点 4 个');
    const uploaded = exhibitor.waitForResponse((r) => r.url().includes('/api/v1/file') && r.status() === 200);
    await exhibitor.locator('input[type="file"]').setInputFiles({ name: '展台效果图.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') });
    await uploaded;
    await exhibitor.getByTestId('place-submit').click();
    await exhibitor.getByText('请输入正确的电话号码（数字，可带 +）').waitFor();
    await exhibitor.getByTestId('place-contractorPhone').fill('13800002222');
    await exhibitor.getByTestId('place-submit').click();
    await expect.poll(() => exhibitor.getByTestId('audit-state').textContent()).toBe('待审核');
    await shot(exhibitor, 'place-exhibitor-submitted-zh');
  });

  it('the host approves it in place/audit and sees it in place/info', async () => {
    await host.getByRole('menuitem', { name: '展位审核' }).click();
    await host.waitForURL('**/live/index/place/audit');
    const row = host.getByTestId('place-audit-table').locator('tr', { hasText: COMPANY });
    await row.waitFor();
    await row.locator('.ant-table-row-expand-icon').click();
    await host.getByTestId('place-details').filter({ hasText: '杭州博览搭建工程有限公司' }).waitFor();
    await host.getByText('展台效果图.pdf').waitFor();
    await shot(host, 'place-host-audit');
    await row.locator('[data-testid^="place-approve-"]').click();
    await host.getByTestId('approve-confirm').click();
    await expect.poll(() => host.locator('.ant-message').textContent()).toContain('1');
    await expect.poll(() => host.getByTestId('place-audit-table').locator('tr', { hasText: COMPANY }).count()).toBe(0);

    await host.getByRole('menuitem', { name: '展位信息' }).click();
    await host.waitForURL('**/live/index/place/info');
    const info = host.getByTestId('place-table').locator('tr', { hasText: COMPANY });
    await expect.poll(() => info.textContent()).toContain('已通过');
    expect(await info.textContent()).toContain('A1-03');
    expect(await host.getByTestId('place-table').textContent()).toContain('未提交');
    await shot(host, 'place-host-info');
    await info.locator('[data-testid^="place-view-"]').click();
    await host.getByTestId('place-drawer').getByTestId('place-details').waitFor();
    expect(await host.getByTestId('place-drawer').getByTestId('place-contractorName').inputValue()).toBe('杭州博览搭建工程有限公司');
    await shot(host, 'place-host-drawer');
  });

  it('the exhibitor sees it approved in English, and previews its booth page', async () => {
    await exhibitor.goto(`${BASE}/ex-live-en/index/place`);
    await expect.poll(() => exhibitor.getByTestId('audit-state').textContent()).toBe('Approved');
    expect(await exhibitor.getByTestId('place-contractorName').inputValue()).toBe('杭州博览搭建工程有限公司');
    await exhibitor.getByText('Raw space', { exact: true }).waitFor();
    await shot(exhibitor, 'place-exhibitor-approved-en');

    // What the preview shows besides the join: the company profile and the lobby settings, set as the exhibitor's own pages would.
    const token = await exhibitor.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '""') as string);
    const put = (url: string, body: object) =>
      fetch(`${BASE}${url}`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<{ success: boolean }>);
    expect((await put('/api/v3/company', { introduction: '专注线上展会的数字化服务商，提供虚拟展厅与直播。', phone: '13957188886', website: 'https://cloudexpo.example.com' })).success).toBe(true);
    const me = await fetch(`${BASE}/api/v1/account/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json() as Promise<{ data: { exhibitorId: string } }>);
    expect((await put(`/api/v1/settings/exhibitor/patch?exhibitorId=${me.data.exhibitorId}`, { lobbyWelcome: '欢迎莅临 A1-03 展位！', lobbyWelcomeEn: 'Welcome to booth A1-03!' })).success).toBe(true);

    await exhibitor.goto(`${BASE}/ex-live/index/MyBoothView`);
    await expect.poll(() => exhibitor.getByTestId('preview-name').textContent()).toBe(COMPANY);
    expect(await exhibitor.getByTestId('preview-profile').textContent()).toContain('专注线上展会的数字化服务商');
    expect(await exhibitor.getByTestId('preview-welcome').textContent()).toBe('欢迎莅临 A1-03 展位！');
    // The contact is the company's default staff member (the demo's, who also takes its meetings).
    expect(await exhibitor.getByTestId('preview-contact').textContent()).toContain('王经理');
    expect(await exhibitor.getByTestId('preview-contact').textContent()).toContain('13800000011');
    expect(await exhibitor.getByTestId('booth-codes').textContent()).toContain('A1-03');
    await exhibitor.getByText('只有主办方审核通过的内容才会对访客展示', { exact: false }).waitFor();
    await shot(exhibitor, 'place-booth-view-zh');
    await exhibitor.goto(`${BASE}/ex-live-en/index/MyBoothView`);
    await expect.poll(() => exhibitor.getByTestId('preview-name').textContent()).toBe('Hangzhou Cloud Expo Technology Co., Ltd.');
    expect(await exhibitor.getByTestId('preview-welcome').textContent()).toBe('Welcome to booth A1-03!');
    await shot(exhibitor, 'place-booth-view-en');
  });
});
