import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { AuditState, FormType, TagType, type FormItem } from '@pavilion/contract';
import { bearer, createTestContext, json, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { exhibitorIdOf, insertActivity, newVisitor, registerAs } from './activity-fixtures.ts';
import { activity, activityReg, activityTicketType } from '../src/modules/activity/tables.ts';
import { exhibition } from '../src/core/tables.ts';
import { member } from '../src/modules/member/tables.ts';
import { newTicketCode } from '../src/modules/activityreg/service.ts';
import { startJobWorker } from '../src/modules/backgroundjob/worker.ts';
import type { JobWorker } from '../src/jobs/runner.ts';

let ctx: TestContext;
const get = () => ctx;
const exh = () => ctx.demo.exhibitionId;
const HOUR = 3600_000;
let mine: { id: string };
let theirs: { id: string };
let ticketTypeId: string;
let otherTicketTypeId: string;
let regId: string;
let otherRegId: string;
let visitorToken: string;

const as = async (who: Parameters<TestContext['token']>[0]) => bearer(await ctx.token(who));
const inject = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Parameters<TestContext['token']>[0] | null, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, ...(payload !== undefined ? { payload: payload as object } : {}), headers: { ...(who ? await as(who) : {}), ...headers } });
const counters = async (id: string) => (await ctx.db.select({ regCount: activity.regCount, waitCount: activity.waitCount }).from(activity).where(eq(activity.id, id)))[0]!;

beforeAll(async () => {
  ctx = await createTestContext();
  mine = await insertActivity(ctx, { title: '主办方论坛' });
  theirs = await insertActivity(ctx, { exhibitionId: ctx.other.exhibitionId, title: '别家的活动' });
  const [t1] = await ctx.db.insert(activityTicketType).values({ activityId: mine.id, name: '普通票', quantity: 100 }).returning();
  ticketTypeId = t1!.id;
  const [t2] = await ctx.db.insert(activityTicketType).values({ activityId: theirs.id, name: '别家票', quantity: 10 }).returning();
  otherTicketTypeId = t2!.id;
  visitorToken = await ctx.token('visitor');
  const reg = await registerAs(ctx, visitorToken, mine.id, { ticketTypeId });
  expect(reg.statusCode, reg.body).toBe(200);
  regId = reg.json().data.id;
  const other = await newVisitor(ctx, { exhibitionId: ctx.other.exhibitionId });
  // The other tenant's exhibition has no activity feature: its registration is written directly.
  const [r2] = await ctx.db
    .insert(activityReg)
    .values({ activityId: theirs.id, exhibitionId: ctx.other.exhibitionId, memberId: other.memberId, userId: other.userId, ticketTypeId: otherTicketTypeId, status: 'registered', name: '别家观众', ticketCode: newTicketCode() })
    .returning();
  otherRegId = r2!.id;
});
afterAll(async () => ctx?.close());

