import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, json, lastCode, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { Role } from '@pavilion/contract';
import { hashPassword } from '../src/auth/password.ts';
import { userAccount } from '../src/modules/account/tables.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const form = (body: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(body).toString(),
});
const web = { client_id: 'pavilion-web', client_secret: 'pavilion-web-secret' };

describe('POST /connect/token', () => {
  it('grants tokens for a password and rotates the refresh token on every use', async () => {
    const first = await ctx.app.inject({ method: 'POST', url: '/connect/token', ...form({ grant_type: 'password', username: 'host', password: 'pavilion', ...web }) });
    expect(first.statusCode).toBe(200);
    const t1 = first.json();
    expect(t1).toMatchObject({ token_type: 'Bearer', expires_in: 1800 });
    expect(first.headers['cache-control']).toBe('no-store');

    const second = await ctx.app.inject({ method: 'POST', url: '/connect/token', ...form({ grant_type: 'refresh_token', refresh_token: t1.refresh_token, ...web }) });
    expect(second.statusCode).toBe(200);
    const t2 = second.json();
    expect(t2.refresh_token).not.toBe(t1.refresh_token);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/account/me', headers: bearer(t2.access_token) });
    expect(me.statusCode).toBe(200);

    // Reusing the first refresh token revokes the whole family, including the newest tokens.
    const reuse = await ctx.app.inject({ method: 'POST', url: '/connect/token', ...form({ grant_type: 'refresh_token', refresh_token: t1.refresh_token, ...web }) });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toBe('invalid_grant');
    const after = await ctx.app.inject({ method: 'POST', url: '/connect/token', ...form({ grant_type: 'refresh_token', refresh_token: t2.refresh_token, ...web }) });
    expect(after.json().error).toBe('invalid_grant');
    const meAfter = await ctx.app.inject({ method: 'GET', url: '/api/v1/account/me', headers: bearer(t2.access_token) });
    expect(meAfter.statusCode).toBe(401);
  });

  it('answers RFC 6749 errors', async () => {
    const cases: [Record<string, string>, number, string][] = [
      // Credentials in the form: 400 (RFC 6749 §5.2); 401 with a Basic challenge is for Basic (server/test/protocol.test.ts).
      [{ grant_type: 'password', username: 'host', password: 'pavilion', client_id: 'pavilion-web', client_secret: 'wrong' }, 400, 'invalid_client'],
      [{ grant_type: 'password', username: 'host', password: 'pavilion', client_id: 'nobody', client_secret: 'x' }, 400, 'invalid_client'],
      [{ grant_type: 'implicit', ...web }, 400, 'unsupported_grant_type'],
      [{ ...web }, 400, 'invalid_request'],
      [{ grant_type: 'password', username: 'host', password: 'nope', ...web }, 400, 'invalid_grant'],
      [{ grant_type: 'refresh_token', refresh_token: 'made-up', ...web }, 400, 'invalid_grant'],
      [{ grant_type: 'client_credentials', ...web }, 400, 'unauthorized_client'],
    ];
    for (const [body, status, error] of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: '/connect/token', ...form(body) });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toMatchObject({ error });
      expect(typeof res.json().error_description).toBe('string');
    }
  });

  it('issues a client token to the settling client, which reaches only routes open to clients', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/connect/token', ...form({ grant_type: 'client_credentials', client_id: 'pavilion-settled', client_secret: 'pavilion-settled-secret' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().refresh_token).toBeUndefined();
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/account/me', headers: bearer(res.json().access_token) });
    expect(me.statusCode).toBe(403);
  });

  it('accepts client credentials in a Basic header', async () => {
    const basic = Buffer.from('pavilion-web:pavilion-web-secret').toString('base64');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      payload: 'grant_type=password&username=admin&password=pavilion',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('login calls', () => {
  it('logs the host in with the shape the spec gives', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/host', payload: { userName: 'host', password: 'pavilion' } });
    const body = json(res);
    expect(res.statusCode).toBe(200);
    expect(body.data.id).toBe('00000000-0000-4000-a000-000000000101');
    expect(body.data.tokenInfo.userInfo).toMatchObject({ userName: 'host', role: 1, mustChangePassword: false });
    expect(body.data.userId).toBe(body.data.tokenInfo.userInfo.id);
  });

  it('logs an exhibitor in to its exhibition', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/exhibitor', payload: { userName: 'exhibitor', password: 'pavilion', exhibitionId: ctx.demo.exhibitionId } });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ exhibitionId: ctx.demo.exhibitionId, exhibitorId: expect.any(String), companyId: expect.any(String), userId: expect.any(String) });
  });

  it('answers 4002 to a login in the wrong area', async () => {
    for (const [url, payload] of [
      ['/api/v1/account/login/admin', { userName: 'host', password: 'pavilion' }],
      ['/api/v1/account/login/host', { userName: 'admin', password: 'pavilion' }],
      ['/api/v1/account/login/exhibitor', { userName: 'host', password: 'pavilion', exhibitionId: ctx.demo.exhibitionId }],
    ] as const) {
      const res = await ctx.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ success: false, code: 4002, description: '登录身份有误，请重新确认' });
    }
  });

  it("refuses an exhibitor at another host's exhibition", async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/exhibitor', payload: { userName: 'exhibitor', password: 'pavilion', exhibitionId: ctx.other.exhibitionId } });
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe(4018);
  });

  it('says the same for an unknown user and a wrong password, in the caller language', async () => {
    const a = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/admin', headers: { 'accept-language': 'en' }, payload: { userName: 'nobody', password: 'pavilion' } });
    const b = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/admin', headers: { 'accept-language': 'en' }, payload: { userName: 'admin', password: 'wrong-one' } });
    expect(json(a)).toEqual(json(b));
    expect(json(a)).toMatchObject({ code: 4006, description: 'Wrong user name or password' });
  });

  it('names the missing field', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/exhibitor', headers: { 'accept-language': 'en' }, payload: { userName: 'exhibitor', password: 'x', exhibitionId: 'not-a-uuid' } });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 4000, field: 'exhibitionId', errors: [{ field: 'exhibitionId', message: 'exhibitionId has the wrong format' }] });
  });

  it('logs an exhibitor in by phone and SMS code', async () => {
    const send = await ctx.app.inject({ method: 'POST', url: '/api/VerCode/sms/send', payload: { Phone: '13800000002', purpose: 'login' } });
    expect(json(send).data).toEqual({ result: true });
    const code = await lastCode(ctx, '13800000002');
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/v3/account/login/exhibitor/phonenumber', payload: { phoneNumber: '13800000002', code: code === '000000' ? '111111' : '000000', exhibitionId: ctx.demo.exhibitionId } });
    expect(json(wrong).code).toBe(4007);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v3/account/login/exhibitor/phonenumber', payload: { phoneNumber: '13800000002', code, exhibitionId: ctx.demo.exhibitionId } });
    expect(res.statusCode, res.body).toBe(200);
    const again = await ctx.app.inject({ method: 'POST', url: '/api/v3/account/login/exhibitor/phonenumber', payload: { phoneNumber: '13800000002', code, exhibitionId: ctx.demo.exhibitionId } });
    expect(json(again).code).toBe(4007);
  });
});

