import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE, callWith, DEMO_EXHIBITION_ID, launch, newPage, settled, shot, signInHost, tokenOf } from './browser.ts';

/** Issue 9 §3.2: the host sees what was submitted and what changed before deciding (docs/audit.md). */
let browser: Browser;
let host: Page;
let hostToken: string;
const run = Date.now().toString(36).slice(-4).toUpperCase();
const changed = { name: `变更会刊公司${run}`, userName: `ad-a-${run}`.toLowerCase(), token: '', journalId: '' };
const fresh = { name: `首次会刊公司${run}`, userName: `ad-b-${run}`.toLowerCase(), token: '', journalId: '' };

async function createExhibitor(e: typeof changed, booth: string) {
  await callWith(hostToken, 'POST', '/api/v1/exhibitor/create', { exhibitionId: DEMO_EXHIBITION_ID, boothInfo: booth, company: { name: e.name }, account: { userName: e.userName, password: 'Password-123' } });
  e.token = await tokenOf('exhibitor', e.userName, 'Password-123');
}

/** A solid-colour PNG, so the logo the host previews is something to see. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => [r, g, b][i % 3]!)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}
async function upload(token: string, image: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(image)], { type: 'image/png' }), name);
  const res = await fetch(`${BASE}/api/upload/images`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const json = (await res.json()) as { success: boolean; data: { url: string }[] };
  if (!json.success) throw new Error(`upload: ${JSON.stringify(json)}`);
  return json.data[0]!.url;
}

const WAIT = { timeout: 15_000 };
const journal = (id: string) => callWith<{ auditState: number; auditReason: string | null }>(hostToken, 'GET', `/api/v3/exhibitorjournal?id=${id}`);
const queueRow = (name: string) => host.locator('tbody tr', { hasText: name }).filter({ hasText: '待审核' });

beforeAll(async () => {
  hostToken = await tokenOf('host', 'host');
  await callWith(hostToken, 'PUT', `/api/v1/settings/exhibition/patch?exhibitionId=${DEMO_EXHIBITION_ID}`, { enabledAutoAuditExhibitor: false });
  await createExhibitor(changed, `AD-${run}`);
  await createExhibitor(fresh, `AE-${run}`);
  // An approved catalogue entry, then a change to it waiting for the host; and a first submission.
  const oldLogo = await upload(changed.token, png(160, 80, [22, 119, 255]), 'logo-old.png');
  const newLogo = await upload(changed.token, png(160, 80, [250, 140, 22]), 'logo-new.png');
  const v1 = { compName: changed.name, logo: oldLogo, introduction: '专注工业机器人。', contact: '王经理', phone: '0571-88880000' };
  changed.journalId = (await callWith<{ id: string }>(changed.token, 'PUT', '/api/v3/exhibitorjournal', v1)).id;
  await callWith(hostToken, 'POST', '/api/v3/exhibitorjournal/audit', { ids: [changed.journalId], approve: true });
  await callWith(changed.token, 'PUT', '/api/v3/exhibitorjournal', { ...v1, logo: newLogo, introduction: '专注工业机器人与智能产线，服务三百家工厂。', phone: '0571-88889999' });
  fresh.journalId = (await callWith<{ id: string }>(fresh.token, 'PUT', '/api/v3/exhibitorjournal', { compName: fresh.name, introduction: '第一次提交的会刊简介。', website: 'https://example.com' })).id;

  browser = await launch();
  host = await newPage(browser);
  await signInHost(host);
});
afterAll(() => browser?.close());

describe('the audit detail', () => {
  it('shows the host what was submitted and what changed, refuses a rejection without a reason, rejects with one', async () => {
    await host.goto(`${BASE}/live/index/audit/home`);
    await expect.poll(() => queueRow(changed.name).count(), WAIT).toBe(1);
    await shot(host, 'audit-home-queue');
    await queueRow(changed.name).locator('[data-testid^=view-]').click();
    const drawer = host.getByTestId('audit-detail');
    await drawer.waitFor();

    // The change against the approved version: the new introduction with the old one struck through, the new logo previewable.
    expect(await host.getByTestId('audit-detail-compare').textContent()).toContain('3 处修改');
    const intro = host.getByTestId('audit-field-introduction');
    expect(await intro.getAttribute('data-changed')).toBe('true');
    expect(await intro.textContent()).toContain('服务三百家工厂');
    expect(await host.getByTestId('audit-previous-introduction').textContent()).toContain('专注工业机器人。');
    expect(await host.getByTestId('audit-field-contact').getAttribute('data-changed')).toBe('false');
    const logo = host.getByTestId('audit-field-logo').locator('img').first();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), WAIT).toBe(160);
    await settled(host);
    await shot(host, 'audit-detail-changed');

    // Reject with no reason: refused, the dialog stays and says why.
    await host.getByTestId('drawer-reject').click();
    await host.getByTestId('reject-confirm').click();
    await expect.poll(() => host.getByText('请输入驳回原因').count(), WAIT).toBe(1);
    await shot(host, 'audit-detail-reject-needs-reason');
    expect((await journal(changed.journalId)).auditState).toBe(0);

    await host.locator('#reject_reason').fill('简介中的工厂数量请提供证明材料');
    await host.getByTestId('reject-confirm').click();
    await expect.poll(async () => (await journal(changed.journalId)).auditState, WAIT).toBe(2);
    expect((await journal(changed.journalId)).auditReason).toBe('简介中的工厂数量请提供证明材料');
    await expect.poll(() => host.getByTestId('audit-detail').count(), WAIT).toBe(0);
    await expect.poll(() => queueRow(changed.name).count(), WAIT).toBe(0);
  });

  it('approves a first submission after a confirmation, and fits a phone', async () => {
    await host.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => queueRow(fresh.name).count(), WAIT).toBe(1);
    await queueRow(fresh.name).locator('[data-testid^=view-]').click();
    await host.getByTestId('audit-detail').waitFor();
    expect(await host.getByTestId('audit-detail-compare').textContent()).toContain('首次提交');
    expect(await host.getByTestId('audit-field-website').locator('a').getAttribute('href')).toBe('https://example.com');
    // Polled: the drawer slides in, and mid-slide its box is not yet the one the user sees.
    await expect.poll(() => host.locator('.ant-drawer-body').evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().width <= 390), WAIT).toBe(true);
    await settled(host);
    await shot(host, 'audit-detail-phone');

    await host.getByTestId('drawer-approve').click();
    await host.getByTestId('approve-confirm').click();
    await expect.poll(async () => (await journal(fresh.journalId)).auditState, WAIT).toBe(1);
    await expect.poll(() => host.getByTestId('audit-detail').count(), WAIT).toBe(0);
  });
});
