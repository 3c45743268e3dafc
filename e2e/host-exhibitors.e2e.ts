import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE, callWith, DEMO_EXHIBITION_ID, launch, newJobBar, newPage, shot, signInHost } from './browser.ts';

let browser: Browser;
let host: Page;
let token: string;

/** The demo host's bearer token, for the set-up calls the screens do not make. */
async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${BASE}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await answer.json()) as { success: boolean; data: T };
  if (!json.success) throw new Error(`${method} ${url}: ${JSON.stringify(json)}`);
  return json.data;
}

let before = 0;
const totalOf = async (page: Page) => {
  const text = (await page.getByTestId('exhibitor-table').locator('.ant-pagination-total-text').textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
};

/** Exhibitors of the demo exhibition whose company name contains `name`: other files add exhibitors at the same time. */
const named = async (name: string) => (await call<{ totalCount: number }>('POST', '/api/v1/exhibitor/query', { exhibitionId: DEMO_EXHIBITION_ID, pageIndex: 1, pageSize: 1, companyName: name })).totalCount;

beforeAll(async () => {
  const login = await fetch(`${BASE}/api/v1/account/login/host`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'host', password: 'pavilion' }),
  });
  token = ((await login.json()) as { data: { tokenInfo: { access_token: string } } }).data.tokenInfo.access_token;
  browser = await launch();
  host = await newPage(browser);
  await signInHost(host);
  // Other e2e files add exhibitors to the demo exhibition too, some while this one runs: totals only grow.
  before = (await call<{ totalCount: number }>('POST', '/api/v1/exhibitor/query', { exhibitionId: DEMO_EXHIBITION_ID, pageIndex: 1, pageSize: 1 })).totalCount;
});
afterAll(() => browser?.close());

