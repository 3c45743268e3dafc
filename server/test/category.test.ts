import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { assertCategoriesOfHost } from '../src/modules/category/service.ts';

let ctx: TestContext;
const get = () => ctx;
const HOST = '00000000-0000-4000-a000-000000000101';
const NONE = '00000000-0000-4000-8000-000000000000';
const call = async (as: Actor, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(await ctx.token(as)), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const create = async (as: Actor, body: object) => json(await call(as, 'POST', '/api/v1/category', body)).data;

const pool: string[] = [];
let own = '';
let theirs = '';
beforeAll(async () => {
  ctx = await createTestContext();
  for (let i = 0; i < 6; i++) pool.push((await create('host', { name: `临时 ${i}` })).id);
  own = (await create('host', { name: '电子信息' })).id;
  theirs = (await create('host2', { name: 'Electronics' })).id;
});
afterAll(() => ctx.close());

describe('POST /api/v1/category/query', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v1/category/query', payload: {} }), allowed: ['admin', 'host', 'exhibitor'], denied: [], otherTenant: { none: "a list scoped to the caller before any filter: another host's categories, even when asked for by hostId, are left out, not addressed (checked below)" } });
});
describe('POST /api/v1/category', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v1/category', payload: { hostId: HOST, name: `品类 ${Math.random()}` } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/category', payload: { hostId: c.other.hostId, name: '越权' } }) },
  });
});
describe('PATCH /api/v1/category', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `/api/v1/category?id=${own}`, payload: { icon: '/uploads/i.png' } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PATCH', url: `/api/v1/category?id=${theirs}`, payload: { icon: '/uploads/i.png' } }) },
  });
});
describe('DELETE /api/v1/category', () => {
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v1/category?id=${pool.pop() ?? NONE}` }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v1/category?id=${theirs}` }) },
  });
});
describe('GET /api/v1/category/host/level', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v1/category/host/level?hostId=${HOST}&level=2&t=1` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'exhibitor', request: (c) => ({ method: 'GET', url: `/api/v1/category/host/level?hostId=${c.other.hostId}&level=2` }) },
  });
});

describe('categories', () => {
  const tree = async (as: Actor, level: number) => json(await call(as, 'GET', `/api/v1/category/host/level?hostId=${HOST}&level=${level}`)).data;
  const names = (nodes: { name: string; childrens: unknown[] }[]): unknown[] => nodes.filter((n) => !/^(临时|品类) /.test(n.name)).map((n) => (n.childrens.length ? { [n.name]: names(n.childrens as never) } : n.name));

  it('nest under `childrens` down to the level asked, each level by showIndex', async () => {
    const machines = await create('host', { name: '机械', nameEn: 'Machinery', shortName: '机', showIndex: 2, banners: [{ url: '/uploads/m.png', link: null }] });
    const food = await create('host', { name: '食品', showIndex: 1 });
    const tools = await create('host', { name: '机床', parentId: machines.id });
    const cnc = await create('host', { name: '数控机床', parentId: tools.id });
    expect([machines.level, tools.level, cnc.level]).toEqual([1, 2, 3]);
    expect(machines).toMatchObject({ hostId: HOST, isDeleted: false, banners: [{ url: '/uploads/m.png' }], shortName: '机' });
    expect(names(await tree('exhibitor', 1))).toEqual(['电子信息', '食品', '机械']);
    expect(names(await tree('exhibitor', 2))).toEqual(['电子信息', '食品', { 机械: ['机床'] }]);
    expect(names(await tree('host', 3))).toEqual(['电子信息', '食品', { 机械: [{ 机床: ['数控机床'] }] }]);
    expect(food.parentId).toBeNull();
    const tooDeep = await create('host', { name: '太深', parentId: cnc.id });
    expect(tooDeep).toBeUndefined();
    expect(json(await call('host', 'POST', '/api/v1/category', { name: '太深', parentId: cnc.id })).field).toBe('parentId');
  });

  it('move a branch with its levels, never under itself, and refuse a branch too deep', async () => {
    const a = await create('host', { name: '家居' });
    const a1 = await create('host', { name: '家具', parentId: a.id });
    const a2 = await create('host', { name: '实木家具', parentId: a1.id });
    const b = await create('host', { name: '建材' });
    expect(json(await call('host', 'PATCH', `/api/v1/category?id=${a.id}`, { parentId: a2.id })).field).toBe('parentId');
    expect(json(await call('host', 'PATCH', `/api/v1/category?id=${a1.id}`, { parentId: b.id })).data).toMatchObject({ parentId: b.id, level: 2 });
    const moved = json(await call('host', 'POST', '/api/v1/category/query', { parentId: a1.id })).data.items;
    expect(moved).toEqual([expect.objectContaining({ id: a2.id, level: 3 })]);
    const c = await create('host', { name: '软装' });
    expect(json(await call('host', 'PATCH', `/api/v1/category?id=${b.id}`, { parentId: c.id })).field).toBe('parentId');
    const toRoot = json(await call('host', 'PATCH', `/api/v1/category?id=${a1.id}`, { parentId: null })).data;
    expect(toRoot.level).toBe(1);
    expect(json(await call('host', 'POST', '/api/v1/category/query', { level: 2, name: '实木' })).data.items[0].id).toBe(a2.id);
  });

  it('keep sibling names unique, refuse deleting a parent, and stay within the host', async () => {
    const dup = await call('host', 'POST', '/api/v1/category', { name: '电子信息' }, 'en');
    expect(dup.statusCode).toBe(409);
    expect(json(dup)).toMatchObject({ code: 4009, field: 'name' });
    expect((await call('host2', 'POST', '/api/v1/category', { name: '电子信息' })).statusCode).toBe(200);
    const parent = await create('host', { name: '汽车' });
    await create('host', { name: '新能源汽车', parentId: parent.id });
    const blocked = await call('host', 'DELETE', `/api/v1/category?id=${parent.id}`);
    expect(json(blocked).code).toBe(4020);
    expect((await call('host', 'POST', '/api/v1/category', { name: '挂到别家', parentId: theirs })).statusCode).toBe(404);
    const other = json(await call('exhibitor3', 'POST', '/api/v1/category/query', { pageSize: 1000 })).data.items;
    expect(other.every((c: { hostId: string }) => c.hostId === ctx.other.hostId)).toBe(true);
    expect(json(await call('host', 'POST', '/api/v1/category/query', { hostId: ctx.other.hostId })).data.totalCount).toBe(0);
    expect(json(await call('admin', 'POST', '/api/v1/category', { name: '无主' })).field).toBe('hostId');
  });

  it('assertCategoriesOfHost accepts the host’s live categories only', async () => {
    await expect(assertCategoriesOfHost(ctx.db, HOST, [own, own])).resolves.toBeUndefined();
    await expect(assertCategoriesOfHost(ctx.db, HOST, [own, theirs])).rejects.toMatchObject({ code: 4004 });
    const gone = await create('host', { name: '已删除' });
    await call('host', 'DELETE', `/api/v1/category?id=${gone.id}`);
    await expect(assertCategoriesOfHost(ctx.db, HOST, [gone.id])).rejects.toMatchObject({ code: 4004 });
  });
});
