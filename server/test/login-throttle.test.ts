import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, LOGIN_FAILURES_BEFORE_CAPTCHA } from '@pavilion/contract';
import { createTestContext, json, type TestContext } from './harness.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { createCaptcha } from '../src/modules/verification/service.ts';

/** A low per-IP limit, so spraying is visible; each case comes from its own address. */
const PER_IP = 20;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT_LOGIN_PER_IP: String(PER_IP) });
});
afterAll(() => ctx.close());

type Body = { userName: string; password: string; captchaKey?: string; captchaCode?: string; exhibitionId?: string };
const login = (role: 'admin' | 'host' | 'exhibitor', body: Body, remoteAddress: string, lang?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/account/login/${role}`,
    payload: role === 'exhibitor' ? { exhibitionId: ctx.demo.exhibitionId, ...body } : body,
    remoteAddress,
    ...(lang ? { headers: { 'accept-language': lang } } : {}),
  });
const captcha = () => createCaptcha(ctx.db, ctx.app.deps, '198.51.100.200');
const strangerFails = async (userName: string, times: number, from: string) => {
  const codes: number[] = [];
  for (let i = 0; i < times; i++) codes.push(json(await login('host', { userName, password: 'not-the-password' }, from)).code as number);
  return codes;
};

describe('login throttling (OWASP ASVS 2.2.1)', () => {
  it('a stranger’s wrong passwords never lock the owner out: they make the next logins need the captcha', async () => {
    const codes = await strangerFails('host', LOGIN_FAILURES_BEFORE_CAPTCHA + 7, '203.0.113.1');
    // The first failures are wrong passwords; then the captcha is asked for, never a 429 lock.
    expect(codes.slice(0, LOGIN_FAILURES_BEFORE_CAPTCHA)).toEqual(Array(LOGIN_FAILURES_BEFORE_CAPTCHA).fill(ErrorCode.WrongPassword));
    expect(new Set(codes.slice(LOGIN_FAILURES_BEFORE_CAPTCHA))).toEqual(new Set([ErrorCode.CaptchaRequired]));

    // The owner, elsewhere: the right password alone is asked for the captcha, in their language …
    const bare = await login('host', { userName: 'host', password: DEMO_PASSWORD }, '198.51.100.1', 'en');
    expect(bare.statusCode).toBe(400);
    expect(json(bare)).toMatchObject({ code: ErrorCode.CaptchaRequired, field: 'captchaCode', description: 'Too many wrong passwords: enter the image code to log in' });
    // … a wrong captcha is refused without signing in …
    const wrong = await login('host', { userName: 'host', password: DEMO_PASSWORD, captchaKey: (await captcha()).key, captchaCode: 'zzzz' }, '198.51.100.1');
    expect(json(wrong).code).toBe(ErrorCode.CaptchaInvalid);
    // … and the right password with the right captcha signs in, which clears the count.
    const c = await captcha();
    const res = await login('host', { userName: 'HOST', password: DEMO_PASSWORD, captchaKey: c.key, captchaCode: c.text }, '198.51.100.1');
    expect(res.statusCode, res.body).toBe(200);
    expect((await login('host', { userName: 'host', password: DEMO_PASSWORD }, '198.51.100.1')).statusCode).toBe(200);
  });

  it('a right captcha with a wrong password is still a wrong password, and a used captcha cannot be replayed', async () => {
    await strangerFails('exhibitor', LOGIN_FAILURES_BEFORE_CAPTCHA, '203.0.113.2');
    const c = await captcha();
    const wrong = await login('exhibitor', { userName: 'exhibitor', password: 'not-the-password', captchaKey: c.key, captchaCode: c.text }, '203.0.113.2');
    expect(json(wrong).code).toBe(ErrorCode.WrongPassword);
    const replay = await login('exhibitor', { userName: 'exhibitor', password: DEMO_PASSWORD, captchaKey: c.key, captchaCode: c.text }, '198.51.100.2');
    expect(json(replay).code).toBe(ErrorCode.CaptchaInvalid);
    const fresh = await captcha();
    expect((await login('exhibitor', { userName: 'exhibitor', password: DEMO_PASSWORD, captchaKey: fresh.key, captchaCode: fresh.text }, '198.51.100.2')).statusCode).toBe(200);
  });

  it('the OAuth password grant asks for the captcha the same way (invalid_grant, code 4037) and takes it as form fields', async () => {
    await strangerFails('admin', LOGIN_FAILURES_BEFORE_CAPTCHA, '203.0.113.3');
    const token = (fields: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/connect/token',
        remoteAddress: '198.51.100.3',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'password', client_id: 'pavilion-web', client_secret: 'pavilion-web-secret', username: 'admin', password: DEMO_PASSWORD, ...fields }).toString(),
      });
    const bare = await token({});
    expect(bare.statusCode).toBe(400);
    expect(json(bare)).toMatchObject({ error: 'invalid_grant', code: ErrorCode.CaptchaRequired });
    const c = await captcha();
    const res = await token({ captchaKey: c.key, captchaCode: c.text });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('limits attempts per IP: a stranger spraying many accounts from one address gets 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= PER_IP; i++) statuses.push((await login('host', { userName: `someone-${i}`, password: 'guess-1234' }, '203.0.113.9')).statusCode);
    expect(statuses.slice(0, PER_IP)).toEqual(Array(PER_IP).fill(400));
    const refused = await login('host', { userName: 'host', password: DEMO_PASSWORD }, '203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(json(refused).code).toBe(ErrorCode.RateLimited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await login('host', { userName: 'host', password: DEMO_PASSWORD }, '198.51.100.9')).statusCode).toBe(200);
  });
});
