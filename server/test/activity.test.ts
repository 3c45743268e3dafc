import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditState, ErrorCode, LiveApplyState } from '@pavilion/contract';
import { auditRecord } from '../src/audit/tables.ts';
import { activity, activitySchedule, activityTicketType } from '../src/modules/activity/tables.ts';
import { exhibitionHall } from '../src/modules/exhibition/tables.ts';
import { exhibitor } from '../src/modules/exhibitor/tables.ts';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';

let ctx: TestContext;
const own = { exhibitorId: '', exhibitor2Id: '' };
const halls = { a: '', b: '', foreign: '' };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const send = (token: string | null, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { ...(token ? bearer(token) : {}), ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const call = async (as: Actor, method: Method, url: string, payload?: unknown, lang?: string) => send(await ctx.token(as), method, url, payload, lang ? { 'accept-language': lang } : {});
const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;
const settings = (patch: object) => call('host', 'PUT', `/api/v1/settings/exhibition/patch?exhibitionId=${ctx.demo.exhibitionId}`, patch);
/** A time on a December 2026 day of the demo exhibition, China Standard Time. */
const at = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2026, 11, day, hour - 8, minute)).toISOString();
const item = (extra: object = {}) => ({ exhibitionId: ctx.demo.exhibitionId, title: unique('活动'), startAt: at(2, 10), endAt: at(2, 11), ...extra });
const create = async (as: Actor, extra: object = {}) => {
  const res = await call(as, 'POST', '/api/v3/activity', item(extra));
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
};
const recordOf = async (targetId: string) => (await ctx.db.select().from(auditRecord).where(and(eq(auditRecord.type, 'activity'), eq(auditRecord.targetId, targetId))))[0];
const activityCountOf = async (exhibitorId: string) => (await ctx.db.select({ n: exhibitor.activityCount }).from(exhibitor).where(eq(exhibitor.id, exhibitorId)))[0]!.n;
const ids = (res: { body: string }) => (json(res).data.items as { id: string }[]).map((i) => i.id);

beforeAll(async () => {
  ctx = await createTestContext();
  own.exhibitorId = json(await call('exhibitor', 'GET', '/api/v1/account/me')).data.exhibitorId;
  own.exhibitor2Id = json(await call('exhibitor2', 'GET', '/api/v1/account/me')).data.exhibitorId;
  const rows = await ctx.db
    .insert(exhibitionHall)
    .values([
      { exhibitionId: ctx.demo.exhibitionId, name: unique('A馆'), nameEn: 'Hall A' },
      { exhibitionId: ctx.demo.exhibitionId, name: unique('B馆') },
      { exhibitionId: ctx.other.exhibitionId, name: unique('外馆') },
    ])
    .returning();
  [halls.a, halls.b, halls.foreign] = rows.map((r) => r.id) as [string, string, string];
});
afterAll(() => ctx.close());

