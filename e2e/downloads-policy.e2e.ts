import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, BASE, DEMO_EXHIBITION_ID, launch, newPage, shot, signInAs, signInHost, type Api } from './browser.ts';

let browser: Browser;
let host: Page;
let exhibitor: Page;
let call: Api;
let boothLinkBefore = '';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pavilion-downloads-'));
const stamp = Date.now().toString(36);
const TITLE = `参展手册 ${stamp}`;
const POLICY_ZH = `请于开展前一天完成布展 ${stamp}`;
const POLICY_EN = `Please finish setting up one day before opening ${stamp}`;


beforeAll(async () => {
  call = await apiAs('host');
  boothLinkBefore = (await call<{ boothLink: string }>('GET', `/api/v1/settings/exhibition?exhibitionId=${DEMO_EXHIBITION_ID}`)).boothLink;
  browser = await launch();
  host = await newPage(browser);
  await signInHost(host);
  exhibitor = await newPage(browser);
  await signInAs(exhibitor, 'exhibitor');
});
afterAll(async () => {
  // The server is shared with other e2e files: leave the booth link as it was.
  if (call) await call('PUT', `/api/v1/settings/exhibition/patch?exhibitionId=${DEMO_EXHIBITION_ID}`, { boothLink: boothLinkBefore }).catch(() => undefined);
  await browser?.close();
});

