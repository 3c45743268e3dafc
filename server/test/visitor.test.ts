import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AuditState, FormType, SettingType, TagType, type BarcodeRules, type FormItem } from '@pavilion/contract';
import { bearer, createTestContext, json, lastCode, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { exhibition, exhibitor, userAccount } from '../src/core/tables.ts';
import { readForm } from '../src/modules/form/service.ts';
import { member, memberEngagement } from '../src/modules/member/tables.ts';
import { formatTicketNo, issueTicket, luhnDigit } from '../src/modules/member/ticket.ts';
import { setting } from '../src/modules/settings/tables.ts';
import { exhibitionVersion } from '../src/modules/version/tables.ts';
import { VERSION_IDS } from '../src/modules/version/seed.ts';
import { DEMO_HOST_ID } from '../src/seed/ids.ts';

let ctx: TestContext;
const get = () => ctx;
const exh = () => ctx.demo.exhibitionId;
const expo = (path: string, exhibitionId = exh()) => `/api/v1/expo/${exhibitionId}${path}`;
let exhibitorA: string;
let exhibitorB: string;
let endedId: string;
let secondId: string;
const GROUP_ID = '7a1e0c1e-1111-4111-8111-000000000001';
const COND_GROUP_ID = '7a1e0c1e-1111-4111-8111-000000000002';

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
const getAs = (url: string, token?: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...headers } });

let interest: string[] = ['any'];
const answersZh = (mobile: string, extra: Record<string, unknown> = {}) => ({ name: '王芳', mobile, company: '星辰贸易', jobTitle: '采购经理', city: ['浙江省', '杭州市', '西湖区'], interest, ...extra });
const answersEn = (email: string, extra: Record<string, unknown> = {}) => ({ name: 'Jane Roe', email, password: 'secret-pass', company: 'Acme', jobTitle: 'Buyer', ...extra });

async function smsCode(phone: string, purpose: 'register' | 'login') {
  await ctx.shared.reset(`code:target:sms:${phone}`);
  const sent = await post('/api/v1/verificationcode/sms', { phoneNumber: phone, purpose });
  expect(sent.statusCode, sent.body).toBe(200);
  return lastCode(ctx, phone);
}
async function registerZh(phone: string, opts: { groupId?: string; extra?: Record<string, unknown>; exhibitionId?: string; lang?: string } = {}) {
  const code = await smsCode(phone, 'register');
  return post(expo('/register', opts.exhibitionId), { lang: 'zh', answers: answersZh(phone, opts.extra), smsCode: code, ...(opts.groupId ? { groupId: opts.groupId } : {}) }, opts.lang ? { 'accept-language': opts.lang } : {});
}
const registerEn = (email: string, opts: { extra?: Record<string, unknown>; exhibitionId?: string; lang?: string } = {}) =>
  post(expo('/register', opts.exhibitionId), { lang: 'en', answers: answersEn(email, opts.extra) }, { 'accept-language': opts.lang ?? 'en' });

