import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AuditState, PULL_URL_TTL_MINUTES, PUSH_URL_TTL_HOURS } from '@pavilion/contract';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { exhibitorIdOf } from './activity-fixtures.ts';
import { insertRoom, roomOf, setAllocation, setPool, usedSecondsOf } from './live-stream-fixtures.ts';
import { setSettings } from './live-fixtures.ts';
import { checkSigned, pullPath, pushPath, signQuery } from '../src/media/signing.ts';
import { publishGate } from '../src/media/driver.ts';
import { liveLineExhibition, liveRoom } from '../src/modules/live/tables.ts';
import { liveRoomChannel } from '../src/modules/live/events.ts';
import { pullUrlsFor } from '../src/modules/live/stream.ts';
import { loadConfig } from '../src/config.ts';

let ctx: TestContext;
const get = () => ctx;
let ex1 = '';
let ex2 = '';
let own: { id: string; streamKey: string };
let theirs: { id: string };
const call = async (as: Actor, method: 'GET' | 'POST', url: string) => ctx.app.inject({ method, url, headers: bearer(await ctx.token(as)) });
const admit = (streamKey: string) => publishGate().admit(ctx.app.deps, streamKey);

beforeAll(async () => {
  ctx = await createTestContext();
  // Host and activity rooms stream under enabledSpecialLive, which is off by default.
  await setSettings(ctx, { enabledSpecialLive: true });
  ex1 = await exhibitorIdOf(ctx, 'exhibitor');
  ex2 = await exhibitorIdOf(ctx, 'exhibitor2');
  own = await insertRoom(ctx, { exhibitorId: ex1 });
  theirs = await insertRoom(ctx, { exhibitionId: ctx.other.exhibitionId, exhibitorId: ctx.other.exhibitorId });
});
afterAll(async () => ctx?.close());

for (const [method, path] of [
  ['GET', '/api/v1/liveroom/stream'],
  ['POST', '/api/v1/liveroom/stream/regenerate'],
  ['POST', '/api/v1/liveroom/stream/stop'],
] as const)
  describe(`${method} ${path}`, () => {
    routeSecurity(get, {
      request: () => ({ method, url: `${path}?id=${own.id}` }),
      allowed: ['exhibitor', 'host', 'admin'],
      denied: ['visitor'],
      otherTenant: { as: 'host', request: () => ({ method, url: `${path}?id=${theirs.id}` }) },
    });
  });

describe('signed URLs', () => {
  const secret = 'a-secret-of-some-length';
  it('accepts its own signature, refuses a tampered, expired or missing one', () => {
    const { query } = signQuery(secret, pushPath('abcdefgh'), 60);
    const q = Object.fromEntries(new URLSearchParams(query));
    expect(checkSigned(secret, pushPath('abcdefgh'), q)).toBe('ok');
    expect(checkSigned(secret, pushPath('abcdefgX'), q)).toBe('bad');
    expect(checkSigned('another-secret-entirely', pushPath('abcdefgh'), q)).toBe('bad');
    expect(checkSigned(secret, pushPath('abcdefgh'), { ...q, expire: String(Number(q.expire) + 1) })).toBe('bad');
    expect(checkSigned(secret, pushPath('abcdefgh'), { ...q, sign: `${q.sign!.slice(0, 63)}${q.sign!.endsWith('0') ? '1' : '0'}` })).toBe('bad');
    expect(checkSigned(secret, pushPath('abcdefgh'), q, Date.now() + 61_000)).toBe('expired');
    expect(checkSigned(secret, pushPath('abcdefgh'), { expire: q.expire })).toBe('missing');
    expect(checkSigned(secret, pushPath('abcdefgh'), { expire: 'soon', sign: q.sign })).toBe('missing');
  });
  it("never lets a viewer's pull signature open the push", () => {
    const { query } = signQuery(secret, pullPath('abcdefgh', 'flv'), 60);
    expect(checkSigned(secret, pushPath('abcdefgh'), Object.fromEntries(new URLSearchParams(query)))).toBe('bad');
  });
  it('derives the secret from TOKEN_SECRET unless MEDIA_SECRET is set, and an external server needs one', () => {
    const a = loadConfig({ NODE_ENV: 'test', TOKEN_SECRET: 'x'.repeat(32) }).media.secret;
    const b = loadConfig({ NODE_ENV: 'test', TOKEN_SECRET: 'y'.repeat(32) }).media.secret;
    expect(a).not.toBe(b);
    expect(a).not.toContain('x');
    expect(loadConfig({ NODE_ENV: 'test', MEDIA_SECRET: 'm'.repeat(16) }).media.secret).toBe('m'.repeat(16));
    expect(() => loadConfig({ NODE_ENV: 'test', MEDIA_DRIVER: 'external' })).toThrow(/MEDIA_SECRET/);
  });
});

