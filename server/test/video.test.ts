import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, VIDEO_UPLOAD_PATH } from '@pavilion/contract';
import { AppError } from '../src/http/errors.ts';
import { registerVideoPurpose } from '../src/modules/upload/video-policy.ts';
import { sweepStaleUploads } from '../src/modules/upload/video.ts';
import { storedFile } from '../src/storage/tables.ts';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
const tmpDir = () => path.join(path.dirname(ctx.uploadsDir), 'tmp', 'video-uploads');

/** A 24-byte `ftyp` box: what makes a file an MP4 to the content check (the rest may be anything). */
const FTYP = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
const fakeMp4 = (size: number) => Buffer.concat([FTYP, Buffer.alloc(size - FTYP.length, 7)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'.repeat(20));
const TUS = { 'tus-resumable': '1.0.0' };
const metadata = (m: Record<string, string>) => Object.entries(m).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`).join(',');

const auth = async (as: Actor | null) => (as ? bearer(await ctx.token(as)) : {});
async function create(as: Actor | null, length: number, meta: Record<string, string> = { filename: 'clip.mp4', filetype: 'video/mp4' }, lang = 'zh-CN') {
  return ctx.app.inject({ method: 'POST', url: VIDEO_UPLOAD_PATH, headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': metadata(meta), 'accept-language': lang, ...(await auth(as)) } });
}
async function created(as: Actor, length: number, meta?: Record<string, string>) {
  const res = await create(as, length, meta);
  expect(res.statusCode, res.body).toBe(201);
  return res.headers.location as string;
}
const patchRequest = (url: string, offset: number, data: Buffer) => ({
  method: 'PATCH' as const,
  url,
  payload: data,
  headers: { ...TUS, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
});
async function patch(as: Actor | null, url: string, offset: number, data: Buffer, lang = 'zh-CN') {
  const r = patchRequest(url, offset, data);
  return ctx.app.inject({ ...r, headers: { ...r.headers, 'accept-language': lang, ...(await auth(as)) } });
}
async function head(as: Actor | null, url: string) {
  return ctx.app.inject({ method: 'HEAD', url, headers: { ...TUS, ...(await auth(as)) } });
}
const leftovers = () => fs.readdirSync(tmpDir());
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const storedPath = (url: string) => path.join(ctx.uploadsDir, url.replace(/^\/uploads\//, ''));

const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Uploads for the security cases of HEAD, PATCH and DELETE, all the demo exhibitor's. */
const own: Record<'head' | 'patch' | 'delete', string> = { head: '', patch: '', delete: '' };

beforeAll(async () => {
  ctx = await createTestContext();
  for (const k of Object.keys(own) as (keyof typeof own)[]) own[k] = await created('exhibitor', 100);
});
afterAll(() => ctx.close());

describe(`POST ${VIDEO_UPLOAD_PATH} (tus creation)`, () => {
  routeSecurity(() => ctx, {
    request: () => ({ method: 'POST', url: VIDEO_UPLOAD_PATH, headers: { ...TUS, 'upload-length': '1000', 'upload-metadata': metadata({ filename: 'a.mp4' }) } }),
    allowed: ['exhibitor', 'host'],
    denied: ['admin'],
    otherTenant: { none: 'it creates a new upload owned by the caller and names no record of anyone else' },
    okStatus: 201,
  });
});

describe(`HEAD ${VIDEO_UPLOAD_PATH}/:id`, () => {
  routeSecurity(() => ctx, {
    request: () => ({ method: 'HEAD', url: own.head, headers: TUS }),
    allowed: ['exhibitor'],
    denied: ['admin'],
    otherTenant: { as: 'exhibitor3', request: () => ({ method: 'HEAD', url: own.head, headers: TUS }) },
  });
});

describe(`PATCH ${VIDEO_UPLOAD_PATH}/:id`, () => {
  routeSecurity(() => ctx, {
    request: () => patchRequest(own.patch, 0, fakeMp4(50)),
    allowed: ['exhibitor'],
    denied: ['admin'],
    otherTenant: { as: 'exhibitor3', request: () => patchRequest(own.patch, 0, fakeMp4(50)) },
    okStatus: 204,
  });
});

describe(`DELETE ${VIDEO_UPLOAD_PATH}/:id`, () => {
  routeSecurity(() => ctx, {
    request: () => ({ method: 'DELETE', url: own.delete, headers: TUS }),
    allowed: ['exhibitor'],
    denied: ['admin'],
    otherTenant: { as: 'host2', request: () => ({ method: 'DELETE', url: own.delete, headers: TUS }) },
    okStatus: 204,
  });
});

describe('resumable video uploads', () => {
  it('announces the protocol, its extensions and the size cap on OPTIONS', async () => {
    const res = await ctx.app.inject({ method: 'OPTIONS', url: VIDEO_UPLOAD_PATH });
    expect(res.statusCode).toBe(204);
    expect(res.headers['tus-version']).toContain('1.0.0');
    expect(res.headers['tus-extension']).toContain('creation');
    expect(res.headers['tus-max-size']).toBe(String(500 * 1024 * 1024));
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('takes a video in two PATCHes, reports the offset in between, refuses a wrong offset, then stores it and answers its URL', async () => {
    const video = fakeMp4(64 * 1024);
    const url = await created('exhibitor', video.length);
    expect(url).toMatch(new RegExp(`^${VIDEO_UPLOAD_PATH}/[0-9a-f-]{36}$`));
    const first = await patch('exhibitor', url, 0, video.subarray(0, 40_000));
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers['upload-offset']).toBe('40000');

    const after = await head('exhibitor', url);
    expect(after.statusCode).toBe(200);
    expect(after.headers).toMatchObject({ 'upload-offset': '40000', 'upload-length': String(video.length), 'cache-control': 'no-store' });
    expect((await patch('exhibitor', url, 0, video.subarray(0, 10))).statusCode).toBe(409);

    const last = await patch('exhibitor', url, 40_000, video.subarray(40_000));
    expect(last.statusCode, last.body).toBe(200);
    const data = json(last).data as { url: string; name: string; size: number; contentType: string; posterUrl: string | null };
    expect(data).toMatchObject({ name: 'clip.mp4', size: video.length, contentType: 'video/mp4' });
    expect(data.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.mp4$/);
    expect(sha(fs.readFileSync(storedPath(data.url)))).toBe(sha(video));
    const [row] = await ctx.db.select().from(storedFile).where(eq(storedFile.key, data.url.replace(/^\/uploads\//, '')));
    expect(row).toMatchObject({ contentType: 'video/mp4', size: video.length, originalName: 'clip.mp4' });
    // The partial file and its record are gone; the upload no longer answers.
    expect(leftovers().filter((f) => url.endsWith(f.replace(/\.json$/, '')))).toEqual([]);
    expect((await head('exhibitor', url)).statusCode).toBe(404);
  });

  it('lets a host upload too, and keeps each upload to its uploader: another user gets 404', async () => {
    const url = await created('host', 2000);
    for (const other of ['exhibitor', 'exhibitor2', 'exhibitor3'] as Actor[]) {
      expect((await head(other, url)).statusCode).toBe(404);
      const res = await patch(other, url, 0, fakeMp4(2000));
      expect(res.statusCode).toBe(404);
      expect(json(res)).toMatchObject({ success: false, code: ErrorCode.NotFound });
    }
    expect((await head('host', url)).headers['upload-offset']).toBe('0');
    expect((await patch('host', url, 0, fakeMp4(2000))).statusCode).toBe(200);
  });

  it('refuses a PDF renamed .mp4 when it completes, in the caller language, and keeps nothing', async () => {
    const before = fs.readdirSync(ctx.uploadsDir, { recursive: true }).length;
    const url = await created('exhibitor', PDF.length, { filename: 'brochure.mp4', filetype: 'video/mp4' });
    const res = await patch('exhibitor', url, 0, PDF, 'en');
    expect(res.statusCode).toBe(415);
    expect(json(res)).toEqual({ success: false, code: ErrorCode.NotAVideo, description: 'The file is not a video: only MP4 and WebM videos are accepted' });
    expect(leftovers().some((f) => url.endsWith(f.replace(/\.json$/, '')))).toBe(false);
    expect(fs.readdirSync(ctx.uploadsDir, { recursive: true }).length).toBe(before);
    expect((await head('exhibitor', url)).statusCode).toBe(404);
  });

  it('answers 413 with the envelope before any byte when the declared length is over the cap, and refuses empty and unknown lengths', async () => {
    const res = await create('exhibitor', 500 * 1024 * 1024 + 1, undefined, 'en');
    expect(res.statusCode).toBe(413);
    expect(json(res)).toEqual({ success: false, code: ErrorCode.FileTooLarge, description: 'The file must be under 500 MB' });
    expect((await create('exhibitor', 500 * 1024 * 1024)).statusCode).toBe(201);
    expect(json(await create('exhibitor', 0))).toMatchObject({ code: ErrorCode.FileEmpty });
    const deferred = await ctx.app.inject({ method: 'POST', url: VIDEO_UPLOAD_PATH, headers: { ...TUS, 'upload-defer-length': '1', ...(await auth('exhibitor')) } });
    expect(deferred.statusCode).toBe(400);
    expect(json(deferred).field).toBe('Upload-Length');
  });

  it('refuses more bytes than the upload declared', async () => {
    const url = await created('exhibitor', 100);
    const res = await patch('exhibitor', url, 0, fakeMp4(200));
    expect(res.statusCode).toBe(413);
    expect(json(res).code).toBe(ErrorCode.FileTooLarge);
  });

  it('asks the policy of the purpose: refused when the switch is off (nothing stored), 400 for a purpose nobody registered', async () => {
    let open = true;
    registerVideoPurpose('testProductVideo', (_db, principal, meta) => {
      expect(principal.userName).toBe('exhibitor');
      expect(meta.productId).toBe('p1');
      if (!open) throw new AppError(ErrorCode.OrganizerFeatureOff);
    });
    const files = leftovers().length;
    open = false;
    const off = await create('exhibitor', 1000, { filename: 'a.mp4', purpose: 'testProductVideo', productId: 'p1' }, 'en');
    expect(off.statusCode).toBe(403);
    expect(json(off)).toMatchObject({ code: ErrorCode.OrganizerFeatureOff });
    expect(leftovers().length).toBe(files);

    // Switched off while the upload was under way: refused at completion, and the partial data goes.
    open = true;
    const url = await created('exhibitor', 1000, { filename: 'a.mp4', purpose: 'testProductVideo', productId: 'p1' });
    open = false;
    expect((await patch('exhibitor', url, 0, fakeMp4(1000))).statusCode).toBe(403);
    expect(leftovers().length).toBe(files);

    const unknown = await create('exhibitor', 1000, { filename: 'a.mp4', purpose: 'nobodysPurpose' }, 'en');
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).field).toBe('purpose');
  });

  it('product videos (purpose productVideo) follow the exhibition’s enabledUploadProductVideo, for the exhibitor and for a host naming the exhibition', async () => {
    const switchTo = async (on: boolean) =>
      expect((await ctx.app.inject({ method: 'PUT', url: `/api/v1/settings/exhibition/patch?exhibitionId=${ctx.demo.exhibitionId}`, headers: await auth('host'), payload: { enabledUploadProductVideo: on } })).statusCode).toBe(200);
    const product = { filename: 'p.mp4', purpose: 'productVideo' };
    await switchTo(false);
    try {
      const off = await create('exhibitor', 1000, product, 'en');
      expect(off.statusCode).toBe(400);
      expect(json(off)).toMatchObject({ code: ErrorCode.ProductVideoDisabled });
      expect(json(await create('host', 1000, { ...product, exhibitionId: ctx.demo.exhibitionId }))).toMatchObject({ code: ErrorCode.ProductVideoDisabled });
      expect((await create('host', 1000, product)).statusCode).toBe(400);
    } finally {
      await switchTo(true);
    }
    expect((await create('exhibitor', 1000, product)).statusCode).toBe(201);
    expect((await create('host', 1000, { ...product, exhibitionId: ctx.demo.exhibitionId })).statusCode).toBe(201);
  });

  it('cancels an upload with DELETE (tus termination): its partial data goes', async () => {
    const url = await created('exhibitor', 5000);
    await patch('exhibitor', url, 0, fakeMp4(5000).subarray(0, 1000));
    const res = await ctx.app.inject({ method: 'DELETE', url, headers: { ...TUS, ...(await auth('exhibitor')) } });
    expect(res.statusCode).toBe(204);
    expect(leftovers().some((f) => url.endsWith(f.replace(/\.json$/, '')))).toBe(false);
  });

  it('sweeps unfinished uploads older than the expiry, and only those', async () => {
    const stale = await created('exhibitor', 5000);
    await patch('exhibitor', stale, 0, fakeMp4(5000).subarray(0, 100));
    const day = 24 * 3600 * 1000;
    expect(await sweepStaleUploads(tmpDir(), day)).toBe(0);
    const removed = await sweepStaleUploads(tmpDir(), day, Date.now() + day + 1000);
    expect(removed).toBeGreaterThanOrEqual(2);
    expect((await head('exhibitor', stale)).statusCode).toBe(404);
  });
});

describe('playback with HTTP Range', () => {
  let url = '';
  const size = 100_000;
  beforeAll(async () => {
    const up = await created('exhibitor', size);
    url = json(await patch('exhibitor', up, 0, fakeMp4(size))).data.url;
  });

  it('serves the whole video with Accept-Ranges and its type', async () => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'accept-ranges': 'bytes', 'content-type': 'video/mp4', 'content-length': String(size), 'content-disposition': 'inline' });
    const h = await ctx.app.inject({ method: 'HEAD', url });
    expect(h.statusCode).toBe(200);
    expect(h.headers['content-length']).toBe(String(size));
  });

  it('answers a range with 206 and the exact bytes, a suffix and an open range too', async () => {
    const whole = fs.readFileSync(storedPath(url));
    const part = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers).toMatchObject({ 'content-range': `bytes 1000-1999/${size}`, 'content-length': '1000', 'content-type': 'video/mp4' });
    expect(part.rawPayload.equals(whole.subarray(1000, 2000))).toBe(true);
    const tail = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=-10' } });
    expect(tail.headers['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(tail.rawPayload.equals(whole.subarray(size - 10))).toBe(true);
    const open = await ctx.app.inject({ method: 'GET', url, headers: { range: `bytes=${size - 100}-` } });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-length']).toBe('100');
  });

  it('answers 416 with the length for a range past the end', async () => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: { range: `bytes=${size}-${size + 10}` } });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${size}`);
  });
});

