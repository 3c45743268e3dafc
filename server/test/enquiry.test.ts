import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditState, ErrorCode } from '@pavilion/contract';
import { messageOutbox } from '../src/messaging/tables.ts';
import { enquiry } from '../src/modules/enquiry/tables.ts';
import { enquiryCounts, previewBusinesses } from '../src/modules/enquiry/preview.ts';
import { livePushProduct } from '../src/modules/live/tables.ts';
import { startJobWorker } from '../src/modules/backgroundjob/worker.ts';
import { bearer, createTestContext, json, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { exhibitorIdOf, newVisitor } from './activity-fixtures.ts';
import { caller, insertProduct, insertRoom, setSettings } from './live-fixtures.ts';

let ctx: TestContext;
const get = () => ctx;
const call = caller(get);
let exhibitorId: string;
let exhibitor2Id: string;
let productId: string;
const url = (exhibitionId = ctx.demo.exhibitionId) => `/api/v1/expo/${exhibitionId}/enquiries`;
const send = (token: string, payload: object, exhibitionId?: string) => ctx.app.inject({ method: 'POST', url: url(exhibitionId), payload, headers: bearer(token) });

/** An enquiry written directly (approved, shared contact), of the demo exhibitor unless told. */
async function insertEnquiry(values: Partial<typeof enquiry.$inferInsert> = {}) {
  const v = values.userId ? null : await newVisitor(ctx);
  const [row] = await ctx.db
    .insert(enquiry)
    .values({
      exhibitionId: ctx.demo.exhibitionId,
      exhibitorId,
      userId: v?.userId ?? values.userId!,
      source: 'booth',
      content: '请问贵司产品价格？',
      shareContact: true,
      contactName: '王先生',
      contactPhone: '13900000000',
      auditState: AuditState.Approved,
      ...values,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  ctx = await createTestContext();
  exhibitorId = await exhibitorIdOf(ctx, 'exhibitor');
  exhibitor2Id = await exhibitorIdOf(ctx, 'exhibitor2');
  productId = (await insertProduct(ctx, exhibitorId, { name: '云展示屏' })).id;
});
afterAll(() => ctx?.close());

describe('POST /api/v1/expo/:exhibitionId/enquiries', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: url(c.demo.exhibitionId), payload: { exhibitorId, content: '安全用例', shareContact: false } }),
    allowed: ['visitor'],
    denied: ['host', 'exhibitor', 'admin'],
    otherTenant: { as: 'visitor', request: (c) => ({ method: 'POST', url: url(c.other.exhibitionId), payload: { exhibitorId: c.other.exhibitorId, content: '别处', shareContact: false } }) },
  });

  it('derives the source, copies the contact only when shared, and notifies the exhibitor', async () => {
    await call('exhibitor', 'PUT', `/api/v1/settings/exhibitor/patch?exhibitorId=${exhibitorId}`, { noticePhoneNumber: '13700000001', enabledEnquiryNotice: true });
    const v = await newVisitor(ctx, { name: '李买家' });
    const before = await ctx.db.$count(messageOutbox, eq(messageOutbox.recipient, '13700000001'));
    const res = await send(v.token, { exhibitorId, productId, content: '想了解云展示屏的批发价', isSample: true, shareContact: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ source: 'product', productName: '云展示屏', isSample: true, state: 'new', auditState: AuditState.Approved, reply: null });
    const [row] = await ctx.db.select().from(enquiry).where(eq(enquiry.id, json(res).data.id));
    expect(row).toMatchObject({ contactName: '李买家', contactEmail: v.email, contactCompany: '星河贸易' });
    const booth = json(await send(v.token, { exhibitorId, content: '展位在哪里', shareContact: false })).data;
    expect(booth.source).toBe('booth');
    const [hidden] = await ctx.db.select().from(enquiry).where(eq(enquiry.id, booth.id));
    expect(hidden).toMatchObject({ contactName: null, contactPhone: null, contactEmail: null });
    expect(await ctx.db.$count(messageOutbox, eq(messageOutbox.recipient, '13700000001'))).toBe(before + 2);
    // With the notice switched off nothing is sent.
    await call('exhibitor', 'PUT', `/api/v1/settings/exhibitor/patch?exhibitorId=${exhibitorId}`, { enabledEnquiryNotice: false });
    expect((await send(v.token, { exhibitorId, content: '第三条' })).statusCode).toBe(200);
    expect(await ctx.db.$count(messageOutbox, eq(messageOutbox.recipient, '13700000001'))).toBe(before + 2);
    await call('exhibitor', 'PUT', `/api/v1/settings/exhibitor/patch?exhibitorId=${exhibitorId}`, { enabledEnquiryNotice: true });
  });

  it("refuses another exhibitor's product, a room of another exhibitor, and accepts a host room showing the exhibitor's product", async () => {
    const v = await newVisitor(ctx);
    const other = await insertProduct(ctx, exhibitor2Id);
    const wrong = await send(v.token, { exhibitorId, productId: other.id, content: '错配' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).field).toBe('productId');
    const room2 = await insertRoom(ctx, { exhibitorId: exhibitor2Id });
    expect(json(await send(v.token, { exhibitorId, liveRoomId: room2.id, content: '错配' })).field).toBe('exhibitorId');
    const hostRoom = await insertRoom(ctx);
    expect(json(await send(v.token, { exhibitorId, liveRoomId: hostRoom.id, content: '主办直播' })).field).toBe('exhibitorId');
    await ctx.db.insert(livePushProduct).values({ roomId: hostRoom.id, productId });
    const ok = await send(v.token, { exhibitorId, liveRoomId: hostRoom.id, content: '主办直播里看到的' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).data).toMatchObject({ source: 'live', liveRoomId: hostRoom.id });
    const exRoom = await insertRoom(ctx, { exhibitorId });
    expect(json(await send(v.token, { exhibitorId, liveRoomId: exRoom.id, content: '展商直播' })).data.source).toBe('live');
  });

  it('refuses sensitive words (4026) and a sixth enquiry to one exhibitor within ten minutes (429 4150)', async () => {
    const v = await newVisitor(ctx);
    try {
      expect((await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: ['违禁词'] })).statusCode).toBe(200);
      const bad = await send(v.token, { exhibitorId, content: '这是违禁词' });
      expect(bad.statusCode).toBe(400);
      expect(json(bad)).toMatchObject({ code: ErrorCode.SensitiveWord, field: 'content' });
    } finally {
      await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: [] });
    }
    for (let i = 0; i < 5; i++) expect((await send(v.token, { exhibitorId, content: `第${i}条` })).statusCode).toBe(200);
    const sixth = await send(v.token, { exhibitorId, content: '第六条' });
    expect(sixth.statusCode).toBe(429);
    expect(json(sixth).code).toBe(ErrorCode.EnquiryTooFrequent);
    expect(sixth.headers['retry-after']).toBeDefined();
    // Another exhibitor is a separate count.
    expect((await send(v.token, { exhibitorId: exhibitor2Id, content: '另一家' })).statusCode).toBe(200);
  });

  it('waits for the host when the NewEnquiry (or Sample) audit switch is on; the exhibitor sees it once approved', async () => {
    const v = await newVisitor(ctx);
    try {
      await setSettings(ctx, { enabledAuditAppointmentSample: true });
      const plain = json(await send(v.token, { exhibitorId, content: '普通询盘' })).data;
      expect(plain.auditState).toBe(AuditState.Approved);
      const sample = json(await send(v.token, { exhibitorId, content: '申请样品', isSample: true })).data;
      expect(sample.auditState).toBe(AuditState.Pending);
      expect((await call('exhibitor', 'GET', `/api/v3/enquiry?id=${sample.id}`)).statusCode).toBe(404);
      expect((await call('host', 'GET', `/api/v3/enquiry?id=${sample.id}`)).statusCode).toBe(200);
      const queue = json(await call('host', 'POST', '/api/Audit/GetAuditList', { exhibitionId: ctx.demo.exhibitionId, type: 'enquiry' }));
      const item = (queue.data.items as { id: string; targetId: string }[]).find((i) => i.targetId === sample.id);
      expect(item).toBeDefined();
      const decided = await call('host', 'POST', '/api/Audit/Audit', { ids: [item!.id], approve: true });
      expect(decided.statusCode, decided.body).toBe(200);
      expect((await call('exhibitor', 'GET', `/api/v3/enquiry?id=${sample.id}`)).statusCode).toBe(200);
      await setSettings(ctx, { enabledAuditAppointmentSample: false, enabledAuditAppointmentNewEnquiry: true });
      expect(json(await send(v.token, { exhibitorId, content: '也要审核' })).data.auditState).toBe(AuditState.Pending);
    } finally {
      await setSettings(ctx, { enabledAuditAppointmentSample: false, enabledAuditAppointmentNewEnquiry: false });
    }
  });

  it('refuses a visitor whose registration is not approved (403)', async () => {
    const v = await newVisitor(ctx, { auditState: AuditState.Pending });
    expect((await send(v.token, { exhibitorId, content: '未审核' })).statusCode).toBe(403);
  });
});

