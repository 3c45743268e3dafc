import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, json, lastCode, type TestContext } from './harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = async (url: string, token: string | null, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

describe('phone change', () => {
  it('needs the old phone checked, then the new phone code', async () => {
    const token = await ctx.token('host');
    expect(json(await post('/api/account/ChangePhoneOldToken', token)).data.result).toBe(true);
    const oldCode = await lastCode(ctx, '13800000001');
    const bad = await post('/api/account/ChangePhoneOldCheck', token, { code: oldCode === '111111' ? '222222' : '111111' });
    expect(json(bad).code).toBe(4007);
    const { ticket } = json(await post('/api/account/ChangePhoneOldCheck', token, { code: oldCode })).data;
    const taken = await post('/api/account/ChangePhoneToken', token, { phoneNumber: '13800000002' });
    expect(taken.statusCode).toBe(409);
    expect(json(taken)).toMatchObject({ code: 4011, description: '手机号已存在' });
    expect(json(await post('/api/account/ChangePhoneToken', token, { phoneNumber: '13600000001' })).data.result).toBe(true);
    const newCode = await lastCode(ctx, '13600000001');
    const forged = await post('/api/account/ChangePhoneApply', token, { phoneNumber: '13600000001', code: newCode, ticket: 'forged' });
    expect(json(forged).code).toBe(4017);
    const ok = await post('/api/account/ChangePhoneApply', token, { phoneNumber: '13600000001', code: newCode, ticket });
    expect(json(ok).data.phoneNumber).toBe('13600000001');
  });

  it('refuses every contact call to an anonymous caller', async () => {
    for (const path of ['ChangePhoneOldToken', 'ChangePhoneOldCheck', 'ChangePhoneToken', 'ChangePhoneApply', 'ChangeEmailOldToken', 'ChangeEmailOldCheck', 'ChangeEmailToken', 'ChangeEmailApply', 'BindPhoneApply', 'BindEmailApply', 'BindEmailTokenCheck']) {
      const res = await post(`/api/account/${path}`, null, {});
      expect(res.statusCode, path).toBe(401);
    }
  });

  it('answers 409 when there is no phone to check', async () => {
    const res = await post('/api/account/ChangeEmailOldToken', await ctx.token('admin'));
    expect(json(res).code).toBe(4016);
  });
});

describe('e-mail bind and sign-in by code', () => {
  it('binds an e-mail through a code, then signs in with an e-mail code', async () => {
    const token = await ctx.token('exhibitor');
    expect(json(await post('/api/account/BindEmailApply', token, { email: 'ex1@example.com' })).data.result).toBe(true);
    const code = await lastCode(ctx, 'ex1@example.com');
    const bound = await post('/api/account/BindEmailTokenCheck', token, { email: 'ex1@example.com', code });
    expect(json(bound).data.email).toBe('ex1@example.com');
    const twice = await post('/api/account/BindEmailApply', token, { email: 'other@example.com' });
    expect(twice.statusCode).toBe(409);

    await ctx.shared.reset('code:target:email:ex1@example.com'); // a minute later
    const sent = await ctx.app.inject({ method: 'GET', url: '/api/v1/verificationcode/email?email=ex1@example.com&purpose=bind' });
    expect(json(sent).data.result).toBe(true);
    const signCode = await lastCode(ctx, 'ex1@example.com');
    const signed = await post('/api/account/BindEmailToken', null, { email: 'ex1@example.com', code: signCode });
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({ token_type: 'Bearer', userInfo: { userName: 'exhibitor' } });
  });

  it('answers invalid_request "not registered" in the OAuth shape, in the caller language', async () => {
    await ctx.app.inject({ method: 'POST', url: '/api/VerCode/sms/send', payload: { Phone: '13500000009', purpose: 'bind' } });
    const code = await lastCode(ctx, '13500000009');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/account/BindPhoneToken', headers: { 'accept-language': 'en' }, payload: { phoneNumber: '13500000009', code } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_request', error_description: 'Phone number not registered', code: 4013, description: 'Phone number not registered' });
  });

  it('changes a bound e-mail through the old-address check', async () => {
    const token = await ctx.token('exhibitor2');
    await post('/api/account/BindEmailApply', token, { email: 'ex2@example.com' });
    await post('/api/account/BindEmailTokenCheck', token, { email: 'ex2@example.com', code: await lastCode(ctx, 'ex2@example.com') });
    await ctx.shared.reset('code:target:email:ex2@example.com');
    expect(json(await post('/api/account/ChangeEmailOldToken', token)).data.result).toBe(true);
    const { ticket } = json(await post('/api/account/ChangeEmailOldCheck', token, { code: await lastCode(ctx, 'ex2@example.com') })).data;
    const taken = await post('/api/account/ChangeEmailToken', token, { email: 'EX1@example.com' });
    expect(json(taken)).toMatchObject({ code: 4012 });
    expect(json(await post('/api/account/ChangeEmailToken', token, { email: 'new2@example.com' })).data.result).toBe(true);
    const noTicket = await post('/api/account/ChangeEmailApply', token, { email: 'new2@example.com', code: '000000' });
    expect(json(noTicket).field).toBe('ticket');
    const res = await post('/api/account/ChangeEmailApply', token, { email: 'new2@example.com', code: await lastCode(ctx, 'new2@example.com'), ticket });
    expect(json(res).data.email).toBe('new2@example.com');
  });

  it('binds a phone to an account that has none', async () => {
    const token = await ctx.token('admin');
    await ctx.app.inject({ method: 'POST', url: '/api/VerCode/sms/send', payload: { Phone: '13500000010', purpose: 'bind' } });
    const code = await lastCode(ctx, '13500000010');
    const res = await post('/api/account/BindPhoneApply', token, { phoneNumber: '13500000010', code });
    expect(json(res).data.phoneNumber).toBe('13500000010');
  });
});
