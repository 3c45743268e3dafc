import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditState, ErrorCode, JobType } from '@pavilion/contract';
import { auditRecord } from '../src/audit/tables.ts';
import { supplyDemand, supplyDemandComment } from '../src/modules/supplydemand/tables.ts';
import { member } from '../src/modules/member/tables.ts';
import { messageOutbox } from '../src/messaging/tables.ts';
import { backgroundJob } from '../src/jobs/tables.ts';
import { exhibition } from '../src/modules/exhibition/tables.ts';
import { startJobWorker } from '../src/modules/backgroundjob/worker.ts';
import { bearer, createTestContext, json, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { exhibitorIdOf, newVisitor } from './activity-fixtures.ts';
import { caller, setSettings } from './live-fixtures.ts';

let ctx: TestContext;
const get = () => ctx;
const call = caller(get);
const exh = () => ctx.demo.exhibitionId;
let exhibitorId: string;
let exhibitor2Id: string;
let seq = 0;

/** A post written directly: the exhibitor's, approved and shown, unless told otherwise. */
async function insertPost(values: Partial<typeof supplyDemand.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(supplyDemand)
    .values({ exhibitionId: exh(), exhibitorId, kind: 'supply', title: `供应 ${++seq}`, description: '描述', auditState: AuditState.Approved, ...values })
    .returning();
  return row!;
}
async function insertComment(postId: string, values: Partial<typeof supplyDemandComment.$inferInsert> = {}) {
  const [post] = await ctx.db.select().from(supplyDemand).where(eq(supplyDemand.id, postId));
  const [row] = await ctx.db
    .insert(supplyDemandComment)
    .values({ supplyDemandId: postId, exhibitionId: post!.exhibitionId, authorName: '观众', content: `评论 ${++seq}`, ...values })
    .returning();
  return row!;
}
const foreignPost = () => insertPost({ exhibitionId: ctx.other.exhibitionId, exhibitorId: ctx.other.exhibitorId });
const postRow = async (id: string) => (await ctx.db.select().from(supplyDemand).where(eq(supplyDemand.id, id)))[0]!;
const recordOf = async (targetId: string) => (await ctx.db.select().from(auditRecord).where(and(eq(auditRecord.type, 'supplydemand'), eq(auditRecord.targetId, targetId))))[0];

let post: { id: string };
let foreign: { id: string };
let foreignComment: { id: string };

beforeAll(async () => {
  ctx = await createTestContext();
  exhibitorId = await exhibitorIdOf(ctx, 'exhibitor');
  exhibitor2Id = await exhibitorIdOf(ctx, 'exhibitor2');
  post = await insertPost();
  foreign = await foreignPost();
  foreignComment = await insertComment(foreign.id);
});
afterAll(() => ctx?.close());

const body = { kind: 'supply', title: '批量供应展架', description: '可定制尺寸' };

describe('POST /api/v3/supplydemand', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/supplydemand', payload: { ...body, exhibitionId: c.demo.exhibitionId } }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/supplydemand', payload: { ...body, exhibitionId: c.other.exhibitionId } }) },
  });

  it('needs a selected type and a description: field errors on kind and description, in the caller’s language', async () => {
    const res = await call('exhibitor', 'POST', '/api/v3/supplydemand', { title: '无类型' }, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    const fields = (json(res).errors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['kind', 'description']));
    const zh = await call('exhibitor', 'POST', '/api/v3/supplydemand', { kind: 'supply', title: '无描述', description: '  ' });
    expect(json(zh).errors).toEqual([expect.objectContaining({ field: 'description' })]);
  });

  it('publishes an exhibitor’s post at once while the audit switch is off; the host’s is always approved', async () => {
    const mine = json(await call('exhibitor', 'POST', '/api/v3/supplydemand', body)).data;
    expect(mine).toMatchObject({ exhibitorId, author: 'exhibitor', authorName: expect.any(String), auditState: AuditState.Approved, kind: 'supply' });
    const hosts = json(await call('host', 'POST', '/api/v3/supplydemand', { ...body, kind: 'demand', exhibitionId: exh() })).data;
    expect(hosts).toMatchObject({ exhibitorId: null, author: 'host', auditState: AuditState.Approved });
  });

  it('sends an exhibitor’s post and its later edit to the host’s queue while the switch is on; the host approves or rejects with a reason', async () => {
    await setSettings(ctx, { enabledAuditAppointmentSupplyDemand: true });
    try {
      const mine = json(await call('exhibitor', 'POST', '/api/v3/supplydemand', body)).data;
      expect(mine.auditState).toBe(AuditState.Pending);
      expect((await recordOf(mine.id))?.state).toBe(AuditState.Pending);
      const pending = json(await call('host', 'POST', '/api/v3/supplydemand/page', { exhibitionId: exh(), auditState: AuditState.Pending })).data;
      expect(pending.items.map((p: { id: string }) => p.id)).toContain(mine.id);
      const noReason = await call('host', 'POST', '/api/v3/supplydemand/audit', { ids: [mine.id], auditState: 2 });
      expect(json(noReason).errors).toEqual([expect.objectContaining({ field: 'reason' })]);
      const rejected = json(await call('host', 'POST', '/api/v3/supplydemand/audit', { ids: [mine.id], auditState: 2, reason: '信息不全' })).data;
      expect(rejected.items[0]).toMatchObject({ auditState: AuditState.Rejected, auditReason: '信息不全' });
      const edited = json(await call('exhibitor', 'PUT', `/api/v3/supplydemand/patch?id=${mine.id}`, { description: '补充了尺寸' })).data;
      expect(edited.auditState).toBe(AuditState.Pending);
      const approved = json(await call('host', 'POST', '/api/v3/supplydemand/audit', { ids: [mine.id], auditState: 1 })).data;
      expect(approved).toMatchObject({ decided: 1, items: [expect.objectContaining({ auditState: AuditState.Approved })] });
      expect(json(await call('host', 'POST', '/api/v3/supplydemand/audit', { ids: [mine.id], auditState: 1 })).code).toBe(ErrorCode.AuditNotPending);
      await setSettings(ctx, { enabledAutoAuditSupplyDemand: true });
      expect(json(await call('exhibitor', 'POST', '/api/v3/supplydemand', body)).data.auditState).toBe(AuditState.Approved);
    } finally {
      await setSettings(ctx, { enabledAuditAppointmentSupplyDemand: false, enabledAutoAuditSupplyDemand: false });
    }
  });

  it('refuses writes while enabledSupplyDemand is off (403 4170) and without the business feature (403 4019)', async () => {
    await setSettings(ctx, { enabledSupplyDemand: false });
    try {
      const res = await call('exhibitor', 'POST', '/api/v3/supplydemand', body);
      expect(res.statusCode).toBe(403);
      expect(json(res).code).toBe(ErrorCode.SupplyDemandOff);
      expect(json(await call(null, 'GET', `/api/v1/expo/${exh()}/supply-demand`)).code).toBe(ErrorCode.SupplyDemandOff);
    } finally {
      await setSettings(ctx, { enabledSupplyDemand: true });
    }
    const gated = await call('host2', 'POST', '/api/v3/supplydemand/page', { exhibitionId: ctx.other.exhibitionId });
    expect(gated.statusCode).toBe(403);
    expect(json(gated).code).toBe(ErrorCode.FeatureNotEnabled);
    expect(json(await call(null, 'GET', `/api/v1/expo/${ctx.other.exhibitionId}/supply-demand`)).code).toBe(ErrorCode.FeatureNotEnabled);
  });

  it('refuses sensitive words in the description and in visitors’ comments (4026, the field named)', async () => {
    const v = await newVisitor(ctx);
    try {
      expect((await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: ['违禁词'] })).statusCode).toBe(200);
      const bad = await call('exhibitor', 'POST', '/api/v3/supplydemand', { ...body, description: '含违禁词的描述' });
      expect(json(bad)).toMatchObject({ code: ErrorCode.SensitiveWord, field: 'description' });
      const c = await ctx.app.inject({ method: 'POST', url: `/api/v1/expo/${exh()}/supply-demand/${post.id}/comments`, payload: { content: '违禁词' }, headers: bearer(v.token) });
      expect(json(c)).toMatchObject({ code: ErrorCode.SensitiveWord, field: 'content' });
    } finally {
      await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: [] });
    }
  });
});

