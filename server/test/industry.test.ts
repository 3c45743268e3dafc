import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, json, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
const get = () => ctx;
const asAdmin = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(await ctx.token('admin')), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload ? { payload } : {}) });
const NONE = '00000000-0000-4000-8000-000000000000';

describe('POST /api/v3/industry/query', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/industry/query', payload: {} }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { none: 'industries are platform reference data that every tenant reads; no host or exhibitor owns one' },
  });
});
describe('POST /api/v3/industry', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/industry', payload: { name: `安全测试 ${Math.random()}` } }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('PATCH /api/v3/industry', () => {
  let spare = NONE;
  beforeAll(async () => {
    spare = json(await asAdmin('POST', '/api/v3/industry', { name: `待改 ${Math.random()}` })).data.id;
  });
  routeSecurity(get, { request: () => ({ method: 'PATCH', url: `/api/v3/industry?id=${spare}`, payload: { nameEn: 'Renamed' } }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('DELETE /api/v3/industry', () => {
  // Without children, so the administrator's one deletion succeeds.
  let spare = NONE;
  beforeAll(async () => {
    spare = json(await asAdmin('POST', '/api/v3/industry', { name: `待删 ${Math.random()}` })).data.id;
  });
  routeSecurity(get, { request: () => ({ method: 'DELETE', url: `/api/v3/industry?id=${spare}` }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('POST /api/v3/industry/bulk', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/industry/bulk', payload: { items: [{ name: `批量 ${Math.random()}` }] } }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});

describe('industries', () => {
  it('are created, listed by showIndex, changed, nested once and deleted, each change logged', async () => {
    const a = json(await asAdmin('POST', '/api/v3/industry', { name: '机械制造', nameEn: 'Machinery', showIndex: 2 })).data;
    const b = json(await asAdmin('POST', '/api/v3/industry', { name: '电子信息', showIndex: 1 })).data;
    const child = json(await asAdmin('POST', '/api/v3/industry', { name: '数控机床', parentId: a.id })).data;
    expect(child.parentId).toBe(a.id);
    const grand = await asAdmin('POST', '/api/v3/industry', { name: '太深了', parentId: child.id });
    expect(grand.statusCode).toBe(404);

    const top = json(await ctx.app.inject({ method: 'POST', url: '/api/v3/industry/query', headers: bearer(await ctx.token('host')), payload: { parentId: null, pageSize: 50 } })).data;
    const names = top.items.map((i: { name: string }) => i.name);
    expect(names.indexOf('电子信息')).toBeLessThan(names.indexOf('机械制造'));
    expect(names).not.toContain('数控机床');

    const renamed = await asAdmin('PATCH', `/api/v3/industry?id=${b.id}`, { nameEn: 'Electronics' });
    expect(json(renamed).data).toMatchObject({ name: '电子信息', nameEn: 'Electronics', showIndex: 1 });

    const blocked = await asAdmin('DELETE', `/api/v3/industry?id=${a.id}`, undefined, 'en');
    expect(blocked.statusCode).toBe(409);
    expect(json(blocked)).toMatchObject({ code: 4020, description: 'Industry still has children; delete them first' });
    expect((await asAdmin('DELETE', `/api/v3/industry?id=${child.id}`)).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/api/v3/industry?id=${a.id}`)).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/api/v3/industry?id=${a.id}`)).statusCode).toBe(404);

    const log = json(await asAdmin('POST', '/api/v3/operationlog/query', { targetType: 'industry', pageSize: 50 })).data.items.map((r: { action: string }) => r.action);
    expect(log).toEqual(expect.arrayContaining(['industry.create', 'industry.update', 'industry.delete']));
  });

  it('refuses a duplicate name with 409 naming the field, and a name free again after a delete', async () => {
    const first = json(await asAdmin('POST', '/api/v3/industry', { name: '纺织服装' })).data;
    const dup = await asAdmin('POST', '/api/v3/industry', { name: '纺织服装' }, 'en');
    expect(dup.statusCode).toBe(409);
    expect(json(dup)).toMatchObject({ code: 4009, field: 'name', description: expect.stringContaining('name already exists') });
    await asAdmin('DELETE', `/api/v3/industry?id=${first.id}`);
    expect((await asAdmin('POST', '/api/v3/industry', { name: '纺织服装' })).statusCode).toBe(200);
  });

  it('bulk-creates all or nothing', async () => {
    await asAdmin('POST', '/api/v3/industry', { name: '医疗器械' });
    const clash = await asAdmin('POST', '/api/v3/industry/bulk', { items: [{ name: '新能源' }, { name: '医疗器械' }] });
    expect(clash.statusCode).toBe(409);
    expect(json(clash).field).toBe('items.1.name');
    const none = json(await asAdmin('POST', '/api/v3/industry/query', { name: '新能源' })).data;
    expect(none.totalCount).toBe(0);
    const ok = await asAdmin('POST', '/api/v3/industry/bulk', { items: [{ name: '新能源' }, { name: '食品饮料', nameEn: 'Food' }] });
    expect(json(ok).data).toHaveLength(2);
  });

  it('names bad fields', async () => {
    const res = await asAdmin('POST', '/api/v3/industry', { name: '', showIndex: -1 });
    expect(json(res).errors!.map((e) => e.field).sort()).toEqual(['name', 'showIndex']);
    const badId = await asAdmin('PATCH', '/api/v3/industry?id=nope', { name: 'x' });
    expect(json(badId).field).toBe('id');
  });
});