describe('GET /api/v3/activityticket/list', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v3/activityticket/list?activityId=${mine.id}` }),
    allowed: ['host', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'GET', url: `/api/v3/activityticket/list?activityId=${theirs.id}` }) },
  });
  it("is the exhibitor's own for its activity, and not another exhibitor's", async () => {
    const own = await insertActivity(ctx, { exhibitorId: await exhibitorIdOf(ctx, 'exhibitor'), title: '展商发布会' });
    expect((await inject('GET', `/api/v3/activityticket/list?activityId=${own.id}`, 'exhibitor')).statusCode).toBe(200);
    expect((await inject('GET', `/api/v3/activityticket/list?activityId=${own.id}`, 'exhibitor2')).statusCode).toBe(404);
    expect((await inject('GET', `/api/v3/activityticket/list?activityId=${mine.id}`, 'exhibitor')).statusCode).toBe(404);
  });
});

describe('POST /api/v3/activityticket', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/activityticket', payload: { activityId: mine.id, name: 'VIP', quantity: 5 } }),
    allowed: ['host'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v3/activityticket', payload: { activityId: theirs.id, name: 'VIP', quantity: 5 } }) },
  });
  it('refuses a sale window that ends before it starts, naming the field', async () => {
    const res = await inject('POST', '/api/v3/activityticket', 'host', { activityId: mine.id, name: '早鸟', quantity: 5, saleStartAt: new Date(Date.now() + HOUR).toISOString(), saleEndAt: new Date().toISOString() }, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors?.[0]?.field).toBe('saleEndAt');
  });
});

describe('PUT /api/v3/activityticket/patch', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: `/api/v3/activityticket/patch?id=${ticketTypeId}`, payload: { name: '普通票' } }),
    allowed: ['host'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: `/api/v3/activityticket/patch?id=${otherTicketTypeId}`, payload: { name: 'x' } }) },
  });
  it('never sets the quantity below the tickets taken', async () => {
    const res = await inject('PUT', `/api/v3/activityticket/patch?id=${ticketTypeId}`, 'host', { quantity: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const low = await ctx.db.select().from(activityTicketType).where(eq(activityTicketType.id, ticketTypeId));
    expect(low[0]!.taken).toBe(1);
    await ctx.db.update(activityTicketType).set({ taken: 2 }).where(eq(activityTicketType.id, ticketTypeId));
    const refused = await inject('PUT', `/api/v3/activityticket/patch?id=${ticketTypeId}`, 'host', { quantity: 1 });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).errors?.[0]?.field).toBe('quantity');
    await ctx.db.update(activityTicketType).set({ taken: 1, quantity: 100 }).where(eq(activityTicketType.id, ticketTypeId));
  });
});

describe('DELETE /api/v3/activityticket', () => {
  let spare: string;
  beforeAll(async () => {
    const [t] = await ctx.db.insert(activityTicketType).values({ activityId: mine.id, name: '待删', quantity: 3 }).returning();
    spare = t!.id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v3/activityticket?id=${spare}` }),
    allowed: ['host'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v3/activityticket?id=${otherTicketTypeId}` }) },
  });
  it('keeps a kind that registrations hold (409)', async () => {
    const res = await inject('DELETE', `/api/v3/activityticket?id=${ticketTypeId}`, 'host');
    expect(res.statusCode).toBe(409);
  });
});

describe('POST /api/v3/activityreg/page', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/activityreg/page', payload: { activityId: mine.id } }),
    allowed: ['host', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v3/activityreg/page', payload: { activityId: theirs.id } }) },
  });
  it('lists the registrations with the ticket kind, filtered by keyword and status', async () => {
    const res = await inject('POST', '/api/v3/activityreg/page', 'host', { activityId: mine.id, keyword: '演示' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items).toHaveLength(1);
    expect(res.json().data.items[0]).toMatchObject({ status: 'registered', ticketTypeName: '普通票', name: '演示观众' });
    const none = await inject('POST', '/api/v3/activityreg/page', 'host', { activityId: mine.id, status: 'waiting' });
    expect(none.json().data.totalCount).toBe(0);
  });
});

describe('PUT /api/v3/activityreg/cancel', () => {
  let target: string;
  beforeAll(async () => {
    const v = await newVisitor(ctx);
    target = (await registerAs(ctx, v.token, mine.id, { ticketTypeId })).json().data.id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: `/api/v3/activityreg/cancel?id=${target}`, payload: { reason: '重复报名' } }),
    allowed: ['host'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: `/api/v3/activityreg/cancel?id=${otherRegId}`, payload: {} }) },
  });
});

describe('registration rules (the visitor site)', () => {
  let fresh: { id: string };
  beforeAll(async () => {
    fresh = await insertActivity(ctx, { title: '空场' });
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: `/api/v1/expo/${exh()}/activities/${fresh.id}/registrations`, payload: {} }),
    allowed: ['visitor'],
    denied: ['host', 'exhibitor', 'admin'],
    otherTenant: { none: 'a visitor reaches only its own exhibition; another exhibition in the path is 404 (tested below)' },
  });

  it('issues a 26-character base32 ticket and shows it with its QR in my tickets', async () => {
    expect(newTicketCode()).toMatch(/^[A-Z2-7]{26}$/);
    const res = await inject('GET', `/api/v1/expo/${exh()}/my/tickets`, 'visitor');
    expect(res.statusCode, res.body).toBe(200);
    const t = res.json().data.find((x: { id: string }) => x.id === regId);
    expect(t).toMatchObject({ status: 'registered', ticketTypeName: '普通票', activity: { id: mine.id, title: '主办方论坛', phase: 'upcoming' } });
    expect(t.ticketCode).toMatch(/^[A-Z2-7]{26}$/);
    expect(t.qrSvg).toContain('<svg');
  });

  it('refuses a second registration (AlreadyRegistered) in the caller language', async () => {
    const res = await registerAs(ctx, visitorToken, mine.id, { ticketTypeId }, exh(), { 'accept-language': 'en' });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 4080, description: 'You have already registered' });
    const zh = await registerAs(ctx, visitorToken, mine.id, { ticketTypeId });
    expect(json(zh).description).toBe('您已报名');
  });

  it('is 404 for another exhibition in the path, and for hidden, unapproved, cancelled or deleted activities', async () => {
    expect((await registerAs(ctx, visitorToken, theirs.id, {}, ctx.other.exhibitionId)).statusCode).toBe(404);
    const v = await newVisitor(ctx);
    for (const values of [{ isShow: false }, { auditState: AuditState.Pending }, { state: 'cancelled' }, { deletedAt: new Date() }]) {
      const a = await insertActivity(ctx, values);
      const res = await registerAs(ctx, v.token, a.id);
      expect(res.statusCode, JSON.stringify(values)).toBe(404);
    }
  });

  it('answers FunctionNotOpen when registration is off, outside its window, or the exhibition turned it off', async () => {
    const v = await newVisitor(ctx);
    const off = await insertActivity(ctx, { regEnabled: false });
    const early = await insertActivity(ctx, { regStartAt: new Date(Date.now() + HOUR) });
    const late = await insertActivity(ctx, { regEndAt: new Date(Date.now() - HOUR) });
    for (const a of [off, early, late]) {
      const res = await registerAs(ctx, v.token, a.id, {}, exh(), { 'accept-language': 'en' });
      expect(res.statusCode).toBe(403);
      expect(json(res)).toMatchObject({ code: 4081, description: 'This function is not open yet' });
    }
    const open = await insertActivity(ctx);
    const toggle = (on: boolean) => inject('PUT', `/api/v1/settings/exhibition/patch?exhibitionId=${exh()}`, 'host', { enabledActivityReg: on });
    expect((await toggle(false)).statusCode).toBe(200);
    try {
      expect(json(await registerAs(ctx, v.token, open.id)).code).toBe(4081);
    } finally {
      expect((await toggle(true)).statusCode).toBe(200);
    }
    expect((await registerAs(ctx, v.token, open.id)).statusCode).toBe(200);
  });

  it('answers ExhibitionOver once the activity or the exhibition has ended', async () => {
    const v = await newVisitor(ctx);
    const past = await insertActivity(ctx, { startAt: new Date(Date.now() - 3 * HOUR), endAt: new Date(Date.now() - HOUR) });
    const res = await registerAs(ctx, v.token, past.id, {}, exh(), { 'accept-language': 'en' });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({ code: 4082, description: 'The exhibition is over' });
    const [ended] = await ctx.db.select({ endAt: exhibition.endAt }).from(exhibition).where(eq(exhibition.id, exh()));
    const a = await insertActivity(ctx);
    await ctx.db.update(exhibition).set({ endAt: new Date(Date.now() - 60_000) }).where(eq(exhibition.id, exh()));
    try {
      expect(json(await registerAs(ctx, v.token, a.id)).code).toBe(4082);
    } finally {
      await ctx.db.update(exhibition).set({ endAt: ended!.endAt }).where(eq(exhibition.id, exh()));
    }
  });

  it('refuses a visitor whose registration is not approved (403)', async () => {
    const v = await newVisitor(ctx, { auditState: AuditState.Pending });
    expect((await registerAs(ctx, v.token, mine.id, { ticketTypeId })).statusCode).toBe(403);
  });

  it('needs a ticket kind of this activity on sale when the activity has kinds', async () => {
    const v = await newVisitor(ctx);
    const noKind = await registerAs(ctx, v.token, mine.id, {});
    expect(noKind.statusCode).toBe(400);
    expect(json(noKind).errors?.[0]?.field).toBe('ticketTypeId');
    expect(json(await registerAs(ctx, v.token, mine.id, { ticketTypeId: otherTicketTypeId })).errors?.[0]?.field).toBe('ticketTypeId');
    const [later] = await ctx.db.insert(activityTicketType).values({ activityId: mine.id, name: '晚场', quantity: 5, saleStartAt: new Date(Date.now() + HOUR) }).returning();
    const notYet = await registerAs(ctx, v.token, mine.id, { ticketTypeId: later!.id }, exh(), { 'accept-language': 'en' });
    expect(notYet.statusCode).toBe(400);
    expect(json(notYet).errors?.[0]).toMatchObject({ field: 'ticketTypeId' });
    await ctx.db.delete(activityTicketType).where(eq(activityTicketType.id, later!.id));
  });

  it('fills the seats, then the waiting list; without a waiting list it answers ActivityFull; a cancelled seat moves the oldest waiting one up', async () => {
    const a = await insertActivity(ctx, { capacity: 2, waitlist: true });
    const vs = await Promise.all([0, 1, 2, 3].map(() => newVisitor(ctx)));
    const regs = [];
    for (const v of vs) {
      const res = await registerAs(ctx, v.token, a.id);
      expect(res.statusCode, res.body).toBe(200);
      regs.push(res.json().data);
    }
    expect(regs.map((r) => r.status)).toEqual(['registered', 'registered', 'waiting', 'waiting']);
    expect(regs[2].ticketCode).toBeNull();
    expect(regs[2].qrSvg).toBeNull();
    expect(await counters(a.id)).toEqual({ regCount: 2, waitCount: 2 });

    // The visitor cancels its own seat: the first waiting one gets it, with a ticket.
    const cancel = await ctx.app.inject({ method: 'PUT', url: `/api/v1/expo/${exh()}/my/tickets/${regs[0].id}/cancel`, headers: bearer(vs[0]!.token) });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data).toMatchObject({ status: 'cancelled', ticketCode: null });
    const promoted = (await ctx.db.select().from(activityReg).where(eq(activityReg.id, regs[2].id)))[0]!;
    expect(promoted.status).toBe('registered');
    expect(promoted.ticketCode).toMatch(/^[A-Z2-7]{26}$/);
    expect(await counters(a.id)).toEqual({ regCount: 2, waitCount: 1 });

    // Another visitor's registration is not found; the host cancels a waiting one: no promotion, the list shrinks.
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/v1/expo/${exh()}/my/tickets/${regs[1].id}/cancel`, headers: bearer(vs[0]!.token) })).statusCode).toBe(404);
    const hostCancel = await inject('PUT', `/api/v3/activityreg/cancel?id=${regs[3].id}`, 'host', { reason: '名额调整' });
    expect(hostCancel.statusCode, hostCancel.body).toBe(200);
    expect(hostCancel.json().data.status).toBe('cancelled');
    expect(await counters(a.id)).toEqual({ regCount: 2, waitCount: 0 });

    // A cancelled visitor may register again (the seat is taken, the list is empty: it waits).
    const again = await registerAs(ctx, vs[0]!.token, a.id);
    expect(again.json().data.status).toBe('waiting');

    const closed = await insertActivity(ctx, { capacity: 1, waitlist: false });
    expect((await registerAs(ctx, vs[0]!.token, closed.id)).statusCode).toBe(200);
    const full = await registerAs(ctx, vs[1]!.token, closed.id, {}, exh(), { 'accept-language': 'en' });
    expect(full.statusCode).toBe(409);
    expect(json(full)).toMatchObject({ code: 4087, description: 'All places are taken' });
  });

  it('counts a ticket kind like the seats: a sold-out kind waits or is full', async () => {
    const a = await insertActivity(ctx, { waitlist: true });
    const [kind] = await ctx.db.insert(activityTicketType).values({ activityId: a.id, name: '限量', quantity: 1 }).returning();
    const [v1, v2] = [await newVisitor(ctx), await newVisitor(ctx)];
    expect((await registerAs(ctx, v1.token, a.id, { ticketTypeId: kind!.id })).json().data.status).toBe('registered');
    expect((await registerAs(ctx, v2.token, a.id, { ticketTypeId: kind!.id })).json().data.status).toBe('waiting');
    expect((await ctx.db.select().from(activityTicketType).where(eq(activityTicketType.id, kind!.id)))[0]!.taken).toBe(1);
  });

  it('gives the last seat to exactly one of two registrations at once', async () => {
    const a = await insertActivity(ctx, { capacity: 1, waitlist: false });
    const [v1, v2] = [await newVisitor(ctx), await newVisitor(ctx)];
    const results = await Promise.all([registerAs(ctx, v1.token, a.id), registerAs(ctx, v2.token, a.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(json(results.find((r) => r.statusCode === 409)!).code).toBe(4087);
    expect(await counters(a.id)).toEqual({ regCount: 1, waitCount: 0 });
    expect(await ctx.db.$count(activityReg, eq(activityReg.activityId, a.id))).toBe(1);
  });

  it("validates the answers against the activity's form, and stores them", async () => {
    const a = await insertActivity(ctx);
    const item = (showIndex: number, name: string, label: string, tagType: number, check: Partial<FormItem['attributes']['checkOptions']> = {}, options: string[] = []): FormItem =>
      ({
        tagType,
        label,
        name,
        showIndex,
        locked: false,
        showWhen: null,
        attributes: { placeholder: '', options: options.map((o) => ({ label: o, value: o, checked: false })), checkOptions: { require: false, email: false, phone: false, reg: false, other: '', ...check }, setTime: null, value: null },
      }) as unknown as FormItem;
    const formItems = [item(1, 'diet', '饮食偏好', TagType.Select, { require: true }, ['素食', '无限制']), item(2, 'note', '备注', TagType.Input)];
    const saved = await inject('POST', '/api/v3/form/update/formitem', 'host', { itemId: a.id, formType: FormType.ActivityReg, formItems });
    expect(saved.statusCode, saved.body).toBe(200);
    const v = await newVisitor(ctx);
    const missing = await registerAs(ctx, v.token, a.id, { answers: { note: 'x' } });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).errors?.[0]?.field).toBe('diet');
    const good = await registerAs(ctx, v.token, a.id, { answers: { diet: '素食', note: '靠窗' } });
    expect(good.statusCode, good.body).toBe(200);
    expect((await ctx.db.select().from(activityReg).where(eq(activityReg.id, good.json().data.id)))[0]!.answers).toEqual({ diet: '素食', note: '靠窗' });
    // Without a form, answers are not kept.
    const plain = await insertActivity(ctx);
    const r = await registerAs(ctx, v.token, plain.id, { answers: { anything: 1 } });
    expect((await ctx.db.select().from(activityReg).where(eq(activityReg.id, r.json().data.id)))[0]!.answers).toEqual({});
  });
});