describe('downloads, policy, lobby, share and my exhibitions', () => {
  it('host offers a file in down', async () => {
    const file = path.join(tmp, `manual-${stamp}.pdf`);
    fs.writeFileSync(file, `%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
    await host.goto(`${BASE}/live/index/down`);
    await host.getByTestId('down-create').click();
    await host.locator('.ant-drawer input[type=file]').setInputFiles(file);
    await host.getByTestId('down-uploaded').waitFor();
    expect(await host.locator('#down-form_title').inputValue()).toBe(`manual-${stamp}`);
    await host.locator('#down-form_title').fill(TITLE);
    await host.locator('#down-form_titleEn').fill(`Exhibitor manual ${stamp}`);
    await host.getByTestId('down-form-submit').click();
    await host.getByTestId('down-table').getByText(TITLE).waitFor();
    await host.locator('.ant-drawer-mask').waitFor({ state: 'hidden' });
    await shot(host, 'down-host');
  });

  it('host sets the booth link and writes the policy in ex-set', async () => {
    await host.goto(`${BASE}/live/index/ex-set`);
    await host.getByTestId('exset-booth-link').fill(`https://expo.example.com/${stamp}/booth/{id}`);
    await host.getByTestId('booth-link-example').waitFor();
    await host.getByTestId('exset-save').click();
    await expect.poll(() => host.locator('.ant-message').textContent()).toContain('保存成功');

    const zh = host.getByTestId('policy-editor-zh');
    await zh.click();
    await host.keyboard.press('ControlOrMeta+A');
    await host.keyboard.press('Delete');
    await host.keyboard.type('布展须知');
    await host.keyboard.press('Enter');
    await host.keyboard.type(POLICY_ZH);
    await host.getByRole('tab', { name: '英文' }).click();
    const en = host.getByTestId('policy-editor-en');
    await en.click();
    await host.keyboard.press('ControlOrMeta+A');
    await host.keyboard.press('Delete');
    await host.keyboard.type(POLICY_EN);
    const saved = host.waitForResponse((r) => r.url().includes('/api/v3/exhibitorpolicy') && r.request().method() === 'PUT');
    await host.getByTestId('policy-save').click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => host.locator('.ant-message').textContent()).toContain('参展须知已保存');
    await host.getByRole('tab', { name: '中文' }).click();
    await shot(host, 'ex-set-host');
  });

  it('exhibitor downloads the file in ExDown, and downCenter shows it', async () => {
    await exhibitor.goto(`${BASE}/ex-live/index/ExDown`);
    const item = exhibitor.locator('.ant-list-item', { hasText: TITLE });
    await item.waitFor();
    const logged = exhibitor.waitForResponse((r) => r.url().includes('/api/v3/exhibitiondatadowload/log') && r.status() === 200);
    await item.getByRole('button', { name: /下\s*载/ }).click();
    await logged;
    await shot(exhibitor, 'exdown-exhibitor');
    await exhibitor.goto(`${BASE}/ex-live-en/index/ExDown`);
    await exhibitor.locator('.ant-list-item', { hasText: `Exhibitor manual ${stamp}` }).waitFor();

    await host.goto(`${BASE}/live/index/downCenter`);
    const row = host.getByTestId('downLog-table').locator('tr', { hasText: TITLE }).first();
    await row.waitFor();
    await shot(host, 'downcenter-host');
    const job = await call<{ id: string }>('POST', '/api/v3/backgroundjob/export', { exhibitionId: DEMO_EXHIBITION_ID });
    await host.getByRole('tab', { name: '导出文件' }).click();
    await host.getByTestId(`download-output-${job.id}`).waitFor({ timeout: 60_000 });
    await shot(host, 'downcenter-exports-host');
  });

  it('exhibitor reads the policy in Chinese and English', async () => {
    await exhibitor.goto(`${BASE}/ex-live/index/policy`);
    await expect.poll(() => exhibitor.getByTestId('policy-content').textContent()).toContain(POLICY_ZH);
    await shot(exhibitor, 'policy-zh');
    await exhibitor.goto(`${BASE}/ex-live-en/index/policy`);
    await expect.poll(() => exhibitor.getByTestId('policy-content').textContent()).toContain(POLICY_EN);
    await shot(exhibitor, 'policy-en');
  });

  it('exhibitor edits the lobby with a live preview', async () => {
    const png = path.join(tmp, 'banner.png');
    await exhibitor.goto(`${BASE}/ex-live/index/set/lobby`);
    // A banner drawn by the browser itself (no image files in the repository).
    const dataUrl = await exhibitor.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 1200;
      c.height = 400;
      const g = c.getContext('2d')!;
      const grad = g.createLinearGradient(0, 0, 1200, 400);
      grad.addColorStop(0, '#13c2c2');
      grad.addColorStop(1, '#1677ff');
      g.fillStyle = grad;
      g.fillRect(0, 0, 1200, 400);
      g.fillStyle = '#fff';
      g.font = 'bold 72px sans-serif';
      g.fillText('Cloud Expo 2026', 80, 230);
      return c.toDataURL('image/png');
    });
    fs.writeFileSync(png, Buffer.from(dataUrl.split(',')[1]!, 'base64'));
    await exhibitor.getByTestId('lobby-welcome').fill(`欢迎莅临云展科技展台 ${stamp}`);
    await exhibitor.getByTestId('lobby-welcome-en').fill(`Welcome to our booth ${stamp}`);
    await exhibitor.locator('input[type=file][accept*="image"]').setInputFiles(png);
    await exhibitor.getByTestId('lobby-preview').locator('img').waitFor();
    await expect.poll(() => exhibitor.getByTestId('lobby-preview-welcome').textContent()).toContain(`欢迎莅临云展科技展台 ${stamp}`);
    await exhibitor.getByTestId('lobby-save').click();
    await expect.poll(() => exhibitor.locator('.ant-message').textContent()).toContain('展台设置已保存');
    await exhibitor.reload();
    await expect.poll(() => exhibitor.getByTestId('lobby-welcome').inputValue()).toBe(`欢迎莅临云展科技展台 ${stamp}`);
    await shot(exhibitor, 'lobby-exhibitor');
  });

  it('exhibitor shares its booth: link, QR code, poster', async () => {
    const me = (await (await fetch(`${BASE}/api/v1/account/me`, { headers: { authorization: `Bearer ${await exhibitor.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null'))}` } })).json()) as { data: { exhibitorId: string } };
    await exhibitor.goto(`${BASE}/ex-live/index/share`);
    await expect.poll(() => exhibitor.getByTestId('share-link').inputValue()).toBe(`https://expo.example.com/${stamp}/booth/${me.data.exhibitorId}`);
    await exhibitor.getByTestId('share-qr').locator('canvas').waitFor();
    await exhibitor.getByTestId('share-poster-make').click();
    await exhibitor.getByTestId('share-poster').waitFor();
    await exhibitor.mouse.move(0, 0);
    await shot(exhibitor, 'share-exhibitor');
  });

  it('exhibitor sees its exhibitions in my-ex', async () => {
    await exhibitor.goto(`${BASE}/ex-live/index/my-ex`);
    await expect.poll(() => exhibitor.getByTestId(`myex-name-${DEMO_EXHIBITION_ID}`).textContent()).toBe('2026 数字贸易博览会');
    await shot(exhibitor, 'my-ex-zh');
    await exhibitor.goto(`${BASE}/ex-live-en/index/my-ex`);
    await exhibitor.getByTestId(`myex-name-${DEMO_EXHIBITION_ID}`).waitFor();
    await shot(exhibitor, 'my-ex-en');
  });
});