describe('ownership and audit', () => {
  it('puts an exhibitor’s activity in the host’s queue; the host approves it and the count follows', async () => {
    const before = await activityCountOf(own.exhibitor2Id);
    const mine = await create('exhibitor2', { kind: 'launch' });
    expect(mine).toMatchObject({ exhibitorId: own.exhibitor2Id, auditState: AuditState.Pending, phase: 'upcoming', state: 'published', companyName: expect.any(String) });
    expect(await recordOf(mine.id)).toMatchObject({ state: AuditState.Pending, exhibitorId: own.exhibitor2Id, title: mine.title });
    expect(ids(await call('host', 'POST', '/api/v3/activity/query', { exhibitionId: ctx.demo.exhibitionId, auditState: AuditState.Pending, pageSize: 100 }))).toContain(mine.id);
    const decided = await call('host', 'POST', '/api/v3/activity/audit', { ids: [mine.id], approve: true });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(json(decided).data).toMatchObject({ decided: 1, items: [{ id: mine.id, auditState: AuditState.Approved }] });
    expect(await activityCountOf(own.exhibitor2Id)).toBe(before + 1);
    // The exhibitor's change goes back to the queue.
    const changed = await call('exhibitor2', 'PUT', `/api/v3/activity/patch?id=${mine.id}`, { venue: '展位 A3-01' });
    expect(json(changed).data).toMatchObject({ venue: '展位 A3-01', auditState: AuditState.Pending });
    expect(await activityCountOf(own.exhibitor2Id)).toBe(before);
    // A rejection needs a reason.
    const noReason = await call('host', 'POST', '/api/v3/activity/audit', { ids: [mine.id], approve: false });
    expect(noReason.statusCode).toBe(400);
    const rejected = await call('host', 'POST', '/api/v3/activity/audit', { ids: [mine.id], approve: false, reason: '时间待确认' });
    expect(json(rejected).data.items[0]).toMatchObject({ auditState: AuditState.Rejected, auditReason: '时间待确认' });
  });

  it('approves an exhibitor’s save at once under the Activity auto-audit switch', async () => {
    expect((await settings({ enabledAutoAuditActivity: true })).statusCode).toBe(200);
    try {
      const mine = await create('exhibitor2');
      expect(mine.auditState).toBe(AuditState.Approved);
      expect(await recordOf(mine.id)).toMatchObject({ state: AuditState.Approved, auto: true });
    } finally {
      await settings({ enabledAutoAuditActivity: false });
    }
  });

  it('keeps an exhibitor’s draft out of the host’s lists', async () => {
    const draft = await create('exhibitor2', { draft: true });
    expect(draft.auditState).toBe(AuditState.Draft);
    expect(await recordOf(draft.id)).toBeUndefined();
    expect((await call('host', 'GET', `/api/v3/activity?id=${draft.id}`)).statusCode).toBe(404);
    expect((await call('exhibitor2', 'GET', `/api/v3/activity?id=${draft.id}`)).statusCode).toBe(200);
  });

  it('approves the host’s own activity when saved; exhibitors neither see nor change it', async () => {
    const mine = await create('host', { kind: 'forum' });
    expect(mine).toMatchObject({ exhibitorId: null, companyName: null, auditState: AuditState.Approved });
    expect(await recordOf(mine.id)).toBeUndefined();
    expect((await call('exhibitor', 'GET', `/api/v3/activity?id=${mine.id}`)).statusCode).toBe(404);
    expect((await call('exhibitor', 'PUT', `/api/v3/activity/patch?id=${mine.id}`, { title: '改' })).statusCode).toBe(404);
    expect((await call('exhibitor', 'DELETE', `/api/v3/activity?id=${mine.id}`)).statusCode).toBe(404);
    const changed = await call('host', 'PUT', `/api/v3/activity/patch?id=${mine.id}`, { title: '开幕论坛（更新）' });
    expect(json(changed).data).toMatchObject({ title: '开幕论坛（更新）', auditState: AuditState.Approved });
  });

  it('lets the host act for an exhibitor (final), and keeps one exhibitor from another’s', async () => {
    const forThem = await create('host', { exhibitorId: own.exhibitor2Id });
    expect(forThem).toMatchObject({ exhibitorId: own.exhibitor2Id, auditState: AuditState.Approved });
    expect((await call('exhibitor', 'GET', `/api/v3/activity?id=${forThem.id}`)).statusCode).toBe(404);
    expect((await call('exhibitor', 'POST', '/api/v3/activity', item({ exhibitorId: own.exhibitor2Id }))).statusCode).toBe(404);
    const theirs = await create('exhibitor2');
    const edited = await call('host', 'PUT', `/api/v3/activity/patch?id=${theirs.id}`, { title: '主办方修改' });
    expect(json(edited).data.auditState).toBe(AuditState.Approved);
  });

  it('lists by owner and exhibitor, and an exhibitor only its own', async () => {
    const hostOwn = await create('host');
    const ex = await create('exhibitor');
    const hostList = ids(await call('host', 'POST', '/api/v3/activity/query', { exhibitionId: ctx.demo.exhibitionId, owner: 'host', pageSize: 100 }));
    expect(hostList).toContain(hostOwn.id);
    expect(hostList).not.toContain(ex.id);
    const exList = ids(await call('host', 'POST', '/api/v3/activity/query', { exhibitionId: ctx.demo.exhibitionId, owner: 'exhibitor', pageSize: 100 }));
    expect(exList).toContain(ex.id);
    expect(exList).not.toContain(hostOwn.id);
    const mine = ids(await call('exhibitor', 'POST', '/api/v3/activity/query', { pageSize: 100 }));
    expect(mine).toContain(ex.id);
    expect(mine).not.toContain(hostOwn.id);
    const byExhibitor = json(await call('host', 'GET', `/api/v3/activity/exhibitor?exhibitorId=${own.exhibitorId}`)).data as { id: string; startAt: string }[];
    expect(byExhibitor.map((a) => a.id)).toContain(ex.id);
    expect(byExhibitor.map((a) => a.startAt)).toEqual([...byExhibitor.map((a) => a.startAt)].sort());
  });

  it('filters by day (China Standard Time), keyword and phase', async () => {
    const late = await create('host', { title: unique('深夜活动'), startAt: at(3, 23), endAt: at(3, 23, 30) });
    const on3 = ids(await call('host', 'POST', '/api/v3/activity/query', { exhibitionId: ctx.demo.exhibitionId, day: '2026-12-03', pageSize: 100 }));
    const on4 = ids(await call('host', 'POST', '/api/v3/activity/query', { exhibitionId: ctx.demo.exhibitionId, day: '2026-12-04', pageSize: 100 }));
    expect(on3).toContain(late.id);
    expect(on4).not.toContain(late.id);
    expect(ids(await call('host', 'POST', '/api/v3/activity/query', { exhibitionId: ctx.demo.exhibitionId, keyword: late.title }))).toEqual([late.id]);
    const [past] = await ctx.db.insert(activity).values({ exhibitionId: ctx.demo.exhibitionId, title: unique('已结束'), startAt: new Date('2020-01-01T01:00:00Z'), endAt: new Date('2020-01-01T02:00:00Z'), auditState: AuditState.Approved }).returning();
    const ended = ids(await call('host', 'POST', '/api/v3/activity/query', { exhibitionId: ctx.demo.exhibitionId, phase: 'ended', pageSize: 100 }));
    expect(ended).toContain(past!.id);
    expect(ended).not.toContain(late.id);
    expect(json(await call('host', 'GET', `/api/v3/activity?id=${past!.id}`)).data.phase).toBe('ended');
  });

  it('deletes softly; a pending one leaves the queue', async () => {
    const mine = await create('exhibitor2');
    expect((await call('exhibitor2', 'DELETE', `/api/v3/activity?id=${mine.id}`)).statusCode).toBe(200);
    expect((await call('host', 'GET', `/api/v3/activity?id=${mine.id}`)).statusCode).toBe(404);
    expect(await recordOf(mine.id)).toBeUndefined();
    const [row] = await ctx.db.select().from(activity).where(eq(activity.id, mine.id));
    expect(row!.deletedAt).not.toBeNull();
  });

  it('cancels and publishes again, shows and hides, without a new audit', async () => {
    const mine = await create('host');
    const cancelled = await call('host', 'PATCH', `/api/v3/activity/state?id=${mine.id}`, { state: 'cancelled' });
    expect(json(cancelled).data).toMatchObject({ state: 'cancelled', phase: 'cancelled' });
    const hidden = await call('host', 'PUT', '/api/v3/activity/SetShow', { id: mine.id, isShow: false });
    expect(json(hidden).data).toMatchObject({ isShow: false, auditState: AuditState.Approved });
  });
});

