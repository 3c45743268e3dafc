import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@pavilion/contract';
import { liveMessage, liveRoom } from '../src/modules/live/tables.ts';
import { bearer, createTestContext, json, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { exhibitorIdOf, newVisitor } from './activity-fixtures.ts';
import { caller, insertForeignRoom, insertRoom, listen, roomRow, setSettings } from './live-fixtures.ts';

let ctx: TestContext;
const get = () => ctx;
const call = caller(get);
let exhibitorId: string;
let exRoom: { id: string };
let foreignRoom: { id: string };
let viewer: Awaited<ReturnType<typeof newVisitor>>;
const insertMessage = async (roomId: string, content = '你好') => (await ctx.db.insert(liveMessage).values({ roomId, nickname: '观众', content, userId: viewer.userId }).returning())[0]!.id;
const say = (token: string, roomId: string, content: string) => ctx.app.inject({ method: 'POST', url: `/api/v1/expo/${ctx.demo.exhibitionId}/live/${roomId}/messages`, payload: { content }, headers: bearer(token) });

beforeAll(async () => {
  ctx = await createTestContext();
  exhibitorId = await exhibitorIdOf(ctx, 'exhibitor');
  await setSettings(ctx, { enabledSpecialLive: true });
  exRoom = await insertRoom(ctx, { exhibitorId, title: '展商直播间' });
  foreignRoom = await insertForeignRoom(ctx);
  viewer = await newVisitor(ctx, { name: '观众甲' });
});
afterAll(() => ctx?.close());

describe('POST /api/v1/livemessage/page', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v1/livemessage/page', payload: { roomId: exRoom.id } }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v1/livemessage/page', payload: { roomId: foreignRoom.id } }) },
  });
});

describe('DELETE /api/v1/livemessage', () => {
  const ids: string[] = [];
  let foreign: string;
  beforeAll(async () => {
    for (let i = 0; i < 6; i++) ids.push(await insertMessage(exRoom.id));
    foreign = (await ctx.db.insert(liveMessage).values({ roomId: foreignRoom.id, nickname: '外', content: '外' }).returning())[0]!.id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v1/livemessage?id=${ids.pop()}` }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v1/livemessage?id=${foreign}` }) },
  });
});

describe('POST /api/v1/livemessage/mute', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v1/livemessage/mute', payload: { roomId: exRoom.id, memberId: viewer.memberId, muted: false } }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v1/livemessage/mute', payload: { roomId: foreignRoom.id, memberId: viewer.memberId, muted: true } }) },
  });
});

describe('POST /api/v1/livemessage', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v1/livemessage', payload: { roomId: exRoom.id, content: '欢迎来到直播间' } }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v1/livemessage', payload: { roomId: foreignRoom.id, content: '欢迎' } }) },
  });
});

describe('POST /api/v1/liveviewer/page', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v1/liveviewer/page', payload: { roomId: exRoom.id } }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v1/liveviewer/page', payload: { roomId: foreignRoom.id } }) },
  });
});

