import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLog } from '../src/oplog/tables.ts';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';

/** Issue 3, exhibitor services (downloads, policy, my exhibitions): the calls these screens add or lean on. */
let ctx: TestContext;
const get = () => ctx;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = async (as: Actor, method: Method, url: string, payload?: object, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(await ctx.token(as)), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload ? { payload } : {}) });
const policyUrl = (exhibitionId: string) => `/api/v3/exhibitorpolicy?exhibitionId=${exhibitionId}`;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/v3/exhibitorpolicy', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `${policyUrl(c.demo.exhibitionId)}&t=1` }),
    allowed: ['admin', 'host', 'exhibitor', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'exhibitor', request: (c) => ({ method: 'GET', url: policyUrl(c.other.exhibitionId) }) },
  });
  it('answers 404 to a host for another host’s exhibition', async () => {
    const res = await call('host', 'GET', policyUrl(ctx.other.exhibitionId));
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT /api/v3/exhibitorpolicy', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'PUT', url: policyUrl(c.demo.exhibitionId), payload: { content: '<p>参展须知</p>' } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'PUT', url: policyUrl(c.other.exhibitionId), payload: { content: '<p>x</p>' } }) },
  });
});

describe('participation policy', () => {
  it('reads empty texts for an exhibition that never wrote one', async () => {
    const res = await call('host2', 'GET', policyUrl(ctx.other.exhibitionId));
    expect(json(res).data).toEqual({ exhibitionId: ctx.other.exhibitionId, content: '', contentEn: '', updateAt: null });
  });

  it('keeps allow-listed HTML only, and the exhibitor reads what the host wrote, in both languages', async () => {
    const content =
      '<h2 onclick="steal()">布展时间</h2><p style="color:red">请于<strong>开展前一天</strong>完成布展。<script>alert(1)</script></p>' +
      '<a href="javascript:alert(1)">坏链接</a><a href="https://expo.example.com/manual.pdf">参展手册</a><iframe src="https://evil.example"></iframe><img src="x" onerror="alert(1)">';
    const res = await call('host', 'PUT', policyUrl(ctx.demo.exhibitionId), { content, contentEn: '<p>Set up <em>one day</em> before opening.</p>' });
    expect(res.statusCode, res.body).toBe(200);
    const saved = json(res).data;
    expect(saved.content).toContain('<h2>布展时间</h2>');
    expect(saved.content).toContain('<strong>开展前一天</strong>');
    expect(saved.content).toContain('<a href="https://expo.example.com/manual.pdf" target="_blank" rel="noopener noreferrer">参展手册</a>');
    for (const bad of ['script', 'onclick', 'onerror', 'javascript:', 'iframe', 'style=', 'alert']) expect(saved.content).not.toContain(bad);
    expect(saved.contentEn).toBe('<p>Set up <em>one day</em> before opening.</p>');
    expect(saved.updateAt).not.toBeNull();

    const read = json(await call('exhibitor', 'GET', policyUrl(ctx.demo.exhibitionId))).data;
    expect(read).toEqual(saved);
  });

  it('writes an operation-log row with the old and the new text', async () => {
    await call('host', 'PUT', policyUrl(ctx.demo.exhibitionId), { content: '<p>第一版</p>' });
    await call('host', 'PUT', policyUrl(ctx.demo.exhibitionId), { content: '<p>第二版</p>', contentEn: '<p>Second</p>' });
    const rows = await ctx.db.select().from(operationLog).where(and(eq(operationLog.action, 'exhibitorPolicy.update'), eq(operationLog.targetId, ctx.demo.exhibitionId)));
    const last = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1)!;
    expect(last.before).toMatchObject({ content: '<p>第一版</p>' });
    expect(last.after).toEqual({ content: '<p>第二版</p>', contentEn: '<p>Second</p>' });
  });

  it('treats markup without visible text as empty, and an absent language as cleared', async () => {
    const res = await call('host', 'PUT', policyUrl(ctx.demo.exhibitionId), { content: '<p><br></p><p>&nbsp;</p>' });
    expect(json(res).data).toMatchObject({ content: '', contentEn: '' });
  });

  it('sanitises on the way out too, when the row was written through the generic settings calls', async () => {
    const scope = ctx.demo.exhibitionId;
    const existing = json(await call('host', 'GET', `/api/v1/settings/by?type=1&scope=${scope}&name=exhibitorPolicy`)).data;
    const res = await call('host', existing ? 'PATCH' : 'POST', existing ? `/api/v1/settings?id=${existing.id}` : '/api/v1/settings', existing ? { value: { content: '<p>ok</p><script>x()</script>' } } : { type: 1, scope, name: 'exhibitorPolicy', value: { content: '<p>ok</p><script>x()</script>' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(await call('exhibitor', 'GET', policyUrl(scope))).data.content).toBe('<p>ok</p>');
  });

  it('refuses a text over the limit with 400 naming the field, and a wrong type likewise', async () => {
    const long = await call('host', 'PUT', policyUrl(ctx.demo.exhibitionId), { content: 'x'.repeat(100_001) });
    expect(long.statusCode).toBe(400);
    expect(json(long).field).toBe('content');
    const wrong = await call('host', 'PUT', policyUrl(ctx.demo.exhibitionId), { contentEn: 5 });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).field).toBe('contentEn');
  });

  it('refuses a sensitive word in the visible text, naming the field, in the caller’s language', async () => {
    await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: ['赌博'] });
    const res = await call('host', 'PUT', policyUrl(ctx.demo.exhibitionId), { content: '<p>禁止<b>赌博</b></p>' }, 'en');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 4026, field: 'content' });
    await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: [] });
  });
});

