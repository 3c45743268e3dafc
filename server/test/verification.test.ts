import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, lastCode, type TestContext } from './harness.ts';
import { createCaptcha } from '../src/modules/verification/service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('SMS codes', () => {
  it('sends a code in the caller language, validates it without using it up, and dies after five wrong tries', async () => {
    const send = await ctx.app.inject({ method: 'POST', url: '/api/VerCode/sms/send', headers: { 'accept-language': 'en' }, payload: { Phone: '13700000001', purpose: 'bind' } });
    expect(json(send)).toMatchObject({ success: true, data: { result: true } });
    const code = await lastCode(ctx, '13700000001');
    const check = (c: string) => ctx.app.inject({ method: 'POST', url: '/api/VerCode/sms/validate', payload: { Phone: '13700000001', code: c, purpose: 'bind' } });
    expect(json(await check(code)).data.result).toBe(true);
    expect(json(await check(code)).data.result).toBe(true);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect(json(await check(wrong)).data.result).toBe(false);
    expect(json(await check(code)).data.result).toBe(false);
  });

  it('refuses a second code to the same phone within a minute', async () => {
    const first = await ctx.app.inject({ method: 'POST', url: '/api/VerCode/sms/send', payload: { Phone: '13700000002' } });
    expect(first.statusCode).toBe(200);
    const second = await ctx.app.inject({ method: 'POST', url: '/api/VerCode/sms/send', payload: { Phone: '13700000002' } });
    expect(second.statusCode).toBe(429);
    expect(json(second).code).toBe(4029);
  });

  it('names a bad phone number and purpose', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/VerCode/sms/send', payload: { Phone: 'abc', purpose: 'party' } });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors!.map((e) => e.field).sort()).toEqual(['Phone', 'purpose']);
  });

  it('the back-office SMS call and the e-mail code call send too', async () => {
    const sms = await ctx.app.inject({ method: 'POST', url: '/api/v1/verificationcode/sms', payload: { phoneNumber: '13700000003', purpose: 'login' } });
    expect(json(sms).data.result).toBe(true);
    expect(await lastCode(ctx, '13700000003')).toMatch(/^\d{6}$/);
    const mail = await ctx.app.inject({ method: 'GET', url: '/api/v1/verificationcode/email?email=Someone@Example.com&t=1' });
    expect(json(mail).data.result).toBe(true);
    expect(await lastCode(ctx, 'someone@example.com')).toMatch(/^\d{6}$/);
  });
});

describe('image captcha', () => {
  it('gives a key and an SVG image', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/verificationcode/image?t=1700000000' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const valid = await ctx.app.inject({ method: 'GET', url: `/api/v1/verificationcode/valid?key=${json(res).data.key}&code=zzzz` });
    expect(json(valid).data).toBe(false);
  });

  it('accepts the right answer once, in any case', async () => {
    const { key, text } = await createCaptcha(ctx.db, ctx.app.deps, '10.0.0.1');
    const first = await ctx.app.inject({ method: 'GET', url: `/api/v1/verificationcode/valid?key=${key}&code=${text.toUpperCase()}` });
    expect(json(first).data).toBe(true);
    const again = await ctx.app.inject({ method: 'GET', url: `/api/v1/verificationcode/valid?key=${key}&code=${text}` });
    expect(json(again).data).toBe(false);
  });

  it('names a missing key', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/verificationcode/valid?code=abcd' });
    expect(res.statusCode).toBe(400);
    expect(json(res).field).toBe('key');
  });
});