describe('rules', () => {
  it('refuses an end before the start, naming endAt', async () => {
    const res = await call('host', 'POST', '/api/v3/activity', item({ startAt: at(2, 11), endAt: at(2, 10) }), 'en');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: ErrorCode.ValidationFailed, field: 'endAt' });
    const mine = await create('host');
    const patch = await call('host', 'PUT', `/api/v3/activity/patch?id=${mine.id}`, { endAt: at(2, 9) });
    expect(json(patch)).toMatchObject({ field: 'endAt' });
  });

  it('refuses an overlap in one hall while concurrent activities are off, and allows it when on', async () => {
    expect((await settings({ enabledConcurrentActivity: false })).statusCode).toBe(200);
    try {
      const first = await create('host', { hallId: halls.a, title: unique('主论坛'), startAt: at(3, 9), endAt: at(3, 11) });
      const clash = await call('host', 'POST', '/api/v3/activity', item({ hallId: halls.a, startAt: at(3, 10), endAt: at(3, 12) }), 'en');
      expect(clash.statusCode).toBe(409);
      expect(json(clash)).toMatchObject({ code: ErrorCode.ActivityOverlap, field: 'startAt' });
      expect(json(clash).description).toContain(first.title);
      // An exhibitor's in the same hall is refused too; back to back is not an overlap; another hall is free.
      expect((await call('exhibitor2', 'POST', '/api/v3/activity', item({ hallId: halls.a, startAt: at(3, 10), endAt: at(3, 10, 30) }))).statusCode).toBe(409);
      await create('host', { hallId: halls.a, startAt: at(3, 11), endAt: at(3, 12) });
      await create('host', { hallId: halls.b, startAt: at(3, 9), endAt: at(3, 11) });
      // Moving into the slot is refused; a cancelled activity does not count, and publishing it again is checked.
      const mover = await create('host', { hallId: halls.a, startAt: at(3, 13), endAt: at(3, 14) });
      expect((await call('host', 'PUT', `/api/v3/activity/patch?id=${mover.id}`, { startAt: at(3, 10) })).statusCode).toBe(409);
      expect((await call('host', 'PATCH', `/api/v3/activity/state?id=${first.id}`, { state: 'cancelled' })).statusCode).toBe(200);
      const taken = await create('host', { hallId: halls.a, startAt: at(3, 9), endAt: at(3, 10) });
      expect((await call('host', 'PATCH', `/api/v3/activity/state?id=${first.id}`, { state: 'published' })).statusCode).toBe(409);
      expect(taken.id).toBeTruthy();
      // A change of other fields does not re-check the slot.
      expect((await call('host', 'PUT', `/api/v3/activity/patch?id=${taken.id}`, { venue: '主论坛区' })).statusCode).toBe(200);
    } finally {
      await settings({ enabledConcurrentActivity: true });
    }
    const again = await call('host', 'POST', '/api/v3/activity', item({ hallId: halls.a, startAt: at(3, 9), endAt: at(3, 12) }));
    expect(again.statusCode, again.body).toBe(200);
  });

  it('refuses registration and categories while the exhibition has them off', async () => {
    const cat = json(await call('host', 'POST', '/api/v3/activitycategory', { exhibitionId: ctx.demo.exhibitionId, name: unique('分类') })).data;
    expect((await settings({ enabledActivityReg: false, enabledActivityCategory: false })).statusCode).toBe(200);
    try {
      const reg = await call('host', 'POST', '/api/v3/activity', item({ regEnabled: true }));
      expect(reg.statusCode).toBe(400);
      expect(json(reg).field).toBe('regEnabled');
      const withCat = await call('host', 'POST', '/api/v3/activity', item({ categoryId: cat.id }));
      expect(withCat.statusCode).toBe(400);
      expect(json(withCat).field).toBe('categoryId');
    } finally {
      await settings({ enabledActivityReg: true, enabledActivityCategory: true });
    }
    expect((await create('host', { regEnabled: true, categoryId: cat.id, capacity: 50 })).regEnabled).toBe(true);
  });

  it('takes halls and categories of the activity’s exhibition only', async () => {
    expect((await call('host', 'POST', '/api/v3/activity', item({ hallId: halls.foreign }))).statusCode).toBe(404);
    expect((await call('host', 'POST', '/api/v3/activity', item({ categoryId: '00000000-0000-4000-8000-000000000000' }))).statusCode).toBe(404);
  });

  it('sanitises introductions and refuses sensitive words in titles and introductions', async () => {
    const mine = await create('host', { introductionZh: '<p onclick="x()">介绍<script>alert(1)</script></p>' });
    expect(mine.introductionZh).toBe('<p>介绍</p>');
    await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: ['违禁词'] });
    try {
      const intro = await call('host', 'POST', '/api/v3/activity', item({ introductionEn: '<p>含<b>违禁词</b></p>' }));
      expect(intro.statusCode).toBe(400);
      expect(json(intro)).toMatchObject({ code: ErrorCode.SensitiveWord, field: 'introductionEn' });
      const title = await call('host', 'POST', '/api/v3/activity', item({ title: '违禁词论坛' }));
      if (title.statusCode === 400) expect(json(title)).toMatchObject({ code: ErrorCode.SensitiveWord, field: 'title' });
      else expect(json(title).data.title).toBe('***论坛');
      const agenda = await call('host', 'POST', '/api/v3/activityschedule', { activityId: mine.id, title: '违禁词环节', startAt: at(2, 10), endAt: at(2, 10, 30) });
      if (agenda.statusCode === 400) expect(json(agenda)).toMatchObject({ code: ErrorCode.SensitiveWord, field: 'title' });
      else expect(json(agenda).data.title).toBe('***环节');
    } finally {
      await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: [] });
    }
  });
});

