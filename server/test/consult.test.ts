import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditState, ErrorCode, JobType } from '@pavilion/contract';
import { startJobWorker } from '../src/modules/backgroundjob/worker.ts';
import { auditRecord } from '../src/audit/tables.ts';
import { messageOutbox } from '../src/messaging/tables.ts';
import { consult } from '../src/modules/consult/tables.ts';
import { bearer, createTestContext, json, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { newVisitor } from './activity-fixtures.ts';
import { caller } from './live-fixtures.ts';

let ctx: TestContext;
const get = () => ctx;
const call = caller(get);
const exh = () => ctx.demo.exhibitionId;
let seq = 0;

/** A question written directly: the demo exhibition's, pending, unless told otherwise. */
async function insertConsult(values: Partial<typeof consult.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(consult)
    .values({ exhibitionId: exh(), question: `请问开幕时间？${++seq}`, auditState: AuditState.Pending, ...values })
    .returning();
  return row!;
}
const row = async (id: string) => (await ctx.db.select().from(consult).where(eq(consult.id, id)))[0]!;
const recordOf = async (targetId: string) => (await ctx.db.select().from(auditRecord).where(and(eq(auditRecord.type, 'consult'), eq(auditRecord.targetId, targetId), eq(auditRecord.state, AuditState.Pending))))[0]!.id;
const expo = (rest = '', exhibitionId = exh()) => `/api/v1/expo/${exhibitionId}/consults${rest}`;

let mine: { id: string };
let foreign: { id: string };

beforeAll(async () => {
  ctx = await createTestContext();
  mine = await insertConsult();
  foreign = await insertConsult({ exhibitionId: ctx.other.exhibitionId });
});
afterAll(() => ctx?.close());

describe('POST /api/v1/expo/:exhibitionId/consults', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: expo(), payload: { question: `请问如何参观？${++seq}`, isPublic: true } }),
    allowed: ['visitor'],
    denied: ['host', 'exhibitor', 'admin'],
    otherTenant: { as: 'visitor', request: (c) => ({ method: 'POST', url: expo('', c.other.exhibitionId), payload: { question: '别处的问题呢', isPublic: true } }) },
  });

  it('names the field of a bad question, in the caller’s language', async () => {
    const v = await newVisitor(ctx);
    const short = await ctx.app.inject({ method: 'POST', url: expo(), payload: { question: '短', isPublic: true }, headers: { ...bearer(v.token), 'accept-language': 'en' } });
    expect(short.statusCode).toBe(400);
    expect(json(short).errors).toEqual([expect.objectContaining({ field: 'question' })]);
    const cat = await ctx.app.inject({ method: 'POST', url: expo(), payload: { question: '请问展会几点开门？', category: 'food' }, headers: bearer(v.token) });
    expect(json(cat).errors).toEqual([expect.objectContaining({ field: 'category' })]);
  });

  it('submits every question for audit; copies the contact only when shared; refuses a pending registration', async () => {
    const v = await newVisitor(ctx, { name: '王观众' });
    const a = json(await ctx.app.inject({ method: 'POST', url: expo(), payload: { question: '请问可以带小孩吗？', category: 'visiting', isPublic: true, shareContact: true }, headers: bearer(v.token) })).data;
    expect(a).toMatchObject({ auditState: AuditState.Pending, category: 'visiting', isPublic: true, answer: null });
    expect(await row(a.id)).toMatchObject({ contactName: '王观众', contactEmail: v.email, userId: v.userId });
    const [rec] = await ctx.db.select().from(auditRecord).where(and(eq(auditRecord.type, 'consult'), eq(auditRecord.targetId, a.id)));
    expect(rec?.state).toBe(AuditState.Pending);
    const b = json(await ctx.app.inject({ method: 'POST', url: expo(), payload: { question: '请问停车方便吗？' }, headers: bearer(v.token) })).data;
    expect(await row(b.id)).toMatchObject({ contactName: null, contactPhone: null, contactEmail: null, isPublic: false });
    const waiting = await newVisitor(ctx, { auditState: AuditState.Pending });
    expect((await ctx.app.inject({ method: 'POST', url: expo(), payload: { question: '请问展会几点开门？' }, headers: bearer(waiting.token) })).statusCode).toBe(403);
  });

  it('limits a visitor to 5 questions in 10 minutes per exhibition (429 4180, Retry-After)', async () => {
    const v = await newVisitor(ctx);
    for (let i = 0; i < 5; i++) expect((await ctx.app.inject({ method: 'POST', url: expo(), payload: { question: `第${i}个问题是什么` }, headers: bearer(v.token) })).statusCode).toBe(200);
    const res = await ctx.app.inject({ method: 'POST', url: expo(), payload: { question: '第六个问题是什么' }, headers: bearer(v.token) });
    expect(res.statusCode).toBe(429);
    expect(json(res).code).toBe(ErrorCode.ConsultTooFrequent);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('refuses sensitive words in the question and in the answer (4026, the field named)', async () => {
    const v = await newVisitor(ctx);
    try {
      expect((await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: ['违禁词'] })).statusCode).toBe(200);
      const bad = await ctx.app.inject({ method: 'POST', url: expo(), payload: { question: '这里有违禁词吗？' }, headers: bearer(v.token) });
      expect(json(bad)).toMatchObject({ code: ErrorCode.SensitiveWord, field: 'question' });
      const ans = await call('host', 'PUT', '/api/v3/consult/answer', { id: mine.id, answer: '违禁词' });
      expect(json(ans)).toMatchObject({ code: ErrorCode.SensitiveWord, field: 'answer' });
    } finally {
      await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: [] });
    }
  });
});

