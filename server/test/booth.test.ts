import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booth } from '../src/modules/booth/tables.ts';
import { operationLog } from '../src/oplog/tables.ts';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
const get = () => ctx;
const NONE = '00000000-0000-4000-8000-000000000000';
const ids = { hall: '', securityHall: '', otherHall: '', otherBooth: '', ownBooth: '', exhibitor: '', exhibitor2: '' };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = async (as: Actor, method: Method, url: string, payload?: unknown, lang = 'zh-CN') =>
  ctx.app.inject({ method, url, headers: { ...bearer(await ctx.token(as)), 'accept-language': lang }, ...(payload !== undefined ? { payload: payload as object } : {}) });
let serial = 0;
/** A code and a free spot no other booth of the security hall uses. */
const fresh = () => {
  serial++;
  return { code: `S-${serial}`, x: (serial % 40) * 10, y: Math.floor(serial / 40) * 10, w: 10, h: 10 };
};
const hallOf = async (as: Actor, exhibitionId: string, name: string) => json(await call(as, 'POST', '/api/exhall', { exhibitionId, name })).data.id as string;
const plan = (hallId: string, body: object = { imageUrl: '/uploads/plan.png', width: 400, height: 300, scale: 0.5 }) => call('host', 'PUT', `/api/v3/hallplan?hallId=${hallId}`, body);
const create = async (as: Actor, body: object) => {
  const res = await call(as, 'POST', '/api/v3/booth', body);
  if (res.statusCode !== 200) throw new Error(res.body);
  return json(res).data.id as string;
};
/** Booths as the editor sends them back: without `area` unless it was typed. */
const layoutOf = (items: { id: string; code: string; x: number; y: number; w: number; h: number; type: string; area: number | null; areaManual: boolean }[]) =>
  items.map(({ id, code, x, y, w, h, type, area, areaManual }) => ({ id, code, x, y, w, h, type, ...(areaManual ? { area } : {}) }));
const exhibitorRecord = async (id: string) => json(await call('host', 'GET', `/api/v1/exhibitor/details?exhibitorId=${id}`)).data as { boothInfo: string | null; boothArea: string | null };

beforeAll(async () => {
  ctx = await createTestContext();
  ids.exhibitor = json(await call('exhibitor', 'GET', '/api/v1/account/me')).data.exhibitorId;
  ids.exhibitor2 = json(await call('exhibitor2', 'GET', '/api/v1/account/me')).data.exhibitorId;
  ids.hall = await hallOf('host', ctx.demo.exhibitionId, '1号馆');
  ids.securityHall = await hallOf('host', ctx.demo.exhibitionId, '安全测试馆');
  ids.otherHall = await hallOf('host2', ctx.other.exhibitionId, '他人展馆');
  expect((await plan(ids.securityHall, { imageUrl: '/uploads/s.png', width: 1000, height: 1000 })).statusCode).toBe(200);
  ids.otherBooth = await create('host2', { hallId: ids.otherHall, code: 'O-1', x: 0, y: 0, w: 5, h: 5 });
  ids.ownBooth = await create('host', { hallId: ids.securityHall, ...fresh() });
  expect((await call('host', 'PUT', '/api/v3/booth/assign', { ids: [ids.ownBooth], exhibitorId: ids.exhibitor })).statusCode).toBe(200);
});
afterAll(() => ctx.close());