describe("the host's exhibitors", () => {
  it('creates an exhibitor through exhibitor-add and finds it in the list', async () => {
    await host.goto(`${BASE}/live/index/admin/exhibitor`);
    await expect.poll(() => totalOf(host)).toBeGreaterThanOrEqual(before);
    await shot(host, 'host-exhibitors');
    await host.getByTestId('exhibitor-add').click();
    await host.waitForURL('**/live/index/admin/exhibitor-add');
    await host.locator('#exhibitor-add_name').fill('E2E 新展商有限公司');
    await host.locator('#exhibitor-add_nameEn').fill('E2E New Exhibitor Ltd.');
    await host.locator('#exhibitor-add_address').fill('文一西路 1 号');
    await host.locator('#exhibitor-add_boothInfo').fill('C3-01');
    await host.locator('#exhibitor-add_boothArea').fill('C馆');
    await host.locator('#exhibitor-add_categoryIds').click();
    await host.locator('.ant-select-tree-title', { hasText: '智能装备' }).click();
    await host.keyboard.press('Escape');
    await host.locator('#exhibitor-add_userName').fill('e2e-exhibitor');
    await host.locator('#exhibitor-add_password').fill('pavilion-e2e');
    await shot(host, 'host-exhibitor-add');
    await host.getByTestId('exhibitor-add-submit').click();
    await host.waitForURL('**/live/index/admin/exhibitor');
    await expect.poll(() => totalOf(host)).toBeGreaterThanOrEqual(before + 1);
    await expect.poll(() => host.getByTestId('exhibitor-table').textContent()).toContain('E2E 新展商有限公司');

    // Search by company name, then by category.
    await host.locator('#exhibitor-search_company').fill('E2E 新展商');
    await host.locator('#exhibitor-search button[type=submit]').click();
    await expect.poll(() => totalOf(host)).toBe(1);
    await expect.poll(() => host.getByTestId('exhibitor-table').textContent()).toContain('智能装备');
    await shot(host, 'host-exhibitors-search');
    await host.locator('#exhibitor-search').getByRole('button', { name: /重\s*置/ }).click();
    await expect.poll(() => totalOf(host)).toBeGreaterThanOrEqual(before + 1);
  });

  it('imports 1,000 exhibitors from a spreadsheet, with progress', async () => {
    // The template's headers, then 1,000 rows.
    const template = await fetch(`${BASE}/api/v3/exhibitor/import/template`, { headers: { authorization: `Bearer ${token}` } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await template.arrayBuffer());
    const headers = (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map(String);
    const out = new ExcelJS.Workbook();
    const sheet = out.addWorksheet('exhibitors');
    sheet.addRow(headers);
    const column = (zh: string) => headers.findIndex((h) => h.includes(zh));
    for (let i = 1; i <= 1000; i++) {
      const row: string[] = headers.map(() => '');
      row[column('公司名称')] = `E2E 导入展商 ${String(i).padStart(4, '0')} 有限公司`;
      row[column('英文名称')] = `E2E Imported Exhibitor ${i} Ltd.`;
      row[column('展位号')] = `I-${i}`;
      sheet.addRow(row);
    }
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pavilion-import-')), 'exhibitors-1000.xlsx');
    await out.xlsx.writeFile(file);

    await host.goto(`${BASE}/live/index/admin/exhibitor-task`);
    const bar = await newJobBar(host, () => host.locator('input[type=file]').setInputFiles(file));
    await shot(host, 'host-import-running');
    await expect.poll(() => bar.getAttribute('data-state'), { timeout: 60_000, interval: 500 }).toMatch(/succeeded|failed/);
    if ((await bar.getAttribute('data-state')) === 'failed') {
      // Say why: the job's error and the first rows of its report.
      const id = ((await bar.getAttribute('data-testid')) ?? '').replace('job-progress-', '');
      const jobs = await callWith<{ items: { id: string; error: string | null; result: unknown; files: { report?: { url: string } } }[] }>(token, 'POST', '/api/v3/backgroundjob/query', { pageSize: 50 });
      const job = jobs.items.find((j) => j.id === id);
      const report = job?.files.report ? new ExcelJS.Workbook() : null;
      if (report && job?.files.report) await report.xlsx.load(await (await fetch(`${BASE}${job.files.report.url}`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());
      expect.fail(`the import failed: ${job?.error} ${JSON.stringify(job?.result)} ${JSON.stringify(report?.worksheets[0]?.getSheetValues().slice(0, 4))}`);
    }
    await expect.poll(() => host.locator('[data-testid^=job-result-]').first().textContent()).toContain('新增 1000');
    await shot(host, 'host-import-done');

    await host.goto(`${BASE}/live/index/admin/exhibitor`);
    await expect.poll(() => named('E2E 导入展商')).toBe(1000);
    await shot(host, 'host-exhibitors-after-import');
  });

  it("approves exhibitor2's pending catalogue entry in audit/home", async () => {
    await host.goto(`${BASE}/live/index/audit/home`);
    // Other files add submissions meanwhile (imports approve a thousand at once): the list is narrowed to this company first.
    await host.locator('#audit-search_title').fill('上海智造设备有限公司');
    await host.locator('#audit-search button[type=submit]').click();
    const row = host.locator('tr', { hasText: '上海智造设备有限公司' }).filter({ hasText: '待审核' });
    // The queue's first load and the decision's refetch take more than the default second on a loaded machine.
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => host.getByTestId('audit-counts').textContent()).toContain('会刊');
    await shot(host, 'host-audit-pending');
    await row.locator('[data-testid^=approve-]').click();
    await host.getByTestId('approve-confirm').click();
    await expect.poll(() => host.locator('tr', { hasText: '上海智造设备有限公司' }).filter({ hasText: '会刊' }).first().textContent(), { timeout: 15_000 }).toContain('已通过');
    await shot(host, 'host-audit-approved');
  });

  it('copies exhibitors from a past exhibition of the host', async () => {
    const past = await call<{ id: string }>('POST', '/api/exhibition', { name: 'E2E 往届博览会 2025', showIndex: 999, startAt: '2025-06-01T01:00:00Z', endAt: '2025-06-03T09:00:00Z' });
    for (const name of ['E2E 往届展商甲有限公司', 'E2E 往届展商乙有限公司'])
      await call('POST', '/api/v1/exhibitor/create', { exhibitionId: past.id, company: { name }, boothInfo: 'P-01' });

    await host.goto(`${BASE}/live/index/admin/exhibitor-copy`);
    await host.locator('#exhibitor-copy_fromExhibitionId').click();
    await host.locator('.ant-select-item-option', { hasText: 'E2E 往届博览会 2025' }).click();
    await expect.poll(() => host.locator('#exhibitor-copy_exhibitorIds').isDisabled()).toBe(false);
    await shot(host, 'host-exhibitor-copy');
    await host.getByTestId('copy-start').click();
    await host.waitForURL('**/live/index/admin/exhibitor-task3');
    const bar = host.locator('[data-testid^=job-progress-]').first();
    await expect.poll(() => bar.getAttribute('data-state'), { timeout: 30_000, interval: 500 }).toBe('succeeded');
    await expect.poll(() => host.locator('[data-testid^=job-result-]').first().textContent()).toContain('复制 2');
    await shot(host, 'host-copy-jobs');

    await expect.poll(() => named('E2E 往届展商')).toBe(2);
  });
});
