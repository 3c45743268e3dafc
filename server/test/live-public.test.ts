import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditState, ErrorCode, LIVE_GIFTS_PER_MINUTE, LIVE_MESSAGES_PER_MINUTE } from '@pavilion/contract';
import { exhibitor } from '../src/modules/exhibitor/tables.ts';
import { liveGift, liveMessage, livePushProduct, liveRoom, liveViewer } from '../src/modules/live/tables.ts';
import { memoryState } from '../src/infra/kv.ts';
import { createPresence, onlineCount, ONLINE_WINDOW_SECONDS } from '../src/modules/live/online.ts';
import { bearer, createTestContext, json, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { exhibitorIdOf, newVisitor } from './activity-fixtures.ts';
import { caller, insertForeignRoom, insertProduct, insertRoom, listen, roomRow, setSettings } from './live-fixtures.ts';

let ctx: TestContext;
const get = () => ctx;
const call = caller(get);
const exh = () => ctx.demo.exhibitionId;
let exhibitorId: string;
let room: { id: string; streamKey: string };
let foreignRoom: { id: string };
let gift: { id: string };
const url = (roomId: string, rest = '', exhibitionId = exh()) => `/api/v1/expo/${exhibitionId}/live/${roomId}${rest}`;

beforeAll(async () => {
  ctx = await createTestContext();
  exhibitorId = await exhibitorIdOf(ctx, 'exhibitor');
  await setSettings(ctx, { enabledSpecialLive: true });
  room = await insertRoom(ctx, { exhibitorId, giftEnabled: true, title: '公开直播间' });
  foreignRoom = await insertForeignRoom(ctx, { giftEnabled: true });
  gift = (await ctx.db.insert(liveGift).values({ exhibitionId: exh(), name: '掌声', icon: '/demo/gifts/applause.svg' }).returning())[0]!;
});
afterAll(() => ctx?.close());

describe('POST /api/v1/expo/:exhibitionId/live/:roomId/messages', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: url(room.id, '/messages'), payload: { content: '主播好' } }),
    allowed: ['visitor'],
    denied: ['host', 'exhibitor', 'admin'],
    otherTenant: { as: 'visitor', request: (c) => ({ method: 'POST', url: url(foreignRoom.id, '/messages', c.other.exhibitionId), payload: { content: '你好' } }) },
  });
});

describe('POST /api/v1/expo/:exhibitionId/live/:roomId/gifts', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: url(room.id, '/gifts'), payload: { giftId: gift.id } }),
    allowed: ['visitor'],
    denied: ['host', 'exhibitor', 'admin'],
    otherTenant: { as: 'visitor', request: (c) => ({ method: 'POST', url: url(foreignRoom.id, '/gifts', c.other.exhibitionId), payload: { giftId: gift.id } }) },
  });
});

