import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAccount } from '../src/modules/account/tables.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { bearer, createTestContext, json, lastCode, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';

/**
 * The security cases of the routes a signed-in user calls on its own account (account.self):
 * every role holds the permission, and none of them names another user, so there is no other
 * tenant's record to reach. Each mutating route acts as its own demo user, so the cases do not
 * undo one another; logout comes last, as it ends the sign-ins the others use.
 */
let ctx: TestContext;
const get = () => ctx;
const SELF = "acts on the caller's own account only; the request names no other user or tenant";

const post = async (as: Actor, url: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(await ctx.token(as)), ...(payload ? { payload } : {}) });
/** A code may go to one address once a minute; each flow below starts a minute later. */
const aMinuteLater = (target: string) => ctx.shared.reset(`code:target:${target.includes('@') ? 'email' : 'sms'}:${target.toLowerCase()}`);

const HOST_PHONE = '13800000001';
const HOST_NEW_PHONE = '13600000077';
const EX2_EMAIL = 'sec-ex2@example.com';
const EX2_NEW_EMAIL = 'sec-new2@example.com';

beforeAll(async () => {
  ctx = await createTestContext();
  // exhibitor2 has an e-mail to change
  await ctx.db.update(userAccount).set({ email: EX2_EMAIL }).where(eq(userAccount.userName, 'exhibitor2'));
});
afterAll(() => ctx.close());

/** The old-contact check of a change flow: a code to the current contact, answered with a ticket. */
async function oldContactTicket(as: Actor, kind: 'Phone' | 'Email', current: string) {
  await aMinuteLater(current);
  expect(json(await post(as, `/api/account/Change${kind}OldToken`)).data.result).toBe(true);
  const res = await post(as, `/api/account/Change${kind}OldCheck`, { code: await lastCode(ctx, current) });
  return json(res).data.ticket as string;
}

describe('POST /api/account/ChangePhoneOldToken', () => {
  beforeAll(() => aMinuteLater(HOST_PHONE));
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/account/ChangePhoneOldToken' }), allowed: ['host'], denied: [], otherTenant: { none: SELF } });
});
describe('POST /api/account/ChangePhoneOldCheck', () => {
  let code = '';
  beforeAll(async () => {
    await aMinuteLater(HOST_PHONE);
    await post('host', '/api/account/ChangePhoneOldToken');
    code = await lastCode(ctx, HOST_PHONE);
  });
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/account/ChangePhoneOldCheck', payload: { code } }), allowed: ['host'], denied: [], otherTenant: { none: SELF } });
});
describe('POST /api/account/ChangePhoneToken', () => {
  beforeAll(() => aMinuteLater(HOST_NEW_PHONE));
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/account/ChangePhoneToken', payload: { phoneNumber: HOST_NEW_PHONE } }), allowed: ['host'], denied: [], otherTenant: { none: SELF } });
});
describe('POST /api/account/ChangePhoneApply', () => {
  let ticket = '';
  let code = '';
  beforeAll(async () => {
    ticket = await oldContactTicket('host', 'Phone', HOST_PHONE);
    await aMinuteLater(HOST_NEW_PHONE);
    await post('host', '/api/account/ChangePhoneToken', { phoneNumber: HOST_NEW_PHONE });
    code = await lastCode(ctx, HOST_NEW_PHONE);
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/account/ChangePhoneApply', payload: { phoneNumber: HOST_NEW_PHONE, code, ticket } }),
    allowed: ['host'],
    denied: [],
    otherTenant: { none: SELF },
  });
  it('changed the phone', async () => {
    expect(json(await ctx.app.inject({ method: 'GET', url: '/api/v1/account/me', headers: bearer(await ctx.token('host')) })).data.user.phoneNumber).toBe(HOST_NEW_PHONE);
  });
});

describe('POST /api/account/ChangeEmailOldToken', () => {
  beforeAll(() => aMinuteLater(EX2_EMAIL));
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/account/ChangeEmailOldToken' }), allowed: ['exhibitor2'], denied: [], otherTenant: { none: SELF } });
});
describe('POST /api/account/ChangeEmailOldCheck', () => {
  let code = '';
  beforeAll(async () => {
    await aMinuteLater(EX2_EMAIL);
    await post('exhibitor2', '/api/account/ChangeEmailOldToken');
    code = await lastCode(ctx, EX2_EMAIL);
  });
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/account/ChangeEmailOldCheck', payload: { code } }), allowed: ['exhibitor2'], denied: [], otherTenant: { none: SELF } });
});
describe('POST /api/account/ChangeEmailToken', () => {
  beforeAll(() => aMinuteLater(EX2_NEW_EMAIL));
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/account/ChangeEmailToken', payload: { email: EX2_NEW_EMAIL } }), allowed: ['exhibitor2'], denied: [], otherTenant: { none: SELF } });
});
describe('POST /api/account/ChangeEmailApply', () => {
  let ticket = '';
  let code = '';
  beforeAll(async () => {
    ticket = await oldContactTicket('exhibitor2', 'Email', EX2_EMAIL);
    await aMinuteLater(EX2_NEW_EMAIL);
    await post('exhibitor2', '/api/account/ChangeEmailToken', { email: EX2_NEW_EMAIL });
    code = await lastCode(ctx, EX2_NEW_EMAIL);
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/account/ChangeEmailApply', payload: { email: EX2_NEW_EMAIL, code, ticket } }),
    allowed: ['exhibitor2'],
    denied: [],
    otherTenant: { none: SELF },
  });
});

describe('POST /api/account/BindPhoneApply', () => {
  const phone = '13500000077';
  let code = '';
  beforeAll(async () => {
    await ctx.app.inject({ method: 'POST', url: '/api/VerCode/sms/send', payload: { Phone: phone, purpose: 'bind' } });
    code = await lastCode(ctx, phone);
  });
  // The administrator has no phone yet.
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/account/BindPhoneApply', payload: { phoneNumber: phone, code } }), allowed: ['admin'], denied: [], otherTenant: { none: SELF } });
});
describe('POST /api/account/BindEmailApply', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/account/BindEmailApply', payload: { email: 'sec-bind-ex3@example.com' } }), allowed: ['exhibitor3'], denied: [], otherTenant: { none: SELF } });
});
describe('POST /api/account/BindEmailTokenCheck', () => {
  const email = 'sec-bind-ex1@example.com';
  let code = '';
  beforeAll(async () => {
    await post('exhibitor', '/api/account/BindEmailApply', { email });
    code = await lastCode(ctx, email);
  });
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/account/BindEmailTokenCheck', payload: { email, code } }), allowed: ['exhibitor'], denied: [], otherTenant: { none: SELF } });
});

describe('POST /api/v3/account/update/username', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/account/update/username', payload: { userName: 'renamed-exhibitor3' } }), allowed: ['exhibitor3'], denied: [], otherTenant: { none: SELF } });
});
describe('PUT /api/v1/account/password/old', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: '/api/v1/account/password/old', payload: { oldPassword: DEMO_PASSWORD, password: 'changed-password-1' } }),
    allowed: ['host2'],
    denied: [],
    otherTenant: { none: SELF },
  });
});

// Last: it ends the sign-ins the cases above use.
describe('POST /api/v1/account/logout', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v1/account/logout' }), allowed: ['admin', 'host', 'exhibitor'], denied: [], otherTenant: { none: SELF } });
  it('ended those sign-ins', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/account/me', headers: bearer(await ctx.token('host')) })).statusCode).toBe(401);
  });
});