// ——— Security: every route ———
describe('GET /api/v3/hallplan', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v3/hallplan?hallId=${ids.securityHall}&t=1` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'GET', url: `/api/v3/hallplan?hallId=${ids.otherHall}` }) },
  });
});
describe('PUT /api/v3/hallplan', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: `/api/v3/hallplan?hallId=${ids.securityHall}`, payload: { imageUrl: '/uploads/s.png', width: 1000, height: 1000 } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: `/api/v3/hallplan?hallId=${ids.otherHall}`, payload: { imageUrl: '/uploads/s.png', width: 10, height: 10 } }) },
  });
});
describe('POST /api/v3/booth/query', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/booth/query', payload: { exhibitionId: ctx.demo.exhibitionId } }), allowed: ['admin', 'host', 'exhibitor'], denied: [], otherTenant: { none: "a list scoped to the caller before any filter: another host's booths, even when asked for by exhibitionId, are left out, not addressed (checked below)" } });
});
describe("another host's booths", () => {
  it('are left out of the list, even when asked for by exhibitionId', async () => {
    const listed = async (as: Actor) => json(await call(as, 'POST', '/api/v3/booth/query', { exhibitionId: ctx.other.exhibitionId })).data.items.map((i: { id: string }) => i.id);
    expect(await listed('admin')).toContain(ids.otherBooth);
    expect(await listed('host')).toEqual([]);
    expect(await listed('exhibitor')).toEqual([]);
  });
});
describe('GET /api/v3/booth', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v3/booth?id=${ids.ownBooth}&t=1` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    // Another exhibitor of the same exhibition does not read a booth that is not its own.
    otherTenant: { as: 'exhibitor2', request: () => ({ method: 'GET', url: `/api/v3/booth?id=${ids.ownBooth}` }) },
  });
});
describe('POST /api/v3/booth', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/booth', payload: { hallId: ids.securityHall, ...fresh() } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'POST', url: '/api/v3/booth', payload: { hallId: ids.otherHall, ...fresh() } }) },
  });
});
describe('PATCH /api/v3/booth', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `/api/v3/booth?id=${ids.ownBooth}`, payload: { type: 'raw' } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PATCH', url: `/api/v3/booth?id=${ids.otherBooth}`, payload: { type: 'raw' } }) },
  });
});
describe('DELETE /api/v3/booth', () => {
  const doomed: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) doomed.push(await create('host', { hallId: ids.securityHall, ...fresh() }));
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v3/booth?id=${doomed.shift() ?? NONE}` }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v3/booth?id=${ids.otherBooth}` }) },
  });
});
describe('PUT /api/v3/booth/bulk', () => {
  let bulkHall = '';
  beforeAll(async () => {
    bulkHall = await hallOf('host', ctx.demo.exhibitionId, '批量测试馆');
  });
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: '/api/v3/booth/bulk', payload: { hallId: bulkHall || NONE, booths: [{ code: `B-${++serial}`, x: 0, y: 0, w: 3, h: 3 }] } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: '/api/v3/booth/bulk', payload: { hallId: ids.otherHall, booths: [] } }) },
  });
});
describe('PUT /api/v3/booth/assign', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: '/api/v3/booth/assign', payload: { ids: [ids.ownBooth], exhibitorId: ids.exhibitor } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: '/api/v3/booth/assign', payload: { ids: [ids.otherBooth], exhibitorId: null } }) },
  });
});