describe('live application', () => {
  it('goes apply → audit → open, and refuses the wrong orders', async () => {
    const mine = await create('exhibitor2');
    const early = await call('host', 'PUT', `/api/v3/activity/open-live?id=${mine.id}`, { open: true });
    expect(early.statusCode).toBe(409);
    expect(json(early).field).toBe('id');
    expect((await call('host', 'POST', '/api/v3/activity/audit/live', { ids: [mine.id], approve: true })).statusCode).toBe(409);
    const applied = await call('exhibitor2', 'POST', `/api/v3/activity/apply-live?id=${mine.id}`, { note: '需要推流地址' });
    expect(json(applied).data).toMatchObject({ liveApplyState: LiveApplyState.Pending, liveOpen: false, liveAppliedAt: expect.any(String) });
    expect((await call('exhibitor2', 'POST', `/api/v3/activity/apply-live?id=${mine.id}`, {})).statusCode).toBe(409);
    expect((await call('exhibitor2', 'POST', '/api/v3/activity/audit/live', { ids: [mine.id], approve: true })).statusCode).toBe(403);
    expect((await call('host', 'POST', '/api/v3/activity/audit/live', { ids: [mine.id], approve: false })).statusCode).toBe(400);
    const rejected = await call('host', 'POST', '/api/v3/activity/audit/live', { ids: [mine.id], approve: false, reason: '场地无网络' });
    expect(json(rejected).data.items[0]).toMatchObject({ liveApplyState: LiveApplyState.Rejected, liveApplyReason: '场地无网络' });
    expect((await call('host', 'PUT', `/api/v3/activity/open-live?id=${mine.id}`, { open: true })).statusCode).toBe(409);
    expect((await call('exhibitor2', 'POST', `/api/v3/activity/apply-live?id=${mine.id}`, {})).statusCode).toBe(200);
    const approved = await call('host', 'POST', '/api/v3/activity/audit/live', { ids: [mine.id], approve: true });
    expect(json(approved).data).toMatchObject({ decided: 1, items: [{ liveApplyState: LiveApplyState.Approved, liveApplyReason: null }] });
    const opened = await call('host', 'PUT', `/api/v3/activity/open-live?id=${mine.id}`, { open: true });
    expect(json(opened).data.liveOpen).toBe(true);
    expect(ids(await call('host', 'POST', '/api/v3/activity/query', { exhibitionId: ctx.demo.exhibitionId, liveApplyState: LiveApplyState.Approved, pageSize: 100 }))).toContain(mine.id);
    const closed = await call('host', 'PUT', `/api/v3/activity/open-live?id=${mine.id}`, { open: false });
    expect(json(closed).data.liveOpen).toBe(false);
  });

  it('refuses to apply for an activity that is over', async () => {
    const [past] = await ctx.db.insert(activity).values({ exhibitionId: ctx.demo.exhibitionId, exhibitorId: own.exhibitor2Id, title: unique('旧'), startAt: new Date('2020-01-01T01:00:00Z'), endAt: new Date('2020-01-01T02:00:00Z'), auditState: AuditState.Approved }).returning();
    expect((await call('exhibitor2', 'POST', `/api/v3/activity/apply-live?id=${past!.id}`, {})).statusCode).toBe(409);
  });
});

