import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { BASE, DEMO_EXHIBITION_ID, launch, newJobBar, newPage, shot, signInHost, apiAs, type Api } from './browser.ts';

let browser: Browser;
let host: Page;
let call: Api;

const totalOf = async (filter: object) => (await call<{ totalCount: number }>('POST', '/api/v1/exhibitor/query', { exhibitionId: DEMO_EXHIBITION_ID, pageIndex: 1, pageSize: 1, ...filter })).totalCount;

beforeAll(async () => {
  call = await apiAs('host');
  browser = await launch();
  host = await newPage(browser);
  await host.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
  await signInHost(host);
});
afterAll(async () => {
  // Later e2e files find the demo exhibition by its seeded name.
  if (call) await call('PATCH', `/api/v1/exhibition?id=${DEMO_EXHIBITION_ID}`, { name: '2026 数字贸易博览会' }).catch(() => undefined);
  await browser?.close();
});

describe("the host's exhibition screens", () => {
  it('renames the exhibition and adds a hall in manage/ex', async () => {
    await host.goto(`${BASE}/live/index/manage/ex`);
    const table = host.getByTestId('host-exhibition-table');
    await table.getByText('2026 数字贸易博览会', { exact: true }).waitFor();
    await host.getByTestId('current-exhibition-tag').waitFor();
    await shot(host, 'host-manage-ex');

    await host.getByTestId(`exhibition-edit-${DEMO_EXHIBITION_ID}`).click();
    const name = host.locator('#exhibition-basic_name');
    await expect.poll(() => name.inputValue()).toBe('2026 数字贸易博览会');
    await name.fill('2026 数字贸易博览会（春季）');
    await shot(host, 'host-manage-ex-edit');
    await host.getByTestId('exhibition-basic-submit').click();
    await table.getByText('2026 数字贸易博览会（春季）', { exact: true }).waitFor();
    expect((await call<{ name: string }>('GET', `/api/v1/exhibition?id=${DEMO_EXHIBITION_ID}`)).name).toBe('2026 数字贸易博览会（春季）');

    await host.getByRole('tab', { name: '展馆' }).click();
    await host.getByTestId('hall-create').click();
    await host.locator('#hall-form_name').fill('1号馆');
    await host.locator('#hall-form_nameEn').fill('Hall 1');
    await host.locator('#hall-form_code').fill('H1');
    await host.locator('#hall-form_area').fill('12000');
    await host.getByTestId('hall-form-submit').click();
    await host.getByTestId('hall-table').getByText('1号馆', { exact: true }).waitFor();
    await expect.poll(() => host.getByTestId('hall-table').textContent()).toContain('12,000');
    await host.locator('#hall-form_name').waitFor({ state: 'detached' });
    await shot(host, 'host-manage-ex-halls');
    const halls = await call<{ name: string }[]>('GET', `/api/exhall/GetByExhibition?exhibitionId=${DEMO_EXHIBITION_ID}`);
    expect(halls.map((h) => h.name)).toContain('1号馆');
  });

  it('changes display settings in manage/ex-display and finds them kept after a reload', async () => {
    await host.goto(`${BASE}/live/index/manage/ex-display`);
    const viewCount = host.locator('#ex-display_showViewCount');
    await expect.poll(() => viewCount.getAttribute('aria-checked')).toBe('true');
    await viewCount.click();
    await host.locator('#ex-display_boothLink').fill('https://expo.example.com/booth/{id}');
    await expect.poll(() => host.getByTestId('booth-link-example').textContent()).toContain('https://expo.example.com/booth/EXHIBITOR_ID');
    await host.getByTestId('ex-display-save').click();
    await host.getByText('展示配置已保存').waitFor();
    await shot(host, 'host-ex-display');

    await host.reload();
    await expect.poll(() => host.locator('#ex-display_showViewCount').getAttribute('aria-checked')).toBe('false');
    expect(await host.locator('#ex-display_boothLink').inputValue()).toBe('https://expo.example.com/booth/{id}');
    const settings = await call<Record<string, unknown>>('GET', `/api/v1/settings/exhibition?exhibitionId=${DEMO_EXHIBITION_ID}`);
    expect(settings).toMatchObject({ showViewCount: false, boothLink: 'https://expo.example.com/booth/{id}', showExhibitorCount: true, themeId: null });
  });

  it('shows the exhibition figures on ex/home', async () => {
    // Other files add exhibitors and submissions while this one runs: each figure lies between the API's answers
    // just before the page loaded and just after it showed.
    const figures = async () => {
      const [total, shown, journalIn, journalOut] = await Promise.all([totalOf({}), totalOf({ isShow: true }), totalOf({ hasJournal: true }), totalOf({ hasJournal: false })]);
      const audit = (await call<{ total: number }>('GET', `/api/Audit/GetHasAuditInfos?exhibitionId=${DEMO_EXHIBITION_ID}`)).total;
      return { total, shown, audit, journalIn, journalOut };
    };
    const low = await figures();
    await host.goto(`${BASE}/live/index/ex/home`);
    const numberIn = async (testId: string, label = '') => {
      const box = host.getByTestId(testId);
      const text = (await (label ? box : box.locator('.ant-statistic-content-value')).textContent()) ?? '';
      const at = label ? text.indexOf(label) + label.length : 0;
      return label && at < label.length ? NaN : Number(/[\d,]+/.exec(text.slice(at))?.[0]?.replace(/,/g, '') ?? NaN);
    };
    const shownNow = async () => ({
      total: await numberIn('figure-total'),
      shown: await numberIn('figure-shown'),
      audit: await numberIn('figure-audit'),
      journalIn: await numberIn('overview-journal', '已提交 '),
      journalOut: await numberIn('overview-journal', '未提交 '),
    });
    await expect.poll(async () => Object.values(await shownNow()).every((n) => Number.isFinite(n))).toBe(true);
    const screen = await shownNow();
    const high = await figures();
    for (const key of Object.keys(screen) as (keyof typeof screen)[]) {
      expect(screen[key], key).toBeGreaterThanOrEqual(Math.min(low[key], high[key]));
      expect(screen[key], key).toBeLessThanOrEqual(Math.max(low[key], high[key]));
    }
    const total = screen.total;
    expect(total).toBeGreaterThan(0);
    await shot(host, 'host-ex-overview');
  });

  it('copies an exhibitor’s booth link in admin/exhibitor-link, reached from the exhibitor list', async () => {
    await host.goto(`${BASE}/live/index/admin/exhibitor`);
    await host.getByTestId('exhibitor-links').click();
    await host.waitForURL('**/live/index/admin/exhibitor-link');
    const copy = host.locator('[data-testid^=booth-][data-testid$=-copy]').first();
    await copy.waitFor();
    const id = (await copy.getAttribute('data-testid'))!.replace(/^booth-/, '').replace(/-copy$/, '');
    await expect.poll(() => host.getByTestId('booth-rule').textContent()).toContain('https://expo.example.com/booth/EXHIBITOR_ID');
    await copy.click();
    await host.getByText('已复制').first().waitFor();
    expect(await host.evaluate(() => navigator.clipboard.readText())).toBe(`https://expo.example.com/booth/${id}`);

    await host.getByTestId(`login-${id}-copy`).click();
    await expect.poll(() => host.evaluate(() => navigator.clipboard.readText())).toBe(`${BASE}/ex-live/login/ex?id=${DEMO_EXHIBITION_ID}`);
    await shot(host, 'host-exhibitor-links');

    await host.getByTestId(`booth-${id}-qr`).click();
    await host.getByTestId('qr-code').locator('canvas').waitFor();
    await shot(host, 'host-exhibitor-link-qr');
    const download = host.waitForEvent('download');
    await host.getByTestId('qr-download').click();
    expect((await download).suggestedFilename()).toMatch(/-booth\.png$/);
  });

  it('dry-runs an exhibitor import in basic/import with the downloaded template', async () => {
    await host.goto(`${BASE}/live/index/basic/import`);
    const templateDownload = host.waitForEvent('download');
    await host.getByTestId('import-centre-template').click();
    const template = await templateDownload;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pavilion-import-centre-'));
    const templatePath = path.join(dir, template.suggestedFilename());
    await template.saveAs(templatePath);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(templatePath);
    const sheet = wb.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const column = (zh: string) => headers.findIndex((h) => h.includes(zh)) + 1;
    const good = sheet.getRow(2);
    good.getCell(column('公司名称')).value = 'E2E 导入中心试运行有限公司';
    good.getCell(column('展位号')).value = 'T-01';
    const clean = path.join(dir, 'dry-run-clean.xlsx');
    await wb.xlsx.writeFile(clean);
    const bad = sheet.getRow(3);
    bad.getCell(column('展位号')).value = 'T-02';
    bad.getCell(column('英文名称')).value = 'Row without a company name';
    const broken = path.join(dir, 'dry-run-broken.xlsx');
    await wb.xlsx.writeFile(broken);

    const dryRun = async (file: string) => {
      const chooser = host.waitForEvent('filechooser');
      await host.getByTestId('import-centre-dry-run').click();
      await (await chooser).setFiles(file);
    };
    // Other files start jobs of the same host meanwhile: each bar is found by the id its start answered.
    const idOf = async (bar: Locator) => ((await bar.getAttribute('data-testid')) ?? '').replace('job-progress-', '');
    // A clean sheet passes the check and writes nothing.
    const cleanBar = await newJobBar(host, () => dryRun(clean));
    await expect.poll(() => cleanBar.getAttribute('data-state'), { timeout: 60_000, interval: 500 }).toBe('succeeded');
    await expect.poll(async () => host.getByTestId(`job-result-${await idOf(cleanBar)}`).textContent(), { timeout: 10_000 }).toContain('校验 1 行：错误 0');
    // A broken row fails the check, with the row-by-row report to download.
    const brokenBar = await newJobBar(host, () => dryRun(broken));
    await expect.poll(() => brokenBar.getAttribute('data-state'), { timeout: 60_000, interval: 500 }).toBe('failed');
    const reportLink = host.getByTestId(`download-report-${await idOf(brokenBar)}`);
    await reportLink.waitFor();
    const report = host.waitForEvent('download');
    await reportLink.click();
    expect((await report).suggestedFilename()).toMatch(/\.xlsx$/);
    await shot(host, 'host-import-centre');
    expect(await totalOf({ companyName: 'E2E 导入中心试运行' })).toBe(0);
  });
});