describe('the live hall and a room page', () => {
  it('lists shown, approved rooms of the kinds switched on, live first, then planned by start', async () => {
    const live = await insertRoom(ctx, { liveState: 'live', title: '直播中' });
    const soon = await insertRoom(ctx, { planStartAt: new Date('2026-12-01T02:00:00Z'), title: '即将开始' });
    const hidden = await insertRoom(ctx, { isShow: false });
    const pending = await insertRoom(ctx, { exhibitorId, auditState: AuditState.Pending });
    const list = async () => json(await call(null, 'GET', `/api/v1/expo/${exh()}/live?pageSize=50&t=${Math.random()}`)).data;
    let ids = (await list()).items.map((r: { id: string }) => r.id);
    expect(ids[0]).toBe(live.id);
    expect(ids.indexOf(soon.id)).toBeLessThan(ids.indexOf(room.id));
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(pending.id);
    expect(JSON.stringify(await list())).not.toContain(room.streamKey);
    // A hidden exhibitor's rooms are not on the site.
    await ctx.db.update(exhibitor).set({ isShow: false }).where(eq(exhibitor.id, exhibitorId));
    try {
      ids = (await list()).items.map((r: { id: string }) => r.id);
      expect(ids).not.toContain(room.id);
    } finally {
      await ctx.db.update(exhibitor).set({ isShow: true }).where(eq(exhibitor.id, exhibitorId));
    }
    // The host's rooms go with enabledSpecialLive.
    await setSettings(ctx, { enabledSpecialLive: false });
    try {
      const kinds = (await list()).items.map((r: { kind: string }) => r.kind);
      expect(kinds.length).toBeGreaterThan(0);
      expect(kinds.every((k: string) => k === 'exhibitor')).toBe(true);
      const off = await call(null, 'GET', url(live.id));
      expect(off.statusCode).toBe(403);
      expect(json(off).code).toBe(ErrorCode.LiveOff);
    } finally {
      await setSettings(ctx, { enabledSpecialLive: true });
    }
    const foreign = await call(null, 'GET', `/api/v1/expo/${ctx.other.exhibitionId}/live`);
    expect(json(foreign).code).toBe(ErrorCode.FeatureNotEnabled);
    expect((await call(null, 'GET', url(hidden.id))).statusCode).toBe(404);
    expect((await call(null, 'GET', url(foreignRoom.id))).statusCode).toBe(404);
  });

  it('gives pull URLs only while live, the gifts while on, and the products with the pushed one', async () => {
    const r = await insertRoom(ctx, { exhibitorId, giftEnabled: true, giftNotice: '送礼' });
    const p = await insertProduct(ctx, exhibitorId, { name: '导览屏' });
    await ctx.db.insert(livePushProduct).values({ roomId: r.id, productId: p.id, pushedAt: new Date() });
    const idle = json(await call(null, 'GET', url(r.id))).data;
    expect(idle).toMatchObject({ liveState: 'idle', flvUrl: null, hlsUrl: null, giftEnabled: true, giftNotice: '送礼', pushed: { productId: p.id, name: '导览屏' }, products: [expect.objectContaining({ productId: p.id })] });
    expect(idle.gifts.map((g: { id: string }) => g.id)).toContain(gift.id);
    const streamKey = (await roomRow(ctx, r.id)).streamKey;
    expect(JSON.stringify(idle)).not.toContain(streamKey);
    await ctx.db.update(liveRoom).set({ liveState: 'live', liveStartedAt: new Date() }).where(eq(liveRoom.id, r.id));
    const live = json(await call(null, 'GET', url(r.id))).data;
    // Signed by the stream driver; HLS only where an external media server makes it (MEDIA_PUBLIC_HLS_URL).
    expect(live.flvUrl).toMatch(new RegExp(`^/live-media/live/${streamKey}\\.flv\\?expire=\\d+&sign=[0-9a-f]+$`));
    expect(live.hlsUrl).toBeNull();
  });

  it("serves the last messages oldest first, without deleted ones", async () => {
    const r = await insertRoom(ctx);
    for (const [i, content] of ['一', '二', '三'].entries()) {
      await ctx.db.insert(liveMessage).values({ roomId: r.id, nickname: '观众', content, deletedAt: i === 1 ? new Date() : null });
      await new Promise((res) => setTimeout(res, 5));
    }
    const msgs = json(await call(null, 'GET', url(r.id, '/messages'))).data;
    expect(msgs.map((m: { content: string }) => m.content)).toEqual(['一', '三']);
  });
});

describe("visitors' chat and gifts", () => {
  it('publishes a message to the room, through the sensitive-word check, LIVE_MESSAGES_PER_MINUTE a minute', async () => {
    const r = await insertRoom(ctx, { exhibitorId });
    const v = await newVisitor(ctx, { name: '提问者' });
    const say = (content: string) => ctx.app.inject({ method: 'POST', url: url(r.id, '/messages'), payload: { content }, headers: bearer(v.token) });
    const events = await listen(ctx, r.id);
    try {
      const first = await say('请问价格？');
      expect(first.statusCode, first.body).toBe(200);
      expect(json(first).data).toMatchObject({ roomId: r.id, memberId: v.memberId, nickname: '提问者', fromPresenter: false, content: '请问价格？' });
      expect(events.got).toEqual([{ type: 'message', message: expect.objectContaining({ id: json(first).data.id }) }]);
    } finally {
      await events.off();
    }
    try {
      expect((await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: ['违禁词'] })).statusCode).toBe(200);
      const bad = await say('这是违禁词');
      expect(bad.statusCode).toBe(400);
      expect(json(bad)).toMatchObject({ code: ErrorCode.SensitiveWord, field: 'content' });
    } finally {
      await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: [] });
    }
    for (let i = 1; i < LIVE_MESSAGES_PER_MINUTE; i++) expect((await say(`第${i}句`)).statusCode).toBe(200);
    const limited = await say('太多了');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await roomRow(ctx, r.id)).messageCount).toBe(LIVE_MESSAGES_PER_MINUTE);
    // Another room is counted apart.
    const other = await insertRoom(ctx, { exhibitorId });
    expect((await ctx.app.inject({ method: 'POST', url: url(other.id, '/messages'), payload: { content: '别处' }, headers: bearer(v.token) })).statusCode).toBe(200);
    const empty = await say('   ');
    expect(empty.statusCode).toBe(400);
    // A registration still waiting for the host's approval does not chat.
    const waiting = await newVisitor(ctx, { auditState: AuditState.Pending });
    expect((await ctx.app.inject({ method: 'POST', url: url(other.id, '/messages'), payload: { content: '你好' }, headers: bearer(waiting.token) })).statusCode).toBe(403);
  });

  it('counts gifts per room, LIVE_GIFTS_PER_MINUTE sends a minute', async () => {
    const r = await insertRoom(ctx, { exhibitorId, giftEnabled: true });
    const v = await newVisitor(ctx);
    const send = (count: number) => ctx.app.inject({ method: 'POST', url: url(r.id, '/gifts'), payload: { giftId: gift.id, count }, headers: bearer(v.token) });
    for (let i = 0; i < LIVE_GIFTS_PER_MINUTE; i++) expect((await send(2)).statusCode).toBe(200);
    expect((await send(1)).statusCode).toBe(429);
    expect((await roomRow(ctx, r.id)).giftCount).toBe(LIVE_GIFTS_PER_MINUTE * 2);
    expect((await send(100)).statusCode).toBe(400);
  });
});

