import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE, launch, newPage, shot, signInAs } from './browser.ts';

let browser: Browser;
let page: Page;
let video: Buffer;

/** A 4-second WebM (VP8, which every Chromium plays): made with ffmpeg when present, else the committed one. */
function makeVideo(): Buffer {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pavilion-e2e-video-')), 'booth.webm');
  try {
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=4:size=320x240:rate=15', '-c:v', 'libvpx', '-b:v', '200k', '-g', '15', '-y', out]);
    return fs.readFileSync(out);
  } catch {
    return fs.readFileSync(path.join(import.meta.dirname, 'fixtures/clip.webm'));
  } finally {
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }
}

beforeAll(async () => {
  video = makeVideo();
  browser = await launch();
  page = await newPage(browser);
  await signInAs(page, 'exhibitor');
});
afterAll(() => browser?.close());

describe('a booth video uploads resumably and plays with seeking', () => {
  it('survives a connection cut in the middle of the upload, then plays from the middle', async () => {
    await page.goto(`${BASE}/ex-live/index/set/lobby`);
    await page.getByTestId('lobby-video-upload-choose').waitFor();

    // The first PATCH reaches the server with only half its bytes, and the browser sees the connection reset.
    const calls: string[] = [];
    let cut = false;
    await page.route('**/api/upload/video**', async (route) => {
      const request = route.request();
      calls.push(`${request.method()} ${(await request.headerValue('upload-offset')) ?? ''}`.trim());
      const body = request.postDataBuffer();
      if (request.method() === 'PATCH' && !cut && body) {
        cut = true;
        const headers = { ...request.headers() };
        delete headers['content-length'];
        await route.fetch({ postData: body.subarray(0, Math.floor(body.length / 2)), headers });
        return route.abort('connectionreset');
      }
      return route.continue();
    });

    const served: number[] = [];
    page.on('response', (r) => {
      if (/\/uploads\/.+\.webm$/.test(r.url())) served.push(r.status());
    });
    await page.getByTestId('lobby-video-upload').locator('input[type="file"]').setInputFiles({ name: 'booth.webm', mimeType: 'video/webm', buffer: video });
    await expect.poll(() => page.getByTestId('lobby-video').inputValue(), { timeout: 30_000 }).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.webm$/);
    const url = await page.getByTestId('lobby-video').inputValue();
    const half = Math.floor(video.length / 2);
    // Created, cut after half, asked the server how much arrived, sent the rest from there.
    expect(calls).toEqual(['POST', 'PATCH 0', 'HEAD', `PATCH ${half}`]);
    await page.unroute('**/api/upload/video**');

    const stored = await fetch(`${BASE}${url}`);
    expect(stored.headers.get('content-type')).toBe('video/webm');
    expect(Buffer.from(await stored.arrayBuffer()).equals(video)).toBe(true);
    const range = await fetch(`${BASE}${url}`, { headers: { range: 'bytes=100-199' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 100-199/${video.length}`);
    expect((await range.arrayBuffer()).byteLength).toBe(100);

    // The preview plays it; the player asks for parts of the file (206) and seeking to the middle lands there.
    const player = page.getByTestId('lobby-preview-video');
    await player.waitFor();
    const seeked = await player.evaluate(async (el: HTMLVideoElement) => {
      if (el.readyState < 1) await new Promise((r) => el.addEventListener('loadedmetadata', r, { once: true }));
      const target = el.duration / 2;
      const done = new Promise((r) => el.addEventListener('seeked', r, { once: true }));
      el.currentTime = target;
      await done;
      if (el.readyState < 2) await new Promise((r) => el.addEventListener('loadeddata', r, { once: true }));
      return { duration: el.duration, currentTime: el.currentTime, readyState: el.readyState, error: el.error?.code ?? null };
    });
    expect(seeked.error).toBeNull();
    expect(seeked.duration).toBeGreaterThan(3);
    expect(seeked.currentTime).toBeCloseTo(seeked.duration / 2, 0);
    expect(seeked.readyState).toBeGreaterThanOrEqual(2);
    expect(served).toContain(206);
    await shot(page, 'video-lobby-uploaded');

    await page.getByTestId('lobby-save').click();
    await page.getByText('已保存', { exact: false }).first().waitFor();
  });

  it('refuses a PDF renamed .webm with the server message, and keeps the field empty', async () => {
    await page.goto(`${BASE}/ex-live-en/index/set/lobby`);
    await page.getByTestId('lobby-video-upload-choose').waitFor();
    const before = await page.getByTestId('lobby-video').inputValue();
    await page.getByTestId('lobby-video-upload').locator('input[type="file"]').setInputFiles({ name: 'brochure.webm', mimeType: 'video/webm', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
    await page.getByText('The file is not a video: only MP4 and WebM videos are accepted').waitFor();
    expect(await page.getByTestId('lobby-video').inputValue()).toBe(before);
  });
});
