import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { category } from '../src/modules/category/tables.ts';
import { company } from '../src/modules/company/tables.ts';
import { exhibition } from '../src/modules/exhibition/tables.ts';
import { storedFile } from '../src/storage/tables.ts';
import { DEMO_HOST_ID } from '../src/seed/ids.ts';
import { bearer, createTestContext, json, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';

/** The settling page's reads and writes with the public client (issue 3, /ex-live/settled). */
let ctx: TestContext;
const get = () => ctx;
let client = '';
let own: string[] = [];
let foreign = '';
let ip = 0;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const clientToken = async (secret?: string) => {
  const config = json(await ctx.app.inject({ method: 'GET', url: '/config/config.json' })) as unknown as { settledClientId: string; settledClientSecret: string };
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: config.settledClientId, client_secret: secret ?? config.settledClientSecret }).toString(),
  });
  return res;
};
const asClient = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, remoteAddress: `10.9.0.${++ip}`, headers: bearer(client), ...(payload ? { payload } : {}) });
const form = (exhibitionId: string) => `/api/v3/applyexhibitor/form?exhibitionId=${exhibitionId}&t=1`;

beforeAll(async () => {
  ctx = await createTestContext();
  client = (await clientToken()).json().access_token;
  const rows = await ctx.db
    .insert(category)
    .values([
      { hostId: DEMO_HOST_ID, name: '智能制造', nameEn: 'Smart manufacturing', showIndex: 1 },
      { hostId: DEMO_HOST_ID, name: '消费电子', nameEn: 'Consumer electronics', showIndex: 2 },
    ])
    .returning();
  own = rows.map((r) => r.id);
  await ctx.db.insert(category).values({ hostId: DEMO_HOST_ID, name: '机器人', parentId: own[0]!, level: 2 });
  await ctx.db.insert(category).values({ hostId: DEMO_HOST_ID, name: '已删除', deletedAt: new Date() });
  foreign = (await ctx.db.insert(category).values({ hostId: ctx.other.hostId, name: '别家的分类' }).returning())[0]!.id;
});
afterAll(() => ctx.close());

describe('GET /config/config.json', () => {
  it('carries the settling client, whose secret gives a client_credentials token', async () => {
    const config = (await ctx.app.inject({ method: 'GET', url: '/config/config.json' })).json();
    expect(config).toMatchObject({ settledClientId: 'pavilion-settled', settledClientSecret: 'pavilion-settled-secret' });
    const ok = await clientToken();
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token_type: 'Bearer' });
    expect(ok.json().refresh_token).toBeUndefined();
    const wrong = await clientToken('wrong');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'invalid_client' });
  });
});