beforeAll(async () => {
  ctx = await createTestContext();
  const rows = await ctx.db.select({ id: exhibitor.id }).from(exhibitor).where(eq(exhibitor.exhibitionId, exh())).orderBy(exhibitor.createdAt);
  [exhibitorA, exhibitorB] = [rows[0]!.id, rows[1]!.id];
  const options = (await readForm(ctx.db, exh(), FormType.VisitorZh)).formItems.find((i) => i.name === 'interest')!.attributes.options;
  if (options.length) interest = [options[0]!.value];
  const [ended] = await ctx.db.insert(exhibition).values({ hostId: DEMO_HOST_ID, name: '已结束的展会', endAt: new Date(Date.now() - 86400_000) }).returning();
  endedId = ended!.id;
  const [second] = await ctx.db.insert(exhibition).values({ hostId: DEMO_HOST_ID, name: '第二个展会', endAt: new Date(Date.now() + 86400_000) }).returning();
  secondId = second!.id;
  await ctx.db.insert(exhibitionVersion).values([
    { exhibitionId: endedId, versionId: VERSION_IDS.professional },
    { exhibitionId: secondId, versionId: VERSION_IDS.professional },
  ]);
  // The visitor groups as the groups slice keeps them (settings rows of type VisitorGroup).
  await ctx.db.insert(setting).values({
    type: SettingType.VisitorGroup,
    scope: exh(),
    name: 'groups',
    exhibitionId: exh(),
    hostId: DEMO_HOST_ID,
    value: {
      groups: [
        { id: GROUP_ID, name: '专业买家', nameEn: 'Buyers', needAudit: true, isOpen: true, showIndex: 1 },
        { id: COND_GROUP_ID, name: '媒体', nameEn: 'Media', needAudit: false, isOpen: true, showIndex: 2 },
        { id: '7a1e0c1e-1111-4111-8111-000000000003', name: '关闭', isOpen: false, showIndex: 3 },
      ],
    },
  });
  // The media group has its own form with a conditional item.
  const plain = (showIndex: number, name: string, label: string, tagType: number, extra: Partial<FormItem> = {}, require = true): FormItem => ({
    tagType,
    label,
    name,
    showIndex,
    locked: false,
    attributes: { placeholder: '', checkOptions: { require, email: false, phone: tagType === TagType.Input && name === 'mobile', reg: false, other: '' }, options: [], setTime: null, value: null },
    ...extra,
  });
  const kind = plain(3, 'kind', '身份', TagType.Radio);
  kind.attributes.options = [
    { label: '记者', value: 'press', checked: false },
    { label: '博主', value: 'blogger', checked: false },
  ] as never;
  const formItems = [plain(1, 'name', '姓名', TagType.Input), plain(2, 'mobile', '手机号', TagType.Input), kind, plain(4, 'outlet', '所属媒体', TagType.Input, { showWhen: { name: 'kind', values: ['press'] } })];
  await ctx.db.insert(setting).values({ type: SettingType.FormControl, scope: COND_GROUP_ID, name: '1', exhibitionId: exh(), hostId: DEMO_HOST_ID, value: { formItems } });
});
afterAll(() => ctx.close());

describe('GET /api/v1/expo/{exhibitionId}/registration', () => {
  it('answers the form, notices and state of the exhibition in the language', async () => {
    const zh = json(await getAs(expo('/registration?lang=zh')));
    expect(zh.data).toMatchObject({ state: 'open', formType: 1, itemId: exh(), group: null, smsLogin: true });
    expect(zh.data.formItems.map((i: FormItem) => i.name)).toContain('mobile');
    const en = json(await getAs(expo(`/registration?lang=en&group=${GROUP_ID}`)));
    expect(en.data).toMatchObject({ state: 'open', formType: 2, itemId: exh(), group: { id: GROUP_ID, name: 'Buyers' }, smsLogin: false });
    expect(en.data.formItems.map((i: FormItem) => i.name)).toContain('password');
  });
  it("reads a group's own form and a closed group as not open", async () => {
    const own = json(await getAs(expo(`/registration?group=${COND_GROUP_ID}`)));
    expect(own.data.itemId).toBe(COND_GROUP_ID);
    expect(own.data.formItems.map((i: FormItem) => i.name)).toEqual(['name', 'mobile', 'kind', 'outlet']);
    expect(json(await getAs(expo('/registration?group=7a1e0c1e-1111-4111-8111-000000000003'))).data.state).toBe('notOpen');
    expect((await getAs(expo('/registration?group=7a1e0c1e-1111-4111-8111-0000000000ff'))).statusCode).toBe(404);
  });
  it('says over for an ended exhibition and notOpen without the audience feature', async () => {
    expect(json(await getAs(expo('/registration', endedId))).data.state).toBe('over');
    expect(json(await getAs(expo('/registration', ctx.other.exhibitionId))).data.state).toBe('notOpen');
  });
});