describe('batch audit', () => {
  it('decides every pending activity the filters match, and only those', async () => {
    const tag = unique('批量');
    const batch = [await create('exhibitor2', { title: `${tag}一` }), await create('exhibitor2', { title: `${tag}二` }), await create('exhibitor', { title: `${tag}三` })];
    const other = await create('exhibitor2', { title: unique('不在批里') });
    expect((await call('host', 'POST', '/api/v3/batchaudit', { exhibitionId: ctx.demo.exhibitionId, keyword: tag, approve: false })).statusCode).toBe(400);
    const res = await call('host', 'POST', '/api/v3/batchaudit', { exhibitionId: ctx.demo.exhibitionId, keyword: tag, approve: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toEqual({ decided: 3 });
    for (const a of batch) expect(json(await call('host', 'GET', `/api/v3/activity?id=${a.id}`)).data.auditState).toBe(AuditState.Approved);
    expect(json(await call('host', 'GET', `/api/v3/activity?id=${other.id}`)).data.auditState).toBe(AuditState.Pending);
    // Nothing pending left: nothing decided.
    expect(json(await call('host', 'POST', '/api/v3/batchaudit', { exhibitionId: ctx.demo.exhibitionId, keyword: tag, approve: true })).data).toEqual({ decided: 0 });
    // An exhibitor filter narrows it.
    const rej = await call('host', 'POST', '/api/v3/batchaudit', { exhibitionId: ctx.demo.exhibitionId, exhibitorId: own.exhibitor2Id, approve: false, reason: '信息不全' });
    expect(json(rej).data.decided).toBeGreaterThanOrEqual(1);
    expect(json(await call('host', 'GET', `/api/v3/activity?id=${other.id}`)).data).toMatchObject({ auditState: AuditState.Rejected, auditReason: '信息不全' });
  });
});

describe('agenda', () => {
  it('keeps items inside the activity’s times, in time order', async () => {
    const mine = await create('host', { startAt: at(2, 9), endAt: at(2, 12) });
    const add = (extra: object) => call('host', 'POST', '/api/v3/activityschedule', { activityId: mine.id, title: unique('环节'), startAt: at(2, 9), endAt: at(2, 10), ...extra });
    const outside = await add({ startAt: at(2, 8), endAt: at(2, 9, 30) });
    expect(outside.statusCode).toBe(400);
    expect(json(outside).field).toBe('startAt');
    expect(json(await add({ endAt: at(2, 13) })).field).toBe('endAt');
    expect(json(await add({ startAt: at(2, 10), endAt: at(2, 9, 30) })).field).toBe('endAt');
    const second = json(await add({ startAt: at(2, 10), endAt: at(2, 11), speakers: [{ name: '陈教授', title: '研究院' }] })).data;
    const first = json(await add({})).data;
    const list = json(await call('host', 'GET', `/api/v3/activityschedule/list?activityId=${mine.id}`)).data as { id: string }[];
    expect(list.map((s) => s.id)).toEqual([first.id, second.id]);
    expect((await call('host', 'PUT', `/api/v3/activityschedule/patch?id=${second.id}`, { endAt: at(2, 12, 30) })).statusCode).toBe(400);
    const moved = await call('host', 'PUT', `/api/v3/activityschedule/patch?id=${second.id}`, { endAt: at(2, 11, 30), description: '问答' });
    expect(json(moved).data).toMatchObject({ endAt: at(2, 11, 30), description: '问答', speakers: [{ name: '陈教授', title: '研究院' }] });
    // The activity cannot shrink past its agenda.
    const shrink = await call('host', 'PUT', `/api/v3/activity/patch?id=${mine.id}`, { endAt: at(2, 10, 30) });
    expect(shrink.statusCode).toBe(400);
    expect(json(shrink).field).toBe('startAt');
    expect((await call('host', 'DELETE', `/api/v3/activityschedule?id=${second.id}`)).statusCode).toBe(200);
    expect((await call('host', 'PUT', `/api/v3/activity/patch?id=${mine.id}`, { endAt: at(2, 10, 30) })).statusCode).toBe(200);
  });

  it('sends an exhibitor’s approved activity back to audit when it changes the agenda', async () => {
    const mine = await create('exhibitor2');
    await call('host', 'POST', '/api/v3/activity/audit', { ids: [mine.id], approve: true });
    const res = await call('exhibitor2', 'POST', '/api/v3/activityschedule', { activityId: mine.id, title: '演示', startAt: at(2, 10), endAt: at(2, 10, 30) });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(await call('exhibitor2', 'GET', `/api/v3/activity?id=${mine.id}`)).data.auditState).toBe(AuditState.Pending);
  });
});

describe('categories', () => {
  const add = (extra: object) => call('host', 'POST', '/api/v3/activitycategory', { exhibitionId: ctx.demo.exhibitionId, name: unique('分类'), ...extra });
  it('keeps a two-level tree with names unique per level and parent', async () => {
    const root = json(await add({ name: unique('根') })).data;
    expect(root).toMatchObject({ level: 1, parentId: null });
    const child = json(await add({ parentId: root.id, name: '子类' })).data;
    expect(child).toMatchObject({ level: 2, parentId: root.id });
    const deeper = await add({ parentId: child.id });
    expect(deeper.statusCode).toBe(400);
    expect(json(deeper).field).toBe('parentId');
    const twice = await add({ parentId: root.id, name: '子类' });
    expect(twice.statusCode).toBe(409);
    expect(json(twice).field).toBe('name');
    const otherRoot = json(await add({ name: unique('根') })).data;
    expect((await add({ parentId: otherRoot.id, name: '子类' })).statusCode).toBe(200);
    const renamed = await call('host', 'PUT', `/api/v3/activitycategory/patch?id=${child.id}`, { name: '子类二', nameEn: 'Sub' });
    expect(json(renamed).data).toMatchObject({ name: '子类二', nameEn: 'Sub' });
    const list = json(await call('exhibitor', 'GET', `/api/v3/activitycategory/list?exhibitionId=${ctx.demo.exhibitionId}`)).data as { id: string }[];
    expect(list.map((c) => c.id)).toEqual(expect.arrayContaining([root.id, child.id]));
    // A category filter on a root finds its children's activities.
    const tagged = await create('host', { categoryId: child.id });
    expect(ids(await call('host', 'POST', '/api/v3/activity/query', { exhibitionId: ctx.demo.exhibitionId, categoryId: root.id }))).toEqual([tagged.id]);
    const refused = await call('host', 'DELETE', `/api/v3/activitycategory?id=${root.id}`);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).code).toBe(ErrorCode.HasChildren);
    expect((await call('host', 'DELETE', `/api/v3/activitycategory?id=${child.id}`)).statusCode).toBe(200);
    expect(json(await call('host', 'GET', `/api/v3/activity?id=${tagged.id}`)).data.categoryId).toBeNull();
    expect((await call('host', 'DELETE', `/api/v3/activitycategory?id=${root.id}`)).statusCode).toBe(200);
  });
});