// ——— Behaviour ———
describe('layout rules', () => {
  beforeAll(async () => {
    expect((await plan(ids.hall)).statusCode).toBe(200);
  });

  it('saves a hall layout in one call and computes areas from the scale', async () => {
    const res = await call('host', 'PUT', '/api/v3/booth/bulk', {
      hallId: ids.hall,
      booths: [
        { code: 'A-101', x: 0, y: 0, w: 6, h: 6 },
        { code: 'A-102', x: 6, y: 0, w: 6, h: 6, type: 'raw' },
        { code: 'A-103', x: 12, y: 0, w: 6, h: 6, area: 40 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = json(res).data;
    expect(data).toMatchObject({ created: 3, updated: 0, deleted: 0 });
    expect(data.items.map((b: { code: string; area: number; areaManual: boolean }) => [b.code, b.area, b.areaManual])).toEqual([
      ['A-101', 9, false],
      ['A-102', 9, false],
      ['A-103', 40, true],
    ]);
  });

  it('refuses overlapping rectangles with 400 naming both booths, and saves nothing', async () => {
    const before = json(await call('host', 'POST', '/api/v3/booth/query', { hallId: ids.hall })).data.items;
    const res = await call('host', 'PUT', '/api/v3/booth/bulk', {
      hallId: ids.hall,
      booths: [...layoutOf(before), { code: 'A-104', x: 10, y: 2, w: 4, h: 4 }],
    });
    expect(res.statusCode).toBe(400);
    const body = json(res);
    expect(body).toMatchObject({ code: 4000, field: 'booths.3' });
    expect(body.description).toContain('A-104');
    expect(body.description).toMatch(/A-10[23]/);
    const en = await call('host', 'PUT', '/api/v3/booth/bulk', { hallId: ids.hall, booths: [{ code: 'Z-1', x: 0, y: 0, w: 4, h: 4 }, { code: 'Z-2', x: 3, y: 3, w: 4, h: 4 }] }, 'en');
    expect(json(en).description).toContain('booth Z-2 overlaps booth Z-1');
    expect(json(await call('host', 'POST', '/api/v3/booth/query', { hallId: ids.hall })).data.totalCount).toBe(3);
  });

  it('allows booths that only share a wall', async () => {
    const res = await call('host', 'POST', '/api/v3/booth', { hallId: ids.hall, code: 'A-105', x: 18, y: 0, w: 6, h: 6 });
    expect(res.statusCode, res.body).toBe(200);
    await call('host', 'DELETE', `/api/v3/booth?id=${json(res).data.id}`);
  });

  it('refuses duplicate codes (case-insensitive, across halls of the exhibition) with 400 naming the booth', async () => {
    const dup = await call('host', 'PUT', '/api/v3/booth/bulk', { hallId: ids.hall, booths: [{ code: 'C-1', x: 0, y: 0, w: 2, h: 2 }, { code: 'c-1', x: 5, y: 5, w: 2, h: 2 }] });
    expect(dup.statusCode).toBe(400);
    expect(json(dup)).toMatchObject({ field: 'booths.1.code' });
    expect(json(dup).description).toContain('c-1');
    const elsewhere = await call('host', 'POST', '/api/v3/booth', { hallId: ids.securityHall, code: 'a-101', x: 990, y: 990, w: 5, h: 5 });
    expect(elsewhere.statusCode).toBe(400);
    expect(json(elsewhere)).toMatchObject({ field: 'code' });
    // Another exhibition may use the same code.
    expect((await call('host2', 'POST', '/api/v3/booth', { hallId: ids.otherHall, code: 'A-101', x: 10, y: 10, w: 5, h: 5 })).statusCode).toBe(200);
  });

  it('refuses a booth outside the plan, and a plan too small for its booths', async () => {
    const res = await call('host', 'POST', '/api/v3/booth', { hallId: ids.hall, code: 'X-1', x: 398, y: 0, w: 5, h: 5 });
    expect(res.statusCode).toBe(400);
    expect(json(res).description).toContain('X-1');
    const small = await plan(ids.hall, { imageUrl: '/uploads/plan.png', width: 10, height: 300 });
    expect(small.statusCode).toBe(400);
    expect(json(small)).toMatchObject({ field: 'width' });
  });

  it('lets two booths swap codes in one save', async () => {
    const items = layoutOf(json(await call('host', 'POST', '/api/v3/booth/query', { hallId: ids.hall })).data.items);
    const swapped = items.map((b) => ({ ...b, code: b.code === 'A-101' ? 'A-102' : b.code === 'A-102' ? 'A-101' : b.code }));
    const res = await call('host', 'PUT', '/api/v3/booth/bulk', { hallId: ids.hall, booths: swapped });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ created: 0, updated: 3, deleted: 0 });
    const back = await call('host', 'PUT', '/api/v3/booth/bulk', { hallId: ids.hall, booths: items });
    expect(back.statusCode).toBe(200);
  });

  it('refuses an id of another hall in a layout', async () => {
    const res = await call('host', 'PUT', '/api/v3/booth/bulk', { hallId: ids.hall, booths: [{ id: ids.ownBooth, code: 'Q-1', x: 100, y: 100, w: 2, h: 2 }] });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ field: 'booths.0.id' });
  });
});

