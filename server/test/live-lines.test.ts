import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { exhibitorIdOf } from './activity-fixtures.ts';
import { insertRoom, setAllocation, setPool } from './live-stream-fixtures.ts';
import { operationLog } from '../src/oplog/tables.ts';
import { liveRoom } from '../src/modules/live/tables.ts';

let ctx: TestContext;
const get = () => ctx;
const exh = () => ctx.demo.exhibitionId;
let ex1 = '';
let ex2 = '';
const call = async (as: Actor, method: 'GET' | 'POST', url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(await ctx.token(as)), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });

beforeAll(async () => {
  ctx = await createTestContext();
  ex1 = await exhibitorIdOf(ctx, 'exhibitor');
  ex2 = await exhibitorIdOf(ctx, 'exhibitor2');
});
afterAll(async () => ctx?.close());

describe('GET /api/v1/livelineexhibition', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `/api/v1/livelineexhibition?exhibitionId=${c.demo.exhibitionId}` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v1/livelineexhibition?exhibitionId=${c.other.exhibitionId}` }) },
  });
});

describe('POST /api/v1/livelineexhibition/add-linecountwithduration', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v1/livelineexhibition/add-linecountwithduration', payload: { exhibitionId: c.other.exhibitionId, lineCount: 0, duration: 0 } }),
    allowed: ['admin'],
    denied: ['host', 'exhibitor', 'visitor'],
    otherTenant: { none: 'only the administrator grants, and it reaches every exhibition' },
  });
});

describe('POST /api/v1/livelineexhibition/allocation', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v1/livelineexhibition/allocation', payload: { exhibitionId: c.demo.exhibitionId, exhibitorId: ex2, lineCount: 0, duration: 0 } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: {
      as: 'host',
      request: (c) => ({ method: 'POST', url: '/api/v1/livelineexhibition/allocation', payload: { exhibitionId: c.other.exhibitionId, exhibitorId: c.other.exhibitorId, lineCount: 0, duration: 0 } }),
    },
  });
});

describe('POST /api/v1/livelineexhibition/page', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v1/livelineexhibition/page', payload: {} }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { none: "a page of the caller's own exhibitions: another host's are left out (asserted below), never named by the call" },
  });
});

describe('GET /api/v1/livelineexhibitor', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v1/livelineexhibitor?exhibitorId=${ex1}` }),
    allowed: ['exhibitor', 'host', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v1/livelineexhibitor?exhibitorId=${c.other.exhibitorId}` }) },
  });
});

describe('POST /api/v1/livelineexhibitor/add-linecountwithduration', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v1/livelineexhibitor/add-linecountwithduration', payload: { exhibitorId: ex2, lineCount: 0, duration: 0 } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/livelineexhibitor/add-linecountwithduration', payload: { exhibitorId: c.other.exhibitorId, lineCount: 0, duration: 0 } }) },
  });
});

describe('POST /api/v1/livelineexhibitor/page', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v1/livelineexhibitor/page', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/livelineexhibitor/page', payload: { exhibitionId: c.other.exhibitionId } }) },
  });
});

describe('granting and allocating', () => {
  const grant = (lineCount: number, duration: number, lang?: string) => call('admin', 'POST', '/api/v1/livelineexhibition/add-linecountwithduration', { exhibitionId: exh(), lineCount, duration }, lang);
  const allocate = (exhibitorId: string, lineCount: number, duration: number, lang?: string) =>
    call('host', 'POST', '/api/v1/livelineexhibition/allocation', { exhibitionId: exh(), exhibitorId, lineCount, duration }, lang);

  it('adds to the pool, logs it, and answers the pool with what is allocated', async () => {
    await setPool(ctx, exh(), 0, 0);
    await setAllocation(ctx, ex1, 0, 0);
    await setAllocation(ctx, ex2, 0, 0);
    const res = await grant(5, 6000);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ exhibitionId: exh(), lineCount: 5, duration: 6000, allocatedLines: 0, allocatedDuration: 0, usedDuration: 0, linesInUse: 0 });
    const logs = await ctx.db.select().from(operationLog).where(eq(operationLog.action, 'liveline.grant'));
    expect(logs.some((l) => l.targetId === exh())).toBe(true);
  });

  it('allocates within the pool and refuses beyond it with LiveQuotaExceeded naming what is left', async () => {
    expect((await allocate(ex1, 3, 1000)).statusCode).toBe(200);
    const over = await allocate(ex2, 3, 100, 'en');
    expect(over.statusCode).toBe(400);
    expect(json(over)).toMatchObject({ code: 4092, field: 'lineCount' });
    expect(json(over).description).toContain('2 left');
    const zh = await allocate(ex2, 2, 5001);
    expect(json(zh)).toMatchObject({ code: 4092, field: 'duration' });
    expect(json(zh).description).toContain('剩余5000');
    const fits = await allocate(ex2, 2, 5000);
    expect(fits.statusCode, fits.body).toBe(200);
    expect(json(fits).data).toMatchObject({ exhibitorId: ex2, lineCount: 2, duration: 5000, usedDuration: 0, linesInUse: 0 });
    // Setting one's own allocation again counts only the others'.
    expect((await allocate(ex1, 3, 1000)).statusCode).toBe(200);
    const pool = json(await call('host', 'GET', `/api/v1/livelineexhibition?exhibitionId=${exh()}`)).data;
    expect(pool).toMatchObject({ lineCount: 5, allocatedLines: 5, allocatedDuration: 6000 });
  });

  it('never takes back below what is allocated, and says by how much it may', async () => {
    const res = await grant(-1, 0, 'en');
    expect(res.statusCode).toBe(400);
    expect(json(res).field).toBe('lineCount');
    expect(json(res).description).toContain('at least 0');
    expect((await grant(0, -1)).statusCode).toBe(400);
    const pool = json(await call('admin', 'GET', `/api/v1/livelineexhibition?exhibitionId=${exh()}`)).data;
    expect(pool).toMatchObject({ lineCount: 5, duration: 6000 });
  });

  it("keeps the minutes the host's own rooms used out of what can be allocated", async () => {
    await setAllocation(ctx, ex2, 0, 0);
    await setPool(ctx, exh(), 5, 6000, 601);
    const res = await allocate(ex2, 0, 4990);
    expect(json(res)).toMatchObject({ code: 4092, field: 'duration' });
    expect(json(res).description).toContain('4989');
    expect((await allocate(ex2, 0, 4989)).statusCode).toBe(200);
    await setPool(ctx, exh(), 5, 6000, 0);
  });

  it("adds to an exhibitor's allocation, within the pool, never below zero", async () => {
    await setAllocation(ctx, ex1, 1, 100);
    await setAllocation(ctx, ex2, 0, 0);
    const add = (exhibitorId: string, lineCount: number, duration: number) => call('host', 'POST', '/api/v1/livelineexhibitor/add-linecountwithduration', { exhibitorId, lineCount, duration });
    const res = await add(ex1, 2, 50);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ exhibitorId: ex1, lineCount: 3, duration: 150 });
    expect(json(await add(ex1, 3, 0))).toMatchObject({ code: 4092, field: 'lineCount' });
    const below = await add(ex1, -4, 0);
    expect(below.statusCode).toBe(400);
    expect(json(below).field).toBe('lineCount');
    expect(json(await add(ex1, -3, -150)).data).toMatchObject({ lineCount: 0, duration: 0 });
  });

  it("lists the exhibition's exhibitors with allocation, minutes used and lines streaming now", async () => {
    await setAllocation(ctx, ex1, 1, 600, 125);
    const room = await insertRoom(ctx, { exhibitorId: ex1, liveState: 'live' });
    try {
      const res = await call('host', 'POST', '/api/v1/livelineexhibitor/page', { exhibitionId: exh() });
      expect(res.statusCode, res.body).toBe(200);
      const row = json(res).data.items.find((i: { exhibitorId: string }) => i.exhibitorId === ex1);
      expect(row).toMatchObject({ lineCount: 1, duration: 600, usedDuration: 3, linesInUse: 1, companyName: expect.any(String) });
      const own = json(await call('exhibitor', 'GET', `/api/v1/livelineexhibitor?exhibitorId=${ex1}`)).data;
      expect(own).toMatchObject({ exhibitorId: ex1, lineCount: 1, duration: 600, usedDuration: 3, linesInUse: 1 });
      const pool = json(await call('host', 'GET', `/api/v1/livelineexhibition?exhibitionId=${exh()}`)).data;
      expect(pool.linesInUse).toBe(1);
      const kw = json(await call('host', 'POST', '/api/v1/livelineexhibitor/page', { exhibitionId: exh(), keyword: '%' })).data;
      expect(kw.totalCount).toBe(0);
    } finally {
      await ctx.db.update(liveRoom).set({ liveState: 'idle' }).where(eq(liveRoom.id, room.id));
    }
  });

  it("pages the host's own exhibitions' pools, the administrator's all", async () => {
    const host = json(await call('host', 'POST', '/api/v1/livelineexhibition/page', { pageSize: 100 })).data;
    const ids = host.items.map((i: { exhibitionId: string }) => i.exhibitionId);
    expect(ids).toContain(exh());
    expect(ids).not.toContain(ctx.other.exhibitionId);
    expect(host.items.find((i: { exhibitionId: string }) => i.exhibitionId === exh())).toMatchObject({ lineCount: 5, duration: 6000 });
    const admin = json(await call('admin', 'POST', '/api/v1/livelineexhibition/page', { pageSize: 100 })).data;
    expect(admin.items.map((i: { exhibitionId: string }) => i.exhibitionId)).toEqual(expect.arrayContaining([exh(), ctx.other.exhibitionId]));
  });

  it('refuses an exhibitor of another exhibition in an allocation (404) and bad amounts by field', async () => {
    const res = await call('host', 'POST', '/api/v1/livelineexhibition/allocation', { exhibitionId: exh(), exhibitorId: ctx.other.exhibitorId, lineCount: 0, duration: 0 });
    expect(res.statusCode).toBe(404);
    const bad = await allocate(ex1, -1, 0);
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors?.[0]?.field).toBe('lineCount');
  });
});
