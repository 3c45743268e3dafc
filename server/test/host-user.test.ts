import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exhibition } from '../src/modules/exhibition/tables.ts';
import { bearer, createTestContext, json, type TestContext, ownPassword } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
const uniq = () => Math.random().toString(36).slice(2, 10);
/** A second exhibition of the demo host, and staff logins of the demo host for the security cases. */
let secondExhibition = '';
let staffForPatch = '';
let staffForExhibition = '';
let ownerRow = '';

const as = async (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const login = async (userName: string, password = 'staff-pass-1') => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/host', payload: { userName, password } });
  await ownPassword(ctx, res, password);
  return { res, token: res.statusCode === 200 ? (json(res).data.tokenInfo.access_token as string) : '' };
};
const createStaff = async (payload: object) => as(await ctx.token('host'), 'POST', '/api/v3/hostinuser', { password: 'staff-pass-1', name: '员工', ...payload });

beforeAll(async () => {
  ctx = await createTestContext();
  const [ex] = await ctx.db.insert(exhibition).values({ hostId: '00000000-0000-4000-a000-000000000101', name: '第二个展会' }).returning();
  secondExhibition = ex!.id;
  staffForPatch = json(await createStaff({ userName: `sp${uniq()}` })).data.id;
  staffForExhibition = json(await createStaff({ userName: `se${uniq()}`, exhibitionIds: [secondExhibition] })).data.id;
  ownerRow = json(await as(await ctx.token('host'), 'GET', '/api/v3/hostinuser/all')).data.find((u: { isOwner: boolean }) => u.isOwner).id;
});
afterAll(() => ctx.close());
const get = () => ctx;
const LIST = "a list scoped to the caller's host before any filter: another host's logins are left out, not addressed ('lists a host its own logins only' checks it)";

describe('POST /api/v3/hostinuser/query', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/hostinuser/query', payload: {} }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { none: LIST },
  });
});
describe('GET /api/v3/hostinuser/all', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: '/api/v3/hostinuser/all?t=1' }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { none: LIST },
  });
});
describe('POST /api/v3/hostinuser', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/hostinuser', payload: { userName: `n${uniq()}`, password: 'staff-pass-1', name: '新员工' } }),
    allowed: ['host'],
    denied: ['admin', 'exhibitor'],
    otherTenant: {
      as: 'host',
      request: (c) => ({ method: 'POST', url: '/api/v3/hostinuser', payload: { userName: `n${uniq()}`, password: 'staff-pass-1', name: '越权', exhibitionIds: [c.other.exhibitionId] } }),
    },
  });
});
describe('PATCH /api/v3/hostinuser', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `/api/v3/hostinuser?id=${staffForPatch}`, payload: { name: '改名' } }),
    allowed: ['host'],
    denied: ['admin', 'exhibitor'],
    otherTenant: { as: 'host2', request: () => ({ method: 'PATCH', url: `/api/v3/hostinuser?id=${staffForPatch}`, payload: { name: 'x' } }) },
  });
});
describe('DELETE /api/v3/hostinuser', () => {
  let spare = '';
  beforeAll(async () => {
    spare = json(await createStaff({ userName: `sd${uniq()}` })).data.id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v3/hostinuser?id=${spare}` }),
    allowed: ['host'],
    denied: ['admin', 'exhibitor'],
    otherTenant: { as: 'host2', request: () => ({ method: 'DELETE', url: `/api/v3/hostinuser?id=${staffForPatch}` }) },
  });
});
describe('POST /api/v3/hostinuser/exhibition', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/hostinuser/exhibition', payload: { hostInUserId: staffForExhibition, exhibitionId: c.demo.exhibitionId } }),
    allowed: ['host'],
    denied: ['admin', 'exhibitor'],
    otherTenant: { as: 'host2', request: (c) => ({ method: 'POST', url: '/api/v3/hostinuser/exhibition', payload: { hostInUserId: staffForExhibition, exhibitionId: c.other.exhibitionId } }) },
  });
});
describe('DELETE /api/v3/hostinuser/exhibition', () => {
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v3/hostinuser/exhibition?hostInUserId=${staffForExhibition}&exhibitionId=${secondExhibition}` }),
    allowed: ['host'],
    denied: ['admin', 'exhibitor'],
    otherTenant: { as: 'host2', request: () => ({ method: 'DELETE', url: `/api/v3/hostinuser/exhibition?hostInUserId=${staffForExhibition}&exhibitionId=${secondExhibition}` }) },
  });
});