describe('GET /api/v1/expo/:exhibitionId/enquiries/mine', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `${url(c.demo.exhibitionId)}/mine` }),
    allowed: ['visitor'],
    denied: ['host', 'exhibitor', 'admin'],
    otherTenant: { as: 'visitor', request: (c) => ({ method: 'GET', url: `${url(c.other.exhibitionId)}/mine` }) },
  });

  it("lists the visitor's own, newest first, with the exhibitor's reply", async () => {
    const v = await newVisitor(ctx);
    const first = json(await send(v.token, { exhibitorId, content: '第一问' })).data;
    await send(v.token, { exhibitorId: exhibitor2Id, content: '第二问' });
    expect((await call('exhibitor', 'POST', '/api/v3/enquiry/reply', { id: first.id, reply: '您好，已发报价' })).statusCode).toBe(200);
    const mine = json(await ctx.app.inject({ method: 'GET', url: `${url()}/mine`, headers: bearer(v.token) })).data;
    expect(mine.totalCount).toBe(2);
    expect(mine.items[0]).toMatchObject({ content: '第二问' });
    expect(mine.items[1]).toMatchObject({ content: '第一问', state: 'answered', reply: '您好，已发报价', repliedAt: expect.any(String) });
  });
});

describe('POST /api/v3/enquiry/page', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/enquiry/page', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/enquiry/page', payload: { exhibitionId: c.other.exhibitionId } }) },
  });

  it("gives the exhibitor only its own approved ones, the host all; the contact only when shared; filters", async () => {
    const mine = await insertEnquiry({ content: '自己的询盘', source: 'live' });
    const notShared = await insertEnquiry({ content: '不留联系方式', shareContact: false, contactName: '不该出现' });
    const theirs = await insertEnquiry({ exhibitorId: exhibitor2Id, content: '别家的询盘' });
    const pending = await insertEnquiry({ content: '待审询盘', auditState: AuditState.Pending });
    const ex = json(await call('exhibitor', 'POST', '/api/v3/enquiry/page', { pageSize: 1000 })).data.items as { id: string; contactName: string | null; exhibitorId: string }[];
    const ids = ex.map((e) => e.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(ids).not.toContain(pending.id);
    expect(ex.every((e) => e.exhibitorId === exhibitorId)).toBe(true);
    expect(ex.find((e) => e.id === mine.id)!.contactName).toBe('王先生');
    expect(ex.find((e) => e.id === notShared.id)!.contactName).toBeNull();
    // The exhibitor's exhibitorId filter cannot reach another exhibitor.
    expect(json(await call('exhibitor', 'POST', '/api/v3/enquiry/page', { exhibitorId: exhibitor2Id, pageSize: 1000 })).data.items.some((e: { id: string }) => e.id === theirs.id)).toBe(false);
    const host = json(await call('host', 'POST', '/api/v3/enquiry/page', { exhibitionId: ctx.demo.exhibitionId, pageSize: 1000 })).data.items as { id: string; contactName: string | null }[];
    expect(host.map((e) => e.id)).toEqual(expect.arrayContaining([mine.id, theirs.id, pending.id]));
    expect(host.find((e) => e.id === notShared.id)!.contactName).toBeNull();
    const live = json(await call('host', 'POST', '/api/v3/enquiry/page', { exhibitionId: ctx.demo.exhibitionId, source: 'live', pageSize: 1000 })).data.items as { source: string }[];
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((e) => e.source === 'live')).toBe(true);
    const found = json(await call('host', 'POST', '/api/v3/enquiry/page', { exhibitionId: ctx.demo.exhibitionId, keyword: '不该出现' })).data;
    expect(found.totalCount).toBe(0);
    expect(json(await call('host', 'POST', '/api/v3/enquiry/page', { exhibitionId: ctx.demo.exhibitionId, keyword: '别家' })).data.items.map((e: { id: string }) => e.id)).toEqual([theirs.id]);
  });

  it('answers 403 (4019) where the exhibition lacks the enquiry feature', async () => {
    const res = await call('exhibitor3', 'POST', '/api/v3/enquiry/page', {});
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe(ErrorCode.FeatureNotEnabled);
  });
});

