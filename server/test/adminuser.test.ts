import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@pavilion/contract';
import { userAccount } from '../src/modules/account/tables.ts';
import { operationLog } from '../src/oplog/tables.ts';
import { bearer, createTestContext, json, ownPassword, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
const get = () => ctx;
const uniq = () => Math.random().toString(36).slice(2, 10);
const NONE = '00000000-0000-4000-8000-000000000000';
const PASSWORD = 'admin-pass-1';
let target = '';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = async (token: string, method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const asAdmin = async (method: Method, url: string, payload?: object) => call(await ctx.token('admin'), method, url, payload);
const createAdmin = async (over: object = {}) => asAdmin('POST', '/api/v3/adminuser', { userName: `adm${uniq()}`, password: PASSWORD, ...over });
const login = async (userName: string) => ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/admin', payload: { userName, password: PASSWORD } });
/** A new administrator's token, its issued password made its own so every route answers it. */
const tokenOf = async (userName: string) => {
  const answer = await login(userName);
  await ownPassword(ctx, answer, PASSWORD);
  return json(answer).data.tokenInfo.access_token as string;
};
const me = (token: string) => call(token, 'GET', '/api/v1/account/me');
/** Active administrators in the database, whatever the API says. */
const activeAdmins = async () => ctx.db.select({ id: userAccount.id }).from(userAccount).where(and(eq(userAccount.role, Role.Admin), eq(userAccount.isDisabled, false)));
const demoAdminId = async () => (await ctx.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.userName, 'admin')))[0]!.id;

beforeAll(async () => {
  ctx = await createTestContext();
  target = json(await createAdmin()).data.id;
});
afterAll(() => ctx.close());