describe('assignment keeps the exhibitor record in step', () => {
  let a101 = '';
  let a102 = '';
  let a103 = '';
  beforeAll(async () => {
    const items = json(await call('host', 'POST', '/api/v3/booth/query', { hallId: ids.hall })).data.items as { id: string; code: string }[];
    [a101, a102, a103] = ['A-101', 'A-102', 'A-103'].map((c) => items.find((b) => b.code === c)!.id) as [string, string, string];
  });

  it('writes boothInfo and boothArea when booths are assigned, with the op-log', async () => {
    const res = await call('host', 'PUT', '/api/v3/booth/assign', { ids: [a101, a102], exhibitorId: ids.exhibitor2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.items.map((b: { state: string; companyName: string | null }) => b.state)).toEqual(['sold', 'sold']);
    expect(await exhibitorRecord(ids.exhibitor2)).toMatchObject({ boothInfo: 'A-101, A-102', boothArea: '18' });
    const logs = await ctx.db.select().from(operationLog).where(eq(operationLog.action, 'booth.assign'));
    expect(logs.length).toBeGreaterThan(0);
  });

  it('follows renames, resizes, manual areas and scale changes', async () => {
    expect((await call('host', 'PATCH', `/api/v3/booth?id=${a102}`, { code: 'A-102B', w: 4 })).statusCode).toBe(200);
    expect(await exhibitorRecord(ids.exhibitor2)).toMatchObject({ boothInfo: 'A-101, A-102B', boothArea: '15' });
    expect((await call('host', 'PATCH', `/api/v3/booth?id=${a101}`, { area: 20 })).statusCode).toBe(200);
    expect(await exhibitorRecord(ids.exhibitor2)).toMatchObject({ boothArea: '26' });
    expect((await plan(ids.hall, { imageUrl: '/uploads/plan.png', width: 400, height: 300, scale: 1 })).statusCode).toBe(200);
    expect(await exhibitorRecord(ids.exhibitor2)).toMatchObject({ boothArea: '44' });
  });

  it('moves a booth from one exhibitor to another and frees booths', async () => {
    expect((await call('host', 'PUT', '/api/v3/booth/assign', { ids: [a102, a103], exhibitorId: ids.exhibitor })).statusCode).toBe(200);
    expect(await exhibitorRecord(ids.exhibitor2)).toMatchObject({ boothInfo: 'A-101', boothArea: '20' });
    expect((await exhibitorRecord(ids.exhibitor)).boothInfo).toContain('A-102B');
    const freed = await call('host', 'PUT', '/api/v3/booth/assign', { ids: [a101], exhibitorId: null });
    expect(json(freed).data.items[0]).toMatchObject({ state: 'free', exhibitorId: null });
    expect(await exhibitorRecord(ids.exhibitor2)).toMatchObject({ boothInfo: null, boothArea: null });
  });

  it('keeps a held booth sold', async () => {
    const res = await call('host', 'PATCH', `/api/v3/booth?id=${a103}`, { state: 'free' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ field: 'state' });
  });

  it('clears the holder when a layout save deletes its booth', async () => {
    const items = layoutOf(json(await call('host', 'POST', '/api/v3/booth/query', { hallId: ids.hall })).data.items);
    const res = await call('host', 'PUT', '/api/v3/booth/bulk', { hallId: ids.hall, booths: items.filter((b) => b.id !== a102) });
    expect(json(res).data).toMatchObject({ deleted: 1 });
    const record = await exhibitorRecord(ids.exhibitor);
    expect(record.boothInfo).not.toContain('A-102B');
    expect(record.boothInfo).toContain('A-103');
    const [row] = await ctx.db.select().from(booth).where(and(eq(booth.id, a102)));
    expect(row).toMatchObject({ exhibitorId: null });
    expect(row!.deletedAt).not.toBeNull();
  });

  it('refuses an exhibitor of another exhibition (admin: 400; host: not found)', async () => {
    const admin = await call('admin', 'PUT', '/api/v3/booth/assign', { ids: [a101], exhibitorId: ctx.other.exhibitorId });
    expect(admin.statusCode).toBe(400);
    expect(json(admin)).toMatchObject({ field: 'exhibitorId' });
    const host = await call('host', 'PUT', '/api/v3/booth/assign', { ids: [a101], exhibitorId: ctx.other.exhibitorId });
    expect(host.statusCode).toBe(404);
  });
});

describe('tenancy', () => {
  it("lists only the caller's booths: a host its exhibitions', an exhibitor its own", async () => {
    const host = json(await call('host', 'POST', '/api/v3/booth/query', {})).data.items as { exhibitionId: string }[];
    expect(host.length).toBeGreaterThan(0);
    expect(host.every((b) => b.exhibitionId === ctx.demo.exhibitionId)).toBe(true);
    const mine = json(await call('exhibitor', 'POST', '/api/v3/booth/query', {})).data.items as { exhibitorId: string }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((b) => b.exhibitorId === ids.exhibitor)).toBe(true);
    expect(json(await call('exhibitor2', 'POST', '/api/v3/booth/query', {})).data.totalCount).toBe(0);
    const admin = json(await call('admin', 'POST', '/api/v3/booth/query', {})).data.items as { exhibitionId: string }[];
    expect(new Set(admin.map((b) => b.exhibitionId)).size).toBe(2);
  });

  it('filters by keyword (code or company), state and hasExhibitor', async () => {
    const sold = json(await call('host', 'POST', '/api/v3/booth/query', { hallId: ids.hall, hasExhibitor: true })).data.items as { code: string; companyName: string }[];
    expect(sold.map((b) => b.code)).toEqual(['A-103']);
    const byCompany = json(await call('host', 'POST', '/api/v3/booth/query', { keyword: sold[0]!.companyName.slice(0, 2), hallId: ids.hall })).data.items;
    expect(byCompany.map((b: { code: string }) => b.code)).toContain('A-103');
    const free = json(await call('host', 'POST', '/api/v3/booth/query', { hallId: ids.hall, state: 'free' })).data.items;
    expect(free.map((b: { code: string }) => b.code)).toEqual(['A-101']);
  });

  it("answers 404 for another tenant's hall plan and booth", async () => {
    expect((await call('host', 'GET', `/api/v3/booth?id=${ids.otherBooth}`)).statusCode).toBe(404);
    expect((await call('exhibitor', 'GET', `/api/v3/hallplan?hallId=${ids.otherHall}`)).statusCode).toBe(404);
  });

  it('refuses a bad plan image address with 400 naming the field', async () => {
    const res = await plan(ids.hall, { imageUrl: 'javascript:alert(1)', width: 10, height: 10 });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ field: 'imageUrl' });
  });
});