describe('moderation', () => {
  it('deletes a message for every viewer and leaves it out of the lists (kept for the record)', async () => {
    const room = await insertRoom(ctx, { exhibitorId });
    const id = await insertMessage(room.id, '要删除的话');
    const events = await listen(ctx, room.id);
    try {
      expect((await call('exhibitor', 'DELETE', `/api/v1/livemessage?id=${id}`)).statusCode).toBe(200);
      expect(events.got).toEqual([{ type: 'messageDelete', id }]);
    } finally {
      await events.off();
    }
    const [row] = await ctx.db.select().from(liveMessage).where(eq(liveMessage.id, id));
    expect(row!.deletedAt).not.toBeNull();
    expect(json(await call('host', 'POST', '/api/v1/livemessage/page', { roomId: room.id })).data.totalCount).toBe(0);
    expect(json(await call('exhibitor', 'GET', `/api/v1/expo/${ctx.demo.exhibitionId}/live/${room.id}/messages`)).data).toEqual([]);
    expect((await call('exhibitor', 'DELETE', `/api/v1/livemessage?id=${id}`)).statusCode).toBe(404);
    // Another exhibitor's moderator never reaches it.
    const other = await insertMessage(room.id);
    expect((await call('exhibitor2', 'DELETE', `/api/v1/livemessage?id=${other}`)).statusCode).toBe(404);
  });

  it("mutes a visitor in one room: its messages are refused there (4093), not elsewhere, until unmuted; the viewer list says so", async () => {
    const [room, elsewhere] = [await insertRoom(ctx, { exhibitorId }), await insertRoom(ctx, { exhibitorId })];
    const v = await newVisitor(ctx, { name: '话多的观众' });
    expect((await say(v.token, room.id, '第一句')).statusCode).toBe(200);
    expect((await call('exhibitor', 'POST', '/api/v1/livemessage/mute', { roomId: room.id, memberId: v.memberId, muted: true })).statusCode).toBe(200);
    const refused = await say(v.token, room.id, '第二句');
    expect(refused.statusCode).toBe(403);
    expect(json(refused).code).toBe(ErrorCode.LiveMuted);
    expect((await say(v.token, elsewhere.id, '别处')).statusCode).toBe(200);
    const viewers = json(await call('exhibitor', 'POST', '/api/v1/liveviewer/page', { roomId: room.id })).data;
    expect(viewers.items).toEqual([expect.objectContaining({ memberId: v.memberId, nickname: '话多的观众', muted: true, roomTitle: expect.any(String) })]);
    expect((await call('exhibitor', 'POST', '/api/v1/livemessage/mute', { roomId: room.id, memberId: v.memberId, muted: false })).statusCode).toBe(200);
    expect((await say(v.token, room.id, '又能说了')).statusCode).toBe(200);
    // A member of another exhibition is not found.
    const stranger = await newVisitor(ctx, { exhibitionId: ctx.other.exhibitionId });
    expect((await call('host', 'POST', '/api/v1/livemessage/mute', { roomId: room.id, memberId: stranger.memberId, muted: true })).statusCode).toBe(404);
  });

  it("posts the presenter's message to the chat and its viewers, through the sensitive-word check", async () => {
    const room = await insertRoom(ctx, { exhibitorId });
    const events = await listen(ctx, room.id);
    try {
      const res = await call('exhibitor', 'POST', '/api/v1/livemessage', { roomId: room.id, content: '欢迎大家' });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res).data).toMatchObject({ roomId: room.id, fromPresenter: true, nickname: '主播', memberId: null, content: '欢迎大家' });
      expect(events.got).toEqual([{ type: 'message', message: expect.objectContaining({ id: json(res).data.id, fromPresenter: true }) }]);
    } finally {
      await events.off();
    }
    expect((await roomRow(ctx, room.id)).messageCount).toBe(1);
    try {
      expect((await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: ['违禁词'] })).statusCode).toBe(200);
      const bad = await call('exhibitor', 'POST', '/api/v1/livemessage', { roomId: room.id, content: '这是违禁词' });
      expect(bad.statusCode).toBe(400);
      expect(json(bad)).toMatchObject({ code: ErrorCode.SensitiveWord, field: 'content' });
    } finally {
      await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: [] });
    }
  });

  it("lists the messages of the caller's rooms, newest first, searchable", async () => {
    const room = await insertRoom(ctx, { exhibitorId, title: '搜索用' });
    await insertMessage(room.id, '询问价格');
    await new Promise((r) => setTimeout(r, 5));
    await insertMessage(room.id, '询问交期');
    const page = json(await call('host', 'POST', '/api/v1/livemessage/page', { exhibitionId: ctx.demo.exhibitionId, roomId: room.id })).data;
    expect(page.items.map((m: { content: string }) => m.content)).toEqual(['询问交期', '询问价格']);
    expect(page.items[0]).toMatchObject({ roomTitle: '搜索用', memberId: viewer.memberId, fromPresenter: false });
    const found = json(await call('exhibitor', 'POST', '/api/v1/livemessage/page', { keyword: '价格' })).data;
    expect(found.items.map((m: { content: string }) => m.content)).toContain('询问价格');
    expect(found.items.every((m: { roomId: string }) => m.roomId !== foreignRoom.id)).toBe(true);
    const rows = await ctx.db.select().from(liveRoom).where(and(eq(liveRoom.id, room.id)));
    expect(rows).toHaveLength(1);
  });
});