/** An MP4-looking body of `total` bytes from offset `from`, made in 1 MB pieces as it is read: never held in memory. */
const streamed = (total: number, from = 0) => {
  let at = from;
  return new Readable({
    read() {
      if (at >= total) return void this.push(null);
      const piece = at < FTYP.length ? FTYP.subarray(at) : Buffer.alloc(Math.min(1024 * 1024, total - at), 7);
      at += piece.length;
      this.push(piece);
    },
  });
};

describe('a dropped connection in the middle of a PATCH', () => {
  let base = '';
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });

  /** PATCH over the network; with `cutAt`, the client stops sending after that many bytes and destroys the socket. */
  const patchOverNetwork = async (url: string, offset: number, length: number, body: Readable, cutAt?: number) => {
    const token = await ctx.token('exhibitor');
    return new Promise<{ status: number; body: string } | 'cut'>((resolve, reject) => {
      const req = http.request(`${base}${url}`, { method: 'PATCH', headers: { ...TUS, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset), 'content-length': String(length), authorization: `Bearer ${token}` } });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      let written = 0;
      req.on('error', (err) => (cutAt !== undefined ? resolve('cut') : reject(err)));
      body.on('data', (chunk: Buffer) => {
        if (cutAt !== undefined && written + chunk.length > cutAt) {
          body.destroy();
          req.destroy();
          resolve('cut');
          return;
        }
        written += chunk.length;
        if (!req.write(chunk)) body.pause();
      });
      req.on('drain', () => body.resume());
      body.on('end', () => req.end());
    });
  };

  const offsetOf = async (url: string) => Number((await head('exhibitor', url)).headers['upload-offset']);
  const settle = async (url: string) => {
    // The server notices the cut a moment later; the offset is whatever reached the disk.
    let last = -1;
    for (let i = 0; i < 50; i++) {
      const now = await offsetOf(url);
      if (now === last) return now;
      last = now;
      await new Promise((r) => setTimeout(r, 100));
    }
    return last;
  };

  it('keeps what arrived, reports it on HEAD, and completes from there', async () => {
    const total = 8 * 1024 * 1024;
    const url = await created('exhibitor', total);
    expect(await patchOverNetwork(url, 0, total, streamed(total), 3 * 1024 * 1024)).toBe('cut');
    const offset = await settle(url);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(total);
    const done = await patchOverNetwork(url, offset, total - offset, streamed(total, offset));
    expect(done).toMatchObject({ status: 200 });
    const data = JSON.parse((done as { body: string }).body).data as { url: string; size: number };
    expect(data.size).toBe(total);
    const stored = fs.readFileSync(storedPath(data.url));
    expect(stored.length).toBe(total);
    expect(stored.subarray(0, FTYP.length).equals(FTYP)).toBe(true);
    expect(stored.subarray(FTYP.length).every((b) => b === 7)).toBe(true);
  });

  // 300 MB through a real socket, cut at 120 MB and resumed, without holding it in memory: the
  // client generates it in 1 MB pieces, the server streams it to disk. About 2 s and 600 MB of disk.
  it('survives a cut in the middle of a 300 MB video, using little memory', async () => {
    const total = 300 * 1024 * 1024;
    const free = fs.statfsSync(os.tmpdir());
    if (free.bavail * free.bsize < 3 * total) return; // not enough disk here; the 8 MB case above covers the logic
    const rss = process.memoryUsage().rss;
    let peak = rss;
    const watch = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const started = Date.now();
    try {
      const url = await created('exhibitor', total);
      expect(await patchOverNetwork(url, 0, total, streamed(total), 120 * 1024 * 1024)).toBe('cut');
      const offset = await settle(url);
      expect(offset).toBeGreaterThan(100 * 1024 * 1024);
      const done = await patchOverNetwork(url, offset, total - offset, streamed(total, offset));
      expect(done).toMatchObject({ status: 200 });
      const data = JSON.parse((done as { body: string }).body).data as { url: string; size: number };
      expect(fs.statSync(storedPath(data.url)).size).toBe(total);
      fs.rmSync(storedPath(data.url));
    } finally {
      clearInterval(watch);
    }
    console.info(`300 MB upload cut at 120 MB and resumed: ${Date.now() - started} ms, peak RSS +${Math.round((peak - rss) / 1024 / 1024)} MB`);
    expect(peak - rss).toBeLessThan(150 * 1024 * 1024);
  }, 120_000);
});