describe('POST /api/v1/expo/{exhibitionId}/register', () => {
  let zhToken: string;
  it('registers on the Chinese site with the SMS code, approved with a ticket, answers stored, signed in', async () => {
    const res = await registerZh('13900000001');
    expect(res.statusCode, res.body).toBe(200);
    const { data } = json(res);
    expect(data.member).toMatchObject({ exhibitionId: exh(), name: '王芳', lang: 'zh', phoneNumber: '13900000001', company: '星辰贸易', jobTitle: '采购经理', auditState: AuditState.Approved });
    expect(data.member.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(data.member.ticket.ticketNo).toMatch(/^\d{6}$/);
    expect(data.member.ticket.qrSvg).toContain('<svg');
    zhToken = data.accessToken;
    const me = json(await getAs(expo('/me'), zhToken));
    expect(me.data).toMatchObject({ id: data.member.id, ticket: { ticketNo: data.member.ticket.ticketNo } });
    const [user] = await ctx.db.select().from(userAccount).where(eq(userAccount.phoneNumber, '13900000001'));
    expect(user!.role).toBe(3);
  });
  it('refuses a wrong SMS code and a missing one', async () => {
    const missing = await post(expo('/register'), { lang: 'zh', answers: answersZh('13900000002') });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).errors?.[0]?.field).toBe('smsCode');
    await smsCode('13900000002', 'register');
    const wrong = await post(expo('/register'), { lang: 'zh', answers: answersZh('13900000002'), smsCode: '000000' });
    expect(json(wrong).code).toBe(4007);
  });
  it('registers on the English site with e-mail and password; the password is never stored in the answers', async () => {
    const res = await registerEn('jane@example.com');
    expect(res.statusCode, res.body).toBe(200);
    const { data } = json(res);
    expect(data.member).toMatchObject({ lang: 'en', email: 'jane@example.com', company: 'Acme' });
    const [user] = await ctx.db.select().from(userAccount).where(eq(userAccount.email, 'jane@example.com'));
    const answers = json(await getAs(`/api/v3/formwrite/by?itemId=${exh()}&formType=2&userId=${user!.id}`, data.accessToken));
    expect(answers.data.answers).toMatchObject({ email: 'jane@example.com', company: 'Acme' });
    expect(answers.data.answers.password).toBeUndefined();
  });
  it('names the items of a wrong answer, in Chinese and in English', async () => {
    const zh = await registerZh('13900000003', { extra: { company: '' } });
    expect(zh.statusCode).toBe(400);
    expect(json(zh).errors).toEqual([{ field: 'company', message: expect.stringContaining('公司名称') }]);
    const en = await registerEn('bad@example.com', { extra: { email: 'not-an-email', jobTitle: '' } });
    expect(en.statusCode).toBe(400);
    const errors = json(en).errors!;
    expect(errors.map((e) => e.field)).toEqual(['email', 'jobTitle']);
    expect(errors[1]!.message).toMatch(/Job title/);
    expect(errors[1]!.message).not.toMatch(/[\u4e00-\u9fa5]/);
    const short = await registerEn('short@example.com', { extra: { password: 'abc' } });
    expect(json(short).errors?.[0]?.field).toBe('password');
  });
  it("checks a group's conditional item only when it is shown", async () => {
    const hidden = await registerZh('13900000004', { groupId: COND_GROUP_ID, extra: { kind: 'blogger' } });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(json(hidden).data.member).toMatchObject({ groupId: COND_GROUP_ID, groupName: '媒体' });
    const shown = await registerZh('13900000005', { groupId: COND_GROUP_ID, extra: { kind: 'press' } });
    expect(shown.statusCode).toBe(400);
    expect(json(shown).errors).toEqual([{ field: 'outlet', message: expect.stringContaining('所属媒体') }]);
    const given = await registerZh('13900000005', { groupId: COND_GROUP_ID, extra: { kind: 'press', outlet: '财经日报' } });
    expect(given.statusCode, given.body).toBe(200);
  });
  it('answers alreadyRegistered to a second registration', async () => {
    const again = await registerEn('jane@example.com', { lang: 'zh' });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ code: 4080, description: '您已报名' });
    const zhAgain = await registerZh('13900000001', { lang: 'en' });
    expect(json(zhAgain)).toMatchObject({ code: 4080, description: 'You have already registered' });
  });
  it("registers an existing visitor login for another exhibition only with that login's password", async () => {
    const wrong = await registerEn('jane@example.com', { exhibitionId: secondId, extra: { password: 'another-one' } });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toMatchObject({ code: 4006, errors: [{ field: 'password' }] });
    const right = await registerEn('jane@example.com', { exhibitionId: secondId });
    expect(right.statusCode, right.body).toBe(200);
    expect(json(right).data.member.exhibitionId).toBe(secondId);
  });
  it('answers exhibitionOver after the end and functionNotOpen without the feature or for a closed group', async () => {
    const over = await registerEn('late@example.com', { exhibitionId: endedId, lang: 'zh' });
    expect(over.statusCode).toBe(403);
    expect(json(over)).toMatchObject({ code: 4082, description: '展会已结束' });
    const gated = await registerEn('gated@example.com', { exhibitionId: ctx.other.exhibitionId, lang: 'zh' });
    expect(json(gated)).toMatchObject({ code: 4081, description: '功能暂未开放' });
    const closed = await post(expo('/register'), { lang: 'en', groupId: '7a1e0c1e-1111-4111-8111-000000000003', answers: answersEn('closed@example.com') });
    expect(json(closed).code).toBe(4081);
    const unknown = await post(expo('/register'), { lang: 'en', groupId: '7a1e0c1e-1111-4111-8111-0000000000ff', answers: answersEn('x@example.com') });
    expect(unknown.statusCode).toBe(404);
  });
  it("refuses a back-office login's phone or e-mail (Mobile already exists)", async () => {
    const res = await registerZh('13800000002', { lang: 'en' });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 4011, description: 'Mobile already exists' });
  });
  it("waits for the host's approval when the group needs audit; issueTicket gives the number on approval", async () => {
    const res = await registerZh('13900000006', { groupId: GROUP_ID });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = json(res);
    expect(data.member).toMatchObject({ auditState: AuditState.Pending, ticket: null, groupName: '专业买家' });
    expect(await ctx.db.transaction((tx) => issueTicket(tx, data.member.id))).toBeNull();
    await ctx.db.update(member).set({ auditState: AuditState.Approved }).where(eq(member.id, data.member.id));
    const ticketNo = await ctx.db.transaction((tx) => issueTicket(tx, data.member.id));
    expect(ticketNo).toMatch(/^\d{6}$/);
    expect(await ctx.db.transaction((tx) => issueTicket(tx, data.member.id))).toBe(ticketNo);
    expect(json(await getAs(expo('/me'), data.accessToken)).data.ticket.ticketNo).toBe(ticketNo);
  });
});