describe('security', () => {
  describe('POST /api/v3/adminuser/query', () => {
    routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/adminuser/query', payload: {} }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
  });
  describe('POST /api/v3/adminuser', () => {
    routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/adminuser', payload: { userName: `s${uniq()}`, password: PASSWORD } }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
  });
  describe('PATCH /api/v3/adminuser', () => {
    routeSecurity(get, { request: () => ({ method: 'PATCH', url: `/api/v3/adminuser?id=${target}`, payload: { name: '改名' } }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
  });
  describe('DELETE /api/v3/adminuser', () => {
    // An administrator of its own, so the one deletion leaves `target` to the tests below.
    let spare = NONE;
    beforeAll(async () => {
      spare = json(await createAdmin()).data.id;
    });
    routeSecurity(get, { request: () => ({ method: 'DELETE', url: `/api/v3/adminuser?id=${spare}` }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
  });
  it('refuses the settling client token on every route', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials&client_id=pavilion-settled&client_secret=pavilion-settled-secret',
    });
    const client = res.json().access_token as string;
    for (const [method, url] of [
      ['POST', '/api/v3/adminuser/query'],
      ['POST', '/api/v3/adminuser'],
      ['PATCH', `/api/v3/adminuser?id=${target}`],
      ['DELETE', `/api/v3/adminuser?id=${target}`],
    ] as const)
      expect((await call(client, method, url, method === 'DELETE' ? undefined : {})).statusCode).toBe(403);
  });
  it('answers 404 for an unknown id and for a login that is not an administrator', async () => {
    const hostUser = (await ctx.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.userName, 'host')))[0]!.id;
    for (const id of [NONE, hostUser]) {
      expect((await asAdmin('PATCH', `/api/v3/adminuser?id=${id}`, { name: 'x' })).statusCode).toBe(404);
      expect((await asAdmin('DELETE', `/api/v3/adminuser?id=${id}`)).statusCode).toBe(404);
    }
  });
});

describe('create and list', () => {
  it('creates a login that signs in to the admin area, logged without the password', async () => {
    const userName = `new${uniq()}`;
    const res = await createAdmin({ userName, name: '值班管理员', phoneNumber: '13912345678' });
    expect(res.statusCode, res.body).toBe(200);
    const item = json(res).data;
    expect(item).toMatchObject({ userName, name: '值班管理员', phoneNumber: '13912345678', isDisabled: false, isSelf: false });
    const signIn = await login(userName);
    expect(signIn.statusCode).toBe(200);
    expect(json(signIn).data.tokenInfo.userInfo.role).toBe(Role.Admin);
    const [log] = await ctx.db.select().from(operationLog).where(and(eq(operationLog.action, 'adminUser.create'), eq(operationLog.targetId, item.id)));
    expect(log).toBeDefined();
    expect(JSON.stringify(log)).not.toContain(PASSWORD);
  });
  it('applies the platform password and user-name rules, naming the field', async () => {
    const weak = await createAdmin({ password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(json(weak)).toMatchObject({ code: 4000, field: 'password' });
    const badName = await createAdmin({ userName: 'a b' });
    expect(json(badName)).toMatchObject({ code: 4000, field: 'userName' });
  });
  it('refuses a taken user name (any role) and a taken phone with 409 naming the field', async () => {
    const taken = await createAdmin({ userName: 'HOST' });
    expect(taken.statusCode).toBe(409);
    expect(json(taken)).toMatchObject({ code: 4010, field: 'userName' });
    await createAdmin({ phoneNumber: '13900000001' });
    const phone = await createAdmin({ phoneNumber: '13900000001' });
    expect(phone.statusCode).toBe(409);
    expect(json(phone)).toMatchObject({ code: 4011, field: 'phoneNumber' });
  });
  it('lists administrators only, marks the caller, filters by keyword', async () => {
    const userName = `kw${uniq()}`;
    await createAdmin({ userName, name: '查找我' });
    const all = json(await asAdmin('POST', '/api/v3/adminuser/query', {})).data;
    expect(all.items.every((u: { userName: string }) => !['host', 'exhibitor'].includes(u.userName))).toBe(true);
    expect(all.items.find((u: { userName: string }) => u.userName === 'admin')).toMatchObject({ isSelf: true });
    const found = json(await asAdmin('POST', '/api/v3/adminuser/query', { keyword: '查找' })).data;
    expect(found.items.map((u: { userName: string }) => u.userName)).toEqual([userName]);
  });
});

describe('change', () => {
  it('changes name and phone, and removes the phone with null', async () => {
    const id = json(await createAdmin()).data.id;
    const res = await asAdmin('PATCH', `/api/v3/adminuser?id=${id}`, { name: '新名字', phoneNumber: '13911112222' });
    expect(json(res).data).toMatchObject({ name: '新名字', phoneNumber: '13911112222' });
    expect(json(await asAdmin('PATCH', `/api/v3/adminuser?id=${id}`, { phoneNumber: null })).data.phoneNumber).toBeNull();
    const logs = await ctx.db.select().from(operationLog).where(and(eq(operationLog.action, 'adminUser.update'), eq(operationLog.targetId, id)));
    expect(logs).toHaveLength(2);
  });
  it('disabling ends its sign-ins at once; enabling lets it sign in again', async () => {
    const userName = `dis${uniq()}`;
    const id = json(await createAdmin({ userName })).data.id;
    const token = await tokenOf(userName);
    expect((await me(token)).statusCode).toBe(200);
    expect(json(await asAdmin('PATCH', `/api/v3/adminuser?id=${id}`, { isDisabled: true })).data.isDisabled).toBe(true);
    expect((await me(token)).statusCode).toBe(401);
    expect((await login(userName)).statusCode).not.toBe(200);
    await asAdmin('PATCH', `/api/v3/adminuser?id=${id}`, { isDisabled: false });
    expect((await login(userName)).statusCode).toBe(200);
  });
  it('refuses to disable yourself (4035), in the caller’s language', async () => {
    const res = await call(await ctx.token('admin'), 'PATCH', `/api/v3/adminuser?id=${await demoAdminId()}`, { isDisabled: true });
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe(4035);
  });
});

describe('delete', () => {
  it('deletes another administrator: it disappears, its sign-ins end, it cannot sign in, op-log row', async () => {
    const userName = `del${uniq()}`;
    const id = json(await createAdmin({ userName })).data.id;
    const token = await tokenOf(userName);
    const res = await asAdmin('DELETE', `/api/v3/adminuser?id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await login(userName)).statusCode).not.toBe(200);
    const list = json(await asAdmin('POST', '/api/v3/adminuser/query', {})).data.items as { id: string }[];
    expect(list.some((u) => u.id === id)).toBe(false);
    expect((await asAdmin('DELETE', `/api/v3/adminuser?id=${id}`)).statusCode).toBe(404);
    const [log] = await ctx.db.select().from(operationLog).where(and(eq(operationLog.action, 'adminUser.delete'), eq(operationLog.targetId, id)));
    expect(log).toMatchObject({ userName: 'admin' });
  });
  it('refuses to delete yourself while others are active (4035)', async () => {
    const res = await asAdmin('DELETE', `/api/v3/adminuser?id=${await demoAdminId()}`);
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 4035 });
  });
  it('refuses to delete the last active administrator (4034) with the rule in zh and en', async () => {
    // Take every other administrator out of service first.
    const others = (json(await asAdmin('POST', '/api/v3/adminuser/query', {})).data.items as { id: string; isSelf: boolean }[]).filter((u) => !u.isSelf);
    for (const u of others) expect((await asAdmin('DELETE', `/api/v3/adminuser?id=${u.id}`)).statusCode).toBe(200);
    const id = await demoAdminId();
    const zh = await asAdmin('DELETE', `/api/v3/adminuser?id=${id}`);
    expect(zh.statusCode).toBe(409);
    expect(json(zh)).toMatchObject({ success: false, code: 4034 });
    expect(json(zh).description).toContain('最后一个');
    const en = await ctx.app.inject({ method: 'DELETE', url: `/api/v3/adminuser?id=${id}`, headers: { ...bearer(await ctx.token('admin')), 'accept-language': 'en' } });
    expect(json(en).description).toContain('last active administrator');
    expect(json(await asAdmin('PATCH', `/api/v3/adminuser?id=${id}`, { isDisabled: true }))).toMatchObject({ code: 4034 });
    expect(await activeAdmins()).toHaveLength(1);
  });
});

// Last: one of these deletes the demo administrator.
describe('concurrency', () => {
  it('two administrators deleting each other at once leave exactly one', async () => {
    const userName = `race${uniq()}`;
    const id = json(await createAdmin({ userName })).data.id;
    const mine = await ctx.token('admin');
    const theirs = await tokenOf(userName);
    const results = await Promise.all([call(mine, 'DELETE', `/api/v3/adminuser?id=${id}`), call(theirs, 'DELETE', `/api/v3/adminuser?id=${await demoAdminId()}`)]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The loser is refused by the rule, or (PostgreSQL) its sign-in was already ended by the winner.
    const loser = results.find((r) => r.statusCode !== 200)!;
    expect([4034, 4001]).toContain(json(loser).code);
    expect(await activeAdmins()).toHaveLength(1);
  });
  it('a deletion and a disabling racing for the last two leave exactly one', async () => {
    const survivor = (await activeAdmins())[0]!.id;
    const [s] = await ctx.db.select().from(userAccount).where(eq(userAccount.id, survivor));
    const survivorToken = s!.userName === 'admin' ? await ctx.token('admin') : await tokenOf(s!.userName);
    const userName = `race${uniq()}`;
    const created = await call(survivorToken, 'POST', '/api/v3/adminuser', { userName, password: PASSWORD });
    const id = json(created).data.id as string;
    const theirs = await tokenOf(userName);
    const results = await Promise.all([call(survivorToken, 'PATCH', `/api/v3/adminuser?id=${id}`, { isDisabled: true }), call(theirs, 'DELETE', `/api/v3/adminuser?id=${survivor}`)]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await activeAdmins()).toHaveLength(1);
  });
});
