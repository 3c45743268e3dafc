import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditState, ErrorCode } from '@pavilion/contract';
import { exhibitor } from '../src/modules/exhibitor/tables.ts';
import { topic, topicApplication } from '../src/modules/topic/tables.ts';
import { operationLog } from '../src/oplog/tables.ts';
import { createTestContext, json, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { exhibitorIdOf } from './activity-fixtures.ts';
import { caller, setSettings } from './live-fixtures.ts';

let ctx: TestContext;
const get = () => ctx;
const call = caller(get);
const exh = () => ctx.demo.exhibitionId;
let exhibitorId: string;
let exhibitor2Id: string;
let seq = 0;

async function insertTopic(values: Partial<typeof topic.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(topic)
    .values({ exhibitionId: exh(), kind: 'topic', name: `专题 ${++seq}`, ...values })
    .returning();
  return row!;
}
async function insertApplication(topicId: string, values: Partial<typeof topicApplication.$inferInsert> = {}) {
  const [t] = await ctx.db.select().from(topic).where(eq(topic.id, topicId));
  const [row] = await ctx.db
    .insert(topicApplication)
    .values({ topicId, exhibitionId: t!.exhibitionId, exhibitorId, reason: '理由', auditState: AuditState.Pending, ...values })
    .returning();
  return row!;
}
const foreignTopic = () => insertTopic({ exhibitionId: ctx.other.exhibitionId });
const exhibitorRow = async (id: string) => (await ctx.db.select().from(exhibitor).where(eq(exhibitor.id, id)))[0]!;
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

beforeAll(async () => {
  ctx = await createTestContext();
  exhibitorId = await exhibitorIdOf(ctx, 'exhibitor');
  exhibitor2Id = await exhibitorIdOf(ctx, 'exhibitor2');
});
afterAll(() => ctx?.close());

describe('POST /api/v3/topic', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/topic', payload: { exhibitionId: c.demo.exhibitionId, kind: 'topic', name: `安全 ${++seq}` } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/topic', payload: { exhibitionId: c.other.exhibitionId, kind: 'topic', name: '别人的' } }) },
  });

  it('names the fields of bad input, in the caller’s language, and refuses a window that ends before it starts', async () => {
    const res = await call('host', 'POST', '/api/v3/topic', { exhibitionId: exh(), kind: 'x', name: ' ' }, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    expect((json(res).errors as { field: string }[]).map((e) => e.field)).toEqual(expect.arrayContaining(['kind', 'name']));
    const win = await call('host', 'POST', '/api/v3/topic', { exhibitionId: exh(), kind: 'topic', name: '窗口', startAt: future(2), endAt: future(1) });
    expect(win.statusCode).toBe(400);
    expect(json(win).errors).toEqual([expect.objectContaining({ field: 'endAt' })]);
  });

  it('keeps names unique per exhibition and kind: 409 naming name; the brand kind may reuse a topic’s name', async () => {
    const first = await call('host', 'POST', '/api/v3/topic', { exhibitionId: exh(), kind: 'topic', name: '智能制造' });
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first).data).toMatchObject({ kind: 'topic', name: '智能制造', isShow: true, applyOpen: true, placedCount: 0 });
    const dup = await call('host', 'POST', '/api/v3/topic', { exhibitionId: exh(), kind: 'topic', name: '智能制造' });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).errors).toEqual([expect.objectContaining({ field: 'name' })]);
    expect((await call('host', 'POST', '/api/v3/topic', { exhibitionId: exh(), kind: 'brand', name: '智能制造' })).statusCode).toBe(200);
  });
});