describe('PUT /api/v3/supplydemand/patch', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: `/api/v3/supplydemand/patch?id=${post.id}`, payload: { title: `改 ${++seq}` } }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: `/api/v3/supplydemand/patch?id=${foreign.id}`, payload: { title: '别人的' } }) },
  });
  it("keeps another exhibitor's post from an exhibitor (404)", async () => {
    expect((await call('exhibitor2', 'PUT', `/api/v3/supplydemand/patch?id=${post.id}`, { title: 'x' })).statusCode).toBe(404);
  });
});

describe('GET /api/v3/supplydemand', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v3/supplydemand?id=${post.id}` }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'GET', url: `/api/v3/supplydemand?id=${foreign.id}` }) },
  });
});

describe('POST /api/v3/supplydemand/page', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/supplydemand/page', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/supplydemand/page', payload: { exhibitionId: c.other.exhibitionId } }) },
  });
  it("lists an exhibitor's own posts only, the host's exhibition's all, with filters", async () => {
    const other = await insertPost({ exhibitorId: exhibitor2Id, kind: 'demand', title: '求购灯具', isShow: false });
    const mine = json(await call('exhibitor', 'POST', '/api/v3/supplydemand/page', { pageSize: 1000 })).data;
    expect(mine.items.every((p: { exhibitorId: string }) => p.exhibitorId === exhibitorId)).toBe(true);
    const all = json(await call('host', 'POST', '/api/v3/supplydemand/page', { exhibitionId: exh(), kind: 'demand', isShow: false, keyword: '灯具' })).data;
    expect(all.items.map((p: { id: string }) => p.id)).toEqual([other.id]);
  });
});

describe('POST /api/v3/supplydemand/audit', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 8; i++) ids.push((await insertPost({ auditState: AuditState.Pending })).id);
    const [e] = await ctx.db.select({ hostId: exhibition.hostId }).from(exhibition).where(eq(exhibition.id, exh()));
    for (const id of ids) await ctx.db.insert(auditRecord).values({ type: 'supplydemand', targetId: id, exhibitionId: exh(), hostId: e!.hostId, exhibitorId, state: AuditState.Pending });
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/supplydemand/audit', payload: { ids: [ids.pop()], auditState: 1 } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v3/supplydemand/audit', payload: { ids: [foreign.id], auditState: 1 } }) },
  });
});

describe('PUT /api/v3/supplydemand/show', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: '/api/v3/supplydemand/show', payload: { id: post.id, isShow: seq++ % 2 === 0 } }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: '/api/v3/supplydemand/show', payload: { id: foreign.id, isShow: false } }) },
  });
});

describe('DELETE /api/v3/supplydemand', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 8; i++) ids.push((await insertPost()).id);
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v3/supplydemand?id=${ids.pop()}` }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v3/supplydemand?id=${foreign.id}` }) },
  });
  it('deletes softly; a pending post leaves the queue', async () => {
    await setSettings(ctx, { enabledAuditAppointmentSupplyDemand: true });
    try {
      const p = json(await call('exhibitor', 'POST', '/api/v3/supplydemand', body)).data;
      expect((await call('exhibitor', 'DELETE', `/api/v3/supplydemand?id=${p.id}`)).statusCode).toBe(200);
      expect((await postRow(p.id)).deletedAt).not.toBeNull();
      expect((await recordOf(p.id))?.state).not.toBe(AuditState.Pending);
      expect((await call('exhibitor', 'GET', `/api/v3/supplydemand?id=${p.id}`)).statusCode).toBe(404);
    } finally {
      await setSettings(ctx, { enabledAuditAppointmentSupplyDemand: false });
    }
  });
});

describe('DELETE /api/v3/supplydemand/host', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 8; i++) ids.push((await insertPost()).id);
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v3/supplydemand/host?id=${ids.pop()}` }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v3/supplydemand/host?id=${foreign.id}` }) },
  });
});

describe('comments (back office)', () => {
  describe('POST /api/v3/supplydemand/comments/page', () => {
    routeSecurity(get, {
      request: (c) => ({ method: 'POST', url: '/api/v3/supplydemand/comments/page', payload: { exhibitionId: c.demo.exhibitionId } }),
      allowed: ['host', 'exhibitor', 'admin'],
      denied: ['visitor'],
      otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v3/supplydemand/comments/page', payload: { supplyDemandId: foreign.id } }) },
    });
  });
  describe('POST /api/v3/supplydemand/comments', () => {
    routeSecurity(get, {
      request: () => ({ method: 'POST', url: '/api/v3/supplydemand/comments', payload: { supplyDemandId: post.id, content: '欢迎来电' } }),
      allowed: ['exhibitor'],
      denied: ['host', 'admin', 'visitor'],
      otherTenant: { as: 'exhibitor', request: () => ({ method: 'POST', url: '/api/v3/supplydemand/comments', payload: { supplyDemandId: foreign.id, content: '你好' } }) },
    });
  });
  describe('PUT /api/v3/supplydemand/comments/show', () => {
    let c: { id: string };
    beforeAll(async () => {
      c = await insertComment(post.id);
    });
    routeSecurity(get, {
      request: () => ({ method: 'PUT', url: '/api/v3/supplydemand/comments/show', payload: { id: c.id, isShow: seq++ % 2 === 0 } }),
      allowed: ['host', 'admin'],
      denied: ['exhibitor', 'visitor'],
      otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: '/api/v3/supplydemand/comments/show', payload: { id: foreignComment.id, isShow: false } }) },
    });
  });
  describe('DELETE /api/v3/supplydemand/comments', () => {
    const ids: string[] = [];
    beforeAll(async () => {
      for (let i = 0; i < 8; i++) ids.push((await insertComment(post.id)).id);
    });
    routeSecurity(get, {
      request: () => ({ method: 'DELETE', url: `/api/v3/supplydemand/comments?id=${ids.pop()}` }),
      allowed: ['host', 'admin'],
      denied: ['exhibitor', 'visitor'],
      otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v3/supplydemand/comments?id=${foreignComment.id}` }) },
    });
  });

  it('lists an exhibitor’s comments on its own posts only; hiding and deleting recount the post’s comments', async () => {
    const p = await insertPost();
    const other = await insertPost({ exhibitorId: exhibitor2Id });
    const answer = json(await call('exhibitor', 'POST', '/api/v3/supplydemand/comments', { supplyDemandId: p.id, content: '欢迎咨询' })).data;
    expect(answer).toMatchObject({ author: 'exhibitor', authorName: expect.any(String), postTitle: p.title });
    const c2 = await insertComment(other.id);
    expect((await call('exhibitor', 'POST', '/api/v3/supplydemand/comments', { supplyDemandId: other.id, content: 'x' })).statusCode).toBe(404);
    const mine = json(await call('exhibitor', 'POST', '/api/v3/supplydemand/comments/page', { pageSize: 1000 })).data;
    expect(mine.items.map((c: { id: string }) => c.id)).toContain(answer.id);
    expect(mine.items.map((c: { id: string }) => c.id)).not.toContain(c2.id);
    expect((await postRow(p.id)).commentCount).toBe(1);
    await call('host', 'PUT', '/api/v3/supplydemand/comments/show', { id: answer.id, isShow: false });
    expect((await postRow(p.id)).commentCount).toBe(0);
    const hidden = json(await call('host', 'POST', '/api/v3/supplydemand/comments/page', { supplyDemandId: p.id, isShow: false })).data;
    expect(hidden.items.map((c: { id: string }) => c.id)).toEqual([answer.id]);
    await call('host', 'DELETE', `/api/v3/supplydemand/comments?id=${answer.id}`);
    expect(json(await call('host', 'POST', '/api/v3/supplydemand/comments/page', { supplyDemandId: p.id })).data.totalCount).toBe(0);
  });
});