describe('the visitor site', () => {
  const programme = (query = '', headers: Record<string, string> = {}) => send(null, 'GET', `/api/v1/expo/${ctx.demo.exhibitionId}/activities${query}`, undefined, headers);
  it('shows only approved, shown, published activities, in time order, with their page', async () => {
    const cat = json(await call('host', 'POST', '/api/v3/activitycategory', { exhibitionId: ctx.demo.exhibitionId, name: unique('论坛'), nameEn: 'Forums' })).data;
    const shown = await create('host', { title: unique('公开'), startAt: at(5, 9), endAt: at(5, 10), hallId: halls.a, categoryId: cat.id, introductionZh: '<p>中文介绍</p>', introductionEn: '<p>English intro</p>' });
    const earlier = await create('exhibitor', { title: unique('展商发布'), startAt: at(5, 8), endAt: at(5, 8, 30) });
    await call('host', 'POST', '/api/v3/activity/audit', { ids: [earlier.id], approve: true });
    const pending = await create('exhibitor2', { startAt: at(5, 9), endAt: at(5, 10) });
    const hidden = await create('host', { isShow: false, startAt: at(5, 9), endAt: at(5, 10) });
    const cancelled = await create('host', { startAt: at(5, 9), endAt: at(5, 10) });
    await call('host', 'PATCH', `/api/v3/activity/state?id=${cancelled.id}`, { state: 'cancelled' });
    await call('host', 'POST', '/api/v3/activityschedule', { activityId: shown.id, title: '开场', titleEn: 'Opening', startAt: at(5, 9), endAt: at(5, 9, 20) });
    await ctx.db.insert(activityTicketType).values({ activityId: shown.id, name: '普通票', nameEn: 'Standard', quantity: 100 });

    const res = await programme('?day=2026-12-05&pageSize=50');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age');
    const list = json(res).data.items as { id: string; phase: string }[];
    expect(list.map((a) => a.id)).toEqual([earlier.id, shown.id]);
    expect(list.map((a) => a.id)).not.toContain(pending.id);
    expect(list.map((a) => a.id)).not.toContain(hidden.id);
    expect(list[0]).toMatchObject({ companyName: expect.any(String), phase: 'upcoming' });
    expect(list[0]).not.toHaveProperty('auditState');
    expect(ids(await programme(`?hallId=${halls.a}&day=2026-12-05`))).toEqual([shown.id]);
    expect(ids(await programme(`?exhibitorId=${own.exhibitorId}&day=2026-12-05`))).toEqual([earlier.id]);
    const again = await programme('?day=2026-12-05&pageSize=50', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);

    const page = await send(null, 'GET', `/api/v1/expo/${ctx.demo.exhibitionId}/activities/${shown.id}`, undefined, { 'accept-language': 'en' });
    expect(page.statusCode, page.body).toBe(200);
    expect(json(page).data).toMatchObject({ id: shown.id, introduction: '<p>English intro</p>', hallName: 'Hall A', categoryName: 'Forums', schedules: [{ title: '开场', titleEn: 'Opening' }], ticketTypes: [{ name: '普通票', quantity: 100, taken: 0 }] });
    const zh = await send(null, 'GET', `/api/v1/expo/${ctx.demo.exhibitionId}/activities/${shown.id}`, undefined, { 'accept-language': 'zh-CN' });
    expect(json(zh).data).toMatchObject({ introduction: '<p>中文介绍</p>', categoryName: cat.name });
    for (const gone of [pending, hidden, cancelled]) expect((await send(null, 'GET', `/api/v1/expo/${ctx.demo.exhibitionId}/activities/${gone.id}`)).statusCode).toBe(404);
    // Another exhibition's id in the path does not find it.
    expect((await send(null, 'GET', `/api/v1/expo/${ctx.other.exhibitionId}/activities/${shown.id}`)).statusCode).not.toBe(200);
  });

  it('leaves out an exhibitor’s activity while the exhibitor is hidden, and answers 404 for an unknown exhibition', async () => {
    const [row] = await ctx.db.insert(activity).values({ exhibitionId: ctx.demo.exhibitionId, exhibitorId: own.exhibitor2Id, title: unique('隐藏展商'), startAt: new Date(at(4, 9)), endAt: new Date(at(4, 10)), auditState: AuditState.Approved }).returning();
    await ctx.db.update(exhibitor).set({ isShow: false }).where(eq(exhibitor.id, own.exhibitor2Id));
    try {
      expect((await send(null, 'GET', `/api/v1/expo/${ctx.demo.exhibitionId}/activities/${row!.id}`)).statusCode).toBe(404);
    } finally {
      await ctx.db.update(exhibitor).set({ isShow: true }).where(eq(exhibitor.id, own.exhibitor2Id));
    }
    expect((await send(null, 'GET', '/api/v1/expo/00000000-0000-4000-8000-000000000000/activities')).statusCode).toBe(404);
    // The other tenant's exhibition runs no activity feature.
    expect(json(await send(null, 'GET', `/api/v1/expo/${ctx.other.exhibitionId}/activities`)).code).toBe(ErrorCode.FeatureNotEnabled);
  });
});