describe('PUT /api/v3/topic/patch', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: `/api/v3/topic/patch?id=${patched.id}`, payload: { sort: ++seq } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: `/api/v3/topic/patch?id=${foreign.id}`, payload: { sort: 1 } }) },
  });
  let patched: { id: string };
  let foreign: { id: string };
  beforeAll(async () => {
    patched = await insertTopic();
    foreign = await foreignTopic();
  });

  it('writes a new name and window on the placed exhibitors in the same transaction (with the operation log)', async () => {
    const t = await insertTopic({ startAt: new Date(future(-1)), endAt: new Date(future(10)), topicType: 2 });
    expect((await call('host', 'POST', '/api/v3/topic/place', { topicId: t.id, exhibitorId: exhibitor2Id })).statusCode).toBe(200);
    expect(await exhibitorRow(exhibitor2Id)).toMatchObject({ topic: t.name, topicType: 2, topicEnd: t.endAt });
    const end = future(20);
    const res = await call('host', 'PUT', `/api/v3/topic/patch?id=${t.id}`, { name: `${t.name} 新`, endAt: end });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ placedCount: 1 });
    const x = await exhibitorRow(exhibitor2Id);
    expect(x.topic).toBe(`${t.name} 新`);
    expect(x.topicEnd?.toISOString()).toBe(new Date(end).toISOString());
    const logs = await ctx.db.select().from(operationLog).where(and(eq(operationLog.targetId, exhibitor2Id), eq(operationLog.action, 'exhibitor.topic')));
    expect(logs.length).toBeGreaterThanOrEqual(2);
  });

  it('checks the window against the stored one (field endAt)', async () => {
    const t = await insertTopic({ endAt: new Date(future(1)) });
    const res = await call('host', 'PUT', `/api/v3/topic/patch?id=${t.id}`, { startAt: future(3) });
    expect(json(res)).toMatchObject({ errors: [expect.objectContaining({ field: 'endAt' })] });
  });
});

