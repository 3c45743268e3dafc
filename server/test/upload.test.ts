import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, json, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function multipart(files: { name: string; data: Buffer; type?: string }[]) {
  const boundary = '----pavilion' + Math.random().toString(16).slice(2);
  const parts = files.flatMap((f) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`),
    f.data,
    Buffer.from('\r\n'),
  ]);
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = async (url: string, files: Parameters<typeof multipart>[0], as: 'host' | 'exhibitor' | null = 'exhibitor', lang?: string) => {
  const body = multipart(files);
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(as ? bearer(await ctx.token(as)) : {}), ...(lang ? { 'accept-language': lang } : {}) },
  });
};

const NEW_FILE = 'an upload names no existing record of any tenant: it stores a new file and answers its new url';
const uploadRequest = (url: string, file: { name: string; data: Buffer }) => () => {
  const body = multipart([file]);
  return { method: 'POST' as const, url, payload: body.payload, headers: body.headers };
};
describe('POST /api/upload/images security', () => {
  routeSecurity(() => ctx, { request: uploadRequest('/api/upload/images', { name: 'a.png', data: PNG }), allowed: ['admin', 'host', 'exhibitor'], denied: [], otherTenant: { none: NEW_FILE } });
});
describe('POST /api/v1/file security', () => {
  routeSecurity(() => ctx, { request: uploadRequest('/api/v1/file', { name: 'a.pdf', data: PDF }), allowed: ['admin', 'host', 'exhibitor'], denied: [], otherTenant: { none: NEW_FILE } });
});

describe('POST /api/upload/images', () => {
  it('refuses an anonymous caller', async () => {
    expect((await upload('/api/upload/images', [{ name: 'a.png', data: PNG }], null)).statusCode).toBe(401);
  });

  it('stores images under our own name, found by their content, and serves them with safe headers', async () => {
    const res = await upload('/api/upload/images', [{ name: 'logo.jpg', data: PNG, type: 'image/jpeg' }, { name: '../../x.png', data: PNG }], 'host');
    expect(res.statusCode, res.body).toBe(200);
    const files = json(res).data as { url: string; name: string; contentType: string }[];
    expect(files).toHaveLength(2);
    expect(files[0]).toMatchObject({ contentType: 'image/png', name: 'logo.jpg' });
    expect(files[1]!.name).toBe('x.png');
    expect(files[0]!.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url: files[0]!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: '/uploads/../../etc/passwd' })).statusCode).toBe(404);
  });

  it('refuses a file that is not an image whatever its name, with the spec message', async () => {
    const res = await upload('/api/upload/images', [{ name: 'fake.png', data: Buffer.from('<svg onload=alert(1)></svg>'), type: 'image/png' }]);
    expect(res.statusCode).toBe(415);
    expect(json(res)).toMatchObject({ code: 4132, description: '图片格式不正确' });
  });

  it('refuses an image of 4 MB or more, and stores nothing of the batch', async () => {
    const before = fs.existsSync(ctx.uploadsDir) ? fs.readdirSync(ctx.uploadsDir, { recursive: true }).length : 0;
    const big = Buffer.concat([PNG, Buffer.alloc(4 * 1024 * 1024)]);
    const res = await upload('/api/upload/images', [{ name: 'ok.png', data: PNG }, { name: 'big.png', data: big }], 'exhibitor', 'en');
    expect(res.statusCode).toBe(413);
    expect(json(res)).toMatchObject({ code: 41300, description: 'Picture must be under 4 MB' });
    const after = fs.existsSync(ctx.uploadsDir) ? fs.readdirSync(ctx.uploadsDir, { recursive: true }).length : 0;
    expect(after).toBe(before);
  });

  it('refuses more than 5 pictures', async () => {
    const res = await upload('/api/upload/images', Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, data: PNG })));
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 4131, description: '最多上传5张图片' });
  });

  it('names the missing files', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/upload/images', headers: { ...bearer(await ctx.token('host')), 'content-type': 'application/json' }, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(json(res).field).toBe('files');
  });
});

describe('POST /api/v1/file', () => {
  it('refuses an anonymous caller', async () => {
    expect((await upload('/api/v1/file', [{ name: 'a.pdf', data: PDF }], null)).statusCode).toBe(401);
  });

  it('stores a document and serves it as an attachment', async () => {
    const res = await upload('/api/v1/file', [{ name: 'brochure.pdf', data: PDF }]);
    expect(res.statusCode, res.body).toBe(200);
    const file = json(res).data;
    expect(file).toMatchObject({ contentType: 'application/pdf', name: 'brochure.pdf', size: PDF.length });
    const served = await ctx.app.inject({ method: 'GET', url: file.url });
    expect(served.headers['content-disposition']).toBe('attachment');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(fs.existsSync(path.join(ctx.uploadsDir, file.url.replace('/uploads/', '')))).toBe(true);
  });

  it('accepts a CSV by name but refuses an executable', async () => {
    expect((await upload('/api/v1/file', [{ name: 'list.csv', data: Buffer.from('a,b\n1,2\n') }])).statusCode).toBe(200);
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]);
    expect((await upload('/api/v1/file', [{ name: 'list.csv', data: elf }])).statusCode).toBe(415);
  });

  it('takes one file only', async () => {
    const res = await upload('/api/v1/file', [{ name: 'a.pdf', data: PDF }, { name: 'b.pdf', data: PDF }]);
    expect(json(res).code).toBe(4131);
  });
});

describe('empty, oversize and unstorable uploads', () => {
  it('refuses an empty file with a clear message naming it, and stores nothing', async () => {
    const image = await upload('/api/upload/images', [{ name: 'ok.png', data: PNG }, { name: 'blank.png', data: Buffer.alloc(0) }], 'exhibitor', 'en');
    expect(image.statusCode).toBe(400);
    expect(json(image)).toMatchObject({ code: 4138, field: 'files', description: 'The file "blank.png" is empty (0 bytes); choose another one' });
    const file = await upload('/api/v1/file', [{ name: 'empty.txt', data: Buffer.alloc(0) }]);
    expect(file.statusCode).toBe(400);
    expect(json(file)).toMatchObject({ code: 4138, description: '文件“empty.txt”是空文件（0 字节），请重新选择' });
  });

  it('refuses a file name holding a NUL with a field error', async () => {
    const res = await upload('/api/v1/file', [{ name: 'a\u0000b.pdf', data: PDF }], 'exhibitor', 'en');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 4000, field: 'files' });
  });

  it('says a document is over its own limit, not the picture limit', async () => {
    const res = await upload('/api/v1/file', [{ name: 'big.pdf', data: Buffer.concat([PDF, Buffer.alloc(50 * 1024 * 1024)]) }], 'exhibitor', 'en');
    expect(res.statusCode).toBe(413);
    expect(json(res)).toMatchObject({ code: 4139, description: 'The file must be under 50 MB' });
  });

  it('answers a JSON body over the limit with 413 "request too large" in the caller’s language', async () => {
    const payload = JSON.stringify({ userName: 'x'.repeat(2 * 1024 * 1024 + 10) });
    const headers = { 'content-type': 'application/json' };
    const zh = await ctx.app.inject({ method: 'POST', url: '/api/Account/CheckUserName', payload, headers });
    expect(zh.statusCode).toBe(413);
    expect(json(zh)).toMatchObject({ code: 4140, description: '请求内容过大，不能超过 2MB' });
    const en = await ctx.app.inject({ method: 'POST', url: '/api/Account/CheckUserName', payload, headers: { ...headers, 'accept-language': 'en' } });
    expect(json(en)).toMatchObject({ code: 4140, description: 'The request is too large; it must be under 2 MB' });
  });
});
