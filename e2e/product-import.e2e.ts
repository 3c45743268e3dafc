import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE, DEMO_EXHIBITION_ID, callWith, launch, newJobBar, newPage, shot, signInHost, tokenOf } from './browser.ts';

/**
 * The host's product import (docs/products.md "Import"). The quota (5 products per exhibitor by
 * default) stays as it is, since other files read it: the 1,000 products go to 200 exhibitors of
 * their own, which the exhibitor import adds first.
 */
const EXHIBITORS = 200;
const WAIT = { timeout: 15_000 };
const company = (i: number) => `E2E 产品导入展商 ${String(i).padStart(3, '0')}`;

let browser: Browser;
let host: Page;
let token: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pavilion-product-import-'));

type Job = { id: string; state: string; error: string | null; result: unknown };
async function uploadSheet(url: string, wb: ExcelJS.Workbook): Promise<Job> {
  const form = new FormData();
  form.append('file', new Blob([await wb.xlsx.writeBuffer()]), 'sheet.xlsx');
  const answer = (await (await fetch(`${BASE}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json()) as { success: boolean; data: Job };
  expect(answer.success, JSON.stringify(answer)).toBe(true);
  for (let i = 0; i < 120; i++) {
    const job = await callWith<Job>(token, 'GET', `/api/v3/backgroundjob?id=${answer.data.id}`);
    if (job.state !== 'queued' && job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the job did not finish');
}

/** The template's header row, as the screen's download button saved it. */
async function templateHeaders(): Promise<string[]> {
  const [download] = await Promise.all([host.waitForEvent('download'), host.getByTestId('import-template').click()]);
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  return (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map(String);
}

async function productSheet(headers: string[], rows: Record<string, string>[]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('products');
  sheet.addRow(headers);
  const column = (zh: string) => headers.findIndex((h) => h.includes(zh));
  for (const r of rows) {
    const row: string[] = headers.map(() => '');
    for (const [zh, value] of Object.entries(r)) row[column(zh)] = value;
    sheet.addRow(row);
  }
  const file = path.join(dir, `products-${rows.length}.xlsx`);
  await wb.xlsx.writeFile(file);
  return file;
}

beforeAll(async () => {
  token = await tokenOf('host');
  // The exhibitors the products belong to, through the exhibitor import (one job, seconds).
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('exhibitors');
  ws.addRow(['*公司名称 Company name']);
  for (let i = 1; i <= EXHIBITORS; i++) ws.addRow([company(i)]);
  const job = await uploadSheet(`/api/v3/backgroundjob/import/exhibitor?exhibitionId=${DEMO_EXHIBITION_ID}`, wb);
  expect(job.state, JSON.stringify(job)).toBe('succeeded');
  browser = await launch();
  host = await newPage(browser);
  await host.setViewportSize({ width: 1440, height: 900 });
  await signInHost(host);
});
afterAll(() => browser?.close());

describe('product import (issue 10)', () => {
  it('the product list leads to the import; a file with broken rows imports nothing and shows each row’s problem', async () => {
    await host.goto(`${BASE}/live/index/admin/product`);
    await host.getByTestId('product-import-link').click();
    await host.waitForURL('**/live/index/admin/pro-task');
    await expect.poll(() => host.getByTestId('import-limits').textContent(), WAIT).toContain('每个展商最多 5 个产品');
    const headers = await templateHeaders();
    expect(headers[0]).toBe('*展商 Exhibitor');

    const file = await productSheet(headers, [
      { 展商: company(1), 产品名称: 'E2E 好产品' },
      { 展商: company(1), 产品名称: '', 产品分类: '智能装备/工业机器人' },
      { 展商: company(1), 产品名称: 'E2E 分类有误', 产品分类: '没有的分类' },
      { 展商: company(1), 产品名称: 'E2E 七张图', 产品图片: Array.from({ length: 7 }, (_, i) => `/uploads/e2e/${i}.png`).join('\n') },
      { 展商: '不存在的展商', 产品名称: 'E2E 无主' },
    ]);
    const bar = await newJobBar(host, () => host.locator('input[type=file]').setInputFiles(file));
    await expect.poll(() => bar.getAttribute('data-state'), { timeout: 30_000, interval: 300 }).toBe('failed');
    const id = ((await bar.getAttribute('data-testid')) ?? '').replace('job-progress-', '');
    await expect.poll(() => host.getByTestId(`job-result-${id}`).textContent(), WAIT).toContain('未导入任何数据');
    await host.getByTestId(`view-report-${id}`).click();
    const report = host.getByTestId(`report-table-${id}`);
    await expect.poll(() => report.textContent(), WAIT).toContain('产品名称不能为空');
    const text = (await report.textContent()) ?? '';
    expect(text).toContain('产品分类“没有的分类”不存在');
    expect(text).toContain('最多上传5张图片');
    expect(text).toContain('本展会没有该展商：不存在的展商');
    await shot(host, 'product-import-report');
    await host.keyboard.press('Escape');
    const listed = await callWith<{ totalCount: number }>(token, 'POST', '/api/v3/productv3/page', { exhibitionId: DEMO_EXHIBITION_ID, keyword: 'E2E 好产品', pageSize: 1 });
    expect(listed.totalCount).toBe(0);
  });

  it('the host imports 1,000 products from the template, with a progress bar, approved at once', async () => {
    await host.goto(`${BASE}/live/index/admin/pro-task`);
    const headers = await templateHeaders();
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      展商: company((i % EXHIBITORS) + 1),
      产品名称: `E2E 导入产品 ${String(i + 1).padStart(4, '0')}`,
      英文名称: `E2E imported product ${i + 1}`,
      产品分类: i % 2 ? '智能装备/工业机器人' : '智能装备',
      产品图片: `/uploads/e2e/product-${i}.png\n/uploads/e2e/product-${i}-b.png`,
      中文介绍: `第 ${i + 1} 个导入的产品。`,
      是否显示: '是',
    }));
    const file = await productSheet(headers, rows);
    const started = Date.now();
    const bar = await newJobBar(host, () => host.locator('input[type=file]').setInputFiles(file));
    await shot(host, 'product-import-running');
    await expect.poll(() => bar.getAttribute('data-state'), { timeout: 60_000, interval: 300 }).toMatch(/succeeded|failed/);
    const id = ((await bar.getAttribute('data-testid')) ?? '').replace('job-progress-', '');
    const job = await callWith<Job>(token, 'GET', `/api/v3/backgroundjob?id=${id}`);
    expect(job.state, `${job.error} ${JSON.stringify(job.result)}`).toBe('succeeded');
    expect(Date.now() - started).toBeLessThan(60_000);
    await expect.poll(() => bar.locator('[role=progressbar]').getAttribute('aria-valuenow'), WAIT).toBe('100');
    await expect.poll(() => host.getByTestId(`job-result-${id}`).textContent(), WAIT).toContain('新增 1000 个产品');
    await shot(host, 'product-import-done');

    const listed = await callWith<{ totalCount: number; items: { auditState: number }[] }>(token, 'POST', '/api/v3/productv3/page', { exhibitionId: DEMO_EXHIBITION_ID, keyword: 'E2E 导入产品', pageSize: 5 });
    expect(listed.totalCount).toBe(1000);
    expect(listed.items.every((p) => p.auditState === 1)).toBe(true);
    await host.goto(`${BASE}/live/index/admin/product`);
    await host.locator('#product-search_keyword').fill('E2E 导入产品 0001');
    await host.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => host.locator('tr.ant-table-row', { hasText: 'E2E 导入产品 0001' }).textContent(), WAIT).toContain('已通过');
  });
});