describe.skipIf(!hasFfmpeg)('poster frames with ffmpeg', () => {
  it('takes a JPEG at 1 s and stores it beside the video', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pavilion-video-'));
    const file = path.join(dir, 'clip.mp4');
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=160x120:rate=10', '-pix_fmt', 'yuv420p', '-c:v', 'mpeg4', '-y', file]);
    const video = fs.readFileSync(file);
    fs.rmSync(dir, { recursive: true });
    const url = await created('exhibitor', video.length);
    const res = await patch('exhibitor', url, 0, video);
    expect(res.statusCode, res.body).toBe(200);
    const data = json(res).data as { url: string; posterUrl: string };
    expect(data.posterUrl).toBe(data.url.replace(/\.mp4$/, '.jpg'));
    const poster = await ctx.app.inject({ method: 'GET', url: data.posterUrl });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
  }, 60_000);
});

describe('without ffmpeg', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await createTestContext({ FFMPEG_PATH: '/nonexistent/ffmpeg' });
  });
  afterAll(() => bare.close());

  it('stores the video and answers no poster: the player shows the first frame', async () => {
    const token = bearer(await bare.token('exhibitor'));
    const up = await bare.app.inject({ method: 'POST', url: VIDEO_UPLOAD_PATH, headers: { ...TUS, ...token, 'upload-length': '3000' } });
    expect(up.statusCode).toBe(201);
    const r = patchRequest(up.headers.location as string, 0, fakeMp4(3000));
    const res = await bare.app.inject({ ...r, headers: { ...r.headers, ...token } });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ posterUrl: null, name: 'video.mp4', contentType: 'video/mp4' });
  });
});