describe('GET /api/v1/expo/{exhibitionId}/activities/{activityId}/form', () => {
  const formUrl = (activityId: string, exhibitionId = exh()) => `/api/v1/expo/${exhibitionId}/activities/${activityId}/form`;
  const input = (showIndex: number, name: string, label: string, require = false) => ({
    tagType: TagType.Input,
    label,
    name,
    showIndex,
    locked: false,
    showWhen: null,
    attributes: { placeholder: '', options: [], checkOptions: { require, email: false, phone: false, reg: false, other: '' }, setTime: null, value: null },
  });

  it("answers a visible activity's form to anyone, in display order, and an empty list without one", async () => {
    const a = await insertActivity(ctx);
    const none = await inject('GET', formUrl(a.id), null);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().data).toEqual([]);
    // The host's designer starts from an empty form, not another form type's defaults.
    const designer = await inject('GET', `/api/v3/form?itemId=${a.id}&formType=${FormType.ActivityReg}`, 'host');
    expect(designer.statusCode, designer.body).toBe(200);
    expect(designer.json().data.formItems).toEqual([]);
    const saved = await inject('POST', '/api/v3/form/update/formitem', 'host', { itemId: a.id, formType: FormType.ActivityReg, formItems: [input(1, 'company', '单位', true), input(2, 'note', '备注')] });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await inject('GET', formUrl(a.id), null);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.map((i: FormItem) => [i.name, i.showIndex, i.attributes.checkOptions.require])).toEqual([
      ['company', 1, true],
      ['note', 2, false],
    ]);
  });

  it('is a 404 for an activity visitors may not see, or of another exhibition', async () => {
    const hidden = await insertActivity(ctx, { isShow: false });
    expect((await inject('GET', formUrl(hidden.id), null)).statusCode).toBe(404);
    const pending = await insertActivity(ctx, { auditState: AuditState.Pending });
    expect((await inject('GET', formUrl(pending.id), null)).statusCode).toBe(404);
    const draft = await insertActivity(ctx, { state: 'draft' });
    expect((await inject('GET', formUrl(draft.id), null)).statusCode).toBe(404);
    expect((await inject('GET', formUrl(theirs.id), null)).statusCode).toBe(404);
    expect((await inject('GET', formUrl(mine.id, ctx.other.exhibitionId), null)).statusCode).toBe(404);
  });

  it("the registration route refuses a missing required answer by the item's name, in the caller's language", async () => {
    const a = await insertActivity(ctx);
    expect((await inject('POST', '/api/v3/form/update/formitem', 'host', { itemId: a.id, formType: FormType.ActivityReg, formItems: [input(1, 'company', 'Company', true)] })).statusCode).toBe(200);
    const v = await newVisitor(ctx);
    const url = `/api/v1/expo/${exh()}/activities/${a.id}/registrations`;
    const refused = await ctx.app.inject({ method: 'POST', url, payload: {}, headers: { ...bearer(v.token), 'accept-language': 'en' } });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).errors?.[0]).toMatchObject({ field: 'company' });
    expect(json(refused).errors?.[0]?.message).toContain('Company');
    expect(await ctx.db.$count(activityReg, eq(activityReg.activityId, a.id))).toBe(0);
    const accepted = await ctx.app.inject({ method: 'POST', url, payload: { answers: { company: ' 示例公司 ' } }, headers: bearer(v.token) });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await ctx.db.select().from(activityReg).where(eq(activityReg.activityId, a.id)))[0]!.answers).toEqual({ company: '示例公司' });
  });
});