describe('download centre log, filtered by company (downCenter)', () => {
  it('lists who downloaded which file, by file and by part of the company name', async () => {
    const file = json(await call('host', 'POST', '/api/v3/exhibitiondatadowload', { exhibitionId: ctx.demo.exhibitionId, title: '展商手册', titleEn: 'Manual', url: '/uploads/manual.pdf', fileName: 'manual.pdf' })).data;
    const other = json(await call('host', 'POST', '/api/v3/exhibitiondatadowload', { exhibitionId: ctx.demo.exhibitionId, title: '搭建表格', url: '/uploads/form.pdf' })).data;
    expect((await call('exhibitor', 'POST', '/api/v3/exhibitiondatadowload/log', { downloadId: file.id })).statusCode).toBe(200);
    expect((await call('exhibitor2', 'POST', '/api/v3/exhibitiondatadowload/log', { downloadId: file.id })).statusCode).toBe(200);
    expect((await call('exhibitor2', 'POST', '/api/v3/exhibitiondatadowload/log', { downloadId: other.id })).statusCode).toBe(200);

    const me = json(await call('exhibitor', 'GET', '/api/v1/account/me')).data;
    const myCompany = json(await call('exhibitor', 'GET', `/api/v1/company?id=${me.companyId}`)).data.name as string;

    const byFile = json(await call('host', 'POST', '/api/v3/exhibitiondatadowload/log/page', { exhibitionId: ctx.demo.exhibitionId, downloadId: file.id })).data;
    expect(byFile.totalCount).toBe(2);
    expect(byFile.items.every((i: { title: string }) => i.title === '展商手册')).toBe(true);

    const byCompany = json(await call('host', 'POST', '/api/v3/exhibitiondatadowload/log/page', { exhibitionId: ctx.demo.exhibitionId, companyName: myCompany.slice(1, 5) })).data;
    expect(byCompany.totalCount).toBeGreaterThanOrEqual(1);
    expect(byCompany.items.every((i: { companyName: string }) => i.companyName === myCompany)).toBe(true);

    const none = json(await call('host', 'POST', '/api/v3/exhibitiondatadowload/log/page', { exhibitionId: ctx.demo.exhibitionId, companyName: '%_不存在的公司' })).data;
    expect(none).toMatchObject({ totalCount: 0, items: [] });

    // Another host's filter reaches nothing of this exhibition.
    const foreign = json(await call('host2', 'POST', '/api/v3/exhibitiondatadowload/log/page', { companyName: myCompany })).data;
    expect(foreign.totalCount).toBe(0);
  });
});

describe('my exhibitions (my-ex): POST /api/join/GetByManager as an exhibitor', () => {
  it('lists the company’s joins with their exhibition, never another company’s', async () => {
    const page = json(await call('exhibitor', 'POST', '/api/join/GetByManager', { pageIndex: 1, pageSize: 50 })).data;
    expect(page.items.length).toBeGreaterThanOrEqual(1);
    const me = json(await call('exhibitor', 'GET', '/api/v1/account/me')).data;
    expect(page.items.every((i: { compId: string }) => i.compId === me.companyId)).toBe(true);
    const current = page.items.find((i: { exhibitionId: string }) => i.exhibitionId === ctx.demo.exhibitionId);
    expect(current.exhibition).toMatchObject({ id: ctx.demo.exhibitionId, name: expect.any(String) });
    expect(page.items.some((i: { exhibitionId: string }) => i.exhibitionId === ctx.other.exhibitionId)).toBe(false);
  });
});
