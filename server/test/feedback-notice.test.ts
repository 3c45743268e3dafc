import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, json, type Actor, type TestContext, ownPassword } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
let hostFeedback = '';
let notice = '';
let noticeOfHost2 = '';
const call = async (as: Actor | string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, lang?: string) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...bearer(as.includes('.') ? as : await ctx.token(as as Actor)), ...(lang ? { 'accept-language': lang } : {}) },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  ctx = await createTestContext();
  hostFeedback = json(await call('host', 'POST', '/api/v3/feedback', { content: '希望增加导出功能', contact: '13800000001' })).data.id;
  notice = json(await call('admin', 'POST', '/api/v3/notice', { title: '平台升级通知', content: '本周六凌晨维护' })).data.id;
  noticeOfHost2 = json(await call('admin', 'POST', '/api/v3/notice', { title: '第二主办方须知', content: '仅第二主办方', hostId: ctx.other.hostId })).data.id;
});
afterAll(() => ctx.close());
const get = () => ctx;

describe('POST /api/v3/feedback', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/feedback', payload: { content: '建议' } }),
    allowed: ['host', 'exhibitor'],
    denied: ['admin'],
    otherTenant: { none: "the body names no host or exhibition: feedback is filed under the caller's own (checked in 'reaches the administrator' below)" },
  });
});
describe('POST /api/v3/feedback/query', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/feedback/query', payload: {} }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { none: "a list scoped to the caller before any filter: another tenant's feedback is left out, not addressed ('reaches the administrator' below checks it)" },
  });
});
describe('DELETE /api/v3/feedback', () => {
  let spare = '';
  beforeAll(async () => {
    spare = json(await call('exhibitor2', 'POST', '/api/v3/feedback', { content: '待删的建议' })).data.id;
  });
  routeSecurity(get, { request: () => ({ method: 'DELETE', url: `/api/v3/feedback?id=${spare}` }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('POST /api/v3/feedbackcomment', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/feedbackcomment', payload: { feedbackId: hostFeedback, content: '收到' } }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('POST /api/v3/notice/query', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/notice/query', payload: {} }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { none: "a list scoped to the caller before any filter: another host's notices are left out, not addressed ('reach every host or one host' below checks it)" },
  });
});
describe('POST /api/v3/notice', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/notice', payload: { title: '通知', content: '内容' } }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('PATCH /api/v3/notice', () => {
  routeSecurity(get, { request: () => ({ method: 'PATCH', url: `/api/v3/notice?id=${notice}`, payload: { titleEn: 'Upgrade' } }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('DELETE /api/v3/notice', () => {
  let spare = '';
  beforeAll(async () => {
    spare = json(await call('admin', 'POST', '/api/v3/notice', { title: '待删通知', content: '删除我' })).data.id;
  });
  routeSecurity(get, { request: () => ({ method: 'DELETE', url: `/api/v3/notice?id=${spare}` }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('POST /api/v3/notice/read', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/notice/read', payload: { ids: [notice] } }),
    allowed: ['host'],
    denied: ['admin', 'exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v3/notice/read', payload: { ids: [noticeOfHost2] } }) },
  });
});
describe('GET /api/v3/notice/unread', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: '/api/v3/notice/unread?t=1' }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { none: "a count of the caller's own unread notices; the request names no host or notice" },
  });
});

describe('feedback', () => {
  it('must not be empty', async () => {
    for (const content of ['', '   ']) {
      const zh = await call('exhibitor', 'POST', '/api/v3/feedback', { content });
      expect(json(zh)).toMatchObject({ code: 4000, field: 'content', errors: [{ field: 'content', message: 'content 不能为空' }] });
    }
    const en = await call('exhibitor', 'POST', '/api/v3/feedback', {}, 'en');
    expect(json(en).errors).toEqual([{ field: 'content', message: 'content is required' }]);
  });

  it("reaches the administrator; a host reads its own host's, an exhibitor its own, each with the platform's replies", async () => {
    const ex = json(await call('exhibitor', 'POST', '/api/v3/feedback', { content: '展位图加载慢', images: ['/uploads/a.png'] })).data;
    expect(ex).toMatchObject({ role: 0, exhibitionId: ctx.demo.exhibitionId, hostId: null, images: ['/uploads/a.png'], comments: [] });
    const other = json(await call('host2', 'POST', '/api/v3/feedback', { content: '第二主办方的建议' })).data;
    const all = json(await call('admin', 'POST', '/api/v3/feedback/query', { pageSize: 100 })).data.items.map((f: { id: string }) => f.id);
    expect(all).toEqual(expect.arrayContaining([hostFeedback, ex.id, other.id]));
    const hostSees = json(await call('host', 'POST', '/api/v3/feedback/query', {})).data.items.map((f: { id: string }) => f.id);
    expect(hostSees).toContain(hostFeedback);
    expect(hostSees).not.toContain(other.id);
    expect(hostSees).not.toContain(ex.id);
    expect(json(await call('exhibitor2', 'POST', '/api/v3/feedback/query', {})).data.items.map((f: { id: string }) => f.id)).not.toContain(ex.id);

    const reply = await call('admin', 'POST', '/api/v3/feedbackcomment', { feedbackId: ex.id, content: '已优化，请再试' });
    expect(json(reply).data).toMatchObject({ feedbackId: ex.id, userName: 'admin', content: '已优化，请再试' });
    const mine = json(await call('exhibitor', 'POST', '/api/v3/feedback/query', {})).data.items.find((f: { id: string }) => f.id === ex.id);
    expect(mine.comments.map((c: { content: string }) => c.content)).toEqual(['已优化，请再试']);
    expect(json(await call('admin', 'POST', '/api/v3/feedback/query', { role: 0, keyword: '展位图' })).data.items.map((f: { id: string }) => f.id)).toEqual([ex.id]);

    expect((await call('admin', 'DELETE', `/api/v3/feedback?id=${ex.id}`)).statusCode).toBe(200);
    expect(json(await call('exhibitor', 'POST', '/api/v3/feedback/query', {})).data.items.map((f: { id: string }) => f.id)).not.toContain(ex.id);
    expect((await call('admin', 'POST', '/api/v3/feedbackcomment', { feedbackId: ex.id, content: 'x' })).statusCode).toBe(404);
    expect(json(await call('admin', 'POST', '/api/v3/operationlog/query', { action: 'feedback.delete', targetId: ex.id })).data.totalCount).toBe(1);
  });
});

describe('notices', () => {
  it('reach every host or one host, with a read state per login', async () => {
    const toHost2 = json(await call('admin', 'POST', '/api/v3/notice', { title: '仅第二主办方', content: '专属通知', hostId: ctx.other.hostId })).data.id;
    const unread = async (as: Actor | string) => json(await call(as, 'GET', '/api/v3/notice/unread')).data.unread as number;
    const ids = async (as: Actor | string, q: object = {}) => json(await call(as, 'POST', '/api/v3/notice/query', q)).data.items.map((n: { id: string }) => n.id);
    expect(await ids('host')).not.toContain(toHost2);
    expect(await ids('host2')).toEqual(expect.arrayContaining([toHost2, notice]));
    const before = await unread('host2');
    const marked = await call('host2', 'POST', '/api/v3/notice/read', { ids: [toHost2] });
    expect(json(marked).data.unread).toBe(before - 1);
    const items = json(await call('host2', 'POST', '/api/v3/notice/query', {})).data.items;
    expect(items.find((n: { id: string }) => n.id === toHost2).isRead).toBe(true);
    expect(await ids('host2', { isRead: false })).not.toContain(toHost2);
    expect(await ids('host2', { isRead: true })).toEqual([toHost2]);
    // one host cannot mark another host's notice
    expect((await call('host', 'POST', '/api/v3/notice/read', { ids: [toHost2] })).statusCode).toBe(404);
    // another login of the same host keeps its own state
    const staff = await call('host', 'POST', '/api/v3/hostinuser', { userName: `ns${Date.now()}`, password: 'staff-pass-1', name: '员工' });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/host', payload: { userName: json(staff).data.userName, password: 'staff-pass-1' } });
    await ownPassword(ctx, login, 'staff-pass-1');
    const staffToken = json(login).data.tokenInfo.access_token as string;
    const ownerUnread = await unread('host');
    // the owner read `notice` (in the security cases above); the new login has not
    expect(await unread(staffToken)).toBe(ownerUnread + 1);
    expect(json(await call(staffToken, 'POST', '/api/v3/notice/read', { all: true })).data.unread).toBe(0);
    expect(await unread('host')).toBe(ownerUnread);
  });

  it('are changed and deleted by the administrator, each change logged; a bad host is 404', async () => {
    const patched = await call('admin', 'PATCH', `/api/v3/notice?id=${notice}`, { content: '维护改到周日' });
    expect(json(patched).data).toMatchObject({ title: '平台升级通知', content: '维护改到周日' });
    expect((await call('admin', 'POST', '/api/v3/notice', { title: 't', content: 'c', hostId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    const temp = json(await call('admin', 'POST', '/api/v3/notice', { title: '临时', content: '删除我' })).data.id;
    expect((await call('admin', 'DELETE', `/api/v3/notice?id=${temp}`)).statusCode).toBe(200);
    expect(json(await call('host', 'POST', '/api/v3/notice/query', {})).data.items.map((n: { id: string }) => n.id)).not.toContain(temp);
    const actions = json(await call('admin', 'POST', '/api/v3/operationlog/query', { targetType: 'notice', pageSize: 100 })).data.items.map((r: { action: string }) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['notice.create', 'notice.update', 'notice.delete']));
  });
});