describe('GET /api/v3/topic', () => {
  let one: { id: string };
  let foreign: { id: string };
  beforeAll(async () => {
    one = await insertTopic();
    foreign = await foreignTopic();
  });
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v3/topic?id=${one.id}` }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'GET', url: `/api/v3/topic?id=${foreign.id}` }) },
  });
});

describe('POST /api/v3/topic/page', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/topic/page', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/topic/page', payload: { exhibitionId: c.other.exhibitionId } }) },
  });

  it('filters by kind', async () => {
    await insertTopic({ kind: 'brand', name: `品牌 ${++seq}` });
    const res = json(await call('host', 'POST', '/api/v3/topic/page', { exhibitionId: exh(), kind: 'brand' })).data;
    expect(res.items.length).toBeGreaterThan(0);
    expect(res.items.every((t: { kind: string }) => t.kind === 'brand')).toBe(true);
  });
});

describe('DELETE /api/v3/topic', () => {
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v3/topic?id=${toDelete.shift()!.id}` }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v3/topic?id=${foreign.id}` }) },
  });
  const toDelete: { id: string }[] = [];
  let foreign: { id: string };
  beforeAll(async () => {
    for (let i = 0; i < 6; i++) toDelete.push(await insertTopic());
    foreign = await foreignTopic();
  });

  it('takes the placed exhibitors out and withdraws the applications', async () => {
    const t = await insertTopic({ kind: 'brand', name: `删除 ${++seq}` });
    await call('host', 'POST', '/api/v3/topic/place', { topicId: t.id, exhibitorId: exhibitor2Id });
    expect((await exhibitorRow(exhibitor2Id)).pTopic).toBe(t.name);
    const app = await insertApplication(t.id);
    expect((await call('host', 'DELETE', `/api/v3/topic?id=${t.id}`)).statusCode).toBe(200);
    expect((await exhibitorRow(exhibitor2Id)).pTopic).toBeNull();
    expect((await ctx.db.select().from(topicApplication).where(eq(topicApplication.id, app.id)))[0]!.deletedAt).not.toBeNull();
  });
});

describe('POST /api/v3/topic/exhibitors, /place, /unplace', () => {
  let t: { id: string; name: string };
  let foreign: { id: string };
  beforeAll(async () => {
    t = await insertTopic();
    foreign = await foreignTopic();
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/topic/exhibitors', payload: { topicId: t.id } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v3/topic/exhibitors', payload: { topicId: foreign.id } }) },
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/topic/place', payload: { topicId: t.id, exhibitorId: exhibitor2Id } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/topic/place', payload: { topicId: foreign.id, exhibitorId: c.other.exhibitorId } }) },
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/topic/unplace', payload: { topicId: t.id, exhibitorId: exhibitor2Id } }),
    allowed: ['host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/topic/unplace', payload: { topicId: foreign.id, exhibitorId: c.other.exhibitorId } }) },
  });

  it('places and lists; another exhibition’s exhibitor is not found', async () => {
    const x = await insertTopic();
    expect((await call('host', 'POST', '/api/v3/topic/place', { topicId: x.id, exhibitorId: exhibitorId })).statusCode).toBe(200);
    const list = json(await call('host', 'POST', '/api/v3/topic/exhibitors', { topicId: x.id })).data;
    expect(list.items.map((e: { id: string }) => e.id)).toEqual([exhibitorId]);
    expect((await call('host', 'POST', '/api/v3/topic/place', { topicId: x.id, exhibitorId: ctx.other.exhibitorId })).statusCode).toBe(404);
    expect((await call('host', 'POST', '/api/v3/topic/unplace', { topicId: x.id, exhibitorId })).statusCode).toBe(200);
    expect((await exhibitorRow(exhibitorId)).topic).toBeNull();
  });
});

describe('applications', () => {
  let open: { id: string; name: string };
  let foreign: { id: string };
  beforeAll(async () => {
    open = await insertTopic({ endAt: new Date(future(5)) });
    foreign = await foreignTopic();
  });

  describe('GET /api/v3/topic/open', () => {
    routeSecurity(get, {
      request: () => ({ method: 'GET', url: '/api/v3/topic/open' }),
      allowed: ['exhibitor'],
      denied: ['host', 'admin'],
      otherTenant: { none: 'it lists the signed-in exhibitor’s own exhibition only' },
    });

    it('shows open, shown topics with the exhibitor’s application; not hidden, closed or ended ones', async () => {
      const hidden = await insertTopic({ isShow: false });
      const closed = await insertTopic({ applyOpen: false });
      const ended = await insertTopic({ endAt: new Date(future(-1)) });
      const ids = (json(await call('exhibitor', 'GET', '/api/v3/topic/open')).data as { id: string }[]).map((t) => t.id);
      expect(ids).toContain(open.id);
      expect(ids).not.toEqual(expect.arrayContaining([hidden.id]));
      for (const t of [hidden, closed, ended]) expect(ids).not.toContain(t.id);
    });
  });

  describe('POST /api/v3/topic/apply', () => {
    routeSecurity(get, {
      request: () => ({ method: 'POST', url: '/api/v3/topic/apply', payload: { topicId: applyTargets.shift()!.id, reason: '我们做智能设备' } }),
      allowed: ['exhibitor'],
      denied: ['host', 'admin'],
      otherTenant: { as: 'exhibitor', request: () => ({ method: 'POST', url: '/api/v3/topic/apply', payload: { topicId: foreign.id } }) },
    });
    const applyTargets: { id: string }[] = [];
    beforeAll(async () => {
      for (let i = 0; i < 6; i++) applyTargets.push(await insertTopic());
    });

    it('queues the application (Theme switch off); one live application per topic (409 naming topicId); a closed topic 4190', async () => {
      const t = await insertTopic();
      const res = await call('exhibitor', 'POST', '/api/v3/topic/apply', { topicId: t.id, reason: '理由' });
      expect(json(res).data).toMatchObject({ topicId: t.id, exhibitorId, auditState: AuditState.Pending, reason: '理由' });
      const again = await call('exhibitor', 'POST', '/api/v3/topic/apply', { topicId: t.id });
      expect(again.statusCode).toBe(409);
      expect(json(again).errors).toEqual([expect.objectContaining({ field: 'topicId' })]);
      const closed = await insertTopic({ applyOpen: false });
      expect(json(await call('exhibitor', 'POST', '/api/v3/topic/apply', { topicId: closed.id })).code).toBe(ErrorCode.TopicClosed);
      const bad = await call('exhibitor', 'POST', '/api/v3/topic/apply', { topicId: 'x', reason: 'a'.repeat(501) });
      expect((json(bad).errors as { field: string }[]).map((e) => e.field)).toEqual(expect.arrayContaining(['topicId', 'reason']));
    });

    it('approves at once under enabledAutoAuditTheme, placing the exhibitor with the topic’s window and type', async () => {
      const t = await insertTopic({ kind: 'brand', name: `自动 ${++seq}`, startAt: new Date(future(-1)), endAt: new Date(future(3)), topicType: 7 });
      await setSettings(ctx, { enabledAutoAuditTheme: true });
      try {
        const res = json(await call('exhibitor', 'POST', '/api/v3/topic/apply', { topicId: t.id })).data;
        expect(res.auditState).toBe(AuditState.Approved);
        expect(await exhibitorRow(exhibitorId)).toMatchObject({ pTopic: t.name, pTopicType: 7, pTopicStart: t.startAt, pTopicEnd: t.endAt });
      } finally {
        await setSettings(ctx, { enabledAutoAuditTheme: false });
      }
    });
  });

  describe('PUT /api/v3/topic/apply (resubmit) and DELETE /api/v3/topic/apply (withdraw)', () => {
    let foreignApp: { id: string };
    const rejected: { id: string }[] = [];
    const pending: { id: string }[] = [];
    beforeAll(async () => {
      foreignApp = await insertApplication(foreign.id, { exhibitorId: ctx.other.exhibitorId });
      for (let i = 0; i < 6; i++) {
        rejected.push(await insertApplication((await insertTopic()).id, { auditState: AuditState.Rejected, auditReason: '不符' }));
        pending.push(await insertApplication((await insertTopic()).id));
      }
    });
    routeSecurity(get, {
      request: () => ({ method: 'PUT', url: `/api/v3/topic/apply?id=${rejected.shift()!.id}`, payload: { reason: '补充' } }),
      allowed: ['exhibitor'],
      denied: ['host', 'admin'],
      otherTenant: { as: 'exhibitor', request: () => ({ method: 'PUT', url: `/api/v3/topic/apply?id=${foreignApp.id}`, payload: { reason: '补充' } }) },
    });
    routeSecurity(get, {
      request: () => ({ method: 'DELETE', url: `/api/v3/topic/apply?id=${pending.shift()!.id}` }),
      allowed: ['exhibitor'],
      denied: ['host', 'admin'],
      otherTenant: { as: 'exhibitor', request: () => ({ method: 'DELETE', url: `/api/v3/topic/apply?id=${foreignApp.id}` }) },
    });

    it('resubmits only a rejected one and withdraws only a pending one (4191)', async () => {
      const t = await insertTopic();
      const a = json(await call('exhibitor', 'POST', '/api/v3/topic/apply', { topicId: t.id })).data;
      expect(json(await call('exhibitor', 'PUT', `/api/v3/topic/apply?id=${a.id}`, { reason: 'x' })).code).toBe(ErrorCode.TopicApplicationState);
      await call('host', 'POST', '/api/v3/topic/apply/audit', { ids: [a.id], auditState: 2, reason: '资料不全' });
      expect(json(await call('exhibitor', 'DELETE', `/api/v3/topic/apply?id=${a.id}`)).code).toBe(ErrorCode.TopicApplicationState);
      const again = json(await call('exhibitor', 'PUT', `/api/v3/topic/apply?id=${a.id}`, { reason: '已补充' })).data;
      expect(again).toMatchObject({ auditState: AuditState.Pending, reason: '已补充' });
      expect((await call('exhibitor', 'DELETE', `/api/v3/topic/apply?id=${a.id}`)).statusCode).toBe(200);
      expect(json(await call('exhibitor', 'POST', '/api/v3/topic/apply', { topicId: t.id })).data.auditState).toBe(AuditState.Pending);
    });
  });

  describe('POST /api/v3/topic/apply/page and /apply/audit', () => {
    let foreignApp: { id: string };
    const toDecide: { id: string }[] = [];
    beforeAll(async () => {
      foreignApp = await insertApplication((await foreignTopic()).id, { exhibitorId: ctx.other.exhibitorId });
      for (let i = 0; i < 6; i++) toDecide.push(json(await call('exhibitor2', 'POST', '/api/v3/topic/apply', { topicId: (await insertTopic()).id })).data);
    });
    routeSecurity(get, {
      request: (c) => ({ method: 'POST', url: '/api/v3/topic/apply/page', payload: { exhibitionId: c.demo.exhibitionId } }),
      allowed: ['host', 'exhibitor', 'admin'],
      denied: [],
      otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/topic/apply/page', payload: { exhibitionId: c.other.exhibitionId } }) },
    });
    routeSecurity(get, {
      request: () => ({ method: 'POST', url: '/api/v3/topic/apply/audit', payload: { ids: [toDecide.shift()!.id], auditState: 1 } }),
      allowed: ['host', 'admin'],
      denied: ['exhibitor'],
      otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v3/topic/apply/audit', payload: { ids: [foreignApp.id], auditState: 1 } }) },
    });

    it('the exhibitor sees only its own; the host’s approval places the exhibitor, a rejection needs a reason', async () => {
      const t = await insertTopic({ endAt: new Date(future(9)), topicType: 3 });
      const a = json(await call('exhibitor2', 'POST', '/api/v3/topic/apply', { topicId: t.id, reason: '展品契合' })).data;
      const mine = json(await call('exhibitor', 'POST', '/api/v3/topic/apply/page', {})).data;
      expect(mine.items.every((x: { exhibitorId: string }) => x.exhibitorId === exhibitorId)).toBe(true);
      const queue = json(await call('host', 'POST', '/api/v3/topic/apply/page', { exhibitionId: exh(), auditState: 0 })).data;
      expect(queue.items.map((x: { id: string }) => x.id)).toContain(a.id);
      expect(json(await call('host', 'POST', '/api/v3/topic/apply/audit', { ids: [a.id], auditState: 2 })).errors).toEqual([expect.objectContaining({ field: 'reason' })]);
      const ok = json(await call('host', 'POST', '/api/v3/topic/apply/audit', { ids: [a.id], auditState: 1 })).data;
      expect(ok.items[0].auditState).toBe(AuditState.Approved);
      expect(await exhibitorRow(exhibitor2Id)).toMatchObject({ topic: t.name, topicType: 3, topicEnd: t.endAt });
    });
  });
});

describe('the site: GET /api/v1/expo/:exhibitionId/topics and /topics/:topicId', () => {
  it('lists shown topics whose window covers now, and a topic’s placed, shown, approved exhibitors', async () => {
    const now = await insertTopic({ name: `现在 ${++seq}`, startAt: new Date(future(-1)), endAt: new Date(future(1)) });
    const later = await insertTopic({ startAt: new Date(future(1)) });
    const over = await insertTopic({ endAt: new Date(future(-1)) });
    const hidden = await insertTopic({ isShow: false });
    const ids = (json(await call(null, 'GET', `/api/v1/expo/${exh()}/topics`)).data as { id: string }[]).map((t) => t.id);
    expect(ids).toContain(now.id);
    for (const t of [later, over, hidden]) expect(ids).not.toContain(t.id);
    await call('host', 'POST', '/api/v3/topic/place', { topicId: now.id, exhibitorId });
    const detail = json(await call(null, 'GET', `/api/v1/expo/${exh()}/topics/${now.id}`)).data;
    expect(detail).toMatchObject({ id: now.id, name: now.name, exhibitors: { totalCount: 1, items: [expect.objectContaining({ id: exhibitorId, name: expect.any(String) })] } });
    await ctx.db.update(exhibitor).set({ isShow: false }).where(eq(exhibitor.id, exhibitorId));
    try {
      expect(json(await call(null, 'GET', `/api/v1/expo/${exh()}/topics/${now.id}`)).data.exhibitors.totalCount).toBe(0);
    } finally {
      await ctx.db.update(exhibitor).set({ isShow: true }).where(eq(exhibitor.id, exhibitorId));
    }
    expect((await call(null, 'GET', `/api/v1/expo/${exh()}/topics/${hidden.id}`)).statusCode).toBe(404);
  });
});