describe('visitor sign-in', () => {
  it('signs in by SMS code on the Chinese site; the refresh token works', async () => {
    const code = await smsCode('13900000001', 'login');
    const res = await post(expo('/login/sms'), { phoneNumber: '13900000001', code });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = json(res);
    expect(data.member.phoneNumber).toBe('13900000001');
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: data.refreshToken, client_id: 'pavilion-web', client_secret: 'pavilion-web-secret' }).toString(),
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await getAs(expo('/me'), refreshed.json().access_token)).statusCode).toBe(200);
  });
  it('signs in by e-mail and password on the English site; a wrong password or another exhibition is refused', async () => {
    const res = await post(expo('/login/email'), { email: 'jane@example.com', password: 'secret-pass' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(await post(expo('/login/email'), { email: 'jane@example.com', password: 'wrong-pass' })).code).toBe(4006);
    const elsewhere = await post(expo('/login/email', endedId), { email: 'jane@example.com', password: 'secret-pass' });
    expect(elsewhere.statusCode).toBe(404);
    expect(json(elsewhere).code).toBe(4084);
    // A back-office login is not a visitor.
    expect(json(await post(expo('/login/email'), { email: 'nobody@example.com', password: 'pavilion' })).code).toBe(4006);
  });
  it("a visitor's token is bound to its exhibition and refused by the back-office logins", async () => {
    const visitor = await ctx.token('visitor');
    expect((await getAs(expo('/me', ctx.other.exhibitionId), visitor)).statusCode).toBe(404);
    const login = await post('/api/v1/account/login/exhibitor', { userName: 'visitor', password: 'pavilion', exhibitionId: exh() });
    expect(json(login).code).toBe(4002);
    const token = await ctx.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: 'visitor', password: 'pavilion', client_id: 'pavilion-web', client_secret: 'pavilion-web-secret' }).toString(),
    });
    expect(token.json().error).toBe('invalid_grant');
  });
  it('a blacklisted visitor can neither sign in nor register again, and its token stops working', async () => {
    const reg = await registerEn('black@example.com');
    const { data } = json(reg);
    await ctx.db.update(member).set({ blacklisted: true }).where(eq(member.id, data.member.id));
    expect((await getAs(expo('/me'), data.accessToken)).statusCode).toBe(401);
    const login = await post(expo('/login/email'), { email: 'black@example.com', password: 'secret-pass' }, { 'accept-language': 'en' });
    expect(login.statusCode).toBe(403);
    expect(json(login).code).toBe(4083);
    const again = await registerEn('black@example.com');
    expect(json(again).code).toBe(4083);
    const zh = json(await registerZh('13900000007'));
    await ctx.db.update(member).set({ blacklisted: true }).where(eq(member.id, zh.data.member.id));
    const code = await smsCode('13900000007', 'login');
    expect(json(await post(expo('/login/sms'), { phoneNumber: '13900000007', code })).code).toBe(4083);
  });
});