describe('GET /api/v3/enquiry', () => {
  let id: string;
  let foreign: string;
  beforeAll(async () => {
    id = (await insertEnquiry()).id;
    const v = await newVisitor(ctx, { exhibitionId: ctx.other.exhibitionId });
    foreign = (await insertEnquiry({ exhibitionId: ctx.other.exhibitionId, exhibitorId: ctx.other.exhibitorId, userId: v.userId })).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v3/enquiry?id=${id}` }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'GET', url: `/api/v3/enquiry?id=${foreign}` }) },
  });

  it('marks a new one read when the exhibitor opens it (not when the host does); another exhibitor gets 404', async () => {
    const e = await insertEnquiry();
    expect(json(await call('host', 'GET', `/api/v3/enquiry?id=${e.id}`)).data.state).toBe('new');
    expect((await call('exhibitor2', 'GET', `/api/v3/enquiry?id=${e.id}`)).statusCode).toBe(404);
    expect(json(await call('exhibitor', 'GET', `/api/v3/enquiry?id=${e.id}`)).data.state).toBe('read');
  });
});

describe('POST /api/v3/enquiry/reply', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/enquiry/reply', payload: { id: ids.pop(), reply: '谢谢关注' } }),
    allowed: ['exhibitor'],
    denied: ['host', 'admin', 'visitor'],
    otherTenant: { as: 'exhibitor2', request: () => ({ method: 'POST', url: '/api/v3/enquiry/reply', payload: { id: ids.pop(), reply: '越权' } }) },
  });
  const ids: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 10; i++) ids.push((await insertEnquiry()).id);
  });

  it('refuses sensitive words and a closed enquiry (409 4151)', async () => {
    const e = await insertEnquiry();
    try {
      await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: ['违禁词'] });
      const bad = await call('exhibitor', 'POST', '/api/v3/enquiry/reply', { id: e.id, reply: '违禁词回复' });
      expect(json(bad)).toMatchObject({ code: ErrorCode.SensitiveWord, field: 'reply' });
    } finally {
      await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: [] });
    }
    expect(json(await call('exhibitor', 'PUT', `/api/v3/enquiry/close?id=${e.id}`)).data.state).toBe('closed');
    const closed = await call('exhibitor', 'POST', '/api/v3/enquiry/reply', { id: e.id, reply: '晚了' });
    expect(closed.statusCode).toBe(409);
    expect(json(closed).code).toBe(ErrorCode.EnquiryClosed);
  });
});

describe('PUT /api/v3/enquiry/close', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 10; i++) ids.push((await insertEnquiry()).id);
  });
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: `/api/v3/enquiry/close?id=${ids.pop()}` }),
    allowed: ['exhibitor'],
    denied: ['host', 'admin', 'visitor'],
    otherTenant: { as: 'exhibitor2', request: () => ({ method: 'PUT', url: `/api/v3/enquiry/close?id=${ids.pop()}` }) },
  });
});

describe('DELETE /api/v3/enquiry', () => {
  const ids: string[] = [];
  let foreign: string;
  beforeAll(async () => {
    for (let i = 0; i < 10; i++) ids.push((await insertEnquiry()).id);
    const v = await newVisitor(ctx, { exhibitionId: ctx.other.exhibitionId });
    foreign = (await insertEnquiry({ exhibitionId: ctx.other.exhibitionId, exhibitorId: ctx.other.exhibitorId, userId: v.userId })).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v3/enquiry?id=${ids.pop()}` }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v3/enquiry?id=${foreign}` }) },
  });

  it('soft-deletes: gone from the lists, kept in the table', async () => {
    const e = await insertEnquiry();
    expect((await call('host', 'DELETE', `/api/v3/enquiry?id=${e.id}`)).statusCode).toBe(200);
    expect((await call('exhibitor', 'GET', `/api/v3/enquiry?id=${e.id}`)).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(enquiry).where(and(eq(enquiry.id, e.id)));
    expect(row!.deletedAt).not.toBeNull();
  });
});

describe('POST /api/v3/enquiry/export', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/enquiry/export', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/enquiry/export', payload: { exhibitionId: c.other.exhibitionId } }) },
  });

  it("exports the exhibitor's own approved rows only, contact columns only where shared", async () => {
    const ExcelJS = (await import('exceljs')).default;
    await insertEnquiry({ content: '导出-自己的', contactName: '导出联系人' });
    await insertEnquiry({ content: '导出-不共享', shareContact: false, contactName: '隐藏联系人' });
    await insertEnquiry({ exhibitorId: exhibitor2Id, content: '导出-别家的' });
    const worker = await startJobWorker(ctx.app);
    try {
      const job = json(await call('exhibitor', 'POST', '/api/v3/enquiry/export', { keyword: '导出' })).data;
      let state = job.state;
      await expect.poll(async () => (state = json(await call('exhibitor', 'GET', `/api/v3/backgroundjob?id=${job.id}`)).data.state), { timeout: 15000 }).toBe('succeeded');
      expect(state).toBe('succeeded');
      expect((await call('exhibitor2', 'GET', `/api/v3/backgroundjob?id=${job.id}`)).statusCode).toBe(404);
      // The host of the exhibition reads the exhibitor's export job as before.
      expect((await call('host', 'GET', `/api/v3/backgroundjob?id=${job.id}`)).statusCode).toBe(200);
      const file = await call('exhibitor', 'GET', `/api/v3/backgroundjob/download?id=${job.id}&file=output`);
      expect(file.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.rawPayload as never);
      const cells = book.worksheets[0]!.getSheetValues().flat().map(String);
      expect(cells).toContain('导出-自己的');
      expect(cells).toContain('导出联系人');
      expect(cells).toContain('导出-不共享');
      expect(cells).not.toContain('隐藏联系人');
      expect(cells).not.toContain('导出-别家的');
    } finally {
      await worker.stop();
    }
  });
});

describe('previewBusinesses and enquiryCounts', () => {
  it('answers the newest approved enquiries per exhibitor, at most n, and the counts', async () => {
    const ids = [exhibitorId, exhibitor2Id];
    const preview = await previewBusinesses(ctx.db, ids, 3);
    expect(preview.get(exhibitorId)!.length).toBe(3);
    expect(preview.get(exhibitorId)![0]).toEqual({ id: expect.any(String), remark: expect.any(String), isSample: expect.any(Boolean) });
    const counts = await enquiryCounts(ctx.db, ids);
    const approved = await ctx.db.$count(enquiry, and(eq(enquiry.exhibitorId, exhibitorId), eq(enquiry.auditState, AuditState.Approved)));
    expect(counts.get(exhibitorId)).toBeLessThanOrEqual(approved);
    expect(counts.get(exhibitorId)).toBeGreaterThan(3);
  });
});
