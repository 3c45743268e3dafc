import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
const get = () => ctx;
const HOST = '00000000-0000-4000-a000-000000000101';
const NONE = '00000000-0000-4000-8000-000000000000';

const call = async (as: Actor, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(await ctx.token(as)), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });

/** Records made for the security cases that consume one (a delete needs a fresh one per call). */
const pool = { exhibitions: [] as string[], schedules: [] as string[], halls: [] as string[] };
let otherSchedule = '';
let otherHall = '';
let ownSchedule = '';
let ownHall = '';

beforeAll(async () => {
  ctx = await createTestContext();
  for (let i = 0; i < 8; i++) pool.exhibitions.push(json(await call('admin', 'POST', '/api/exhibition', { hostId: HOST, name: `待删除 ${i}` })).data.id);
  const at = '2026-12-01T01:00:00.000Z';
  const endAt = '2026-12-01T03:00:00.000Z';
  for (let i = 0; i < 6; i++) pool.schedules.push(json(await call('host', 'POST', '/api/v1/exhibitionschedule', { exhibitionId: ctx.demo.exhibitionId, title: `日程 ${i}`, startAt: at, endAt })).data.id);
  for (let i = 0; i < 6; i++) pool.halls.push(json(await call('host', 'POST', '/api/exhall', { exhibitionId: ctx.demo.exhibitionId, name: `临时馆 ${i}` })).data.id);
  ownSchedule = json(await call('host', 'POST', '/api/v1/exhibitionschedule', { exhibitionId: ctx.demo.exhibitionId, title: '开幕式', startAt: at, endAt })).data.id;
  ownHall = json(await call('host', 'POST', '/api/exhall', { exhibitionId: ctx.demo.exhibitionId, name: '1号馆' })).data.id;
  otherSchedule = json(await call('host2', 'POST', '/api/v1/exhibitionschedule', { exhibitionId: ctx.other.exhibitionId, title: 'Opening', startAt: at, endAt })).data.id;
  otherHall = json(await call('host2', 'POST', '/api/exhall', { exhibitionId: ctx.other.exhibitionId, name: 'Hall A' })).data.id;
});
afterAll(() => ctx.close());

const take = (list: string[]) => list.pop() ?? NONE;

