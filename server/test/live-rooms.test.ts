import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditState, ErrorCode, LiveApplyState } from '@pavilion/contract';
import { auditRecord } from '../src/audit/tables.ts';
import { exhibitor } from '../src/modules/exhibitor/tables.ts';
import { liveRoom } from '../src/modules/live/tables.ts';
import { bearer, createTestContext, json, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { exhibitorIdOf, insertActivity } from './activity-fixtures.ts';
import { caller, insertForeignRoom, insertRoom, listen, roomRow, setSettings } from './live-fixtures.ts';

let ctx: TestContext;
const get = () => ctx;
const call = caller(get);
const own = { exhibitorId: '', exhibitor2Id: '' };
let exRoom: { id: string };
let foreignRoom: { id: string };
const recordOf = async (targetId: string) => (await ctx.db.select().from(auditRecord).where(and(eq(auditRecord.type, 'liveroom'), eq(auditRecord.targetId, targetId))))[0];
const liveCountOf = async (id: string) => (await ctx.db.select({ n: exhibitor.liveCount, living: exhibitor.isLiving }).from(exhibitor).where(eq(exhibitor.id, id)))[0]!;

beforeAll(async () => {
  ctx = await createTestContext();
  own.exhibitorId = await exhibitorIdOf(ctx, 'exhibitor');
  own.exhibitor2Id = await exhibitorIdOf(ctx, 'exhibitor2');
  await setSettings(ctx, { enabledSpecialLive: true });
  exRoom = await insertRoom(ctx, { exhibitorId: own.exhibitorId });
  foreignRoom = await insertForeignRoom(ctx);
});
afterAll(() => ctx?.close());

describe('POST /api/v1/liveroom', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v1/liveroom', payload: { exhibitionId: c.demo.exhibitionId, title: '新直播间' } }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/liveroom', payload: { exhibitionId: c.other.exhibitionId, title: '别人的' } }) },
  });
});

describe('GET /api/v1/liveroom', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v1/liveroom?id=${exRoom.id}` }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'GET', url: `/api/v1/liveroom?id=${foreignRoom.id}` }) },
  });
  it("keeps the host's own room and another exhibitor's from an exhibitor (404)", async () => {
    const hostRoom = await insertRoom(ctx);
    expect((await call('exhibitor', 'GET', `/api/v1/liveroom?id=${hostRoom.id}`)).statusCode).toBe(404);
    expect((await call('exhibitor2', 'GET', `/api/v1/liveroom?id=${exRoom.id}`)).statusCode).toBe(404);
    const read = json(await call('exhibitor', 'GET', `/api/v1/liveroom?id=${exRoom.id}`)).data;
    expect(read).toMatchObject({ id: exRoom.id, kind: 'exhibitor', exhibitorId: own.exhibitorId, companyName: expect.any(String), onlineCount: 0 });
    expect(read).not.toHaveProperty('streamKey');
  });
});

describe('PATCH /api/v1/liveroom', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `/api/v1/liveroom?id=${exRoom.id}`, payload: { showIndex: 3 } }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PATCH', url: `/api/v1/liveroom?id=${foreignRoom.id}`, payload: { showIndex: 3 } }) },
  });
});

describe('DELETE /api/v1/liveroom', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 6; i++) ids.push((await insertRoom(ctx, { exhibitorId: own.exhibitorId })).id);
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v1/liveroom?id=${ids.pop()}` }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v1/liveroom?id=${foreignRoom.id}` }) },
  });
});

describe('POST /api/v1/liveroom/page', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v1/liveroom/page', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/liveroom/page', payload: { exhibitionId: c.other.exhibitionId } }) },
  });
  it("lists a host's exhibition's rooms of every kind, an exhibitor's own only, live first", async () => {
    const live = await insertRoom(ctx, { liveState: 'live', title: '正在直播' });
    const host = json(await call('host', 'POST', '/api/v1/liveroom/page', { exhibitionId: ctx.demo.exhibitionId, pageSize: 100 })).data;
    expect(host.items[0].id).toBe(live.id);
    expect(host.items.map((r: { kind: string }) => r.kind)).toEqual(expect.arrayContaining(['host', 'exhibitor']));
    const mine = json(await call('exhibitor', 'POST', '/api/v1/liveroom/page', { pageSize: 100 })).data;
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((r: { exhibitorId: string }) => r.exhibitorId === own.exhibitorId)).toBe(true);
    const filtered = json(await call('host', 'POST', '/api/v1/liveroom/page', { exhibitionId: ctx.demo.exhibitionId, keyword: '正在', liveState: 'live' })).data;
    expect(filtered.items.map((r: { id: string }) => r.id)).toEqual([live.id]);
  });
});

describe('GET /api/v1/liveroom/activity', () => {
  let approved: { id: string };
  let foreign: { id: string };
  beforeAll(async () => {
    approved = await insertActivity(ctx, { title: '发布会直播', exhibitorId: own.exhibitorId, liveApplyState: LiveApplyState.Approved });
    foreign = await insertActivity(ctx, { exhibitionId: ctx.other.exhibitionId, liveApplyState: LiveApplyState.Approved });
  });
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v1/liveroom/activity?activityId=${approved.id}` }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'GET', url: `/api/v1/liveroom/activity?activityId=${foreign.id}` }) },
  });
  it('creates the room once, from the activity, and refuses an activity without an approved live application (409)', async () => {
    const a = await insertActivity(ctx, { title: '论坛直播', titleEn: 'Forum live', liveApplyState: LiveApplyState.Approved });
    const first = json(await call('host', 'GET', `/api/v1/liveroom/activity?activityId=${a.id}`)).data;
    expect(first).toMatchObject({ kind: 'activity', activityId: a.id, title: '论坛直播', titleEn: 'Forum live', exhibitorId: null, auditState: AuditState.Approved });
    const again = json(await call('host', 'GET', `/api/v1/liveroom/activity?activityId=${a.id}`)).data;
    expect(again.id).toBe(first.id);
    expect(await ctx.db.select().from(liveRoom).where(eq(liveRoom.activityId, a.id))).toHaveLength(1);
    const pending = await insertActivity(ctx, { liveApplyState: LiveApplyState.Pending });
    const refused = await call('host', 'GET', `/api/v1/liveroom/activity?activityId=${pending.id}`, undefined, { 'accept-language': 'en' });
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({ code: ErrorCode.Conflict, field: 'activityId' });
  });
});