describe('GET /api/v1/expo/{exhibitionId}/my/tickets and cancel', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v1/expo/${exh()}/my/tickets` }),
    allowed: ['visitor'],
    denied: ['host', 'exhibitor', 'admin'],
    otherTenant: { as: 'visitor', request: () => ({ method: 'GET', url: `/api/v1/expo/${ctx.other.exhibitionId}/my/tickets` }) },
  });
  describe('PUT …/my/tickets/{regId}/cancel', () => {
    let own: string;
    beforeAll(async () => {
      const a = await insertActivity(ctx);
      own = (await registerAs(ctx, visitorToken, a.id)).json().data.id;
    });
    routeSecurity(get, {
      request: () => ({ method: 'PUT', url: `/api/v1/expo/${exh()}/my/tickets/${own}/cancel` }),
      allowed: ['visitor'],
      denied: ['host', 'exhibitor', 'admin'],
      otherTenant: { as: 'visitor', request: () => ({ method: 'PUT', url: `/api/v1/expo/${ctx.other.exhibitionId}/my/tickets/${otherRegId}/cancel` }) },
    });
  });
});

describe('export of registrations (background job)', () => {
  let worker: JobWorker;
  beforeAll(async () => {
    worker = await startJobWorker(ctx.app, { pollMs: 100 });
  });
  afterAll(async () => worker?.stop());
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/backgroundjob/export/activityreg', payload: { activityId: mine.id } }),
    allowed: ['host'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v3/backgroundjob/export/activityreg', payload: { activityId: theirs.id } }) },
  });

  it('writes every registration with its form answers, listed among the jobs', async () => {
    const a = await insertActivity(ctx, { title: '导出活动', capacity: 1, waitlist: true });
    const saved = await inject('POST', '/api/v3/form/update/formitem', 'host', {
      itemId: a.id,
      formType: FormType.ActivityReg,
      formItems: [{ tagType: TagType.Input, label: '备注', name: 'note', showIndex: 1, locked: false, showWhen: null, attributes: { placeholder: '', options: [], checkOptions: { require: false, email: false, phone: false, reg: false, other: '' }, setTime: null, value: null } }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [v1, v2] = [await newVisitor(ctx, { name: '张三' }), await newVisitor(ctx, { name: '李四' })];
    expect((await registerAs(ctx, v1.token, a.id, { answers: { note: '第一' } })).statusCode).toBe(200);
    expect((await registerAs(ctx, v2.token, a.id, { answers: { note: '第二' } })).statusCode).toBe(200);
    const started = await inject('POST', '/api/v3/backgroundjob/export/activityreg', 'host', { activityId: a.id });
    expect(started.statusCode, started.body).toBe(200);
    const jobId = started.json().data.id;
    let job;
    for (let i = 0; i < 200; i++) {
      job = (await inject('GET', `/api/v3/backgroundjob?id=${jobId}`, 'host')).json().data;
      if (job.state === 'succeeded' || job.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(job.state, JSON.stringify(job)).toBe('succeeded');
    expect(job).toMatchObject({ type: 'activityreg.export', progress: 100, result: { rows: 2 } });
    const listed = await inject('POST', '/api/v3/backgroundjob/query', 'host', { type: 'activityreg.export' });
    expect(listed.json().data.items.map((j: { id: string }) => j.id)).toContain(jobId);
    const file = await inject('GET', `/api/v3/backgroundjob/download?id=${jobId}&file=output`, 'host');
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as never);
    const rows = wb.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['姓名', '手机号', '邮箱', '公司', '票种', '状态', '票号', '签到时间', '报名时间', '备注']);
    expect(rows).toHaveLength(3);
    expect(rows[1]!.slice(0, 1)).toEqual(['张三']);
    expect(rows[1]![5]).toBe('已报名');
    expect(String(rows[1]![6])).toMatch(/^[A-Z2-7]{26}$/);
    expect(rows[1]![9]).toBe('第一');
    expect(rows[2]!.slice(0, 1)).toEqual(['李四']);
    expect(rows[2]![5]).toBe('候补');
    expect(rows[2]![9]).toBe('第二');
  });
});

// The member row of the demo visitor is the one registrations copy their name from.
it('copies the name, phone, e-mail and company from the member row', async () => {
  const [m] = await ctx.db.select().from(member).where(eq(member.id, (await ctx.db.select({ memberId: activityReg.memberId }).from(activityReg).where(eq(activityReg.id, regId)))[0]!.memberId));
  const [r] = await ctx.db.select().from(activityReg).where(eq(activityReg.id, regId));
  expect({ name: r!.name, phoneNumber: r!.phoneNumber, email: r!.email, company: r!.company }).toEqual({ name: m!.name, phoneNumber: m!.phoneNumber, email: m!.email, company: m!.company });
});