describe('host users', () => {
  it('lists a host its own logins only, owner first; the administrator all or by host', async () => {
    const own = json(await as(await ctx.token('host'), 'POST', '/api/v3/hostinuser/query', { pageSize: 100 })).data;
    expect(own.items[0]).toMatchObject({ isOwner: true, userName: 'host' });
    expect(own.items.every((u: { hostId: string }) => u.hostId === '00000000-0000-4000-a000-000000000101')).toBe(true);
    const other = json(await as(await ctx.token('host2'), 'POST', '/api/v3/hostinuser/query', { hostId: '00000000-0000-4000-a000-000000000101' })).data;
    expect(other.totalCount).toBe(0);
    const byHost = json(await as(await ctx.token('admin'), 'POST', '/api/v3/hostinuser/query', { hostId: ctx.other.hostId })).data;
    expect(byHost.items.map((u: { userName: string }) => u.userName)).toEqual(['host2']);
    const search = json(await as(await ctx.token('admin'), 'GET', `/api/v3/hostinuser/all?hostId=${ctx.other.hostId}`)).data;
    expect(search).toHaveLength(1);
    const foreign = json(await as(await ctx.token('host'), 'GET', `/api/v3/hostinuser/all?hostId=${ctx.other.hostId}`)).data;
    expect(foreign).toEqual([]);
  });

  it('a staff login removed from an exhibition loses it at once, on the token it already holds', async () => {
    const userName = `staff${uniq()}`;
    const created = json(await createStaff({ userName, phoneNumber: '13512340000' })).data;
    expect(created).toMatchObject({ userName, isOwner: false, allExhibitions: true, exhibitionIds: [] });
    const { token } = await login(userName);
    const see = async (id: string) => (await as(token, 'GET', `/api/v1/exhibition?id=${id}`)).statusCode;
    expect(await see(ctx.demo.exhibitionId)).toBe(200);
    expect(await see(secondExhibition)).toBe(200);

    const owner = await ctx.token('host');
    const limited = json(await as(owner, 'POST', '/api/v3/hostinuser/exhibition', { hostInUserId: created.id, exhibitionId: secondExhibition })).data;
    expect(limited).toMatchObject({ allExhibitions: false, exhibitionIds: [secondExhibition] });
    expect(await see(ctx.demo.exhibitionId)).toBe(404);
    expect(await see(secondExhibition)).toBe(200);
    const listed = json(await as(token, 'POST', '/api/v1/exhibition/query', {})).data.items.map((e: { id: string }) => e.id);
    expect(listed).toEqual([secondExhibition]);
    // the demo exhibitors and their companies are out of reach too
    const company = json(await ctx.app.inject({ method: 'GET', url: '/api/v1/account/me', headers: bearer(await ctx.token('exhibitor')) })).data.companyId;
    expect((await as(token, 'GET', `/api/v1/company?id=${company}`)).statusCode).toBe(404);
    expect((await as(token, 'GET', `/api/v3/version/display/feature/exhibitionid/${ctx.demo.exhibitionId}`)).statusCode).toBe(404);

    const removed = await as(owner, 'DELETE', `/api/v3/hostinuser/exhibition?hostInUserId=${created.id}&exhibitionId=${secondExhibition}`);
    expect(json(removed).data).toMatchObject({ allExhibitions: false, exhibitionIds: [] });
    expect(await see(secondExhibition)).toBe(404);
    expect(json(await as(token, 'POST', '/api/v1/exhibition/query', {})).data.totalCount).toBe(0);
    expect((await as(owner, 'DELETE', `/api/v3/hostinuser/exhibition?hostInUserId=${created.id}&exhibitionId=${secondExhibition}`)).statusCode).toBe(404);

    const back = await as(owner, 'PATCH', `/api/v3/hostinuser?id=${created.id}`, { allExhibitions: true });
    expect(json(back).data.allExhibitions).toBe(true);
    expect(await see(ctx.demo.exhibitionId)).toBe(200);
    // the owner always reaches every exhibition of its host
    expect((await as(owner, 'GET', `/api/v1/exhibition?id=${secondExhibition}`)).statusCode).toBe(200);
    const log = json(await as(owner, 'POST', '/api/v3/operationlog/query', { targetId: created.id, pageSize: 20 })).data.items.map((r: { action: string }) => r.action);
    expect(log).toEqual(expect.arrayContaining(['hostUser.create', 'hostUser.exhibition.add', 'hostUser.exhibition.remove', 'hostUser.update']));
  });

  it('creates a login limited to the exhibitions given; refuses exhibitions of another host', async () => {
    const userName = `lim${uniq()}`;
    const res = await createStaff({ userName, exhibitionIds: [ctx.demo.exhibitionId] });
    expect(json(res).data).toMatchObject({ allExhibitions: false, exhibitionIds: [ctx.demo.exhibitionId] });
    const { token } = await login(userName);
    expect((await as(token, 'GET', `/api/v1/exhibition?id=${secondExhibition}`)).statusCode).toBe(404);
    expect((await createStaff({ userName: `x${uniq()}`, exhibitionIds: [ctx.other.exhibitionId] })).statusCode).toBe(404);
    const staff = json(res).data.id;
    expect((await as(await ctx.token('host'), 'POST', '/api/v3/hostinuser/exhibition', { hostInUserId: staff, exhibitionId: ctx.other.exhibitionId })).statusCode).toBe(404);
  });

  it('protects the owner login and keeps staff from managing logins', async () => {
    const owner = await ctx.token('host');
    for (const res of [
      await as(owner, 'DELETE', `/api/v3/hostinuser?id=${ownerRow}`),
      await as(owner, 'POST', '/api/v3/hostinuser/exhibition', { hostInUserId: ownerRow, exhibitionId: ctx.demo.exhibitionId }),
      await as(owner, 'PATCH', `/api/v3/hostinuser?id=${ownerRow}`, { isDisabled: true }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(json(res).code).toBe(4027);
    }
    expect(json(await as(owner, 'PATCH', `/api/v3/hostinuser?id=${ownerRow}`, { name: '主账号' })).data.name).toBe('主账号');
    const userName = `st${uniq()}`;
    await createStaff({ userName });
    const { token } = await login(userName);
    expect(json(await as(token, 'POST', '/api/v3/hostinuser', { userName: `z${uniq()}`, password: 'staff-pass-1', name: 'x' })).code).toBe(4003);
    expect((await as(token, 'POST', '/api/v3/hostinuser/exhibition', { hostInUserId: staffForPatch, exhibitionId: ctx.demo.exhibitionId })).statusCode).toBe(403);
    // staff may read the list of its host's logins
    expect((await as(token, 'GET', '/api/v3/hostinuser/all')).statusCode).toBe(200);
  });

  it('disabling, a new password and removal end the login at once', async () => {
    const owner = await ctx.token('host');
    const userName = `dis${uniq()}`;
    const staff = json(await createStaff({ userName })).data.id;
    let { token } = await login(userName);
    expect((await as(await ctx.token('host'), 'PATCH', `/api/v3/hostinuser?id=${staff}`, { isDisabled: true })).statusCode).toBe(200);
    expect((await as(token, 'GET', '/api/v1/account/me')).statusCode).toBe(401);
    expect(json((await login(userName)).res).code).toBe(4005);
    await as(owner, 'PATCH', `/api/v3/hostinuser?id=${staff}`, { isDisabled: false });
    ({ token } = await login(userName));
    await as(owner, 'PATCH', `/api/v3/hostinuser?id=${staff}`, { password: 'new-pass-22' });
    expect((await as(token, 'GET', '/api/v1/account/me')).statusCode).toBe(401);
    ({ token } = await login(userName, 'new-pass-22'));
    expect((await as(owner, 'DELETE', `/api/v3/hostinuser?id=${staff}`)).statusCode).toBe(200);
    expect((await as(token, 'GET', '/api/v1/account/me')).statusCode).toBe(401);
    expect(json(await as(owner, 'GET', '/api/v3/hostinuser/all')).data.map((u: { id: string }) => u.id)).not.toContain(staff);
  });

  it('answers 409 naming userName for a taken one', async () => {
    const res = await createStaff({ userName: 'exhibitor' });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 4010, field: 'userName' });
  });

  it('forgets the assignment of a deleted exhibition', async () => {
    const [ex] = await ctx.db.insert(exhibition).values({ hostId: '00000000-0000-4000-a000-000000000101', name: '临时展会' }).returning();
    const userName = `tmp${uniq()}`;
    const staff = json(await createStaff({ userName, exhibitionIds: [ex!.id] })).data;
    await ctx.db.update(exhibition).set({ deletedAt: new Date() }).where(eq(exhibition.id, ex!.id));
    const after = json(await as(await ctx.token('host'), 'GET', '/api/v3/hostinuser/all')).data.find((u: { id: string }) => u.id === staff.id);
    expect(after.exhibitionIds).toEqual([]);
    const { token } = await login(userName);
    expect(json(await as(token, 'POST', '/api/v1/exhibition/query', {})).data.totalCount).toBe(0);
  });
});
