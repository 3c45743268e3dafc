import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE, callWith, DEMO_EXHIBITION_ID, launch, newPage, shot, signInHost, tokenOf } from './browser.ts';

/** The host's service screens (docs/host-services.md): catalogue entries, brand zones, invoices, corrections. */
let browser: Browser;
let host: Page;
let hostToken: string;
const run = Date.now().toString(36).slice(-4).toUpperCase();
const submitter = { name: `会刊测试公司${run}`, userName: `hs-a-${run}`.toLowerCase(), id: '', compId: '', token: '' };
const idle = { name: `未交资料公司${run}`, userName: `hs-b-${run}`.toLowerCase(), id: '', compId: '', token: '' };
let journalId = '';
let correctionId = '';

/** A new exhibitor of the demo exhibition with its own login (what exhibitor-add does), signed in through the API. */
async function createExhibitor(e: typeof submitter, booth: string) {
  const created = await callWith<{ id: string; compId: string }>(hostToken, 'POST', '/api/v1/exhibitor/create', {
    exhibitionId: DEMO_EXHIBITION_ID,
    boothInfo: booth,
    company: { name: e.name },
    account: { userName: e.userName, password: 'Password-123' },
  });
  e.id = created.id;
  e.compId = created.compId;
  e.token = await tokenOf('exhibitor', e.userName, 'Password-123');
  await callWith(hostToken, 'POST', '/api/staff', { compId: e.compId, name: `联系人${run}`, phoneNumber: '13800001234', isDefault: true });
}
const rowOf = (table: string, text: string) => host.getByTestId(`${table}-table`).locator('tbody tr', { hasText: text });

beforeAll(async () => {
  hostToken = await tokenOf('host', 'host');
  // Decisions by hand, corrections open: the screens are about the host's review.
  await callWith(hostToken, 'PUT', `/api/v1/settings/exhibition/patch?exhibitionId=${DEMO_EXHIBITION_ID}`, { enabledAutoAuditExhibitor: false, enabledExhibitorCorrection: true });
  await createExhibitor(submitter, `S-${run}`);
  await createExhibitor(idle, `T-${run}`);
  // The exhibitor hands in its catalogue entry, its invoice details and a correction request (as its pages do).
  journalId = (await callWith<{ id: string }>(submitter.token, 'PUT', '/api/v3/exhibitorjournal', { compName: submitter.name, introduction: '专注工业机器人与智能产线。', contact: '王经理', phone: '0571-88880000' })).id;
  await callWith(submitter.token, 'PATCH', `/api/v3/companyinvoice?compId=${submitter.compId}`, { type: 'normal', title: submitter.name, taxNo: `91330100${run}0001` });
  correctionId = (await callWith<{ id: string }>(submitter.token, 'POST', '/api/v3/exhibitorcorrection', { changes: { boothInfo: `S-${run}-改` }, remark: '展位号调整' })).id;

  browser = await launch();
  host = await newPage(browser);
  await signInHost(host);
});
afterAll(() => browser?.close());

