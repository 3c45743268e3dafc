import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, BASE, DEMO_EXHIBITION_ID, launch, newPage, shot, signInAs, signInHost, type Api } from './browser.ts';

/**
 * Issue 14's "done when", one step per test: ffmpeg pushes a test pattern to the demo exhibitor's room through its
 * signed URL and a phone plays it; the exhibitor pushes a product and the viewer sees it within a second, then
 * cancels; gifts switched on with a notice reach the viewer; a second room over the exhibitor's one line is refused.
 */
const PHONE = { width: 390, height: 844 };
const WAIT = { timeout: 15_000 };
const stamp = Date.now().toString(36);

type Room = { id: string; title: string; liveState: string; auditState: number; exhibitorId: string | null };
type Stream = { pushUrl: string };
type RoomProduct = { productId: string; name: string; pushed: boolean };

let browser: Browser;
let exhibitor: Api;
let host: Api;
let room: Room;
let viewer: Page;
let console_: Page;
let publisher: ChildProcess | null = null;

/** ffmpeg sending a generated picture and tone to `url` as a live RTMP stream, until killed (or refused). */
function push(url: string, seconds?: number): { child: ChildProcess; exited: Promise<{ code: number | null; output: string }> } {
  const args = ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440'];
  if (seconds) args.push('-t', String(seconds));
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv', url);
  const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; output: string }>((resolve) => child.once('exit', (code) => resolve({ code, output })));
  return { child, exited };
}

const roomNow = (id: string) => exhibitor<Room>('GET', `/api/v1/liveroom?id=${id}`);

beforeAll(async () => {
  browser = await launch();
  exhibitor = await apiAs('exhibitor');
  host = await apiAs('host');
  const { items } = await exhibitor<{ items: Room[] }>('POST', '/api/v1/liveroom/page', { exhibitionId: DEMO_EXHIBITION_ID, pageIndex: 1, pageSize: 20 });
  room = items.find((r) => r.auditState === 1)!;
  expect(room).toBeTruthy();
});
afterAll(async () => {
  publisher?.kill('SIGKILL');
  await browser?.close();
});

describe('live rooms (issue 14, done when)', () => {
  it("ffmpeg pushes a test pattern to the room's signed URL and a phone plays it", async () => {
    const { pushUrl } = await exhibitor<Stream>('GET', `/api/v1/liveroom/stream?id=${room.id}`);
    expect(pushUrl).toMatch(/^rtmp:\/\/.+\/live\/.+\?expire=\d+&sign=/);
    publisher = push(pushUrl).child;
    await expect.poll(async () => (await roomNow(room.id)).liveState, WAIT).toBe('live');

    viewer = await newPage(browser);
    await viewer.setViewportSize(PHONE);
    await viewer.goto(`${BASE}/expo/${DEMO_EXHIBITION_ID}/live/${room.id}`);
    const video = viewer.getByTestId('live-video');
    await video.waitFor(WAIT);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), WAIT).toBeGreaterThan(1);
    const first = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), WAIT).toBeGreaterThan(first + 1);
    expect(await viewer.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await shot(viewer, 'live-viewer-playing-390');
  });

  it("the exhibitor pushes a product; the viewer's page shows it within a second, and the cancel takes it away", async () => {
    const products = await exhibitor<RoomProduct[]>('GET', `/api/v1/liveroom/backstage/livepushproduct/list?roomId=${room.id}`);
    const product = products.find((p) => !p.pushed)!;
    expect(product).toBeTruthy();

    console_ = await newPage(browser);
    await signInAs(console_, 'exhibitor');
    await console_.goto(`${BASE}/ex-live/index/liveRoomInfo?id=${room.id}`);
    await console_.getByTestId('live-console').waitFor(WAIT);

    const card = viewer.getByTestId('pushed-product');
    const answered = console_.waitForResponse((r) => r.url().endsWith('/livepushproduct/push') && r.request().method() === 'POST');
    await console_.getByTestId(`live-product-push-${product.productId}`).click();
    expect((await answered).ok()).toBe(true);
    await card.waitFor({ timeout: 1_000 });
    expect(await card.textContent()).toContain(product.name);
    await shot(viewer, 'live-viewer-pushed-390');
    await shot(console_, 'live-exhibitor-console');

    await console_.getByTestId(`live-product-cancel-${product.productId}`).click();
    await card.waitFor({ state: 'hidden', ...WAIT });
  });

  it('gifts switched on with a notice reach the viewer', async () => {
    const notice = `礼物功能已开启 ${stamp}`;
    // The demo room may start with gifts on: off first, so the notice the viewer sees is this switch's own.
    if ((await exhibitor<{ giftEnabled: boolean }>('GET', `/api/v1/liveroom?id=${room.id}`)).giftEnabled) await exhibitor('POST', '/api/v1/liveroom/push/enable-gift/notice', { roomId: room.id, enabled: false });
    await console_.reload();
    await console_.getByTestId('live-gift-notice').fill(notice);
    await console_.getByTestId('live-gift-switch').click();
    await expect.poll(() => viewer.getByTestId('gift-notice').textContent(), WAIT).toContain(notice);
    await shot(viewer, 'live-viewer-gift-notice-390');
  });

  it("a second room over the exhibitor's one line is refused by the ingest", async () => {
    const second = await exhibitor<Room>('POST', '/api/v1/liveroom', { exhibitionId: DEMO_EXHIBITION_ID, title: `E2E 第二直播间 ${stamp}`, introduction: '' });
    await host('POST', '/api/v1/liveroom/audit', { ids: [second.id], approve: true });
    await expect.poll(async () => (await roomNow(second.id)).auditState, WAIT).toBe(1);
    const { pushUrl } = await exhibitor<Stream>('GET', `/api/v1/liveroom/stream?id=${second.id}`);
    const { exited } = push(pushUrl, 5);
    const { code, output } = await exited;
    expect(code).not.toBe(0);
    expect(output.length).toBeGreaterThan(0);
    expect((await roomNow(second.id)).liveState).toBe('idle');
    expect((await roomNow(room.id)).liveState).toBe('live');

    // The host sees both in manage/streaming: the first live, the lines in use.
    const hostPage = await newPage(browser);
    await signInHost(hostPage, '/live/index/manage/streaming');
    await hostPage.getByTestId('live-pool-in-use').waitFor(WAIT);
    await shot(hostPage, 'live-host-streaming');
    await hostPage.context().close();

    publisher?.kill('SIGTERM');
    publisher = null;
    await expect.poll(async () => (await roomNow(room.id)).liveState, WAIT).toBe('idle');
  });
});
