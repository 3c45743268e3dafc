import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOutbox } from '../src/messaging/tables.ts';
import { category } from '../src/modules/category/tables.ts';
import { exhibition } from '../src/modules/exhibition/tables.ts';
import { DEMO_HOST_ID } from '../src/seed/ids.ts';
import { bearer, createTestContext, json, type Actor, type TestContext, ownPassword } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
const get = () => ctx;
let clientToken = '';
let cats: string[] = [];
let foreignCategory = '';
const NONE = '00000000-0000-4000-8000-000000000000';
let ipSeq = 0;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (as: Actor, method: Method, url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: bearer(await ctx.token(as)), ...(payload !== undefined ? { payload: payload as object } : {}) });
/** Each application from its own address, so the per-IP limit is tested on its own. */
const apply = (payload: object, opts: { ip?: string; lang?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v3/applyexhibitor',
    remoteAddress: opts.ip ?? `10.1.0.${++ipSeq}`,
    headers: { ...bearer(clientToken), ...(opts.lang ? { 'accept-language': opts.lang } : {}) },
    payload,
  });
let mobileSeq = 0;
const application = (over: object = {}) => ({
  exhibitionId: ctx.demo.exhibitionId,
  name: '赵六',
  mobile: `1370000${String(++mobileSeq).padStart(4, '0')}`,
  company: `入驻测试公司${mobileSeq}`,
  categoryIds: [cats[0]],
  ...over,
});
/** A pending application's id. */
const pending = async (over: object = {}) => json(await apply(application(over))).data.id as string;

beforeAll(async () => {
  ctx = await createTestContext();
  const token = await ctx.app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=client_credentials&client_id=pavilion-settled&client_secret=pavilion-settled-secret',
  });
  clientToken = token.json().access_token;
  cats = (await ctx.db.insert(category).values([{ hostId: DEMO_HOST_ID, name: '智能制造' }, { hostId: DEMO_HOST_ID, name: '消费电子' }]).returning()).map((r) => r.id);
  foreignCategory = (await ctx.db.insert(category).values({ hostId: ctx.other.hostId, name: '别家的' }).returning())[0]!.id;
});
afterAll(() => ctx.close());

describe('POST /api/v3/applyexhibitor', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/applyexhibitor', payload: application() }),
    allowed: [],
    denied: ['admin', 'host', 'exhibitor'],
    allowedClient: async () => clientToken,
  });
  it('accepts the settling client token', async () => {
    const res = await apply(application());
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ id: expect.any(String), auditState: 0 });
  });
  it('checks the fields of the default registration form, naming each', async () => {
    const res = await apply({ exhibitionId: ctx.demo.exhibitionId, name: '', mobile: 'abc', company: '', categoryIds: [], email: 'x' }, { lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors!.map((e) => e.field).sort()).toEqual(['categoryIds', 'company', 'email', 'mobile', 'name']);
    expect((await apply(application({ categoryIds: [foreignCategory] }))).statusCode).toBe(404);
    expect((await apply(application({ exhibitionId: NONE }))).statusCode).toBe(404);
  });
  it('refuses a second pending application of the same mobile', async () => {
    const body = application();
    expect((await apply(body)).statusCode).toBe(200);
    const dup = await apply({ ...body, company: '换个名字' });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).field).toBe('mobile');
  });
  it('is rate-limited per IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await apply(application(), { ip: '10.9.9.9' })).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('POST /api/v3/applyexhibitor/query', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/applyexhibitor/query', payload: {} }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { none: "a list scoped to the caller's exhibitions before any filter: another host's applications are left out, not addressed (checked below)" },
  });
  it("never shows another host's applications", async () => {
    await pending();
    expect(json(await call('host2', 'POST', '/api/v3/applyexhibitor/query', {})).data.totalCount).toBe(0);
    expect(json(await call('host', 'POST', '/api/v3/applyexhibitor/query', { keyword: '入驻测试' })).data.totalCount).toBeGreaterThan(0);
  });
});
describe('GET /api/v3/applyexhibitor', () => {
  let id = NONE;
  beforeAll(async () => {
    id = await pending();
  });
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v3/applyexhibitor?id=${id}` }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host2', request: () => ({ method: 'GET', url: `/api/v3/applyexhibitor?id=${id}` }) },
  });
});
describe('POST /api/v3/applyexhibitor/audit', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) ids.push(await pending());
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/applyexhibitor/audit', payload: { ids: [ids.shift() ?? NONE], approve: false, reason: '资料不全' } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host2', request: () => ({ method: 'POST', url: '/api/v3/applyexhibitor/audit', payload: { ids: [ids[ids.length - 1] ?? NONE], approve: true } }) },
  });
});
describe('DELETE /api/v3/applyexhibitor', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 5; i++) ids.push(await pending());
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v3/applyexhibitor?id=${ids.shift() ?? NONE}` }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host2', request: () => ({ method: 'DELETE', url: `/api/v3/applyexhibitor?id=${ids[ids.length - 1] ?? NONE}` }) },
  });
});