describe('POST /api/v3/supplydemand/export', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/supplydemand/export', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/supplydemand/export', payload: { exhibitionId: c.other.exhibitionId } }) },
  });
  it('writes the exhibition’s posts of the filter to an xlsx, with progress', async () => {
    const worker = await startJobWorker(ctx.app, { pollMs: 100 });
    try {
      await insertPost({ kind: 'demand', title: '导出专用求购', description: '导出描述' });
      const job = json(await call('host', 'POST', '/api/v3/supplydemand/export', { exhibitionId: exh(), kind: 'demand', keyword: '导出专用' })).data;
      expect(job).toMatchObject({ type: JobType.SupplyDemandExport });
      const [row] = await ctx.db.select().from(backgroundJob).where(eq(backgroundJob.id, job.id));
      expect(row!.params).toMatchObject({ exhibitionId: exh(), kind: 'demand' });
      let done;
      for (let i = 0; i < 200; i++) {
        done = json(await call('host', 'GET', `/api/v3/backgroundjob?id=${job.id}`)).data;
        if (done.state === 'succeeded' || done.state === 'failed') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(done.state, JSON.stringify(done)).toBe('succeeded');
      expect(done).toMatchObject({ progress: 100, result: { rows: 1 } });
      const file = await call('host', 'GET', `/api/v3/backgroundjob/download?id=${job.id}&file=output`);
      expect(file.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.rawPayload as never);
      const rows = wb.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
      expect(rows).toHaveLength(2);
      expect(rows[1]!.slice(0, 3)).toEqual(['需求', '导出专用求购', '导出描述']);
    } finally {
      await worker.stop();
    }
  });
});