describe('POST /api/v1/liveroom/audit', () => {
  const pending: string[] = [];
  let foreignPending: string;
  const submit = (as: 'exhibitor') => call(as, 'POST', '/api/v1/liveroom', { exhibitionId: ctx.demo.exhibitionId, title: '待审直播间' });
  beforeAll(async () => {
    // One for each call: the refused ones pop an id too.
    for (let i = 0; i < 6; i++) {
      const res = await submit('exhibitor');
      expect(res.statusCode, res.body).toBe(200);
      pending.push(json(res).data.id);
    }
    foreignPending = (await insertForeignRoom(ctx, { auditState: AuditState.Pending })).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v1/liveroom/audit', payload: { ids: [pending.pop()], approve: true } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v1/liveroom/audit', payload: { ids: [foreignPending], approve: true } }) },
  });
});

describe('ownership and audit', () => {
  it("sends an exhibitor's room to the host's queue; approval counts it; a content change goes back, gifts and showing do not", async () => {
    const before = (await liveCountOf(own.exhibitor2Id)).n;
    const created = await call('exhibitor2', 'POST', '/api/v1/liveroom', { exhibitionId: ctx.demo.exhibitionId, title: '展商二直播', introduction: '介绍' });
    expect(created.statusCode, created.body).toBe(200);
    const room = json(created).data;
    expect(room).toMatchObject({ kind: 'exhibitor', exhibitorId: own.exhibitor2Id, auditState: AuditState.Pending, liveState: 'idle', giftEnabled: false });
    expect(await recordOf(room.id)).toMatchObject({ state: AuditState.Pending, title: '展商二直播', exhibitorId: own.exhibitor2Id });
    // The host's audit home lists it with every other type.
    const queue = json(await call('host', 'POST', '/api/Audit/GetAuditList', { type: 'liveroom', state: AuditState.Pending, pageSize: 100 }));
    expect(queue.data.items.map((i: { targetId: string }) => i.targetId)).toContain(room.id);
    const decided = await call('host', 'POST', '/api/v1/liveroom/audit', { ids: [room.id], approve: true });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(json(decided).data).toMatchObject({ decided: 1, items: [{ id: room.id, auditState: AuditState.Approved }] });
    expect((await liveCountOf(own.exhibitor2Id)).n).toBe(before + 1);

    const gifts = await call('exhibitor2', 'PATCH', `/api/v1/liveroom?id=${room.id}`, { giftEnabled: true, isShow: true });
    expect(json(gifts).data).toMatchObject({ giftEnabled: true, auditState: AuditState.Approved });
    const retitled = await call('exhibitor2', 'PATCH', `/api/v1/liveroom?id=${room.id}`, { title: '展商二直播（新）' });
    expect(json(retitled).data).toMatchObject({ title: '展商二直播（新）', auditState: AuditState.Pending });
    expect((await liveCountOf(own.exhibitor2Id)).n).toBe(before);

    const noReason = await call('host', 'POST', '/api/v1/liveroom/audit', { ids: [room.id], approve: false });
    expect(noReason.statusCode).toBe(400);
    const rejected = await call('host', 'POST', '/api/v1/liveroom/audit', { ids: [room.id], approve: false, reason: '封面不清晰' });
    expect(json(rejected).data.items[0]).toMatchObject({ auditState: AuditState.Rejected, auditReason: '封面不清晰' });
  });

  it("approves an exhibitor's room at once under the Live auto-audit switch; the host's own and the host's for an exhibitor are final", async () => {
    await setSettings(ctx, { enabledAutoAuditLive: true });
    try {
      const auto = json(await call('exhibitor2', 'POST', '/api/v1/liveroom', { exhibitionId: ctx.demo.exhibitionId, title: '自动通过' })).data;
      expect(auto.auditState).toBe(AuditState.Approved);
      expect(await recordOf(auto.id)).toMatchObject({ state: AuditState.Approved, auto: true });
    } finally {
      await setSettings(ctx, { enabledAutoAuditLive: false });
    }
    const hostOwn = json(await call('host', 'POST', '/api/v1/liveroom', { exhibitionId: ctx.demo.exhibitionId, title: '主办方直播' })).data;
    expect(hostOwn).toMatchObject({ kind: 'host', exhibitorId: null, auditState: AuditState.Approved });
    const forExhibitor = json(await call('host', 'POST', '/api/v1/liveroom', { exhibitionId: ctx.demo.exhibitionId, exhibitorId: own.exhibitorId, title: '代展商建' })).data;
    expect(forExhibitor).toMatchObject({ kind: 'exhibitor', exhibitorId: own.exhibitorId, auditState: AuditState.Approved });
    // An exhibitor cannot create a room for another exhibitor.
    expect((await call('exhibitor', 'POST', '/api/v1/liveroom', { exhibitionId: ctx.demo.exhibitionId, exhibitorId: own.exhibitor2Id, title: 'x' })).statusCode).toBe(404);
  });

  it('lets only the host end a room or set it idle, and tells the viewers', async () => {
    const room = await insertRoom(ctx, { exhibitorId: own.exhibitorId, liveState: 'live', liveStartedAt: new Date() });
    await ctx.db.update(exhibitor).set({ isLiving: true }).where(eq(exhibitor.id, own.exhibitorId));
    const byExhibitor = await call('exhibitor', 'PATCH', `/api/v1/liveroom?id=${room.id}`, { liveState: 'ended' });
    expect(byExhibitor.statusCode).toBe(403);
    const events = await listen(ctx, room.id);
    try {
      const ended = await call('host', 'PATCH', `/api/v1/liveroom?id=${room.id}`, { liveState: 'ended', giftEnabled: true });
      expect(json(ended).data).toMatchObject({ liveState: 'ended', giftEnabled: true });
      expect(events.got).toEqual(expect.arrayContaining([{ type: 'state', liveState: 'ended', liveStartedAt: expect.any(String) }, { type: 'giftSwitch', enabled: true, notice: null }]));
    } finally {
      await events.off();
    }
    expect((await liveCountOf(own.exhibitorId)).living).toBe(false);
  });

  it('refuses a plan that ends before it starts and sensitive words in the title, naming the field', async () => {
    const badPlan = await call('host', 'PATCH', `/api/v1/liveroom?id=${exRoom.id}`, { planStartAt: '2026-12-02T10:00:00+08:00', planEndAt: '2026-12-02T09:00:00+08:00' });
    expect(badPlan.statusCode).toBe(400);
    expect(json(badPlan).field).toBe('planEndAt');
    try {
      expect((await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: ['违禁词'] })).statusCode).toBe(200);
      const res = await call('host', 'POST', '/api/v1/liveroom', { exhibitionId: ctx.demo.exhibitionId, title: '这是违禁词' });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ code: ErrorCode.SensitiveWord, field: 'title' });
    } finally {
      await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: [] });
    }
  });

  it('deletes softly: a pending room leaves the queue', async () => {
    const room = json(await call('exhibitor', 'POST', '/api/v1/liveroom', { exhibitionId: ctx.demo.exhibitionId, title: '将删除' })).data;
    expect((await call('exhibitor', 'DELETE', `/api/v1/liveroom?id=${room.id}`)).statusCode).toBe(200);
    expect((await roomRow(ctx, room.id)).deletedAt).not.toBeNull();
    expect((await call('exhibitor', 'GET', `/api/v1/liveroom?id=${room.id}`)).statusCode).toBe(404);
    expect((await recordOf(room.id))?.state).not.toBe(AuditState.Pending);
  });
});