describe('GraphQL exhibitor preview', () => {
  it('carries 3 approved, shown activities and activityCount', async () => {
    for (let i = 0; i < 4; i++) {
      const a = await create('exhibitor', { title: `预览活动 ${i}`, titleEn: `Preview ${i}`, startAt: at(1, 10 + i), endAt: at(1, 10 + i, 30) });
      await call('host', 'POST', '/api/v3/activity/audit', { ids: [a.id], approve: true });
    }
    await create('exhibitor', { startAt: at(1, 8), endAt: at(1, 9) }); // pending: not in the preview
    const q = `query($id: ID!) { exhibitor(id: $id) { id activityCount activities { id exhibitorId title startAt endAt } } }`;
    const res = (await ctx.app.inject({ method: 'POST', url: '/graphql', payload: { query: q, variables: { id: own.exhibitorId } }, headers: { ...bearer(await ctx.token('host')), 'x-lang': 'en' } })).json();
    expect(res.errors).toBeUndefined();
    const count = await activityCountOf(own.exhibitorId);
    expect(res.data.exhibitor.activityCount).toBe(count);
    const approvedShown = await ctx.db.select().from(activity).where(and(eq(activity.exhibitorId, own.exhibitorId), eq(activity.auditState, AuditState.Approved), eq(activity.isShow, true), eq(activity.state, 'published')));
    expect(count).toBe(approvedShown.filter((a) => !a.deletedAt).length);
    expect(res.data.exhibitor.activities).toHaveLength(3);
    expect(res.data.exhibitor.activities[0]).toMatchObject({ exhibitorId: own.exhibitorId, title: expect.stringMatching(/^Preview|^[^预]/) });
    const starts = (res.data.exhibitor.activities as { startAt: string }[]).map((a) => a.startAt);
    expect(starts).toEqual([...starts].sort());
  });
});

describe('feature gating', () => {
  it('answers 403 (4019) when the exhibition’s version lacks the activity feature', async () => {
    const [foreign] = await ctx.db.insert(activity).values({ exhibitionId: ctx.other.exhibitionId, exhibitorId: ctx.other.exhibitorId, title: unique('外'), startAt: new Date(at(2, 9)), endAt: new Date(at(2, 10)), auditState: AuditState.Pending }).returning();
    const res = await call('exhibitor3', 'GET', `/api/v3/activity?id=${foreign!.id}`);
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe(ErrorCode.FeatureNotEnabled);
    expect(json(await call('host2', 'POST', '/api/v3/activity/query', { exhibitionId: ctx.other.exhibitionId })).code).toBe(ErrorCode.FeatureNotEnabled);
    expect((await call('admin', 'GET', `/api/v3/activity?id=${foreign!.id}`)).statusCode).toBe(200);
    const rows = await ctx.db.select().from(activitySchedule).where(eq(activitySchedule.activityId, foreign!.id));
    expect(rows).toHaveLength(0);
  });
});