describe("the host's service screens", () => {
  it('approves a submitted catalogue entry in admin/periodical', async () => {
    await host.getByRole('menuitem', { name: '会刊管理' }).click();
    await host.waitForURL('**/live/index/admin/periodical');
    const row = rowOf('journal', submitter.name);
    await expect.poll(() => row.locator('.ant-tag').textContent()).toBe('待审核');
    await shot(host, 'host-periodical-pending');
    await host.getByTestId(`approve-${journalId}`).click();
    await host.getByTestId('approve-confirm').click();
    // The decision and the list's refetch: more than the default second on a loaded machine.
    await expect.poll(() => row.locator('.ant-tag').textContent(), { timeout: 15_000 }).toBe('已通过');
    await row.locator('.ant-table-row-expand-icon').click();
    await expect.poll(() => host.getByTestId(`journal-details-${journalId}`).textContent()).toContain('专注工业机器人与智能产线。');
    await shot(host, 'host-periodical-approved');
    const journal = await callWith<{ auditState: number }>(hostToken, 'GET', `/api/v3/exhibitorjournal?id=${journalId}`);
    expect(journal.auditState).toBe(1);
  });

  it('sees who handed in a catalogue entry and who did not, and fills one in for an exhibitor', async () => {
    await host.getByTestId('periodical-task').click();
    await host.waitForURL('**/live/index/admin/periodical/task');
    const list = host.getByTestId('task-list-hasJournal');
    await expect.poll(() => list.locator('tbody tr', { hasText: submitter.name }).count()).toBe(1);
    expect(await list.locator('tbody tr', { hasText: idle.name }).count()).toBe(0);
    await expect.poll(() => list.locator('tbody tr', { hasText: submitter.name }).textContent()).toContain(`联系人${run}`);
    await shot(host, 'host-periodical-task');

    await host.goto(`${BASE}/live/index/admin/periodical/task-not`);
    const missing = host.getByTestId('task-list-hasJournal').locator('tbody tr', { hasText: idle.name });
    await expect.poll(() => missing.count()).toBe(1);
    expect(await host.getByTestId('task-list-hasJournal').locator('tbody tr', { hasText: submitter.name }).count()).toBe(0);
    await expect.poll(() => missing.textContent()).toContain(`T-${run}`);
    await shot(host, 'host-periodical-task-not');
    await host.getByTestId(`journal-of-${idle.id}`).click();
    await host.waitForURL('**/live/index/admin/periodical/edit?exhibitorId=*');
    await expect.poll(() => host.locator('#periodical-edit_compName').inputValue()).toBe(idle.name);
    await host.locator('#periodical-edit_introduction').fill('主办方代为填写的简介。');
    await shot(host, 'host-periodical-edit');
    await host.getByTestId('periodical-edit-submit').click();
    await host.waitForURL('**/live/index/admin/periodical');
    await expect.poll(() => rowOf('journal', idle.name).locator('.ant-tag').textContent()).toBe('已通过');
  });

  it('places an exhibitor in a brand zone from brand/task-not and finds it in admin/brand', async () => {
    await host.getByRole('menuitem', { name: '品牌展商' }).click();
    await host.waitForURL('**/live/index/admin/brand');
    await host.getByTestId('brand-task-not').click();
    await host.waitForURL('**/live/index/admin/brand/task-not');
    await host.getByTestId(`brand-place-${submitter.id}`).click();
    await host.locator('#brand-topic_pTopic').fill(`智能制造品牌馆${run}`);
    await host.locator('#brand-topic_pTopicType').click();
    await host.locator('.ant-select-item-option', { hasText: '重点推荐' }).click();
    await shot(host, 'host-brand-place');
    await host.getByTestId('brand-topic-submit').click();
    await expect.poll(() => host.getByTestId('task-list-hasBrandTopic').locator('tbody tr', { hasText: submitter.name }).count()).toBe(0);

    await host.goto(`${BASE}/live/index/admin/brand`);
    const row = rowOf('brand', submitter.name);
    await expect.poll(() => row.textContent()).toContain(`智能制造品牌馆${run}`);
    expect(await row.textContent()).toContain('重点推荐');
    await expect.poll(() => host.getByTestId('brand-topics').textContent()).toContain(`智能制造品牌馆${run}（1）`);
    await shot(host, 'host-brand');
    const placed = await callWith<{ pTopic: string; pTopicType: number }>(hostToken, 'GET', `/api/v1/exhibitor/details?exhibitorId=${submitter.id}`);
    expect(placed).toMatchObject({ pTopic: `智能制造品牌馆${run}`, pTopicType: 1 });
  });

  it('edits an exhibitor’s invoice details in admin/invoice', async () => {
    await host.getByRole('menuitem', { name: '发票管理' }).click();
    await host.waitForURL('**/live/index/admin/invoice');
    await expect.poll(() => rowOf('invoice', submitter.name).count()).toBe(1);
    await shot(host, 'host-invoice');
    await host.getByTestId(`invoice-edit-${submitter.compId}`).click();
    await host.waitForURL('**/live/index/admin/invoice/edit?compId=*');
    await expect.poll(() => host.locator('#invoice-edit_title').inputValue()).toBe(submitter.name);
    await host.locator('#invoice-edit_title').fill(`${submitter.name}（开票）`);
    await host.locator('#invoice-edit_receiverEmail').fill('finance@example.com');
    await shot(host, 'host-invoice-edit');
    await host.getByTestId('invoice-edit-submit').click();
    await host.waitForURL('**/live/index/admin/invoice');
    await expect.poll(() => rowOf('invoice', submitter.name).textContent()).toContain(`${submitter.name}（开票）`);
    const saved = await callWith<{ title: string; receiverEmail: string }>(hostToken, 'GET', `/api/v3/companyinvoice?compId=${submitter.compId}`);
    expect(saved).toMatchObject({ title: `${submitter.name}（开票）`, receiverEmail: 'finance@example.com' });

    await host.getByTestId('invoice-task').click();
    await host.waitForURL('**/live/index/admin/invoice/task');
    await expect.poll(() => host.getByTestId('task-list-hasInvoice').locator('tbody tr', { hasText: submitter.name }).count()).toBe(1);
    await host.getByTestId('task-toggle').getByText('未提交').click();
    await expect.poll(() => host.getByTestId('task-list-hasInvoice').locator('tbody tr', { hasText: idle.name }).count()).toBe(1);
    await shot(host, 'host-invoice-task-not');
  });

  it('rejects a correction request with a reason in admin/correction', async () => {
    await host.getByRole('menuitem', { name: '信息更正' }).click();
    await host.waitForURL('**/live/index/admin/correction');
    const row = rowOf('correction', submitter.name);
    await expect.poll(() => host.getByTestId(`changes-${correctionId}`).textContent()).toContain(`S-${run}-改`);
    await host.getByTestId(`reject-${correctionId}`).click();
    await host.getByTestId('reject-confirm').click();
    await expect.poll(() => host.locator('.ant-form-item-explain-error').textContent()).toBe('请输入驳回原因');
    await host.locator('#reject_reason').fill('展位号以合同为准，暂不调整');
    await shot(host, 'host-correction-reject');
    await host.getByTestId('reject-confirm').click();
    await expect.poll(() => row.locator('.ant-tag').textContent()).toBe('已驳回');
    expect(await row.textContent()).toContain('展位号以合同为准，暂不调整');
    await shot(host, 'host-correction');
    const join = await callWith<{ boothInfo: string }>(hostToken, 'GET', `/api/v1/exhibitor/details?exhibitorId=${submitter.id}`);
    expect(join.boothInfo).toBe(`S-${run}`);
  });
});