describe('GET /api/v1/expo/:exhibitionId/consults/mine', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: expo('/mine') }),
    allowed: ['visitor'],
    denied: ['host', 'exhibitor', 'admin'],
    otherTenant: { as: 'visitor', request: (c) => ({ method: 'GET', url: expo('/mine', c.other.exhibitionId) }) },
  });

  it('lists only the visitor’s own, with a rejection’s reason and the answer', async () => {
    const v = await newVisitor(ctx);
    const other = await newVisitor(ctx);
    const q = json(await ctx.app.inject({ method: 'POST', url: expo(), payload: { question: '请问有没有餐饮区？' }, headers: bearer(v.token) })).data;
    await ctx.app.inject({ method: 'POST', url: expo(), payload: { question: '别人的问题是什么' }, headers: bearer(other.token) });
    const rejected = await call('host', 'POST', '/api/Audit/Audit', { ids: [await recordOf(q.id)], approve: false, reason: '请勿重复提问' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const list = json(await ctx.app.inject({ method: 'GET', url: expo('/mine'), headers: bearer(v.token) })).data;
    expect(list.items).toEqual([expect.objectContaining({ id: q.id, auditState: AuditState.Rejected, auditReason: '请勿重复提问' })]);
  });
});

describe('GET /api/v1/expo/:exhibitionId/consults (public)', () => {
  it('shows only approved, answered, public and shown questions, and never who asked', async () => {
    const base = { auditState: AuditState.Approved, isPublic: true, answer: '九点开门', answeredAt: new Date(), contactName: '张三', contactPhone: '13900000001', contactEmail: 'z@example.com' };
    const shown = await insertConsult(base);
    const hidden = await insertConsult({ ...base, isShow: false });
    const privateOne = await insertConsult({ ...base, isPublic: false });
    const unanswered = await insertConsult({ ...base, answer: null, answeredAt: null });
    const pending = await insertConsult({ ...base, auditState: AuditState.Pending });
    const res = await call(null, 'GET', expo('?pageSize=50'));
    expect(res.statusCode).toBe(200);
    const ids = json(res).data.items.map((c: { id: string }) => c.id);
    expect(ids).toContain(shown.id);
    for (const c of [hidden, privateOne, unanswered, pending]) expect(ids).not.toContain(c.id);
    expect(res.body).not.toMatch(/张三|13900000001|z@example\.com|userId|contact/);
  });
});

