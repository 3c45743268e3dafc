import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOutbox } from '../src/messaging/tables.ts';
import { host } from '../src/modules/host/tables.ts';
import { bearer, createTestContext, json, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
let ipSeq = 1;
const uniq = () => Math.random().toString(36).slice(2, 10);
/** Each application from its own address, so the per-IP limit only bites where a test wants it to. */
const apply = (payload: object, ip = `10.1.0.${ipSeq++}`) => ctx.app.inject({ method: 'POST', url: '/api/v3/hostapply', headers: { 'x-forwarded-for': ip }, payload });
const asAdmin = async (method: 'POST' | 'PATCH', url: string, payload?: object, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(await ctx.token('admin')), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload ? { payload } : {}) });
const lastMessage = async (recipient: string) =>
  (await ctx.db.select().from(messageOutbox).where(eq(messageOutbox.recipient, recipient)).orderBy(desc(messageOutbox.createdAt)).limit(1))[0];

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
const get = () => ctx;

describe('POST /api/v3/hostapply/query', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/hostapply/query', payload: {} }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('PATCH /api/v3/hostapply', () => {
  let pending = '00000000-0000-4000-8000-000000000000';
  beforeAll(async () => {
    pending = json(await apply({ companyName: `待审公司 ${uniq()}`, contactName: '赵六', phoneNumber: '13911113333' })).data.id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `/api/v3/hostapply?id=${pending}`, payload: { status: 'rejected', reason: '资料不全' } }),
    allowed: ['admin'],
    denied: ['host', 'exhibitor'],
  });
});

describe('host applications', () => {
  it('are taken from anyone, rate-limited per address', async () => {
    const body = { companyName: `申请公司 ${uniq()}`, contactName: '赵六', phoneNumber: '13911112222', message: '希望入驻' };
    const ip = '10.9.9.9';
    for (let i = 0; i < 5; i++) expect((await apply(body, ip)).statusCode).toBe(200);
    const limited = await apply(body, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(json(await apply({ companyName: '', contactName: 'x', phoneNumber: 'abc' })).errors!.map((e) => e.field).sort()).toEqual(['companyName', 'phoneNumber']);
  });

  it('approval creates the host and a working login, and sends the user name and password to the applicant', async () => {
    const company = `展览公司 ${uniq()}`;
    const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const created = json(await apply({ companyName: company, contactName: '钱七', phoneNumber: phone, email: `${uniq()}@example.com` })).data;
    expect(created).toMatchObject({ status: 'pending', hostId: null });
    const listed = json(await asAdmin('POST', '/api/v3/hostapply/query', { status: 'pending', keyword: company })).data.items;
    expect(listed.map((a: { id: string }) => a.id)).toEqual([created.id]);

    const approved = await asAdmin('PATCH', `/api/v3/hostapply?id=${created.id}`, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    const a = json(approved).data;
    expect(a).toMatchObject({ status: 'approved', hostId: expect.any(String), userName: expect.stringMatching(/^host\d{8}$/) });
    expect(approved.body).not.toMatch(/password/i);
    const [h] = await ctx.db.select().from(host).where(eq(host.id, a.hostId));
    expect(h).toMatchObject({ name: company, contactName: '钱七', phoneNumber: phone });

    const sms = await lastMessage(phone);
    expect(sms!.body).toContain(a.userName);
    const password = sms!.body.match(/初始密码：([A-Za-z0-9]+)/)?.[1];
    expect(password).toHaveLength(12);
    expect((await lastMessage(created.email))!.body).toContain(password);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/host', payload: { userName: a.userName, password } });
    expect(login.statusCode, login.body).toBe(200);
    expect(json(login).data.id).toBe(a.hostId);
    expect(json(login).data.tokenInfo.userInfo).toMatchObject({ name: '钱七', phoneNumber: phone, mustChangePassword: true });
    // an absolute login address: PUBLIC_URL is not set here, so the origin of the approving request
    expect(sms!.body).toContain('登录地址：http://localhost:80/live/login/alogin，');
    // the issued password is changed at the first sign-in; the flag is cleared and stays cleared
    const token = json(login).data.tokenInfo.access_token;
    const changed = await ctx.app.inject({ method: 'PUT', url: '/api/v1/account/password/old', headers: bearer(token), payload: { oldPassword: password, password: 'my-own-password-1' } });
    expect(changed.statusCode, changed.body).toBe(200);
    const again1 = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/host', payload: { userName: a.userName, password: 'my-own-password-1' } });
    expect(json(again1).data.tokenInfo.userInfo.mustChangePassword).toBe(false);

    const again = await asAdmin('PATCH', `/api/v3/hostapply?id=${created.id}`, { status: 'rejected', reason: '重复' }, 'en');
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe(4021);
    const log = json(await asAdmin('POST', '/api/v3/operationlog/query', { targetId: created.id })).data.items.map((r: { action: string }) => r.action);
    expect(log).toEqual(expect.arrayContaining(['hostApply.create', 'hostApply.approve']));
  });

  it('rejection needs a reason and tells the applicant', async () => {
    const phone = '13922223333';
    const created = json(await apply({ companyName: `被拒公司 ${uniq()}`, contactName: '孙八', phoneNumber: phone })).data;
    const noReason = await asAdmin('PATCH', `/api/v3/hostapply?id=${created.id}`, { status: 'rejected' });
    expect(json(noReason)).toMatchObject({ code: 4000, field: 'reason' });
    const res = await asAdmin('PATCH', `/api/v3/hostapply?id=${created.id}`, { status: 'rejected', reason: '资质不符' });
    expect(json(res).data).toMatchObject({ status: 'rejected', reason: '资质不符', hostId: null, decidedAt: expect.any(String) });
    expect((await lastMessage(phone))!.body).toContain('资质不符');
  });

  it('keeps the application pending when the approval fails (a chosen user name is taken): all or nothing', async () => {
    const company = `原子公司 ${uniq()}`;
    const created = json(await apply({ companyName: company, contactName: '周九', phoneNumber: '13933334444' })).data;
    const res = await asAdmin('PATCH', `/api/v3/hostapply?id=${created.id}`, { status: 'approved', userName: 'host' });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 4010, field: 'userName' });
    expect(await ctx.db.select().from(host).where(eq(host.name, company))).toEqual([]);
    const after = json(await asAdmin('POST', '/api/v3/hostapply/query', { keyword: company })).data.items[0];
    expect(after).toMatchObject({ status: 'pending', hostId: null });
    expect((await asAdmin('PATCH', `/api/v3/hostapply?id=${created.id}`, { status: 'approved', userName: `chosen${uniq()}` })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown application', async () => {
    expect((await asAdmin('PATCH', '/api/v3/hostapply?id=00000000-0000-4000-8000-000000000000', { status: 'approved' })).statusCode).toBe(404);
  });
});