describe("a visitor's privacy", () => {
  it("never sees another visitor's answers or ticket", async () => {
    const mine = json(await registerEn('me@example.com')).data;
    const other = json(await registerEn('other@example.com')).data;
    const [otherUser] = await ctx.db.select().from(userAccount).where(eq(userAccount.email, 'other@example.com'));
    const [myUser] = await ctx.db.select().from(userAccount).where(eq(userAccount.email, 'me@example.com'));
    expect((await getAs(`/api/v3/formwrite/by?itemId=${exh()}&formType=2&userId=${otherUser!.id}`, mine.accessToken)).statusCode).toBe(404);
    expect((await getAs(`/api/v3/formwrite/by?itemId=${exh()}&formType=2&userId=${myUser!.id}`, mine.accessToken)).statusCode).toBe(200);
    const me = json(await getAs(expo('/me'), mine.accessToken)).data;
    expect(me.id).toBe(mine.member.id);
    expect(me.ticket.ticketNo).not.toBe(other.member.ticket.ticketNo);
  });
});

describe('GET /api/v1/expo/{exhibitionId}/me', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: expo('/me') }),
    allowed: ['visitor'],
    denied: ['admin', 'host', 'exhibitor'],
    otherTenant: { as: 'visitor', request: (c) => ({ method: 'GET', url: expo('/me', c.other.exhibitionId) }) },
  });
});

const engagementRoutes = [
  { method: 'GET', path: 'mine' },
  { method: 'POST', path: 'like' },
  { method: 'POST', path: 'follow' },
  { method: 'DELETE', path: 'follow' },
] as const;
for (const r of engagementRoutes)
  describe(`${r.method} /api/v1/expo/{exhibitionId}/exhibitors/{exhibitorId}/${r.path}`, () => {
    routeSecurity(get, {
      // The demo visitor engages with exhibitor B; the behaviour tests below use their own visitors on A.
      request: () => ({ method: r.method, url: expo(`/exhibitors/${exhibitorB}/${r.path}`) }),
      allowed: ['visitor'],
      denied: ['admin', 'host', 'exhibitor'],
      otherTenant: { as: 'visitor', request: (c) => ({ method: r.method, url: expo(`/exhibitors/${c.other.exhibitorId}/${r.path}`, c.other.exhibitionId) }) },
    });
  });

describe('likes, follows and shares', () => {
  let token: string;
  let userId: string;
  beforeAll(async () => {
    const reg = json(await registerEn('fan@example.com')).data;
    token = reg.accessToken;
    [{ id: userId }] = (await ctx.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.email, 'fan@example.com'))) as [{ id: string }];
  });
  const as = (method: 'POST' | 'DELETE' | 'GET', path: string, t: string | null = token, exhibitorId = exhibitorA) =>
    ctx.app.inject({ method, url: expo(`/exhibitors/${exhibitorId}/${path}`), headers: t ? bearer(t) : {} });
  const counts = async () => (await ctx.db.select({ like: exhibitor.likeCount, follow: exhibitor.followCount, share: exhibitor.shareCount }).from(exhibitor).where(eq(exhibitor.id, exhibitorA)))[0]!;

  it('likes once: a second like is 409 alreadyLiked and the count stays 1, even when both arrive at once', async () => {
    const before = (await counts()).like;
    const [a, b] = await Promise.all([as('POST', 'like'), as('POST', 'like')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const second = await as('POST', 'like');
    expect(second.statusCode).toBe(409);
    expect(json(second)).toMatchObject({ code: 4085, description: '您已点赞' });
    expect((await counts()).like).toBe(before + 1);
    expect(json(await as('GET', 'mine')).data).toEqual({ liked: true, followed: false });
  });
  it('follows, refuses a second follow, unfollows', async () => {
    const before = (await counts()).follow;
    expect(json(await as('POST', 'follow')).data).toEqual({ followCount: before + 1 });
    expect(json(await as('POST', 'follow')).code).toBe(4086);
    expect(json(await as('GET', 'mine')).data.followed).toBe(true);
    expect(json(await as('DELETE', 'follow')).data).toEqual({ followCount: before });
    expect(json(await as('DELETE', 'follow')).data).toEqual({ followCount: before });
    expect(json(await as('GET', 'mine')).data.followed).toBe(false);
  });
  it('counts shares, anonymous or by a visitor (who is kept)', async () => {
    const before = (await counts()).share;
    expect(json(await as('POST', 'share', null)).data).toEqual({ shareCount: before + 1 });
    expect(json(await as('POST', 'share')).data).toEqual({ shareCount: before + 2 });
    const rows = await ctx.db.select().from(memberEngagement).where(and(eq(memberEngagement.userId, userId), eq(memberEngagement.kind, 'share')));
    expect(rows).toHaveLength(1);
  });
  it('engages only with shown, approved exhibitors of the exhibition', async () => {
    await ctx.db.update(exhibitor).set({ isShow: false }).where(eq(exhibitor.id, exhibitorA));
    expect((await as('POST', 'like')).statusCode).toBe(404);
    expect((await as('POST', 'share', null)).statusCode).toBe(404);
    await ctx.db.update(exhibitor).set({ isShow: true }).where(eq(exhibitor.id, exhibitorA));
    expect((await as('POST', 'share', null, ctx.other.exhibitorId)).statusCode).toBe(404);
  });
});