async function lastMessage(recipient: string, channel: 'sms' | 'email' = 'sms') {
  const [row] = await ctx.db.select().from(messageOutbox).where(and(eq(messageOutbox.recipient, recipient), eq(messageOutbox.channel, channel))).orderBy(desc(messageOutbox.createdAt)).limit(1);
  return row;
}

describe('settling end to end', () => {
  it('an approved applicant gets a company, an exhibitor record and a login, told by SMS and e-mail, and signs in', async () => {
    const body = application({ name: '钱七', company: '宁波海天塑机有限公司', categoryIds: [cats[1], cats[0]], email: 'qian@haitian.example', licenceUrl: '/uploads/licence.png' });
    const receipt = json(await apply(body)).data;
    const listed = json(await call('host', 'POST', '/api/v3/applyexhibitor/query', { exhibitionId: ctx.demo.exhibitionId, auditState: 0, keyword: '海天' })).data.items;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: receipt.id, mobile: body.mobile, categoryIds: [cats[1], cats[0]], exhibitorId: null });
    const queue = json(await call('host', 'POST', '/api/Audit/GetAuditList', { type: 'exhibitorApply', state: 0 })).data.items;
    expect(queue.map((r: { targetId: string }) => r.targetId)).toContain(receipt.id);

    const approved = await call('host', 'POST', '/api/v3/applyexhibitor/audit', { ids: [receipt.id], approve: true });
    expect(approved.statusCode, approved.body).toBe(200);
    const app = json(await call('host', 'GET', `/api/v3/applyexhibitor?id=${receipt.id}`)).data;
    expect(app).toMatchObject({ auditState: 1, userName: body.mobile, exhibitorId: expect.any(String), compId: expect.any(String) });

    const sms = await lastMessage(body.mobile);
    expect(sms!.body).toContain(`登录地址：http://localhost:80/ex-live/login/ex?id=${ctx.demo.exhibitionId}，`);
    expect(sms!.body).toContain(`用户名：${body.mobile}`);
    const password = sms!.body.match(/初始密码：(\w+)/)![1]!;
    const mail = await lastMessage('qian@haitian.example', 'email');
    expect(mail!.body).toBe(sms!.body);

    const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/exhibitor', payload: { userName: body.mobile, password, exhibitionId: ctx.demo.exhibitionId } });
    expect(login.statusCode, login.body).toBe(200);
    expect(json(login).data).toMatchObject({ exhibitorId: app.exhibitorId, companyId: app.compId, exhibitionId: ctx.demo.exhibitionId, tokenInfo: { userInfo: { mustChangePassword: true } } });
    const token = json(login).data.tokenInfo.access_token;
    // the issued password answers nothing else until it is changed
    expect(json(await ctx.app.inject({ method: 'GET', url: `/api/v1/exhibitor/details?exhibitorId=${app.exhibitorId}`, headers: bearer(token) })).code).toBe(4038);
    await ownPassword(ctx, login, password);
    const details = json(await ctx.app.inject({ method: 'GET', url: `/api/v1/exhibitor/details?exhibitorId=${app.exhibitorId}`, headers: bearer(token) })).data;
    expect(details).toMatchObject({ auditState: 1, company: { name: '宁波海天塑机有限公司' }, categoryIds: [cats[1], cats[0]] });
    const log = json(await call('host', 'POST', '/api/v3/operationlog/query', { targetType: 'exhibitorApply' })).data.items.map((r: { action: string }) => r.action);
    expect(log).toEqual(expect.arrayContaining(['exhibitorApply.create', 'exhibitorApply.settle', 'audit.approve']));
  });

  it('a rejection needs a reason and creates nothing; an English applicant is answered in English', async () => {
    const body = application({ company: 'Rejected Ltd' });
    const id = json(await apply(body)).data.id;
    expect(json(await call('host', 'POST', '/api/v3/applyexhibitor/audit', { ids: [id], approve: false })).code).toBe(4000);
    await call('host', 'POST', '/api/v3/applyexhibitor/audit', { ids: [id], approve: false, reason: '不符合展品范围' });
    expect(json(await call('host', 'GET', `/api/v3/applyexhibitor?id=${id}`)).data).toMatchObject({ auditState: 2, auditReason: '不符合展品范围', exhibitorId: null });
    expect(await lastMessage(body.mobile)).toBeUndefined();

    const en = application({ company: 'Bright Optics Ltd' });
    const enId = json(await apply(en, { lang: 'en' })).data.id;
    await call('admin', 'POST', '/api/v3/applyexhibitor/audit', { ids: [enId], approve: true });
    const sms = await lastMessage(en.mobile);
    expect(sms!.body).toContain(`Sign in at http://localhost:80/ex-live-en/login/ex?id=${ctx.demo.exhibitionId} `);
    expect(sms!.body).toMatch(/initial password \w+/);
  });

  it('is approved at once with auto-audit; a returning exhibitor keeps its login and company', async () => {
    const [second] = await ctx.db.insert(exhibition).values({ hostId: DEMO_HOST_ID, name: '2027 数字贸易博览会' }).returning();
    const auto = (exhibitionId: string, on: boolean) => call('host', 'PUT', `/api/v1/settings/exhibition/patch?exhibitionId=${exhibitionId}`, { enabledAutoAuditExhibitor: on });
    await auto(ctx.demo.exhibitionId, true);
    await auto(second!.id, true);
    try {
      const first = application({ company: '自动入驻公司' });
      expect(json(await apply(first)).data.auditState).toBe(1);
      const password = (await lastMessage(first.mobile))!.body.match(/初始密码：(\w+)/)![1]!;
      const again = json(await apply({ ...first, exhibitionId: second!.id })).data;
      expect(again.auditState).toBe(1);
      expect((await lastMessage(first.mobile))!.body).toContain('已有账号');
      const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/exhibitor', payload: { userName: first.mobile, password, exhibitionId: second!.id } });
      expect(login.statusCode, login.body).toBe(200);
      await ownPassword(ctx, login, password);
      const joins = json(await ctx.app.inject({ method: 'POST', url: '/api/join/GetByManager', headers: bearer(json(login).data.tokenInfo.access_token), payload: {} })).data.items;
      expect(joins.map((j: { exhibitionId: string }) => j.exhibitionId).sort()).toEqual([ctx.demo.exhibitionId, second!.id].sort());
      expect(new Set(joins.map((j: { compId: string }) => j.compId)).size).toBe(1);
      const twice = await apply({ ...first, exhibitionId: second!.id });
      expect(twice.statusCode).toBe(409);
    } finally {
      await auto(ctx.demo.exhibitionId, false);
      await auto(second!.id, false);
    }
  });
});
