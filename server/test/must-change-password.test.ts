import { ErrorCode } from '@pavilion/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';

/**
 * A password issued by someone else (a host creating an exhibitor's login, an administrator
 * setting one) must be changed before anything else: the server refuses every other guarded call
 * with 403 and PasswordChangeRequired (4038), not only the web's redirect.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const ISSUED = 'Issued-pass-1';
const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;
const send = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(token), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload ? { payload } : {}) });
const login = async (userName: string, password = ISSUED) => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/exhibitor', payload: { userName, password, exhibitionId: ctx.demo.exhibitionId } });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.tokenInfo as { access_token: string; userInfo: { mustChangePassword?: boolean } };
};
/** An exhibitor login the demo host creates: its password is issued, so it must be changed. */
async function issuedExhibitor() {
  const userName = unique('issued-');
  const created = await send(await ctx.token('host'), 'POST', '/api/v1/exhibitor/create', {
    exhibitionId: ctx.demo.exhibitionId,
    company: { name: unique('发放密码公司') },
    account: { userName, password: ISSUED },
  });
  expect(created.statusCode, created.body).toBe(200);
  return { userName, exhibitorId: json(created).data.id as string };
}
const ordinary = (exhibitorId: string) => `/api/v3/exhibitorlintel?exhibitorId=${exhibitorId}`;

describe('an issued password', () => {
  it('refuses every other guarded call with 403 and 4038 until it is changed, then lets them through', async () => {
    const ex = await issuedExhibitor();
    const { access_token: token, userInfo } = await login(ex.userName);
    expect(userInfo.mustChangePassword).toBe(true);

    const refused = await send(token, 'GET', ordinary(ex.exhibitorId));
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ success: false, code: ErrorCode.PasswordChangeRequired, description: '您的密码由平台或主办方发放，请先修改密码再继续使用' });
    const en = await send(token, 'GET', ordinary(ex.exhibitorId), undefined, 'en');
    expect(json(en)).toMatchObject({ code: 4038, description: 'Your password was issued to you: change it before you continue' });
    // a write too, and GraphQL
    expect(json(await send(token, 'POST', '/api/v3/feedback', { content: '建议' })).code).toBe(4038);
    expect(json(await send(token, 'POST', '/graphql', { query: '{ exhibitors { totalCount } }' })).code).toBe(4038);

    // reading itself and changing the password still answer
    const me = await send(token, 'GET', '/api/v1/account/me');
    expect(me.statusCode).toBe(200);
    expect(json(me).data.user.mustChangePassword).toBe(true);
    const changed = await send(token, 'PUT', '/api/v1/account/password/old', { oldPassword: ISSUED, password: 'My-own-pass-1' });
    expect(changed.statusCode, changed.body).toBe(200);

    // the same sign-in now reaches the ordinary route, and the flag is gone
    const after = await send(token, 'GET', ordinary(ex.exhibitorId));
    expect(after.statusCode, after.body).toBe(200);
    expect(json(await send(token, 'GET', '/api/v1/account/me')).data.user.mustChangePassword).toBe(false);
    expect((await login(ex.userName, 'My-own-pass-1')).userInfo.mustChangePassword).toBe(false);
  });

  it('still lets the user sign out', async () => {
    const ex = await issuedExhibitor();
    const { access_token: token } = await login(ex.userName);
    expect((await send(token, 'POST', '/api/v1/account/logout')).statusCode).toBe(200);
    expect((await send(token, 'GET', '/api/v1/account/me')).statusCode).toBe(401);
  });

  it('comes back when the administrator sets a password', async () => {
    const ex = await issuedExhibitor();
    const first = await login(ex.userName);
    await send(first.access_token, 'PUT', '/api/v1/account/password/old', { oldPassword: ISSUED, password: 'My-own-pass-1' });
    const userId = json(await send(first.access_token, 'GET', '/api/v1/account/me')).data.user.id;
    expect((await send(await ctx.token('admin'), 'PUT', '/api/v1/account/password', { userId, password: 'Admin-set-pass-1' })).statusCode).toBe(200);
    const again = await login(ex.userName, 'Admin-set-pass-1');
    expect(again.userInfo.mustChangePassword).toBe(true);
    expect(json(await send(again.access_token, 'GET', ordinary(ex.exhibitorId))).code).toBe(4038);
  });

  it('lets through only reading oneself, changing the password and signing out', () => {
    const routes = ctx.app.routeList.filter((r) => r.beforePasswordChange).map((r) => `${r.method} ${r.url}`);
    expect(routes.sort()).toEqual(['GET /api/v1/account/me', 'POST /api/v1/account/logout', 'PUT /api/v1/account/password/old']);
  });
});

describe('the demo and seeded users', () => {
  it('are not asked to change their password', async () => {
    for (const as of ['admin', 'host', 'exhibitor', 'exhibitor2', 'host2', 'exhibitor3'] as Actor[]) {
      const me = await send(await ctx.token(as), 'GET', '/api/v1/account/me');
      expect(json(me).data.user.mustChangePassword, as).toBe(false);
    }
  });
});