describe('viewers', () => {
  it('counts viewers online across instances: at once on arrival, and within a window after they leave', async () => {
    let now = 1_000_000 * ONLINE_WINDOW_SECONDS * 1000;
    const shared = memoryState(() => now);
    const told: string[] = [];
    const [one, two] = [createPresence(shared, (id) => told.push(id), () => now), createPresence(shared, () => undefined, () => now)];
    try {
      await one.join('r1');
      await one.join('r1');
      await two.join('r1');
      expect(await onlineCount(shared, 'r1', now)).toBe(3);
      one.leave('r1');
      expect(await onlineCount(shared, 'r1', now)).toBe(3);
      now += ONLINE_WINDOW_SECONDS * 1000;
      expect(await onlineCount(shared, 'r1', now)).toBe(0);
      await one.tick();
      await two.tick();
      expect(await onlineCount(shared, 'r1', now)).toBe(2);
      // An instance that goes away stops counting its viewers.
      two.close();
      now += ONLINE_WINDOW_SECONDS * 1000;
      await one.tick();
      expect(await onlineCount(shared, 'r1', now)).toBe(1);
    } finally {
      one.close();
      two.close();
    }
  });

  it('records a signed-in visitor opening the events (visits, views), counts it online and tells the room', async () => {
    const r = await insertRoom(ctx, { exhibitorId });
    const v = await newVisitor(ctx, { name: '看直播的人' });
    const events = await listen(ctx, r.id);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    let text = '';
    const req = http.get({ host: '127.0.0.1', port, path: url(r.id, '/events'), headers: bearer(v.token) });
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => req.on('response', resolve).on('error', reject));
    try {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/event-stream');
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      const until = Date.now() + 1000;
      while (!text.includes(': connected') || !events.got.length) {
        if (Date.now() > until) throw new Error(`not connected: ${text}`);
        await new Promise((w) => setTimeout(w, 10));
      }
      expect(events.got[0]).toEqual({ type: 'viewers', onlineCount: 1 });
      expect(json(await call('exhibitor', 'GET', `/api/v1/liveroom?id=${r.id}`)).data.onlineCount).toBe(1);
      expect(json(await call(null, 'GET', url(r.id))).data.onlineCount).toBe(1);
      const [row] = await ctx.db.select().from(liveViewer).where(and(eq(liveViewer.roomId, r.id), eq(liveViewer.userId, v.userId)));
      expect(row).toMatchObject({ visits: 1, mutedAt: null });
      expect((await roomRow(ctx, r.id)).viewCount).toBe(1);
    } finally {
      req.destroy();
      await new Promise((w) => setTimeout(w, 50));
      await events.off();
    }
    // Anonymous viewers are not recorded.
    const anon = http.get({ host: '127.0.0.1', port, path: url(r.id, '/events') });
    await new Promise<http.IncomingMessage>((resolve, reject) => anon.on('response', resolve).on('error', reject));
    anon.destroy();
    expect(await ctx.db.select().from(liveViewer).where(eq(liveViewer.roomId, r.id))).toHaveLength(1);
  });
});
