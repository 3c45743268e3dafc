import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { AuditState, FormType, Role, TagType, type FormItem } from '@pavilion/contract';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { userAccount } from '../src/core/tables.ts';
import { authSession } from '../src/modules/account/tables.ts';
import { startSession } from '../src/modules/account/sessions.ts';
import { formWrite } from '../src/modules/form/tables.ts';
import { customerService, member } from '../src/modules/member/tables.ts';
import { exhibitor } from '../src/modules/exhibitor/tables.ts';
import { companyUser } from '../src/modules/company/tables.ts';
import { startJobWorker } from '../src/modules/backgroundjob/worker.ts';
import type { JobWorker } from '../src/jobs/runner.ts';

let ctx: TestContext;
const get = () => ctx;
let seq = 0;

/** A registered visitor: a role-3 login, its member row and (optionally) its answers to the Chinese form. */
async function createMember(exhibitionId: string, o: { name?: string; company?: string; auditState?: number; groupId?: string; blacklisted?: boolean; answers?: Record<string, unknown>; lang?: 'zh' | 'en' } = {}) {
  const n = ++seq;
  const phoneNumber = `1370000${String(n).padStart(4, '0')}`;
  const email = `m${n}@member.test`;
  const name = o.name ?? `观众${n}`;
  const [u] = await ctx.db.insert(userAccount).values({ userName: `member-test-${n}`, name, role: Role.Visitor, passwordHash: 'x', phoneNumber, email }).returning();
  const [m] = await ctx.db
    .insert(member)
    .values({ exhibitionId, userId: u!.id, name, phoneNumber, email, company: o.company ?? `公司${n}`, jobTitle: '采购', lang: o.lang ?? 'zh', auditState: o.auditState ?? AuditState.Pending, groupId: o.groupId ?? null, blacklisted: o.blacklisted ?? false })
    .returning();
  if (o.answers) await ctx.db.insert(formWrite).values({ userId: u!.id, itemId: exhibitionId, exhibitionId, formType: o.lang === 'en' ? FormType.VisitorEn : FormType.VisitorZh, answers: o.answers });
  return m!;
}

const call = async (as: Actor, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(await ctx.token(as)), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });

const exh = () => ctx.demo.exhibitionId;
let mine: Awaited<ReturnType<typeof createMember>>;
let theirs: Awaited<ReturnType<typeof createMember>>;
let exhibitorId: string;
let exhibitor2Id: string;

beforeAll(async () => {
  ctx = await createTestContext();
  mine = await createMember(exh(), { name: '安全用例', company: '安全公司' });
  theirs = await createMember(ctx.other.exhibitionId, { name: '他人观众' });
  const joinOf = async (userName: string) => {
    const [row] = await ctx.db
      .select({ id: exhibitor.id })
      .from(exhibitor)
      .innerJoin(companyUser, eq(companyUser.companyId, exhibitor.companyId))
      .innerJoin(userAccount, eq(userAccount.id, companyUser.userId))
      .where(and(eq(exhibitor.exhibitionId, exh()), isNull(exhibitor.deletedAt), eq(userAccount.userName, userName)));
    return row!.id;
  };
  exhibitorId = await joinOf('exhibitor');
  exhibitor2Id = await joinOf('exhibitor2');
});
afterAll(() => ctx.close());

const page = (q: string, as: Actor = 'host') => call(as, 'GET', `/api/v1/member/page?exhibitionId=${exh()}&pageSize=100${q}`);