describe('POST /api/v3/consult/page', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/consult/page', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/consult/page', payload: { exhibitionId: c.other.exhibitionId } }) },
  });

  it('filters by keyword, category, answered, audit state and date; another host’s never appear', async () => {
    const a = await insertConsult({ question: '独特的票务问题', category: 'tickets', answer: '已回复', answeredAt: new Date(), auditState: AuditState.Approved });
    const page = (body: object) => call('host', 'POST', '/api/v3/consult/page', { exhibitionId: exh(), pageSize: 100, ...body }).then((r) => json(r).data);
    expect((await page({ keyword: '独特的票务' })).items.map((c: { id: string }) => c.id)).toEqual([a.id]);
    expect((await page({ category: 'tickets', answered: true, auditState: 1 })).items.map((c: { id: string }) => c.id)).toContain(a.id);
    expect((await page({ answered: false })).items.map((c: { id: string }) => c.id)).not.toContain(a.id);
    expect((await page({ createdTo: new Date(Date.now() - 86_400_000).toISOString() })).items).toEqual([]);
    expect((await page({})).items.map((c: { id: string }) => c.id)).not.toContain(foreign.id);
  });
});

describe('GET /api/v3/consult', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v3/consult?id=${mine.id}` }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'GET', url: `/api/v3/consult?id=${foreign.id}` }) },
  });
});

describe('PUT /api/v3/consult/answer', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: '/api/v3/consult/answer', payload: { id: mine.id, answer: `您好，开幕时间为九点。${++seq}` } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: '/api/v3/consult/answer', payload: { id: foreign.id, answer: '别处' } }) },
  });

  it('records who answered and when, and tells the visitor through the outbox', async () => {
    const v = await newVisitor(ctx);
    const q = json(await ctx.app.inject({ method: 'POST', url: expo(), payload: { question: '请问有没有寄存处？', isPublic: true }, headers: bearer(v.token) })).data;
    const empty = await call('host', 'PUT', '/api/v3/consult/answer', { id: q.id, answer: '  ' }, { 'accept-language': 'en' });
    expect(json(empty).errors).toEqual([expect.objectContaining({ field: 'answer' })]);
    const res = json(await call('host', 'PUT', '/api/v3/consult/answer', { id: q.id, answer: '有的，在南门。' })).data;
    expect(res).toMatchObject({ answer: '有的，在南门。', answeredAt: expect.any(String), answeredBy: expect.any(String) });
    const sent = await ctx.db.select().from(messageOutbox);
    expect(sent.some((s) => s.body.includes('主办方已回复您的咨询'))).toBe(true);
    const mineList = json(await ctx.app.inject({ method: 'GET', url: expo('/mine'), headers: bearer(v.token) })).data;
    expect(mineList.items[0]).toMatchObject({ id: q.id, answer: '有的，在南门。' });
  });
});

describe('PUT /api/v3/consult/show', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: '/api/v3/consult/show', payload: { id: mine.id, isShow: true } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: '/api/v3/consult/show', payload: { id: foreign.id, isShow: false } }) },
  });

  it('hides an approved, answered, public question from the public page', async () => {
    const c = await insertConsult({ auditState: AuditState.Approved, isPublic: true, answer: '可以', answeredAt: new Date() });
    const ids = async () => json(await call(null, 'GET', expo('?pageSize=100'))).data.items.map((x: { id: string }) => x.id);
    expect(await ids()).toContain(c.id);
    expect(json(await call('host', 'PUT', '/api/v3/consult/show', { id: c.id, isShow: false })).data.isShow).toBe(false);
    expect(await ids()).not.toContain(c.id);
  });
});

describe('DELETE /api/v3/consult', () => {
  let target: { id: string };
  beforeAll(async () => {
    target = await insertConsult();
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v3/consult?id=${target.id}` }),
    allowed: ['host'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v3/consult?id=${foreign.id}` }) },
  });

  it('is gone from the host’s list and a second delete is a 404', async () => {
    const c = await insertConsult();
    expect((await call('host', 'DELETE', `/api/v3/consult?id=${c.id}`)).statusCode).toBe(200);
    expect((await call('host', 'GET', `/api/v3/consult?id=${c.id}`)).statusCode).toBe(404);
    expect((await call('host', 'DELETE', `/api/v3/consult?id=${c.id}`)).statusCode).toBe(404);
  });
});

describe('audit through the shared queue', () => {
  it('approval makes an answered public question eligible for the public page; rejection keeps it out with its reason', async () => {
    const v = await newVisitor(ctx);
    const ask = (question: string) => ctx.app.inject({ method: 'POST', url: expo(), payload: { question, isPublic: true }, headers: bearer(v.token) }).then((r) => json(r).data);
    const good = await ask('请问地铁怎么到？');
    const bad = await ask('请问能打折吗？？');
    const queue = json(await call('host', 'POST', '/api/Audit/GetAuditList', { type: 'consult', state: 0, exhibitionId: exh(), pageSize: 100 }));
    expect(queue.data.items.map((i: { targetId: string }) => i.targetId)).toEqual(expect.arrayContaining([good.id, bad.id]));
    expect((await call('host', 'POST', '/api/Audit/Audit', { ids: [await recordOf(good.id)], approve: true })).statusCode).toBe(200);
    expect((await call('host', 'POST', '/api/Audit/Audit', { ids: [await recordOf(bad.id)], approve: false, reason: '与展会无关' })).statusCode).toBe(200);
    for (const q of [good, bad]) expect((await call('host', 'PUT', '/api/v3/consult/answer', { id: q.id, answer: '请看交通指南。' })).statusCode).toBe(200);
    const ids = json(await call(null, 'GET', expo('?pageSize=100'))).data.items.map((x: { id: string }) => x.id);
    expect(ids).toContain(good.id);
    expect(ids).not.toContain(bad.id);
    const list = json(await ctx.app.inject({ method: 'GET', url: expo('/mine'), headers: bearer(v.token) })).data.items;
    expect(list.find((x: { id: string }) => x.id === bad.id)).toMatchObject({ auditState: AuditState.Rejected, auditReason: '与展会无关', answer: '请看交通指南。' });
  });
});

describe('POST /api/v3/consult/export', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/consult/export', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/consult/export', payload: { exhibitionId: c.other.exhibitionId } }) },
  });

  it('writes the exhibition’s questions of the filter to an xlsx', async () => {
    const worker = await startJobWorker(ctx.app, { pollMs: 100 });
    try {
      await insertConsult({ question: '导出专用的问题', category: 'tickets', contactName: '赵六' });
      const job = json(await call('host', 'POST', '/api/v3/consult/export', { exhibitionId: exh(), keyword: '导出专用' })).data;
      expect(job).toMatchObject({ type: JobType.ConsultExport });
      let done;
      for (let i = 0; i < 200; i++) {
        done = json(await call('host', 'GET', `/api/v3/backgroundjob?id=${job.id}`)).data;
        if (done.state === 'succeeded' || done.state === 'failed') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(done.state, JSON.stringify(done)).toBe('succeeded');
      expect(done).toMatchObject({ result: { rows: 1 } });
      const file = await call('host', 'GET', `/api/v3/backgroundjob/download?id=${job.id}&file=output`);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.rawPayload as never);
      const rows = wb.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
      expect(rows).toHaveLength(2);
      expect(rows[1]!.slice(2, 5)).toEqual(['门票', '导出专用的问题', '赵六']);
    } finally {
      await worker.stop();
    }
  });
});
