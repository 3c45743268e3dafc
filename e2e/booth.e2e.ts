import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, BASE, DEMO_EXHIBITION_ID, launch, newPage, shot, signInAs, signInHost } from './browser.ts';

let browser: Browser;
const run = Date.now().toString(36).slice(-4).toUpperCase();
const hallName = `E2E 馆 ${run}`;
const codes = [`R${run}-01`, `R${run}-02`];
const companyName = `展位测试公司${run}`;


/** A floor-plan picture drawn in the browser itself: walls, aisles and a hall label, 900 × 560 px. */
async function planImage(page: Page): Promise<Buffer> {
  await page.setContent(`<body style="margin:0"><svg id="p" xmlns="http://www.w3.org/2000/svg" width="900" height="560" style="display:block;background:#fff">
    <rect x="10" y="10" width="880" height="540" fill="none" stroke="#555" stroke-width="6"/>
    <rect x="10" y="270" width="880" height="40" fill="#eee"/><rect x="430" y="10" width="40" height="540" fill="#eee"/>
    <text x="450" y="298" font-size="20" text-anchor="middle" fill="#999">主通道 MAIN AISLE</text>
    <rect x="380" y="530" width="140" height="20" fill="#fff" stroke="#555"/><text x="450" y="545" font-size="12" text-anchor="middle">入口 ENTRANCE</text>
  </svg></body>`);
  return page.locator('#p').screenshot();
}

/** Drags the mouse on the plan between two points given as fractions of the plan's box. */
async function drag(page: Page, from: [number, number], to: [number, number]) {
  const box = (await page.getByTestId('plan-editor').boundingBox())!;
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * ((from[0] + to[0]) / 2), box.y + box.height * ((from[1] + to[1]) / 2), { steps: 4 });
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 4 });
  await page.mouse.up();
}

/** An InputNumber by its test id (antd puts the id on the input or on its wrapper). */
const num = (page: Page, id: string) => page.locator(`input[data-testid="${id}"], [data-testid="${id}"] input`).first();

let exhibitorId = '';
beforeAll(async () => {
  browser = await launch();
  const host = await apiAs('host', 'host');
  exhibitorId = (await host<{ id: string }>('POST', '/api/v1/exhibitor/create', { exhibitionId: DEMO_EXHIBITION_ID, company: { name: companyName } })).id;
});
afterAll(() => browser?.close());