describe('GET /api/v3/applyexhibitor/form', () => {
  routeSecurity(get, { request: (c) => ({ method: 'GET', url: form(c.demo.exhibitionId) }), allowed: [], denied: ['admin', 'host', 'exhibitor'], allowedClient: async () => client });

  it("answers the client the exhibition's names and its host's live categories, and nothing else", async () => {
    const res = await asClient('GET', form(ctx.demo.exhibitionId));
    expect(res.statusCode, res.body).toBe(200);
    const data = json(res).data;
    expect(data.exhibition.id).toBe(ctx.demo.exhibitionId);
    expect(data.categoryLimit).toBe(5);
    const names = data.categories.map((c: { name: string }) => c.name);
    expect(names).toEqual(expect.arrayContaining(['智能制造', '消费电子', '机器人']));
    expect(names).not.toContain('已删除');
    expect(names).not.toContain('别家的分类');
    expect(data.categories.find((c: { name: string }) => c.name === '机器人')).toEqual({ id: expect.any(String), name: '机器人', nameEn: null, parentId: own[0], level: 2 });
    expect(Object.keys(data.exhibition).sort()).toEqual(['id', 'logo', 'name', 'nameEn']);
  });
  it("reads the other host's categories only through that host's exhibition", async () => {
    const names = json(await asClient('GET', form(ctx.other.exhibitionId))).data.categories.map((c: { id: string }) => c.id);
    expect(names).toEqual([foreign]);
  });
  it('answers 404 for an unknown or deleted exhibition and 400 for a malformed id', async () => {
    expect((await asClient('GET', form('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    const [gone] = await ctx.db.insert(exhibition).values({ hostId: DEMO_HOST_ID, name: '已删除的展会', deletedAt: new Date() }).returning();
    expect((await asClient('GET', form(gone!.id))).statusCode).toBe(404);
    expect((await asClient('GET', '/api/v3/applyexhibitor/form?exhibitionId=x')).statusCode).toBe(400);
  });
});

describe('what a client token can do', () => {
  it('is refused everywhere else: exhibitor, host and administrator routes answer 403', async () => {
    const refused: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object][] = [
      ['POST', '/api/v1/category/query', {}],
      ['GET', `/api/v1/category/host/level?hostId=${DEMO_HOST_ID}&level=3`],
      ['POST', '/api/v1/exhibitor/query', {}],
      ['GET', '/api/v1/account/me'],
      ['POST', '/api/v3/applyexhibitor/query', {}],
      ['POST', '/api/v3/applyexhibitor/audit', { ids: [own[0]], approve: true }],
      ['PATCH', '/api/v3/exhibitorjournal', {}],
      ['POST', '/api/v3/outbox/query', {}],
      ['POST', '/api/v3/adminuser/query', {}],
    ];
    for (const [method, url, payload] of refused) {
      const res = await asClient(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
  it('uploads a business licence picture (no owner) under the image rules', async () => {
    const boundary = '----settled';
    const body = (name: string, data: Buffer) =>
      Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const up = (name: string, data: Buffer) =>
      ctx.app.inject({ method: 'POST', url: '/api/upload/images', remoteAddress: '10.9.9.9', headers: { ...bearer(client), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body(name, data) });
    const res = await up('licence.png', PNG);
    expect(res.statusCode, res.body).toBe(200);
    const [file] = json(res).data;
    expect(file).toMatchObject({ contentType: 'image/png', name: 'licence.png' });
    const [row] = await ctx.db.select().from(storedFile).where(eq(storedFile.key, file.url.split('/uploads/')[1]));
    expect(row!.ownerUserId).toBeNull();
    expect((await up('fake.png', Buffer.from('not a picture'))).statusCode).toBe(415);
  });
  it('stops a script: 20 uploads per IP and hour', async () => {
    const boundary = '----burst';
    const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await ctx.app.inject({ method: 'POST', url: '/api/upload/images', remoteAddress: '10.9.8.8', headers: { ...bearer(client), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload })).statusCode,
      );
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('the application with the page’s fields', () => {
  it('keeps English name, region and message, and the approval gives the company its English name and region', async () => {
    const res = await asClient('POST', '/api/v3/applyexhibitor', {
      exhibitionId: ctx.demo.exhibitionId,
      name: '孙七',
      mobile: '13755550001',
      company: '杭州入驻科技有限公司',
      companyEn: 'Hangzhou Settling Tech',
      region: '中国/浙江省/杭州市',
      message: '希望安排靠近入口的展位',
      categoryIds: [own[1]],
      email: 'sun@example.com',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = json(res).data.id;
    const read = json(await ctx.app.inject({ method: 'GET', url: `/api/v3/applyexhibitor?id=${id}`, headers: bearer(await ctx.token('host')) })).data;
    expect(read).toMatchObject({ companyEn: 'Hangzhou Settling Tech', region: '中国/浙江省/杭州市', message: '希望安排靠近入口的展位' });
    const approved = await ctx.app.inject({ method: 'POST', url: '/api/v3/applyexhibitor/audit', headers: bearer(await ctx.token('host')), payload: { ids: [id], approve: true } });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = json(await ctx.app.inject({ method: 'GET', url: `/api/v3/applyexhibitor?id=${id}`, headers: bearer(await ctx.token('host')) })).data;
    const [c] = await ctx.db.select().from(company).where(eq(company.id, after.compId));
    expect(c).toMatchObject({ name: '杭州入驻科技有限公司', nameEn: 'Hangzhou Settling Tech', region: '中国/浙江省/杭州市' });
  });
  it('names each wrong field', async () => {
    const res = await asClient('POST', '/api/v3/applyexhibitor', { exhibitionId: ctx.demo.exhibitionId, name: '', mobile: 'abc', company: 'x', categoryIds: [], email: 'nope' });
    expect(res.statusCode).toBe(400);
    const fields = json(res).errors!.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'mobile', 'categoryIds', 'email']));
  });
});
