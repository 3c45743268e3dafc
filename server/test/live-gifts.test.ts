import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@pavilion/contract';
import { liveGift, liveGiftSend } from '../src/modules/live/tables.ts';
import { createTestContext, json, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { exhibitorIdOf, newVisitor } from './activity-fixtures.ts';
import { caller, insertForeignRoom, insertRoom, listen, roomRow, setSettings } from './live-fixtures.ts';

let ctx: TestContext;
const get = () => ctx;
const call = caller(get);
const ICON = '/demo/gifts/flower.svg';
let exhibitorId: string;
let exRoom: { id: string };
let foreignRoom: { id: string };
let gift: { id: string };
let foreignGift: { id: string };
const insertGift = async (exhibitionId = ctx.demo.exhibitionId, name = '鲜花') => (await ctx.db.insert(liveGift).values({ exhibitionId, name, icon: ICON, points: 1 }).returning())[0]!;

beforeAll(async () => {
  ctx = await createTestContext();
  exhibitorId = await exhibitorIdOf(ctx, 'exhibitor');
  await setSettings(ctx, { enabledSpecialLive: true });
  exRoom = await insertRoom(ctx, { exhibitorId });
  foreignRoom = await insertForeignRoom(ctx);
  gift = await insertGift();
  foreignGift = await insertGift(ctx.other.exhibitionId);
});
afterAll(() => ctx?.close());

describe('GET /api/v1/livegift/list', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `/api/v1/livegift/list?exhibitionId=${c.demo.exhibitionId}` }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v1/livegift/list?exhibitionId=${c.other.exhibitionId}` }) },
  });
});

describe('POST /api/v1/livegift', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v1/livegift', payload: { exhibitionId: c.demo.exhibitionId, name: '掌声', icon: ICON, points: 5 } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/livegift', payload: { exhibitionId: c.other.exhibitionId, name: '掌声', icon: ICON } }) },
  });
});

describe('PATCH /api/v1/livegift', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `/api/v1/livegift?id=${gift.id}`, payload: { points: 2 } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PATCH', url: `/api/v1/livegift?id=${foreignGift.id}`, payload: { points: 2 } }) },
  });
});

describe('DELETE /api/v1/livegift', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 5; i++) ids.push((await insertGift(ctx.demo.exhibitionId, `删${i}`)).id);
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v1/livegift?id=${ids.pop()}` }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v1/livegift?id=${foreignGift.id}` }) },
  });
});

describe('POST /api/v1/liveroom/push/enable-gift/notice', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v1/liveroom/push/enable-gift/notice', payload: { roomId: exRoom.id, enabled: true, notice: '送礼物赢好礼' } }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v1/liveroom/push/enable-gift/notice', payload: { roomId: foreignRoom.id, enabled: true } }) },
  });
});

describe('POST /api/v1/livegift/record/page', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v1/livegift/record/page', payload: { roomId: exRoom.id } }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'exhibitor', request: () => ({ method: 'POST', url: '/api/v1/livegift/record/page', payload: { roomId: foreignRoom.id } }) },
  });
});

describe('gifts', () => {
  it('keeps a catalogue per exhibition (hidden and deleted ones out of the viewers’ list)', async () => {
    const created = await call('host', 'POST', '/api/v1/livegift', { exhibitionId: ctx.demo.exhibitionId, name: '火箭', nameEn: 'Rocket', icon: ICON, points: 100, showIndex: 9 });
    expect(created.statusCode, created.body).toBe(200);
    const rocket = json(created).data;
    expect(rocket).toMatchObject({ name: '火箭', nameEn: 'Rocket', points: 100, isShow: true });
    const hidden = json(await call('host', 'PATCH', `/api/v1/livegift?id=${rocket.id}`, { isShow: false })).data;
    expect(hidden.isShow).toBe(false);
    const list = json(await call('exhibitor', 'GET', `/api/v1/livegift/list?exhibitionId=${ctx.demo.exhibitionId}`)).data;
    expect(list.map((g: { id: string }) => g.id)).toContain(rocket.id);
    const room = await insertRoom(ctx, { giftEnabled: true });
    const page = json(await call(null, 'GET', `/api/v1/expo/${ctx.demo.exhibitionId}/live/${room.id}`)).data;
    expect(page.gifts.map((g: { id: string }) => g.id)).toContain(gift.id);
    expect(page.gifts.map((g: { id: string }) => g.id)).not.toContain(rocket.id);
    expect((await call('host', 'DELETE', `/api/v1/livegift?id=${rocket.id}`)).statusCode).toBe(200);
    expect(json(await call('host', 'GET', `/api/v1/livegift/list?exhibitionId=${ctx.demo.exhibitionId}`)).data.map((g: { id: string }) => g.id)).not.toContain(rocket.id);
    const noIcon = await call('host', 'POST', '/api/v1/livegift', { exhibitionId: ctx.demo.exhibitionId, name: '无图' });
    expect(noIcon.statusCode).toBe(400);
    expect(json(noIcon).field).toBe('icon');
  });

  it('switches a room’s gifts with a notice pushed to its viewers; visitors’ gifts are counted and listed', async () => {
    const room = await insertRoom(ctx, { exhibitorId });
    const v = await newVisitor(ctx, { name: '送礼观众' });
    const send = () => ctx.app.inject({ method: 'POST', url: `/api/v1/expo/${ctx.demo.exhibitionId}/live/${room.id}/gifts`, payload: { giftId: gift.id, count: 3 }, headers: { authorization: `Bearer ${v.token}` } });
    const off = await send();
    expect(off.statusCode).toBe(403);
    expect(json(off).code).toBe(ErrorCode.LiveGiftsOff);
    const events = await listen(ctx, room.id);
    try {
      const on = await call('exhibitor', 'POST', '/api/v1/liveroom/push/enable-gift/notice', { roomId: room.id, enabled: true, notice: '为展商打call' });
      expect(json(on).data).toEqual({ enabled: true, notice: '为展商打call' });
      expect((await send()).statusCode).toBe(200);
      expect(events.got).toEqual([
        { type: 'giftSwitch', enabled: true, notice: '为展商打call' },
        { type: 'gift', giftId: gift.id, giftName: '鲜花', icon: ICON, nickname: '送礼观众', count: 3 },
      ]);
    } finally {
      await events.off();
    }
    const r = await roomRow(ctx, room.id);
    expect(r).toMatchObject({ giftEnabled: true, giftNotice: '为展商打call', giftCount: 3 });
    const records = json(await call('exhibitor', 'POST', '/api/v1/livegift/record/page', { roomId: room.id })).data;
    expect(records.items).toEqual([expect.objectContaining({ giftId: gift.id, giftName: '鲜花', memberId: v.memberId, nickname: '送礼观众', count: 3 })]);
    // Another exhibition's gift is not one this room takes.
    const foreign = await ctx.app.inject({ method: 'POST', url: `/api/v1/expo/${ctx.demo.exhibitionId}/live/${room.id}/gifts`, payload: { giftId: foreignGift.id }, headers: { authorization: `Bearer ${v.token}` } });
    expect(foreign.statusCode).toBe(404);
    expect(await ctx.db.select().from(liveGiftSend).where(eq(liveGiftSend.roomId, room.id))).toHaveLength(1);
  });
});