describe('visitor site', () => {
  const board = (rest = '', exhibitionId = exh()) => `/api/v1/expo/${exhibitionId}/supply-demand${rest}`;

  describe('POST /api/v1/expo/:exhibitionId/supply-demand', () => {
    routeSecurity(get, {
      request: () => ({ method: 'POST', url: board(), payload: { kind: 'demand', title: `求购 ${++seq}`, description: '求购展台灯光' } }),
      allowed: ['visitor'],
      denied: ['host', 'exhibitor', 'admin'],
      otherTenant: { as: 'visitor', request: (c) => ({ method: 'POST', url: board('', c.other.exhibitionId), payload: { kind: 'demand', title: '别处', description: '别处' } }) },
    });
  });
  describe('POST /api/v1/expo/:exhibitionId/supply-demand/:id/comments', () => {
    let open: { id: string };
    beforeAll(async () => {
      open = await insertPost({ title: '公开供应' });
    });
    routeSecurity(get, {
      request: () => ({ method: 'POST', url: board(`/${open.id}/comments`), payload: { content: `请联系我 ${++seq}` } }),
      allowed: ['visitor'],
      denied: ['host', 'exhibitor', 'admin'],
      otherTenant: { as: 'visitor', request: (c) => ({ method: 'POST', url: board(`/${foreign.id}/comments`, c.other.exhibitionId), payload: { content: '你好' } }) },
    });
  });

  it('shows approved, shown, unexpired posts, filtered by kind and keyword; a post page counts a view and shows shown comments', async () => {
    await ctx.db.update(supplyDemand).set({ isShow: true }).where(eq(supplyDemand.id, post.id));
    const pending = await insertPost({ auditState: AuditState.Pending, title: '待审' });
    const hidden = await insertPost({ isShow: false, title: '隐藏' });
    const expired = await insertPost({ validUntil: new Date(Date.now() - 60_000), title: '过期' });
    const shown = await insertPost({ kind: 'demand', title: '求购展柜独特词', validUntil: new Date(Date.now() + 86_400_000) });
    const all = json(await call(null, 'GET', board('?pageSize=50'))).data.items.map((p: { id: string }) => p.id);
    expect(all).toContain(shown.id);
    for (const p of [pending, hidden, expired]) expect(all).not.toContain(p.id);
    const found = json(await call(null, 'GET', board(`?kind=demand&keyword=${encodeURIComponent('独特词')}`))).data;
    expect(found.items.map((p: { id: string }) => p.id)).toEqual([shown.id]);
    expect(json(await call(null, 'GET', board('?kind=supply&keyword=' + encodeURIComponent('独特词')))).data.totalCount).toBe(0);
    await insertComment(shown.id, { content: '可见' });
    await insertComment(shown.id, { content: '不可见', isShow: false });
    const detail = json(await call(null, 'GET', board(`/${shown.id}`))).data;
    expect(detail.comments.map((c: { content: string }) => c.content)).toEqual(['可见']);
    expect((await postRow(shown.id)).viewCount).toBe(1);
    expect((await call(null, 'GET', board(`/${pending.id}`))).statusCode).toBe(404);
    expect((await call(null, 'GET', board(`/${foreign.id}`))).statusCode).toBe(404);
  });

  it('takes an approved visitor’s post (to the queue while the switch is on) and comment; refuses a pending registration and sensitive words', async () => {
    const v = await newVisitor(ctx, { name: '李观众' });
    await setSettings(ctx, { enabledAuditAppointmentSupplyDemand: true });
    try {
      const res = await ctx.app.inject({ method: 'POST', url: board(), payload: { kind: 'demand', title: '求购', description: '求购折叠椅' }, headers: bearer(v.token) });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res).data).toMatchObject({ author: 'visitor', authorName: '李观众', auditState: AuditState.Pending });
      const hostView = json(await call('host', 'GET', `/api/v3/supplydemand?id=${json(res).data.id}`)).data;
      expect(hostView).toMatchObject({ author: 'visitor', exhibitorId: null });
    } finally {
      await setSettings(ctx, { enabledAuditAppointmentSupplyDemand: false });
    }
    const c = await ctx.app.inject({ method: 'POST', url: board(`/${post.id}/comments`), payload: { content: '价格多少？' }, headers: bearer(v.token) });
    expect(json(c).data).toMatchObject({ author: 'visitor', authorName: '李观众', content: '价格多少？' });
    const back = json(await call('host', 'POST', '/api/v3/supplydemand/comments/page', { supplyDemandId: post.id, keyword: '价格多少' })).data;
    expect(back.totalCount).toBe(1);
    const waiting = await newVisitor(ctx, { auditState: AuditState.Pending });
    expect((await ctx.app.inject({ method: 'POST', url: board(`/${post.id}/comments`), payload: { content: '你好' }, headers: bearer(waiting.token) })).statusCode).toBe(403);
    const missing = await ctx.app.inject({ method: 'POST', url: board(), payload: { title: '无类型' }, headers: bearer(v.token) });
    expect((json(missing).errors as { field: string }[]).map((e) => e.field)).toEqual(expect.arrayContaining(['kind', 'description']));
  });

  it("tells a post's author of a visitor's comment through the outbox: an exhibitor's notice contacts while its notice switch is on, a visitor author its registration's; never of its own comment", async () => {
    const outbox = async (recipient: string) => (await ctx.db.select().from(messageOutbox).where(eq(messageOutbox.recipient, recipient))).map((m) => m.body);
    const comment = (postId: string, token: string, content: string) => ctx.app.inject({ method: 'POST', url: board(`/${postId}/comments`), payload: { content }, headers: bearer(token) });
    const commenter = await newVisitor(ctx, { name: '评论观众' });
    const settings = `/api/v1/settings/exhibitor/patch?exhibitorId=${exhibitorId}`;
    const own = await insertPost({ title: `通知供应 ${++seq}` });
    await call('exhibitor', 'PUT', settings, { noticePhoneNumber: '13700000077', enabledEnquiryNotice: true });
    try {
      expect((await comment(own.id, commenter.token, '能否寄样？')).statusCode).toBe(200);
      expect((await outbox('13700000077')).filter((b) => b.includes(own.title) && b.includes('评论观众'))).toHaveLength(1);
      await call('exhibitor', 'PUT', settings, { enabledEnquiryNotice: false });
      await comment(own.id, commenter.token, '再问一次');
      expect((await outbox('13700000077')).filter((b) => b.includes(own.title))).toHaveLength(1);
    } finally {
      await call('exhibitor', 'PUT', settings, { enabledEnquiryNotice: true });
    }

    const author = await newVisitor(ctx, { name: '发帖观众' });
    const [reg] = await ctx.db.select().from(member).where(and(eq(member.userId, author.userId), eq(member.exhibitionId, exh())));
    const theirs = await insertPost({ exhibitorId: null, userId: author.userId, kind: 'demand', title: `求购通知 ${++seq}` });
    expect((await comment(theirs.id, commenter.token, '我们有货')).statusCode).toBe(200);
    expect((await outbox(reg!.phoneNumber!)).filter((b) => b.includes(theirs.title))).toHaveLength(1);
    expect((await outbox(author.email)).filter((b) => b.includes(theirs.title))).toHaveLength(1);
    await comment(theirs.id, author.token, '谢谢，已联系');
    expect((await outbox(reg!.phoneNumber!)).filter((b) => b.includes(theirs.title))).toHaveLength(1);
  });
});
