import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exhibition } from '../src/modules/exhibition/tables.ts';
import { host } from '../src/modules/host/tables.ts';
import { bearer, createTestContext, json, type TestContext, ownPassword } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
const get = () => ctx;
const NONE = '00000000-0000-4000-8000-000000000000';
const uniq = () => Math.random().toString(36).slice(2, 10);
const asAdmin = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(await ctx.token('admin')), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload ? { payload } : {}) });
const hostLogin = async (userName: string, password: string) => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/host', payload: { userName, password } });
  await ownPassword(ctx, res, password);
  return res;
};

describe('POST /api/v1/host/query', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v1/host/query', payload: {} }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('POST /api/v1/host/create-account', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v1/host/create-account', payload: { name: `主办方 ${uniq()}`, userName: `h${uniq()}`, password: 'secret-123' } }),
    allowed: ['admin'],
    denied: ['host', 'exhibitor'],
  });
});
describe('PUT /api/v1/host/patch', () => {
  routeSecurity(get, { request: (c) => ({ method: 'PUT', url: `/api/v1/host/patch?id=${c.other.hostId}`, payload: { nameEn: 'Second Organiser' } }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('PATCH /api/v1/host', () => {
  routeSecurity(get, { request: (c) => ({ method: 'PATCH', url: `/api/v1/host?id=${c.other.hostId}`, payload: { contactName: '王经理' } }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('DELETE /api/v1/host', () => {
  // A host without exhibitions, so the administrator's one deletion succeeds.
  let spare = NONE;
  beforeAll(async () => {
    spare = json(await asAdmin('POST', '/api/v1/host/create-account', { name: `待删主办 ${uniq()}`, userName: `del${uniq()}`, password: 'secret-123' })).data.host.id;
  });
  routeSecurity(get, { request: () => ({ method: 'DELETE', url: `/api/v1/host?id=${spare}` }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});

describe('hosts (administrator)', () => {
  it('create-account creates the host and its owner login in one go; the login works', async () => {
    const name = `会展集团 ${uniq()}`;
    const userName = `org${uniq()}`;
    const res = await asAdmin('POST', '/api/v1/host/create-account', { name, nameEn: 'Expo Group', phoneNumber: '13912345678', contactName: '李四', email: 'li@example.com', userName, password: 'first-pass-1' });
    expect(res.statusCode, res.body).toBe(200);
    const data = json(res).data;
    expect(data).toMatchObject({ userName, host: { name, nameEn: 'Expo Group', phoneNumber: '13912345678', contactName: '李四', email: 'li@example.com', ownerUserId: data.userId } });
    const login = await hostLogin(userName, 'first-pass-1');
    expect(login.statusCode, login.body).toBe(200);
    expect(json(login).data.id).toBe(data.host.id);
    // the platform issued this password: the first sign-in sets a new one
    expect(json(login).data.tokenInfo.userInfo.mustChangePassword).toBe(true);
    const users = json(await ctx.app.inject({ method: 'GET', url: '/api/v3/hostinuser/all', headers: bearer(json(login).data.tokenInfo.access_token) })).data;
    expect(users).toEqual([expect.objectContaining({ userName, isOwner: true, allExhibitions: true, hostId: data.host.id })]);
    const log = json(await asAdmin('POST', '/api/v3/operationlog/query', { action: 'host.create', targetId: data.host.id })).data;
    expect(log.items).toHaveLength(1);
    expect(JSON.stringify(log.items[0])).not.toContain('first-pass-1');
  });

  it('refuses a taken user name with 409 naming userName, and leaves no host behind', async () => {
    const name = `重名测试 ${uniq()}`;
    const res = await asAdmin('POST', '/api/v1/host/create-account', { name, userName: 'HOST', password: 'whatever-123' }, 'en');
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 4010, field: 'userName', description: expect.stringContaining('user name is already taken') });
    const rows = await ctx.db.select().from(host).where(eq(host.name, name));
    expect(rows).toEqual([]);
    expect(json(await asAdmin('POST', '/api/v1/host/query', { name })).data.totalCount).toBe(0);
  });

  it('names bad fields of create-account', async () => {
    const res = await asAdmin('POST', '/api/v1/host/create-account', { name: '', userName: 'x', password: 'short' });
    expect(json(res).errors!.map((e) => e.field).sort()).toEqual(['name', 'password', 'userName']);
  });

  it('searches by name and phone, and changes a host through both update paths, each change logged', async () => {
    const tag = uniq();
    const created = json(await asAdmin('POST', '/api/v1/host/create-account', { name: `Search ${tag}`, phoneNumber: '13700001111', userName: `s${tag}`, password: 'first-pass-1' })).data;
    expect(json(await asAdmin('POST', '/api/v1/host/query', { name: `search ${tag}` })).data.items.map((h: { id: string }) => h.id)).toEqual([created.host.id]);
    expect(json(await asAdmin('POST', '/api/v1/host/query', { phoneNumber: '3700001111' })).data.items.map((h: { id: string }) => h.id)).toContain(created.host.id);
    const put = await asAdmin('PUT', `/api/v1/host/patch?id=${created.host.id}`, { nameEn: 'Searched Ltd' });
    expect(json(put).data).toMatchObject({ name: `Search ${tag}`, nameEn: 'Searched Ltd' });
    const patch = await asAdmin('PATCH', `/api/v1/host?id=${created.host.id}`, { name: `Found ${tag}`, email: null });
    expect(json(patch).data).toMatchObject({ name: `Found ${tag}`, nameEn: 'Searched Ltd', email: null });
    const bad = await asAdmin('PATCH', `/api/v1/host?id=${created.host.id}`, { phoneNumber: 'abc' });
    expect(json(bad)).toMatchObject({ code: 4000, field: 'phoneNumber' });
    const log = json(await asAdmin('POST', '/api/v3/operationlog/query', { targetType: 'host', targetId: created.host.id, action: 'host.update' })).data;
    expect(log.items).toHaveLength(2);
    // the host sees the administrator's changes to it in its own log
    const own = json(await ctx.app.inject({ method: 'POST', url: '/api/v3/operationlog/query', headers: bearer(json(await hostLogin(`s${tag}`, 'first-pass-1')).data.tokenInfo.access_token), payload: { action: 'host.update' } })).data;
    expect(own.totalCount).toBe(2);
  });

  it('refuses to delete a host that still has exhibitions; once they are gone it deletes it and its logins lose the host area', async () => {
    const tag = uniq();
    const created = json(await asAdmin('POST', '/api/v1/host/create-account', { name: `Delete ${tag}`, userName: `d${tag}`, password: 'first-pass-1' })).data;
    const [ex] = await ctx.db.insert(exhibition).values({ hostId: created.host.id, name: `展会 ${tag}` }).returning();
    const refused = await asAdmin('DELETE', `/api/v1/host?id=${created.host.id}`, undefined, 'en');
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({ code: 4023, description: 'This host still has exhibitions; delete or move them first' });
    await ctx.db.update(exhibition).set({ deletedAt: new Date() }).where(eq(exhibition.id, ex!.id));
    expect((await asAdmin('DELETE', `/api/v1/host?id=${created.host.id}`)).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/api/v1/host?id=${created.host.id}`)).statusCode).toBe(404);
    expect(await ctx.db.select().from(host).where(and(eq(host.id, created.host.id), isNull(host.deletedAt)))).toEqual([]);
    expect(json(await hostLogin(`d${tag}`, 'first-pass-1')).code).toBe(4002);
    expect(json(await asAdmin('POST', '/api/v3/operationlog/query', { action: 'host.delete', targetId: created.host.id })).data.totalCount).toBe(1);
  });

  it("lets the administrator set the password and the phone of a host made by create-account", async () => {
    const tag = uniq();
    const created = json(await asAdmin('POST', '/api/v1/host/create-account', { name: `Pwd ${tag}`, userName: `p${tag}`, password: 'first-pass-1' })).data;
    const session = json(await hostLogin(`p${tag}`, 'first-pass-1')).data.tokenInfo.access_token;
    const set = await asAdmin('PUT', '/api/v1/account/password', { userId: created.userId, password: 'second-pass-2' });
    expect(set.statusCode, set.body).toBe(200);
    expect(json(await hostLogin(`p${tag}`, 'first-pass-1')).code).toBe(4006);
    expect((await hostLogin(`p${tag}`, 'second-pass-2')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/account/me', headers: bearer(session) })).statusCode).toBe(401);
    const phone = await asAdmin('POST', '/api/v1/account/update/host/phonenumber', { hostId: created.host.id, phoneNumber: '13688889999' });
    expect(json(phone).data).toMatchObject({ id: created.host.id, phoneNumber: '13688889999' });
    const actions = json(await asAdmin('POST', '/api/v3/operationlog/query', { hostId: created.host.id, pageSize: 50 })).data.items.map((r: { action: string }) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['host.create', 'host.phone.update']));
    const pwd = json(await asAdmin('POST', '/api/v3/operationlog/query', { action: 'account.password.set', targetId: created.userId })).data;
    expect(pwd.totalCount).toBe(1);
  });

  it('filters the operation log by time range', async () => {
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect(json(await asAdmin('POST', '/api/v3/operationlog/query', { from: future })).data.totalCount).toBe(0);
    const all = json(await asAdmin('POST', '/api/v3/operationlog/query', { to: future })).data.totalCount;
    expect(all).toBeGreaterThan(0);
    expect(json(await asAdmin('POST', '/api/v3/operationlog/query', { from: 'yesterday' })).field).toBe('from');
  });
});