describe('barcode rules and ticket numbers', () => {
  const url = (id: string) => `/api/v3/barcoderules?exhibitionId=${id}`;
  const rules: BarcodeRules = { prefix: 'VIP', serialLength: 4, includeGroupCode: true, checkDigit: true };
  describe('GET /api/v3/barcoderules', () => {
    routeSecurity(get, {
      request: (c) => ({ method: 'GET', url: url(c.demo.exhibitionId) }),
      allowed: ['admin', 'host'],
      denied: ['exhibitor', 'visitor'],
      otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: url(c.other.exhibitionId) }) },
    });
  });
  describe('PUT /api/v3/barcoderules', () => {
    routeSecurity(get, {
      request: (c) => ({ method: 'PUT', url: url(c.demo.exhibitionId), payload: { prefix: '', serialLength: 6, includeGroupCode: false, checkDigit: false } }),
      allowed: ['admin', 'host'],
      denied: ['exhibitor', 'visitor'],
      otherTenant: { as: 'host', request: (c) => ({ method: 'PUT', url: url(c.other.exhibitionId), payload: rules }) },
    });
  });
  it('refuses rules out of bounds by field', async () => {
    const host = await ctx.token('host');
    for (const [bad, field] of [
      [{ ...rules, prefix: 'TOO-LONG-PREFIX' }, 'prefix'],
      [{ ...rules, serialLength: 3 }, 'serialLength'],
      [{ ...rules, serialLength: 13 }, 'serialLength'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'PUT', url: url(exh()), payload: bad, headers: bearer(host) });
      expect(res.statusCode).toBe(400);
      expect(json(res).errors?.[0]?.field).toBe(field);
    }
  });
  it('builds numbers from the saved rules: prefix, group code, serial, Luhn digit', async () => {
    expect(luhnDigit('7992739871')).toBe('3');
    expect(formatTicketNo(rules, { serial: 12, groupCode: 2 })).toBe(`VIP020012${luhnDigit('020012')}`);
    expect(formatTicketNo({ prefix: '', serialLength: 4, includeGroupCode: false, checkDigit: false }, { serial: 123456, groupCode: 0 })).toBe('123456');
    const host = await ctx.token('host');
    const saved = await ctx.app.inject({ method: 'PUT', url: url(exh()), payload: rules, headers: bearer(host) });
    expect(json(saved).data).toEqual({ exhibitionId: exh(), ...rules });
    expect(json(await getAs(url(exh()), host)).data).toEqual({ exhibitionId: exh(), ...rules });
    const res = await registerZh('13900000008', { groupId: COND_GROUP_ID, extra: { kind: 'blogger' } });
    const ticketNo: string = json(res).data.member.ticket.ticketNo;
    expect(ticketNo).toMatch(/^VIP02\d{4}\d$/);
    const digits = ticketNo.slice(3, -1);
    expect(ticketNo.at(-1)).toBe(luhnDigit(digits));
  });
});