describe('GET /api/v1/member/page', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `/api/v1/member/page?exhibitionId=${c.demo.exhibitionId}` }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v1/member/page?exhibitionId=${c.other.exhibitionId}` }) },
  });

  it('filters by keyword (name, mobile, e-mail, company), group, audit state and blacklist', async () => {
    const a = await createMember(exh(), { name: '筛选甲', company: '筛选公司', groupId: 'g-buyers', auditState: AuditState.Approved });
    const b = await createMember(exh(), { name: '筛选乙', company: '筛选公司', groupId: 'g-media', blacklisted: true });
    const ids = (res: { body: string }) => (json(res).data.items as { id: string }[]).map((m) => m.id).sort();
    expect(ids(await page(`&keyword=${encodeURIComponent('筛选公司')}`))).toEqual([a.id, b.id].sort());
    expect(ids(await page(`&keyword=${a.phoneNumber}`))).toEqual([a.id]);
    expect(ids(await page(`&keyword=${encodeURIComponent(b.email!)}`))).toEqual([b.id]);
    expect(ids(await page(`&keyword=${encodeURIComponent('筛选')}&groupId=g-media`))).toEqual([b.id]);
    expect(ids(await page(`&keyword=${encodeURIComponent('筛选')}&auditState=1`))).toEqual([a.id]);
    expect(ids(await page(`&keyword=${encodeURIComponent('筛选')}&blacklisted=true`))).toEqual([b.id]);
    expect(ids(await page(`&keyword=${encodeURIComponent('筛选')}&blacklisted=false`))).toEqual([a.id]);
    // A LIKE wildcard is searched for, not obeyed.
    expect(ids(await page('&keyword=%25'))).toEqual([]);
    const groups = json(await call('host', 'GET', `/api/v1/member/groups?exhibitionId=${exh()}`)).data as { id: string; count: number }[];
    expect(groups).toEqual(expect.arrayContaining([{ id: 'g-buyers', name: null, count: 1 }, { id: 'g-media', name: null, count: 1 }]));
  });

  it('never lists another exhibition’s visitors', async () => {
    const all = json(await page('', 'admin')).data.items as { id: string; exhibitionId: string }[];
    expect(all.every((m) => m.exhibitionId === exh())).toBe(true);
    expect(all.some((m) => m.id === theirs.id)).toBe(false);
  });
});

describe('GET /api/v1/member/groups', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `/api/v1/member/groups?exhibitionId=${c.demo.exhibitionId}` }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v1/member/groups?exhibitionId=${c.other.exhibitionId}` }) },
  });
});

const radio = (): FormItem => ({
  tagType: TagType.Radio,
  label: '身份',
  name: 'role',
  showIndex: 8,
  locked: false,
  attributes: { placeholder: '', checkOptions: { require: false, email: false, phone: false, reg: false, other: '' }, options: [{ label: '采购商', value: 'buyer' }, { label: '媒体', value: 'media' }], setTime: null, value: null },
});

