import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE, launch, newPage, shot, signInAs, signInHost } from './browser.ts';

/** A 4×5 grey PNG: the badge photo. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAFCAIAAADtz9qMAAAAD0lEQVR4nGPYggQYyOAAAFukKjG20xN3AAAAAElFTkSuQmCC',
  'base64',
);

/** The first visit of a screen loads its chunk: more than expect.poll's default second. */
const WAIT = { timeout: 15_000 };

let browser: Browser;
let host: Page;
const NAME = '李明';

/** Waits until no table is loading, so the screenshot shows the list as a person reads it. */
/** No spinner left: antd's (tables, cards) nor the page's own while a screen loads. */
const spinnersGone = (page: Page) => expect.poll(() => page.locator('.ant-spin-spinning, .page-spinner').count()).toBe(0);
const row = (page: Page, text: string) => page.locator('tr.ant-table-row', { hasText: text });

beforeAll(async () => {
  browser = await launch();
  host = await newPage(browser);
  await signInHost(host);
});
afterAll(() => browser?.close());

describe('staff badges (参展证)', () => {
  it('the exhibitor hands in a badge in Chinese, the host approves and prints it, the exhibitor sees it approved in English', async () => {
    const ex = await newPage(browser);
    await signInAs(ex, 'exhibitor');
    await ex.getByRole('menuitem', { name: '参展证' }).click();
    await ex.waitForURL('**/ex-live/index/ExCard');
    await expect.poll(() => ex.getByTestId('card-quota').textContent(), WAIT).toBe('已办理 0 / 10 张');
    await shot(ex, 'card-exhibitor-empty-zh');

    await ex.getByTestId('card-add').click();
    await ex.locator('#excard_name').fill(NAME);
    await ex.locator('#excard_position').fill('销售经理');
    await ex.locator('#excard_phone').fill('13912345678');
    await ex.locator('#excard_idNumber').fill('330106199001011234');
    await ex.locator('#excard_type').click();
    await ex.locator('.ant-select-item-option', { hasText: '搭建人员' }).click();
    await ex.locator('input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PHOTO });
    await expect.poll(() => ex.getByTestId('card-photo-preview').locator('img').count(), WAIT).toBe(1);
    await shot(ex, 'card-exhibitor-form-zh');
    await ex.getByTestId('excard-submit').click();
    await expect.poll(() => row(ex, NAME).getByTestId('audit-state').textContent(), WAIT).toBe('待审核');
    expect(await row(ex, NAME).textContent()).toContain('330***********1234');
    expect(await row(ex, NAME).textContent()).toContain('搭建人员');
    await expect.poll(() => ex.getByTestId('card-quota').textContent(), WAIT).toBe('已办理 1 / 10 张');
    await spinnersGone(ex);
    await shot(ex, 'card-exhibitor-pending-zh');

    // The host reviews it in admin/card: the whole identity number, the photo, approve, then print.
    await host.goto(`${BASE}/live/index/admin/card`);
    await expect.poll(() => row(host, NAME).count(), WAIT).toBe(1);
    expect(await row(host, NAME).textContent()).toContain('330106199001011234');
    expect(await row(host, NAME).getByTestId('card-thumb').count()).toBe(1);
    await spinnersGone(host);
    await shot(host, 'card-host-list-pending');
    await row(host, NAME).getByRole('button', { name: '通过' }).click();
    await host.getByTestId('approve-confirm').click();
    await expect.poll(() => row(host, NAME).textContent(), WAIT).toContain('已通过');
    await row(host, NAME).getByRole('button', { name: '标记已打印' }).click();
    await expect.poll(() => row(host, NAME).getByTestId('card-printed').textContent(), WAIT).toBe('已打印');
    await spinnersGone(host);
    await shot(host, 'card-host-list-printed');

    await ex.goto(`${BASE}/ex-live-en/index/ExCard`);
    await expect.poll(() => row(ex, NAME).getByTestId('audit-state').textContent(), WAIT).toBe('Approved');
    expect(await row(ex, NAME).getByTestId('card-printed').textContent()).toBe('Printed');
    expect(await ex.getByTestId('card-quota').textContent()).toBe('1 of 10 badges');
    await spinnersGone(ex);
    await shot(ex, 'card-exhibitor-approved-en');
    await ex.context().close();
  });

  it('the host rejects a badge with a reason and the exhibitor reads it', async () => {
    const ex = await newPage(browser);
    await signInAs(ex, 'exhibitor', '/ex-live/index/ExCard');
    await ex.getByTestId('card-add').click();
    await ex.locator('#excard_name').fill('王强');
    await ex.locator('#excard_position').fill('技术支持');
    await ex.locator('#excard_phone').fill('13912345679');
    await ex.getByTestId('excard-submit').click();
    await expect.poll(() => row(ex, '王强').getByTestId('audit-state').textContent(), WAIT).toBe('待审核');

    await host.goto(`${BASE}/live/index/admin/card`);
    await row(host, '王强').getByRole('button', { name: '驳回' }).click();
    await host.locator('#reject_reason').fill('请上传本人近期证件照');
    await host.getByTestId('reject-confirm').click();
    await expect.poll(() => row(host, '王强').textContent(), WAIT).toContain('请上传本人近期证件照');

    await ex.reload();
    await expect.poll(() => row(ex, '王强').getByTestId('card-reason').textContent(), WAIT).toContain('请上传本人近期证件照');
    await spinnersGone(ex);
    await shot(ex, 'card-exhibitor-rejected-zh');
    await ex.context().close();
  });

  it('lists who has and has not handed in badges, and the host adds one for an exhibitor from task-not', async () => {
    await host.goto(`${BASE}/live/index/admin/card/task`);
    await expect.poll(() => row(host, '杭州云展科技有限公司').count(), WAIT).toBe(1);
    expect(await row(host, '上海智造设备有限公司').count()).toBe(0);
    await spinnersGone(host);
    await shot(host, 'card-host-task');

    // Other e2e files may have added many exhibitors to the demo exhibition: find each by name.
    await host.goto(`${BASE}/live/index/admin/card/task-not`);
    const search = async (name: string) => {
      await host.locator('#task-hasCard-not-search_company').fill(name);
      await host.locator('#task-hasCard-not-search button[type=submit]').click();
      await spinnersGone(host);
    };
    await search('杭州云展科技有限公司');
    await expect.poll(() => host.locator('.ant-table-placeholder').count(), WAIT).toBe(1);
    await search('上海智造设备有限公司');
    await expect.poll(() => row(host, '上海智造设备有限公司').count(), WAIT).toBe(1);
    await spinnersGone(host);
    await shot(host, 'card-host-task-not');

    await row(host, '上海智造设备有限公司').getByRole('button', { name: '代为添加' }).click();
    await host.waitForURL('**/live/index/admin/card/edit?exhibitorId=*');
    await expect.poll(() => host.locator('.ant-select-content', { hasText: '上海智造设备有限公司' }).count(), WAIT).toBeGreaterThan(0);
    await host.locator('#card-edit_name').fill('赵工');
    await host.locator('#card-edit_position').fill('搭建负责人');
    await host.locator('#card-edit_phone').fill('13700001111');
    await shot(host, 'card-host-edit');
    await host.getByTestId('card-edit-submit').click();
    await host.waitForURL('**/live/index/admin/card');
    await expect.poll(() => row(host, '赵工').textContent(), WAIT).toContain('已通过');

    await host.goto(`${BASE}/live/index/admin/card/task-not`);
    await host.getByTestId('task-list-hasCard').waitFor();
    await expect.poll(() => row(host, '上海智造设备有限公司').count(), WAIT).toBe(0);
  });
});