describe('PATCH /api/v1/exhibition', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'PATCH', url: `/api/v1/exhibition?id=${c.demo.exhibitionId}`, payload: { city: '杭州' } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'PATCH', url: `/api/v1/exhibition?id=${c.other.exhibitionId}`, payload: { city: '杭州' } }) },
  });
});
describe('DELETE /api/v1/exhibition', () => {
  routeSecurity(get, { request: () => ({ method: 'DELETE', url: `/api/v1/exhibition?id=${take(pool.exhibitions)}` }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('GET /api/exhibition', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `/api/exhibition?id=${c.demo.exhibitionId}&t=1` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'exhibitor', request: (c) => ({ method: 'GET', url: `/api/exhibition?id=${c.other.exhibitionId}` }) },
  });
});
describe('POST /api/exhibition', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/exhibition', payload: { hostId: HOST, name: `新展会 ${Math.random()}` } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/exhibition', payload: { hostId: c.other.hostId, name: '越权' } }) },
  });
});
describe('PUT /api/exhibition', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'PUT', url: '/api/exhibition', payload: { id: c.demo.exhibitionId, address: '国际博览中心' } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'PUT', url: '/api/exhibition', payload: { id: c.other.exhibitionId, address: 'x' } }) },
  });
});
describe('DELETE /api/exhibition', () => {
  routeSecurity(get, { request: () => ({ method: 'DELETE', url: `/api/exhibition?id=${take(pool.exhibitions)}` }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('POST /api/exhibition/GetByAgent', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/exhibition/GetByAgent', payload: { agentName: '张' } }), allowed: ['admin', 'host'], denied: ['exhibitor'], otherTenant: { none: "a list scoped to the caller before any filter: another host's exhibitions are left out, not addressed ('lists an agent's exhibitions within the caller's tenancy' checks it)" } });
});
describe('POST /api/v1/exhibitionschedule/query', () => {
  routeSecurity(get, { request: (c) => ({ method: 'POST', url: '/api/v1/exhibitionschedule/query', payload: { exhibitionId: c.demo.exhibitionId } }), allowed: ['admin', 'host', 'exhibitor'], denied: [], otherTenant: { none: "a list scoped to the caller before any filter: another exhibition's schedules, even when asked for by exhibitionId, are left out, not addressed ('list an exhibition's programme' checks it)" } });
});
describe('POST /api/v1/exhibitionschedule', () => {
  const body = (exhibitionId: string) => ({ exhibitionId, title: '论坛', startAt: '2026-12-02T02:00:00.000Z', endAt: '2026-12-02T04:00:00.000Z' });
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v1/exhibitionschedule', payload: body(c.demo.exhibitionId) }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/exhibitionschedule', payload: body(c.other.exhibitionId) }) },
  });
});
describe('PUT /api/v1/exhibitionschedule', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: `/api/v1/exhibitionschedule?id=${ownSchedule}`, payload: { location: 'A 厅' } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: `/api/v1/exhibitionschedule?id=${otherSchedule}`, payload: { location: 'x' } }) },
  });
});
describe('DELETE /api/v1/exhibitionschedule', () => {
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v1/exhibitionschedule?id=${take(pool.schedules)}` }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v1/exhibitionschedule?id=${otherSchedule}` }) },
  });
});
describe('GET /api/exhall/GetByExhibition', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `/api/exhall/GetByExhibition?exhibitionId=${c.demo.exhibitionId}&t=1` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'exhibitor', request: (c) => ({ method: 'GET', url: `/api/exhall/GetByExhibition?exhibitionId=${c.other.exhibitionId}` }) },
  });
});
describe('POST /api/exhall', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/exhall', payload: { exhibitionId: c.demo.exhibitionId, name: `馆 ${Math.random()}` } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/exhall', payload: { exhibitionId: c.other.exhibitionId, name: '越权馆' } }) },
  });
});
describe('PUT /api/exhall', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: '/api/exhall', payload: { id: ownHall, floor: '2F' } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: '/api/exhall', payload: { id: otherHall, floor: '2F' } }) },
  });
});
describe('DELETE /api/exhall', () => {
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/exhall?id=${take(pool.halls)}` }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/exhall?id=${otherHall}` }) },
  });
});