describe('account calls', () => {
  it('CheckUserName tells whether a name is taken', async () => {
    const taken = await ctx.app.inject({ method: 'POST', url: '/api/Account/CheckUserName', payload: { userName: 'HOST' } });
    expect(json(taken).data).toEqual({ exists: true });
    const free = await ctx.app.inject({ method: 'POST', url: '/api/Account/CheckUserName', payload: { userName: 'fresh-name' } });
    expect(json(free).data).toEqual({ exists: false });
  });

  it('Register creates an exhibitor account, refuses a taken name, and needs the code for a phone', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/Account/Register', payload: { userName: 'newcomer', password: 'long-enough-1' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ userName: 'newcomer', role: 0 });
    const dup = await ctx.app.inject({ method: 'POST', url: '/api/Account/Register', payload: { userName: 'Newcomer', password: 'long-enough-1' } });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).code).toBe(4010);
    const short = await ctx.app.inject({ method: 'POST', url: '/api/Account/Register', payload: { userName: 'other', password: 'short' } });
    expect(json(short)).toMatchObject({ code: 4000, field: 'password' });
    const noCode = await ctx.app.inject({ method: 'POST', url: '/api/Account/Register', payload: { userName: 'withphone', password: 'long-enough-1', phoneNumber: '13911112222' } });
    expect(json(noCode)).toMatchObject({ code: 4000, field: 'code' });
    await ctx.app.inject({ method: 'POST', url: '/api/VerCode/sms/send', payload: { Phone: '13911112222', purpose: 'register' } });
    const code = await lastCode(ctx, '13911112222');
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/Account/Register', payload: { userName: 'withphone', password: 'long-enough-1', phoneNumber: '13911112222', code } });
    expect(json(ok).data.phoneNumber).toBe('13911112222');
  });

  describe('PUT /api/v1/account/password (administrator sets a password)', () => {
    // A user of its own, so the administrator's change ends nobody else's sign-in.
    let target = '00000000-0000-4000-8000-000000000000';
    beforeAll(async () => {
      const [row] = await ctx.db.insert(userAccount).values({ userName: 'password-target', role: Role.Exhibitor, passwordHash: await hashPassword('first-password') }).returning();
      target = row!.id;
    });
    routeSecurity(() => ctx, {
      request: () => ({ method: 'PUT', url: '/api/v1/account/password', payload: { userId: target, password: 'whatever-123' } }),
      allowed: ['admin'],
      denied: ['host', 'exhibitor'],
    });
    it('sets the password, ends the sign-ins of that user and logs the change', async () => {
      const reg = await ctx.app.inject({ method: 'POST', url: '/api/Account/Register', payload: { userName: 'victim', password: 'first-password' } });
      const userId = json(reg).data.id;
      const login = await ctx.app.inject({ method: 'POST', url: '/connect/token', ...form({ grant_type: 'password', username: 'victim', password: 'first-password', ...web }) });
      const res = await ctx.app.inject({ method: 'PUT', url: '/api/v1/account/password', headers: bearer(await ctx.token('admin')), payload: { userId, password: 'second-password' } });
      expect(res.statusCode).toBe(200);
      const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/account/me', headers: bearer(login.json().access_token) });
      expect(me.statusCode).toBe(401);
      const relog = await ctx.app.inject({ method: 'POST', url: '/connect/token', ...form({ grant_type: 'password', username: 'victim', password: 'second-password', ...web }) });
      expect(relog.statusCode).toBe(200);
      const log = await ctx.app.inject({ method: 'POST', url: '/api/v3/operationlog/query', headers: bearer(await ctx.token('admin')), payload: { action: 'account.password.set' } });
      expect(json(log).data.items[0]).toMatchObject({ targetId: userId, userName: 'admin', role: 2 });
      const missing = await ctx.app.inject({ method: 'PUT', url: '/api/v1/account/password', headers: bearer(await ctx.token('admin')), payload: { userId: '00000000-0000-4000-8000-000000000000', password: 'second-password' } });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('PUT /api/v1/account/password/old', () => {
    it('refuses an anonymous caller', async () => {
      const res = await ctx.app.inject({ method: 'PUT', url: '/api/v1/account/password/old', payload: {} });
      expect(res.statusCode).toBe(401);
    });
    it('needs the right old password, keeps this sign-in and ends the others', async () => {
      await ctx.app.inject({ method: 'POST', url: '/api/Account/Register', payload: { userName: 'changer', password: 'old-password' } });
      const a = (await ctx.app.inject({ method: 'POST', url: '/connect/token', ...form({ grant_type: 'password', username: 'changer', password: 'old-password', ...web }) })).json();
      const b = (await ctx.app.inject({ method: 'POST', url: '/connect/token', ...form({ grant_type: 'password', username: 'changer', password: 'old-password', ...web }) })).json();
      const wrong = await ctx.app.inject({ method: 'PUT', url: '/api/v1/account/password/old', headers: bearer(a.access_token), payload: { oldPassword: 'nope-nope', password: 'new-password' } });
      expect(json(wrong)).toMatchObject({ code: 4006, field: 'oldPassword' });
      const ok = await ctx.app.inject({ method: 'PUT', url: '/api/v1/account/password/old', headers: bearer(a.access_token), payload: { oldPassword: 'old-password', password: 'new-password' } });
      expect(ok.statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/account/me', headers: bearer(a.access_token) })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/account/me', headers: bearer(b.access_token) })).statusCode).toBe(401);
    });
  });

  it('PUT /api/account/resetpassword resets by a code sent to the phone', async () => {
    await ctx.app.inject({ method: 'POST', url: '/api/VerCode/sms/send', payload: { Phone: '13800000003', purpose: 'reset' } });
    const code = await lastCode(ctx, '13800000003');
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/account/resetpassword', payload: { account: '13800000003', code, password: 'reset-password' } });
    expect(res.statusCode, res.body).toBe(200);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/exhibitor', payload: { userName: 'exhibitor2', password: 'reset-password', exhibitionId: ctx.demo.exhibitionId } });
    expect(login.statusCode).toBe(200);
    const reuse = await ctx.app.inject({ method: 'PUT', url: '/api/account/resetpassword', payload: { account: '13800000003', code, password: 'another-one' } });
    expect(json(reuse).code).toBe(4007);
  });

  describe('POST /api/v3/account/update/username', () => {
    it('refuses an anonymous caller', async () => {
      expect((await ctx.app.inject({ method: 'POST', url: '/api/v3/account/update/username', payload: { userName: 'x' } })).statusCode).toBe(401);
    });
    it('renames, and refuses a taken name', async () => {
      await ctx.app.inject({ method: 'POST', url: '/api/Account/Register', payload: { userName: 'renamer', password: 'renamer-pass' } });
      const t = (await ctx.app.inject({ method: 'POST', url: '/connect/token', ...form({ grant_type: 'password', username: 'renamer', password: 'renamer-pass', ...web }) })).json();
      const taken = await ctx.app.inject({ method: 'POST', url: '/api/v3/account/update/username', headers: bearer(t.access_token), payload: { userName: 'admin' } });
      expect(taken.statusCode).toBe(409);
      const ok = await ctx.app.inject({ method: 'POST', url: '/api/v3/account/update/username', headers: bearer(t.access_token), payload: { userName: 'renamed' } });
      expect(json(ok).data.userName).toBe('renamed');
    });
  });

  it('logout ends the sign-in at once', async () => {
    const t = (await ctx.app.inject({ method: 'POST', url: '/connect/token', ...form({ grant_type: 'password', username: 'admin', password: 'pavilion', ...web }) })).json();
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/account/logout', headers: bearer(t.access_token) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/account/me', headers: bearer(t.access_token) })).statusCode).toBe(401);
    const refresh = await ctx.app.inject({ method: 'POST', url: '/connect/token', ...form({ grant_type: 'refresh_token', refresh_token: t.refresh_token, ...web }) });
    expect(refresh.json().error).toBe('invalid_grant');
  });

  describe('GET /api/v1/account/me', () => {
    routeSecurity(() => ctx, {
      request: () => ({ method: 'GET', url: '/api/v1/account/me?t=1700000000' }),
      allowed: ['admin', 'host', 'exhibitor'],
      denied: [],
      otherTenant: { none: "reads the caller's own account; the request names no other user or tenant" },
    });
    it('describes an exhibitor with its exhibition, exhibitor and company', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/account/me', headers: bearer(await ctx.token('exhibitor')) });
      expect(json(res).data).toMatchObject({ role: 0, exhibitionId: ctx.demo.exhibitionId, exhibitorId: expect.any(String), companyId: expect.any(String), hostId: null });
    });
  });
});
