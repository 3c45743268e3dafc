import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callWith, DEMO_EXHIBITION_ID, launch, newPage, shot, signInAs, tokenOf } from './browser.ts';

/** Small PNGs, each different, so the uploads are separate photos. */
const png = (n: number) => ({
  name: `booth-${n}.png`,
  mimeType: 'image/png',
  buffer: Buffer.concat([Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAFCAIAAADtz9qMAAAAD0lEQVR4nGPYggQYyOAAAFukKjG20xN3AAAAAElFTkSuQmCC', 'base64'), Buffer.from([n])]),
});
const WAIT = { timeout: 15_000 };
const ALBUM = '展台实拍';
const CERT = '焊接机 CE 证书';

let browser: Browser;
let ex: Page;

type Albums = { items: { id: string; name: string; photoCount: number; cover: string | null }[] };
type Detail = { photos: { url: string; caption: string | null }[] };

beforeAll(async () => {
  browser = await launch();
  ex = await newPage(browser);
});
afterAll(() => browser?.close());

describe('catalogue (issue 10)', () => {
  it('the exhibitor creates an album, uploads photos, captions and reorders them; the phone layout has no sideways scroll', async () => {
    await ex.setViewportSize({ width: 1440, height: 900 });
    await signInAs(ex, 'exhibitor');
    await ex.getByRole('menuitem', { name: '展位相册' }).click();
    await ex.waitForURL('**/ex-live/index/set/album');
    await expect.poll(() => ex.getByTestId('album-add').isEnabled(), WAIT).toBe(true);

    await ex.getByTestId('album-add').click();
    await ex.locator('#album_name').fill(ALBUM);
    await ex.locator('#album_nameEn').fill('Our stand');
    await ex.locator('.ant-drawer button[type=submit]').click();
    const card = ex.locator('[data-testid^=album-]', { hasText: ALBUM }).first();
    await card.waitFor(WAIT);

    await card.locator('[data-testid^=album-photos-]').click();
    await ex.getByTestId('album-photos').locator('input[type=file]').setInputFiles([1, 2, 3].map(png));
    await expect.poll(() => ex.locator('[data-testid^=album-photo-]').count(), WAIT).toBe(3);
    await ex.getByTestId('album-caption-2').fill('洽谈区');
    await ex.getByTestId('album-photo-2').getByRole('button', { name: '上移' }).click();
    await ex.getByTestId('album-photos-save').click();
    await expect.poll(() => card.textContent(), WAIT).toContain('3 / 100 张照片');

    const token = await tokenOf('exhibitor');
    const album = (await callWith<Albums>(token, 'POST', '/api/v1/album/query', {})).items.find((a) => a.name === ALBUM)!;
    const detail = await callWith<Detail>(token, 'GET', `/api/v1/album?id=${album.id}`);
    expect(detail.photos.map((p) => p.caption)).toEqual([null, '洽谈区', null]);
    expect(album.cover).toBe(detail.photos[0]!.url);
    await shot(ex, 'catalogue-albums-zh');

    await ex.setViewportSize({ width: 390, height: 844 });
    await ex.goto(ex.url().replace('/ex-live/', '/ex-live-en/'));
    await expect.poll(() => ex.locator('[data-testid^=album-]', { hasText: 'Our stand' }).count(), WAIT).toBeGreaterThan(0);
    expect(await ex.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(ex, 'catalogue-albums-en-phone');
  });

  it('the exhibitor submits a certificate; the host approves it in the audit queue; the exhibitor sees it approved', async () => {
    const host = await tokenOf('host');
    await callWith(host, 'POST', '/api/v1/certificatequality', { exhibitionId: DEMO_EXHIBITION_ID, name: 'CE 认证', nameEn: 'CE' });
    await ex.setViewportSize({ width: 1440, height: 900 });
    await ex.goto(ex.url().replace(/\/ex-live-en\/index\/.*$/, '/ex-live/index/set/certificate'));
    await expect.poll(() => ex.getByTestId('certificate-add').isEnabled(), WAIT).toBe(true);
    await ex.getByTestId('certificate-add').click();
    await ex.getByTestId('certificate-quality').click();
    await ex.locator('.ant-select-item-option', { hasText: 'CE 认证' }).click();
    await ex.getByTestId('certificate-name').fill(CERT);
    await ex.locator('#certificate_issuer').fill('TÜV');
    await ex.getByTestId('product-pictures').locator('input[type=file]').setInputFiles([png(9)]);
    await expect.poll(() => ex.locator('[data-testid^=product-picture-up-]').count(), WAIT).toBe(1);
    await ex.getByTestId('certificate-save').click();
    const card = ex.locator('[data-testid^=certificate-]', { hasText: CERT }).first();
    await expect.poll(() => card.textContent(), WAIT).toContain('待审核');

    type Queue = { items: { id: string; title: string; type: string }[] };
    const queue = await callWith<Queue>(host, 'POST', '/api/Audit/GetAuditList', { type: 'productCertificate', state: 0, exhibitionId: DEMO_EXHIBITION_ID });
    const record = queue.items.find((r) => r.title.startsWith(CERT))!;
    await callWith(host, 'POST', '/api/Audit/Audit', { ids: [record.id], approve: true });
    await ex.reload();
    await expect.poll(() => card.textContent(), WAIT).toContain('审核通过');
    await shot(ex, 'catalogue-certificates-zh');
  });
});