describe('exhibitions', () => {
  it('are created by a host for itself and by the administrator for a named host', async () => {
    const own = json(await call('host', 'POST', '/api/exhibition', { name: '2027 智能制造展', nameEn: 'Smart Manufacturing 2027', city: '上海', logo: '/uploads/logo.png', agentId: 'A-7', agentName: '张经理' })).data;
    expect(own).toMatchObject({ hostId: HOST, city: '上海', logo: '/uploads/logo.png', status: 0, isHistory: false, agentName: '张经理' });
    const noHost = await call('admin', 'POST', '/api/exhibition', { name: '无主办方' });
    expect(json(noHost)).toMatchObject({ code: 4000, field: 'hostId' });
    expect((await call('admin', 'POST', '/api/exhibition', { name: '不存在的主办方', hostId: NONE })).statusCode).toBe(404);
    const forOther = json(await call('admin', 'POST', '/api/exhibition', { hostId: ctx.other.hostId, name: '第二租户的新展会', agentId: 'A-7' })).data;
    expect(forOther.hostId).toBe(ctx.other.hostId);
    const log = json(await call('host', 'POST', '/api/v3/operationlog/query', { action: 'exhibition.create' })).data.items;
    expect(log.map((l: { targetId: string }) => l.targetId)).toContain(own.id);
  });

  it('derive their status from the dates and filter by it', async () => {
    const past = json(await call('host', 'POST', '/api/exhibition', { name: '往届展会', startAt: '2020-05-01T00:00:00Z', endAt: '2020-05-03T00:00:00Z' })).data;
    const running = json(await call('host', 'POST', '/api/exhibition', { name: '进行中的展会', startAt: '2020-01-01T00:00:00Z', endAt: '2099-01-01T00:00:00Z' })).data;
    expect(past).toMatchObject({ status: 2, isHistory: true });
    expect(running).toMatchObject({ status: 1, isHistory: false });
    const history = json(await call('host', 'POST', '/api/v1/exhibition/page', { isHistory: true })).data.items.map((e: { id: string }) => e.id);
    expect(history).toEqual([past.id]);
    const now = json(await call('host', 'POST', '/api/v1/exhibition/query', { status: 1 })).data.items.map((e: { id: string }) => e.id);
    expect(now).toEqual([running.id]);
    const bad = await call('host', 'POST', '/api/exhibition', { name: '倒序', startAt: '2026-05-03T00:00:00Z', endAt: '2026-05-01T00:00:00Z' });
    expect(json(bad)).toMatchObject({ code: 4000, field: 'endAt' });
    const badPatch = await call('host', 'PATCH', `/api/v1/exhibition?id=${running.id}`, { endAt: '2019-01-01T00:00:00Z' });
    expect(json(badPatch)).toMatchObject({ code: 4000, field: 'endAt' });
  });

  it('are changed by their host (only the fields sent), moved only by the administrator, read-only to exhibitors', async () => {
    const changed = json(await call('host', 'PATCH', `/api/v1/exhibition?id=${ctx.demo.exhibitionId}`, { description: '数字贸易', banner: '/uploads/b.png' })).data;
    expect(changed).toMatchObject({ name: '2026 数字贸易博览会', description: '数字贸易', banner: '/uploads/b.png' });
    expect((await call('host', 'PATCH', `/api/v1/exhibition?id=${ctx.demo.exhibitionId}`, { hostId: ctx.other.hostId })).statusCode).toBe(403);
    const mine = json(await call('host', 'POST', '/api/exhibition', { name: '将转给第二租户' })).data;
    const moved = json(await call('admin', 'PUT', '/api/exhibition', { id: mine.id, hostId: ctx.other.hostId })).data;
    expect(moved.hostId).toBe(ctx.other.hostId);
    expect((await call('host', 'GET', `/api/exhibition?id=${mine.id}`)).statusCode).toBe(404);
    expect(json(await call('exhibitor', 'GET', `/api/exhibition?id=${ctx.demo.exhibitionId}`)).data.description).toBe('数字贸易');
    expect((await call('exhibitor', 'PATCH', `/api/v1/exhibition?id=${ctx.demo.exhibitionId}`, { city: 'x' })).statusCode).toBe(403);
  });

  it('are not deleted while they have exhibitors; a deleted one is gone', async () => {
    const blocked = await call('admin', 'DELETE', `/api/v1/exhibition?id=${ctx.demo.exhibitionId}`, undefined, 'en');
    expect(blocked.statusCode).toBe(409);
    expect(json(blocked)).toMatchObject({ code: 4020, description: 'Exhibition still has children; delete them first' });
    const doomed = json(await call('host', 'POST', '/api/exhibition', { name: '将删除' })).data;
    expect((await call('admin', 'DELETE', `/api/exhibition?id=${doomed.id}`)).statusCode).toBe(200);
    expect((await call('host', 'GET', `/api/v1/exhibition?id=${doomed.id}`)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/api/exhibition?id=${doomed.id}`)).statusCode).toBe(404);
  });

  it("lists an agent's exhibitions within the caller's tenancy", async () => {
    const host = json(await call('host', 'POST', '/api/exhibition/GetByAgent', { agentId: 'A-7' })).data;
    expect(host.items.every((e: { hostId: string; agentId: string }) => e.hostId === HOST && e.agentId === 'A-7')).toBe(true);
    expect(host.totalCount).toBe(1);
    const admin = json(await call('admin', 'POST', '/api/exhibition/GetByAgent', { agentId: 'A-7' })).data;
    expect(admin.totalCount).toBe(2);
    expect(json(await call('admin', 'POST', '/api/exhibition/GetByAgent', { agentName: '张' })).data.totalCount).toBe(1);
    expect(json(await call('admin', 'POST', '/api/exhibition/GetByAgent', {})).field).toBe('agentId');
  });
});

describe('schedules and halls', () => {
  it('list an exhibition’s programme by start time, to its exhibitors too', async () => {
    const forum = json(await call('host', 'POST', '/api/v1/exhibitionschedule', { exhibitionId: ctx.demo.exhibitionId, title: '布展', titleEn: 'Move-in', startAt: '2026-11-30T01:00:00Z', endAt: '2026-11-30T09:00:00Z' })).data;
    const list = json(await call('exhibitor', 'POST', '/api/v1/exhibitionschedule/query', { exhibitionId: ctx.demo.exhibitionId })).data.items;
    expect(list[0]).toMatchObject({ id: forum.id, titleEn: 'Move-in' });
    const other = json(await call('exhibitor', 'POST', '/api/v1/exhibitionschedule/query', { exhibitionId: ctx.other.exhibitionId })).data;
    expect(other.totalCount).toBe(0);
    const changed = json(await call('host', 'PUT', `/api/v1/exhibitionschedule?id=${forum.id}`, { location: '1号馆' })).data;
    expect(changed).toMatchObject({ title: '布展', location: '1号馆' });
    expect(json(await call('host', 'PUT', `/api/v1/exhibitionschedule?id=${forum.id}`, { endAt: '2026-11-29T00:00:00Z' })).field).toBe('endAt');
    expect((await call('host', 'DELETE', `/api/v1/exhibitionschedule?id=${forum.id}`)).statusCode).toBe(200);
    expect((await call('host', 'PUT', `/api/v1/exhibitionschedule?id=${forum.id}`, { location: 'x' })).statusCode).toBe(404);
  });

  it('refuse a schedule with no end, or one that ends before it starts, naming endAt in the caller’s language', async () => {
    const base = { exhibitionId: ctx.demo.exhibitionId, title: '论坛', startAt: '2026-12-02T02:00:00Z' };
    for (const [payload, lang] of [[base, 'zh-CN'], [{ ...base, endAt: null }, 'en'], [{ ...base, endAt: '2026-12-02T01:00:00Z' }, 'zh-CN'], [{ ...base, endAt: '2026-12-02T01:00:00Z' }, 'en']] as const) {
      const answer = await call('host', 'POST', '/api/v1/exhibitionschedule', payload, lang);
      expect(answer.statusCode).toBe(400);
      const body = json(answer);
      expect(body.field).toBe('endAt');
      expect(body.description).toMatch(lang === 'en' ? /endAt|end/i : /[\u4e00-\u9fff]/);
    }
    const kept = json(await call('host', 'POST', '/api/v1/exhibitionschedule', { ...base, endAt: '2026-12-02T05:00:00Z' })).data;
    const cleared = await call('host', 'PUT', `/api/v1/exhibitionschedule?id=${kept.id}`, { endAt: null });
    expect([cleared.statusCode, json(cleared).field]).toEqual([400, 'endAt']);
    const before = await call('host', 'PUT', `/api/v1/exhibitionschedule?id=${kept.id}`, { startAt: '2026-12-02T06:00:00Z' }, 'en');
    expect([before.statusCode, json(before).field]).toEqual([400, 'endAt']);
  });

  it('keep hall names unique within an exhibition and list them by showIndex', async () => {
    await call('host', 'POST', '/api/exhall', { exhibitionId: ctx.demo.exhibitionId, name: '2号馆', nameEn: 'Hall 2', showIndex: 2 });
    const first = json(await call('host', 'POST', '/api/exhall', { exhibitionId: ctx.demo.exhibitionId, name: '0号馆', showIndex: 0, area: 12000.5 })).data;
    const dup = await call('host', 'POST', '/api/exhall', { exhibitionId: ctx.demo.exhibitionId, name: '2号馆' }, 'en');
    expect(dup.statusCode).toBe(409);
    expect(json(dup)).toMatchObject({ code: 4009, field: 'name' });
    expect((await call('host2', 'POST', '/api/exhall', { exhibitionId: ctx.other.exhibitionId, name: '2号馆' })).statusCode).toBe(200);
    const halls = json(await call('exhibitor', 'GET', `/api/exhall/GetByExhibition?exhibitionId=${ctx.demo.exhibitionId}`)).data;
    expect(halls.find((h: { id: string }) => h.id === first.id)).toMatchObject({ area: 12000.5, nameEn: null });
    const order = halls.map((h: { showIndex: number }) => h.showIndex);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(halls.at(-1).name).toBe('2号馆');
    expect(halls.map((h: { name: string }) => h.name)).toEqual(expect.arrayContaining(['1号馆', '2号馆']));
    expect(halls.some((h: { exhibitionId: string }) => h.exhibitionId !== ctx.demo.exhibitionId)).toBe(false);
  });
});