describe('booth floor plans', () => {
  it('admin uploads a plan, draws two booths with the mouse, moves and resizes one, and saves', async () => {
    const page = await newPage(browser);
    const picture = await planImage(page);
    await signInAs(page, 'admin');
    await page.getByRole('menuitem', { name: '展位图编辑' }).click();
    await page.waitForURL('**/admin/adminMiceCad');

    await page.getByTestId('pick-exhibition').click();
    await page.keyboard.type('数字贸易');
    await page.locator('.ant-select-item-option').filter({ hasText: '2026 数字贸易博览会' }).first().click();
    await page.getByTestId('add-hall').click();
    await page.getByTestId('hall-name').fill(hallName);
    await page.getByTestId('add-hall-ok').click();
    await expect.poll(() => page.getByTestId('pick-hall').textContent()).toContain(hallName);

    await page.locator('input[type=file]').setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: picture });
    await page.getByTestId('plan-editor').waitFor();
    await page.locator('#plan-settings_scale').fill('0.05');
    await page.getByTestId('plan-save').click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('平面图已保存');

    // First booth: drag on an empty spot (top left quarter), then give it its number in the side panel.
    await drag(page, [0.06, 0.08], [0.2, 0.3]);
    await expect.poll(() => page.getByTestId('booth-code').inputValue()).toBe('A-101');
    await page.getByTestId('booth-code').fill(codes[0]!);
    await page.getByTestId('booth-type').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '光地' }).click();
    // Second booth, right of the aisle.
    await drag(page, [0.6, 0.1], [0.72, 0.3]);
    await expect.poll(() => page.getByTestId('booth-code').inputValue()).toBe(codes[1]);
    await page.getByTestId('booth-code').fill(codes[1]!);
    await shot(page, 'booth-editor-drawn');

    // Move the second booth down and left, then widen it by its south-east handle.
    const before = { x: Number(await num(page, 'booth-x').inputValue()), w: Number(await num(page, 'booth-w').inputValue()) };
    await drag(page, [0.66, 0.2], [0.62, 0.4]);
    await expect.poll(async () => Number(await num(page, 'booth-x').inputValue())).toBeLessThan(before.x);
    const handle = (await page.getByTestId('handle-se').boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + 60, handle.y + 10, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => Number(await num(page, 'booth-w').inputValue())).toBeGreaterThan(before.w);
    expect(await page.getByTestId('booth-code').inputValue()).toBe(codes[1]);

    // A third, overlapping booth is flagged and refused until deleted.
    await drag(page, [0.25, 0.38], [0.15, 0.2]);
    await page.getByTestId('save-layout').click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('重叠');
    await page.getByTestId('booth-delete').click();

    await page.getByTestId('zoom-in').click();
    await expect.poll(() => page.getByTestId('zoom-level').textContent()).toBe('150%');
    await page.getByTestId('zoom-out').click();
    await page.getByTestId('save-layout').click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('布局已保存：新增 2');
    await page.mouse.click(5, 5);
    await shot(page, 'booth-editor-saved');

    const admin = await apiAs('admin', 'admin');
    const saved = await admin<{ items: { code: string; type: string; area: number; w: number }[] }>('POST', '/api/v3/booth/query', { exhibitionId: DEMO_EXHIBITION_ID, keyword: `R${run}` });
    expect(saved.items.map((b) => b.code).sort()).toEqual(codes);
    expect(saved.items.find((b) => b.code === codes[0])).toMatchObject({ type: 'raw' });
    expect(saved.items.every((b) => b.area > 0)).toBe(true);
    await page.context().close();
  });

  it('host assigns a booth to an exhibitor, sees it on the plan, and the exhibitor record shows the code', async () => {
    const page = await newPage(browser);
    await signInHost(page);
    await page.getByTestId('exhibition-name').filter({ hasText: '2026 数字贸易博览会' }).waitFor();
    await page.getByRole('menuitem', { name: '展位分配' }).click();
    await page.waitForURL('**/live/index/admin/booth');
    await page.locator('#booth-search_companyName').fill(`R${run}`);
    await page.locator('#booth-search_companyName').press('Enter');
    await page.getByTestId(`assign-${codes[0]}`).click();
    await page.getByTestId('exhibitor-picker').click();
    await page.keyboard.type('展位测试公司');
    await page.locator('.ant-select-item-option').filter({ hasText: companyName }).click();
    await page.getByTestId('assign-ok').click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain(`展位 ${codes[0]} 已分配给 ${companyName}`);
    const row = page.getByTestId('booth-table').locator('tr').filter({ hasText: codes[0]! });
    await expect.poll(() => row.textContent()).toContain(companyName);
    await expect.poll(() => row.textContent()).toContain('已售');
    await shot(page, 'booth-host-list');

    await page.getByRole('tab', { name: '展位图' }).click();
    await page.getByTestId('plan-hall').click();
    await page.locator('.ant-select-item-option').filter({ hasText: hallName }).click();
    await expect.poll(() => page.getByTestId(`booth-${codes[0]}`).getAttribute('data-state')).toBe('sold');
    await expect.poll(() => page.getByTestId(`booth-${codes[0]}`).textContent()).toContain(companyName.slice(0, 6));
    await shot(page, 'booth-host-plan');

    // The exhibitor record (read by the exhibitor list, exports, the exhibitor's pages) carries the code.
    await page.goto(`${BASE}/live/index/admin/exhibitor`);
    await page.locator('#exhibitor-search_company').fill(companyName);
    await page.locator('#exhibitor-search_company').press('Enter');
    const exhibitorRow = page.getByTestId('exhibitor-table').locator('tr').filter({ hasText: companyName });
    await expect.poll(() => exhibitorRow.textContent()).toContain(codes[0]);
    await shot(page, 'booth-exhibitor-record');
    const host = await apiAs('host', 'host');
    const record = await host<{ boothInfo: string | null; boothArea: string | null }>('GET', `/api/v1/exhibitor/details?exhibitorId=${exhibitorId}`);
    expect(record.boothInfo).toBe(codes[0]);
    expect(Number(record.boothArea)).toBeGreaterThan(0);
    await page.context().close();
  });
});