describe('GET /api/v1/liveroom/stream', () => {
  it('answers the signed push URL split the way OBS asks, and signed pull URLs', async () => {
    const res = await call('exhibitor', 'GET', `/api/v1/liveroom/stream?id=${own.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const s = json(res).data;
    // The security cases above regenerated it.
    const key = (await roomOf(ctx, own.id)).streamKey;
    expect(s.server).toMatch(/^rtmp:\/\/[^/]+:1935\/live$/);
    expect(s.pushUrl).toBe(`${s.server}/${s.streamKey}`);
    expect(s.streamKey.startsWith(`${key}?expire=`)).toBe(true);
    const push = new URL(s.pushUrl.replace(/^rtmp:/, 'http:'));
    expect(checkSigned(ctx.app.deps.config.media.secret, pushPath(key), Object.fromEntries(push.searchParams))).toBe('ok');
    expect(Math.abs(Date.parse(s.expiresAt) - Date.now() - PUSH_URL_TTL_HOURS * 3600_000)).toBeLessThan(5000);
    expect(s.flvUrl).toMatch(new RegExp(`^/live-media/live/${key}\\.flv\\?expire=\\d+&sign=[0-9a-f]{64}$`));
    const pull = new URL(s.flvUrl, 'http://x');
    expect(Number(pull.searchParams.get('expire')) * 1000 - Date.now()).toBeGreaterThan((PULL_URL_TTL_MINUTES - 1) * 60_000);
    expect(s.hlsUrl).toBe('');
    expect(s.liveState).toBe('idle');
  });
  it("keeps a host's own room from its exhibitors (404)", async () => {
    const hostRoom = await insertRoom(ctx);
    expect((await call('exhibitor', 'GET', `/api/v1/liveroom/stream?id=${hostRoom.id}`)).statusCode).toBe(404);
    expect((await call('host', 'GET', `/api/v1/liveroom/stream?id=${hostRoom.id}`)).statusCode).toBe(200);
  });
  it('uses the configured public addresses (a CDN, an external server)', () => {
    const media = { ...ctx.app.deps.config.media, publicPullUrl: 'https://cdn.example.com/live', publicHlsUrl: 'https://hls.example.com/live' };
    const urls = pullUrlsFor({ ...ctx.app.deps.config, media }, 'abcdefgh');
    expect(urls.flvUrl).toMatch(/^https:\/\/cdn\.example\.com\/live\/abcdefgh\.flv\?expire=\d+&sign=/);
    const hls = new URL(urls.hlsUrl!);
    expect(checkSigned(media.secret, pullPath('abcdefgh', 'm3u8'), Object.fromEntries(hls.searchParams))).toBe('ok');
  });
});

describe('POST /api/v1/liveroom/stream/regenerate', () => {
  it('gives the room a new key: the old one opens nothing', async () => {
    const room = await insertRoom(ctx, { exhibitorId: ex1 });
    const res = await call('host', 'POST', `/api/v1/liveroom/stream/regenerate?id=${room.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const after = await roomOf(ctx, room.id);
    expect(after.streamKey).not.toBe(room.streamKey);
    expect(json(res).data.streamKey.startsWith(`${after.streamKey}?`)).toBe(true);
    expect(await admit(room.streamKey)).toMatchObject({ ok: false, reason: 'no room has this stream key' });
  });
});

describe('the publish gate', () => {
  const reset = async () => {
    await ctx.db.update(liveRoom).set({ liveState: 'idle' });
    await setPool(ctx, ctx.demo.exhibitionId, 3, 100);
    await setAllocation(ctx, ex1, 1, 10);
    await setAllocation(ctx, ex2, 0, 0);
  };

  it('opens an approved room with a free line, marks it live and tells its viewers', async () => {
    await reset();
    const room = await insertRoom(ctx, { exhibitorId: ex1 });
    const events: string[] = [];
    const unsubscribe = await ctx.shared.subscribe(liveRoomChannel(room.id), (m) => events.push(m));
    const a = await admit(room.streamKey);
    expect(a.ok).toBe(true);
    const live = await roomOf(ctx, room.id);
    expect(live.liveState).toBe('live');
    expect(live.liveStartedAt).not.toBeNull();
    if (!a.ok) return;
    await a.publication.end(0);
    expect((await roomOf(ctx, room.id)).liveState).toBe('idle');
    await unsubscribe();
    expect(events.map((e) => JSON.parse(e) as { type: string; liveState: string })).toEqual([
      expect.objectContaining({ type: 'state', liveState: 'live' }),
      expect.objectContaining({ type: 'state', liveState: 'idle' }),
    ]);
  });

  it("refuses a second room of the exhibitor while its one line streams, and the same room twice", async () => {
    await reset();
    const first = await insertRoom(ctx, { exhibitorId: ex1 });
    const second = await insertRoom(ctx, { exhibitorId: ex1 });
    const a = await admit(first.streamKey);
    expect(a.ok).toBe(true);
    expect(await admit(second.streamKey)).toEqual({ ok: false, reason: 'all 1 lines busy' });
    expect(await admit(first.streamKey)).toEqual({ ok: false, reason: 'room already live' });
    if (a.ok) await a.publication.end(0);
    expect((await admit(second.streamKey)).ok).toBe(true);
  });

  it('lets one of two rooms racing for the last line win', async () => {
    await reset();
    const rooms = await Promise.all([insertRoom(ctx, { exhibitorId: ex1 }), insertRoom(ctx, { exhibitorId: ex1 })]);
    const results = await Promise.all(rooms.map((r) => admit(r.streamKey)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: 'all 1 lines busy' }]);
  });

  it('refuses a room not approved, ended, without an allocation, without minutes, or with its kind switched off', async () => {
    await reset();
    expect(await admit((await insertRoom(ctx, { exhibitorId: ex1, auditState: AuditState.Pending })).streamKey)).toEqual({ ok: false, reason: 'room not approved' });
    expect(await admit((await insertRoom(ctx, { exhibitorId: ex1, liveState: 'ended' })).streamKey)).toEqual({ ok: false, reason: 'room ended' });
    expect(await admit((await insertRoom(ctx, { exhibitorId: ex2 })).streamKey)).toEqual({ ok: false, reason: 'all 0 lines busy' });
    await setAllocation(ctx, ex1, 1, 10, 600);
    expect(await admit((await insertRoom(ctx, { exhibitorId: ex1 })).streamKey)).toEqual({ ok: false, reason: 'minutes spent' });
    await setAllocation(ctx, ex1, 1, 10);
    const off = await ctx.app.inject({ method: 'PUT', url: `/api/v1/settings/exhibition/patch?exhibitionId=${ctx.demo.exhibitionId}`, headers: bearer(await ctx.token('host')), payload: { enabledExhibitorLive: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(await admit((await insertRoom(ctx, { exhibitorId: ex1 })).streamKey)).toEqual({ ok: false, reason: 'exhibitor rooms are off for the exhibition' });
    await ctx.app.inject({ method: 'PUT', url: `/api/v1/settings/exhibition/patch?exhibitionId=${ctx.demo.exhibitionId}`, headers: bearer(await ctx.token('host')), payload: { enabledExhibitorLive: true } });
    await setSettings(ctx, { enabledSpecialLive: false });
    expect(await admit((await insertRoom(ctx, { kind: 'host' })).streamKey)).toEqual({ ok: false, reason: 'host rooms are off for the exhibition' });
    expect(await admit((await insertRoom(ctx, { kind: 'activity' })).streamKey)).toEqual({ ok: false, reason: 'activity rooms are off for the exhibition' });
    await setSettings(ctx, { enabledSpecialLive: true });
  });

  it("streams host rooms on what the pool keeps back from exhibitors' allocations", async () => {
    await reset();
    await setAllocation(ctx, ex2, 1, 50);
    const [a, b] = [await insertRoom(ctx), await insertRoom(ctx)];
    const first = await admit(a.streamKey);
    expect(first.ok).toBe(true);
    expect(await admit(b.streamKey)).toEqual({ ok: false, reason: 'all 1 lines busy' });
    if (first.ok) await first.publication.end(0);
    await setAllocation(ctx, ex2, 1, 90);
    expect(await admit(b.streamKey)).toEqual({ ok: false, reason: 'minutes spent' });
  });

  it("counts streamed seconds onto the room and its quota, and says when the minutes are spent", async () => {
    await reset();
    const room = await insertRoom(ctx, { exhibitorId: ex1 });
    const a = await admit(room.streamKey);
    if (!a.ok) throw new Error(a.reason);
    expect(await a.publication.count(30)).toBe(true);
    expect(await a.publication.count(560)).toBe(true);
    expect((await roomOf(ctx, room.id)).streamedSeconds).toBe(590);
    expect(await usedSecondsOf(ctx, ex1)).toBe(590);
    expect(await a.publication.count(10)).toBe(false);
    await a.publication.end(3);
    const after = await roomOf(ctx, room.id);
    expect(after).toMatchObject({ streamedSeconds: 603, liveState: 'idle' });
    expect(await usedSecondsOf(ctx, ex1)).toBe(603);
    const lines = json(await call('exhibitor', 'GET', `/api/v1/livelineexhibitor?exhibitorId=${ex1}`)).data;
    expect(lines).toMatchObject({ usedDuration: 11, linesInUse: 0 });
  });

  it("counts a host room's seconds on the pool, and leaves a room the host ended ended", async () => {
    await reset();
    const room = await insertRoom(ctx);
    const a = await admit(room.streamKey);
    if (!a.ok) throw new Error(a.reason);
    expect(await a.publication.count(65)).toBe(true);
    await ctx.db.update(liveRoom).set({ liveState: 'ended' }).where(eq(liveRoom.id, room.id));
    await a.publication.end(1);
    const [pool] = await ctx.db.select().from(liveLineExhibition).where(eq(liveLineExhibition.exhibitionId, ctx.demo.exhibitionId));
    expect(pool!.usedSeconds).toBe(66);
    expect((await roomOf(ctx, room.id)).liveState).toBe('ended');
  });

  it('sets rooms left live by a stopped process back to idle when the ingest starts', async () => {
    const room = await insertRoom(ctx, { exhibitorId: ex1, liveState: 'live' });
    await publishGate().reset(ctx.app.deps);
    expect((await roomOf(ctx, room.id)).liveState).toBe('idle');
  });
});