describe('toggles and the feature gate', () => {
  it('refuses every room while enabledLive is off, exhibitor rooms without enabledExhibitorLive, the host’s without enabledSpecialLive (4095)', async () => {
    const create = (as: 'host' | 'exhibitor') => call(as, 'POST', '/api/v1/liveroom', { exhibitionId: ctx.demo.exhibitionId, title: '开关' });
    try {
      await setSettings(ctx, { enabledSpecialLive: false });
      const hostOff = await create('host');
      expect(hostOff.statusCode).toBe(403);
      expect(json(hostOff).code).toBe(ErrorCode.LiveOff);
      expect((await create('exhibitor')).statusCode).toBe(200);
      await setSettings(ctx, { enabledSpecialLive: true, enabledExhibitorLive: false });
      expect(json(await create('exhibitor')).code).toBe(ErrorCode.LiveOff);
      expect((await create('host')).statusCode).toBe(200);
      await setSettings(ctx, { enabledExhibitorLive: true, enabledLive: false });
      expect(json(await create('host')).code).toBe(ErrorCode.LiveOff);
      expect(json(await call('host', 'PATCH', `/api/v1/liveroom?id=${exRoom.id}`, { giftEnabled: true })).code).toBe(ErrorCode.LiveOff);
    } finally {
      await setSettings(ctx, { enabledLive: true, enabledExhibitorLive: true, enabledSpecialLive: true });
    }
  });

  it('answers 403 (4019) where the exhibition’s version lacks the live feature (the administrator is never gated)', async () => {
    const res = await call('exhibitor3', 'GET', `/api/v1/liveroom?id=${foreignRoom.id}`);
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe(ErrorCode.FeatureNotEnabled);
    expect(json(await call('host2', 'POST', '/api/v1/liveroom/page', { exhibitionId: ctx.other.exhibitionId })).code).toBe(ErrorCode.FeatureNotEnabled);
    expect((await call('admin', 'GET', `/api/v1/liveroom?id=${foreignRoom.id}`)).statusCode).toBe(200);
  });
});

describe('GraphQL exhibitor preview', () => {
  it('carries liveCount (shown, approved rooms) and isLiving', async () => {
    const q = `query($id: ID!) { exhibitor(id: $id) { id liveCount isLiving } }`;
    await call('host', 'PATCH', `/api/v1/liveroom?id=${exRoom.id}`, { isShow: true });
    const res = (await ctx.app.inject({ method: 'POST', url: '/graphql', payload: { query: q, variables: { id: own.exhibitorId } }, headers: bearer(await ctx.token('host')) })).json();
    expect(res.errors).toBeUndefined();
    const rows = await ctx.db.select().from(liveRoom).where(and(eq(liveRoom.exhibitorId, own.exhibitorId), eq(liveRoom.isShow, true), eq(liveRoom.auditState, AuditState.Approved)));
    expect(res.data.exhibitor.liveCount).toBe(rows.filter((r) => !r.deletedAt).length);
    expect(res.data.exhibitor.isLiving).toBe(rows.some((r) => !r.deletedAt && r.liveState === 'live'));
  });
});