describe('GET /api/v1/member/{id}', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v1/member/${mine.id}` }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'GET', url: `/api/v1/member/${theirs.id}` }) },
  });

  it('answers the registration answers labelled by the form, choices by their labels, never a password', async () => {
    const form = json(await call('host', 'GET', `/api/v3/form?itemId=${exh()}&formType=1`)).data.formItems as FormItem[];
    const interest = form.find((i) => i.name === 'interest')!;
    interest.attributes.checkOptions.require = false;
    expect((await call('host', 'POST', '/api/v3/form/update/formitem', { itemId: exh(), formType: 1, formItems: [...form, radio()] })).statusCode).toBe(200);
    const m = await createMember(exh(), { name: '答卷人', answers: { name: '答卷人', mobile: '13700009999', city: ['浙江省', '杭州市'], role: 'media', password: 'secret' } });
    const res = await call('host', 'GET', `/api/v1/member/${m.id}`, undefined, 'en');
    expect(res.statusCode, res.body).toBe(200);
    const d = json(res).data as { formType: number; answers: { name: string; label: string; text: string }[] };
    expect(d.formType).toBe(1);
    expect(d.answers.find((a) => a.name === 'name')).toMatchObject({ label: '姓名', text: '答卷人' });
    expect(d.answers.find((a) => a.name === 'city')?.text).toBe('浙江省/杭州市');
    expect(d.answers.find((a) => a.name === 'role')).toMatchObject({ label: '身份', text: '媒体' });
    expect(d.answers.some((a) => a.name === 'password')).toBe(false);
  });
});

describe('POST /api/v1/member/audit', () => {
  let target: Awaited<ReturnType<typeof createMember>>;
  beforeAll(async () => {
    target = await createMember(exh(), { name: '审核安全' });
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v1/member/audit', payload: { ids: [target.id], auditState: 2, reason: '资料不全' } }),
    allowed: ['host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v1/member/audit', payload: { ids: [theirs.id], auditState: 1 } }) },
  });

  it('is all or none: another tenant’s id or a decided one changes nothing', async () => {
    const a = await createMember(exh());
    const b = await createMember(exh());
    const decided = await createMember(exh(), { auditState: AuditState.Approved });
    const state = async (id: string) => (await ctx.db.select().from(member).where(eq(member.id, id)))[0]!.auditState;
    let res = await call('host', 'POST', '/api/v1/member/audit', { ids: [a.id, theirs.id], auditState: 1 });
    expect(res.statusCode).toBe(404);
    res = await call('host', 'POST', '/api/v1/member/audit', { ids: [a.id, decided.id], auditState: 1 });
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe(4021);
    expect([await state(a.id), await state(b.id)]).toEqual([AuditState.Pending, AuditState.Pending]);
    res = await call('host', 'POST', '/api/v1/member/audit', { ids: [a.id, b.id], auditState: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.decided).toBe(2);
    expect([await state(a.id), await state(b.id)]).toEqual([AuditState.Approved, AuditState.Approved]);
  });

  it('needs a reason to reject, and keeps it', async () => {
    const a = await createMember(exh());
    expect((await call('host', 'POST', '/api/v1/member/audit', { ids: [a.id], auditState: 2 })).statusCode).toBe(400);
    const res = await call('host', 'POST', '/api/v1/member/audit', { ids: [a.id], auditState: 2, reason: '信息不实' });
    expect(json(res).data.items[0]).toMatchObject({ auditState: 2, auditReason: '信息不实' });
  });
});

describe('PATCH /api/v1/member/{id} (blacklist)', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `/api/v1/member/${mine.id}`, payload: { blacklisted: false } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PATCH', url: `/api/v1/member/${theirs.id}`, payload: { blacklisted: true } }) },
  });

  it('revokes the visitor’s sign-ins to this exhibition, not to others, and can be undone', async () => {
    const m = await createMember(exh());
    const [user] = await ctx.db.select().from(userAccount).where(eq(userAccount.id, m.userId));
    await startSession(ctx.db, ctx.app.deps, user!, ctx.app.deps.config.webClient.id, exh());
    await startSession(ctx.db, ctx.app.deps, user!, ctx.app.deps.config.webClient.id, ctx.other.exhibitionId);
    const res = await call('host', 'PATCH', `/api/v1/member/${m.id}`, { blacklisted: true, blacklistReason: '恶意刷票' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ blacklisted: true, blacklistReason: '恶意刷票' });
    const sessions = await ctx.db.select().from(authSession).where(eq(authSession.userId, m.userId));
    expect(sessions.find((s) => s.exhibitionId === exh())?.revokedAt).not.toBeNull();
    expect(sessions.find((s) => s.exhibitionId === ctx.other.exhibitionId)?.revokedAt).toBeNull();
    const back = await call('host', 'PATCH', `/api/v1/member/${m.id}`, { blacklisted: false });
    expect(json(back).data).toMatchObject({ blacklisted: false, blacklistReason: null, blacklistAt: null });
  });
});

describe('PATCH /api/v1/member/{id}/email and /phonenumber', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `/api/v1/member/${mine.id}/email`, payload: { email: 'safe@member.test' } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PATCH', url: `/api/v1/member/${theirs.id}/email`, payload: { email: 'x@member.test' } }) },
  });
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `/api/v1/member/${mine.id}/phonenumber`, payload: { phoneNumber: '13799990000' } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PATCH', url: `/api/v1/member/${theirs.id}/phonenumber`, payload: { phoneNumber: '13799990001' } }) },
  });

  it('changes the login and the member row; another account’s contact is "already exists" in both languages', async () => {
    const m = await createMember(exh());
    const other = await createMember(exh());
    let res = await call('host', 'PATCH', `/api/v1/member/${m.id}/email`, { email: 'New@Member.test' });
    expect(json(res).data.email).toBe('new@member.test');
    expect((await ctx.db.select().from(userAccount).where(eq(userAccount.id, m.userId)))[0]!.email).toBe('new@member.test');
    res = await call('host', 'PATCH', `/api/v1/member/${m.id}/phonenumber`, { phoneNumber: '13799998888' });
    expect(json(res).data.phoneNumber).toBe('13799998888');

    res = await call('host', 'PATCH', `/api/v1/member/${m.id}/email`, { email: other.email }, 'en');
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 4012, description: 'E-mail already exists' });
    res = await call('host', 'PATCH', `/api/v1/member/${m.id}/email`, { email: other.email }, 'zh-CN');
    expect(json(res)).toMatchObject({ code: 4012, description: '邮箱已存在' });
    res = await call('host', 'PATCH', `/api/v1/member/${m.id}/phonenumber`, { phoneNumber: other.phoneNumber }, 'en');
    expect(json(res)).toMatchObject({ code: 4011, description: 'Mobile already exists' });
    res = await call('host', 'PATCH', `/api/v1/member/${m.id}/phonenumber`, { phoneNumber: other.phoneNumber }, 'zh-CN');
    expect(json(res)).toMatchObject({ code: 4011, description: '手机号已存在' });
    // A demo account's number is taken too (any login, not only visitors).
    res = await call('host', 'PATCH', `/api/v1/member/${m.id}/phonenumber`, { phoneNumber: '13800000002' }, 'en');
    expect(json(res).code).toBe(4011);
  });
});

describe('customer service', () => {
  let approved: Awaited<ReturnType<typeof createMember>>;
  let csId: string;
  let otherCsId: string;
  beforeAll(async () => {
    approved = await createMember(exh(), { name: '客服甲', auditState: AuditState.Approved });
    const [cs] = await ctx.db.insert(customerService).values({ exhibitorId, memberId: approved.id }).returning();
    csId = cs!.id;
    const theirsApproved = await createMember(ctx.other.exhibitionId, { auditState: AuditState.Approved });
    const [ocs] = await ctx.db.insert(customerService).values({ exhibitorId: ctx.other.exhibitorId, memberId: theirsApproved.id }).returning();
    otherCsId = ocs!.id;
  });

  describe('GET /api/v1/member/backstage/customerservice/list', () => {
    routeSecurity(get, {
      request: () => ({ method: 'GET', url: `/api/v1/member/backstage/customerservice/list?exhibitorId=${exhibitorId}` }),
      allowed: ['admin', 'host', 'exhibitor'],
      denied: [],
      otherTenant: { as: 'exhibitor2', request: () => ({ method: 'GET', url: `/api/v1/member/backstage/customerservice/list?exhibitorId=${exhibitorId}` }) },
    });
    it('answers the exhibitor’s own members; the other host’s exhibitor is 404 to the host', async () => {
      const res = await call('exhibitor', 'GET', `/api/v1/member/backstage/customerservice/list?exhibitorId=${exhibitorId}`);
      expect((json(res).data as { id: string; name: string }[]).map((c) => c.name)).toContain('客服甲');
      expect((await call('host', 'GET', `/api/v1/member/backstage/customerservice/list?exhibitorId=${ctx.other.exhibitorId}`)).statusCode).toBe(404);
    });
  });

  describe('POST /api/v1/member/backstage/customerservice', () => {
    routeSecurity(get, {
      request: () => ({ method: 'POST', url: '/api/v1/member/backstage/customerservice', payload: { exhibitorId, phoneOrEmail: approved.phoneNumber } }),
      allowed: ['admin', 'host', 'exhibitor'],
      denied: [],
      otherTenant: { as: 'exhibitor', request: () => ({ method: 'POST', url: '/api/v1/member/backstage/customerservice', payload: { exhibitorId: exhibitor2Id, phoneOrEmail: approved.phoneNumber } }) },
    });
    it('adds an approved visitor of the exhibition by mobile or e-mail; a pending, blacklisted or unknown one is 404 member', async () => {
      const b = await createMember(exh(), { auditState: AuditState.Approved });
      const res = await call('exhibitor', 'POST', '/api/v1/member/backstage/customerservice', { exhibitorId, phoneOrEmail: b.email!.toUpperCase() });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res).data).toMatchObject({ memberId: b.id, exhibitorId });
      const pending = await createMember(exh());
      const banned = await createMember(exh(), { auditState: AuditState.Approved, blacklisted: true });
      const elsewhere = await createMember(ctx.other.exhibitionId, { auditState: AuditState.Approved });
      for (const contact of [pending.phoneNumber!, banned.phoneNumber!, elsewhere.phoneNumber!, '13000000000']) {
        const r = await call('exhibitor', 'POST', '/api/v1/member/backstage/customerservice', { exhibitorId, phoneOrEmail: contact }, 'en');
        expect(r.statusCode).toBe(404);
        expect(json(r).description).toBe('Visitor not found');
      }
    });
  });

  describe('DELETE /api/v1/member/backstage/customerservice/{hash}', () => {
    let removable: string;
    beforeAll(async () => {
      const m = await createMember(exh(), { auditState: AuditState.Approved });
      const [cs] = await ctx.db.insert(customerService).values({ exhibitorId, memberId: m.id }).returning();
      removable = cs!.id;
    });
    routeSecurity(get, {
      request: () => ({ method: 'DELETE', url: `/api/v1/member/backstage/customerservice/${removable}` }),
      allowed: ['exhibitor'],
      denied: [],
      otherTenant: { as: 'exhibitor2', request: () => ({ method: 'DELETE', url: `/api/v1/member/backstage/customerservice/${csId}` }) },
    });
    it('removes only the row: the visitor stays registered; another host’s row is 404', async () => {
      expect((await ctx.db.select().from(customerService).where(eq(customerService.id, removable))).length).toBe(0);
      expect((await call('host', 'DELETE', `/api/v1/member/backstage/customerservice/${otherCsId}`)).statusCode).toBe(404);
    });
  });

  describe('PATCH /api/v1/member/backstage/customerservice/{hash}/email and /phonenumber', () => {
    routeSecurity(get, {
      request: () => ({ method: 'PATCH', url: `/api/v1/member/backstage/customerservice/${csId}/email`, payload: { email: 'cs-safe@member.test' } }),
      allowed: ['admin', 'host', 'exhibitor'],
      denied: [],
      otherTenant: { as: 'exhibitor2', request: () => ({ method: 'PATCH', url: `/api/v1/member/backstage/customerservice/${csId}/email`, payload: { email: 'cs-x@member.test' } }) },
    });
    routeSecurity(get, {
      request: () => ({ method: 'PATCH', url: `/api/v1/member/backstage/customerservice/${csId}/phonenumber`, payload: { phoneNumber: '13799997777' } }),
      allowed: ['admin', 'host', 'exhibitor'],
      denied: [],
      otherTenant: { as: 'host', request: () => ({ method: 'PATCH', url: `/api/v1/member/backstage/customerservice/${otherCsId}/phonenumber`, payload: { phoneNumber: '13799997776' } }) },
    });
    it('answers code 4012 / 4011 "already exists" in both languages', async () => {
      const other = await createMember(exh());
      let res = await call('exhibitor', 'PATCH', `/api/v1/member/backstage/customerservice/${csId}/email`, { email: other.email }, 'en');
      expect(json(res)).toMatchObject({ code: 4012, description: 'E-mail already exists' });
      res = await call('exhibitor', 'PATCH', `/api/v1/member/backstage/customerservice/${csId}/phonenumber`, { phoneNumber: other.phoneNumber }, 'zh-CN');
      expect(json(res)).toMatchObject({ code: 4011, description: '手机号已存在' });
      res = await call('exhibitor', 'PATCH', `/api/v1/member/backstage/customerservice/${csId}/phonenumber`, { phoneNumber: '13799996666' });
      expect(json(res).data.phoneNumber).toBe('13799996666');
    });
  });
});

describe('POST /api/v1/member/export', () => {
  let worker: JobWorker;
  beforeAll(async () => {
    worker = await startJobWorker(ctx.app, { pollMs: 60_000 });
  });
  afterAll(() => worker.stop());
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v1/member/export', payload: { exhibitionId: c.demo.exhibitionId, filters: { keyword: 'nobody-at-all' } } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/member/export', payload: { exhibitionId: c.other.exhibitionId } }) },
  });

  it('writes the filtered visitors with one column per form item, read back with exceljs', async () => {
    await createMember(exh(), { name: '导出甲', company: '导出公司', auditState: AuditState.Approved, answers: { name: '导出甲', mobile: '1', city: ['上海市', '浦东新区'], role: 'buyer' } });
    await createMember(exh(), { name: '导出乙', company: '导出公司', blacklisted: true });
    await createMember(exh(), { name: '不导出', company: '别的公司' });
    const res = await call('host', 'POST', '/api/v1/member/export', { exhibitionId: exh(), filters: { keyword: '导出公司' } }, 'en');
    expect(res.statusCode, res.body).toBe(200);
    const jobId = json(res).data.id as string;
    worker.kick();
    await worker.idle();
    const job = json(await call('host', 'GET', `/api/v3/backgroundjob?id=${jobId}`)).data;
    expect(job).toMatchObject({ state: 'succeeded', type: 'member.export', result: { rows: 2 } });
    const file = await call('host', 'GET', `/api/v3/backgroundjob/download?id=${jobId}&file=output`);
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const rows = sheet.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    const head = rows[0] as string[];
    expect(head.slice(0, 10)).toEqual(['Name', 'Mobile', 'E-mail', 'Company', 'Job title', 'Visitor group', 'Audit state', 'Blacklisted', 'Ticket no.', 'Registered at']);
    expect(head).toEqual(expect.arrayContaining(['所在城市', '身份']));
    expect(head).not.toContain('姓名');
    const byName = new Map(rows.slice(1).map((r) => [(r as string[])[0], r as string[]]));
    expect([...byName.keys()].sort()).toEqual(['导出乙', '导出甲']);
    const a = byName.get('导出甲')!;
    expect(a[6]).toBe('Approved');
    expect(a[head.indexOf('所在城市')]).toBe('上海市/浦东新区');
    expect(a[head.indexOf('身份')]).toBe('采购商');
    expect(byName.get('导出乙')![7]).toBe('Yes');
    expect(byName.get('导出乙')![9]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });
});
