import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { category } from '../src/modules/category/tables.ts';
import { company } from '../src/modules/company/tables.ts';
import { exhibition } from '../src/modules/exhibition/tables.ts';
import { exhibitor } from '../src/modules/exhibitor/tables.ts';
import { DEMO_HOST_ID } from '../src/seed/ids.ts';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
const get = () => ctx;
/** The demo exhibitor's own records, a second exhibition of the demo host, and the demo host's categories. */
const own = { exhibitorId: '', companyId: '', exhibitor2Id: '' };
let secondExhibitionId = '';
let cats: string[] = [];
let otherHostCategory = '';

const call = async (as: Actor, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(await ctx.token(as)), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

/** A fresh exhibitor of the demo exhibition, created by the host; answers its id and company id. */
async function newExhibitor(name = unique('测试展商'), extra: Record<string, unknown> = {}) {
  const res = await call('host', 'POST', '/api/v1/exhibitor/create', { exhibitionId: ctx.demo.exhibitionId, company: { name }, ...extra });
  if (res.statusCode !== 200) throw new Error(res.body);
  return json(res).data as { id: string; compId: string; categories: { id: string }[]; company: { name: string } };
}
/** Ids handed out one per call, for routes that consume their target (delete). */
const pool = (ids: string[]) => () => ids.shift() ?? '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestContext();
  const me = json(await call('exhibitor', 'GET', '/api/v1/account/me')).data;
  own.exhibitorId = me.exhibitorId;
  own.companyId = me.companyId;
  own.exhibitor2Id = json(await call('exhibitor2', 'GET', '/api/v1/account/me')).data.exhibitorId;
  const [second] = await ctx.db.insert(exhibition).values({ hostId: DEMO_HOST_ID, name: '2025 数字贸易博览会', nameEn: 'Digital Trade Expo 2025' }).returning();
  secondExhibitionId = second!.id;
  const rows = await ctx.db
    .insert(category)
    .values(['机械', '电子', '纺织', '食品', '化工', '医疗'].map((name, i) => ({ hostId: DEMO_HOST_ID, name, nameEn: `Cat ${i}`, showIndex: i })))
    .returning();
  cats = rows.map((r) => r.id);
  const [foreign] = await ctx.db.insert(category).values({ hostId: ctx.other.hostId, name: '别家的分类' }).returning();
  otherHostCategory = foreign!.id;
});
afterAll(() => ctx.close());

describe('POST /api/v1/exhibitor/query', () => {
  routeSecurity(get, { request: (c) => ({ method: 'POST', url: '/api/v1/exhibitor/query', payload: { exhibitionId: c.demo.exhibitionId } }), allowed: ['admin', 'host'], denied: ['exhibitor'], otherTenant: { none: "a list scoped to the caller before any filter: another host's exhibitors, even when asked for by exhibitionId, are left out, not addressed (checked below)" } });
});
describe('POST /api/v1/exhibitor/audit-list', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v1/exhibitor/audit-list', payload: {} }), allowed: ['admin', 'host'], denied: ['exhibitor'], otherTenant: { none: "a list scoped to the caller before any filter: another host's exhibitors, even when asked for by exhibitionId, are left out, not addressed (checked below)" } });
});
describe("another host's exhibitors", () => {
  it('are left out of the query and the audit list, even when asked for by exhibitionId', async () => {
    const ids = async (as: Actor, url: string, body: object) => json(await call(as, 'POST', url, { exhibitionId: ctx.other.exhibitionId, ...body })).data.items.map((i: { id: string }) => i.id);
    const [theirs] = json(await call('admin', 'POST', '/api/v1/exhibitor/query', { exhibitionId: ctx.other.exhibitionId })).data.items;
    expect(theirs.id).toBe(ctx.other.exhibitorId);
    for (const url of ['/api/v1/exhibitor/query', '/api/v1/exhibitor/audit-list']) {
      expect(await ids('admin', url, { auditState: theirs.auditState })).toContain(ctx.other.exhibitorId);
      expect(await ids('host', url, { auditState: theirs.auditState })).toEqual([]);
    }
  });
});
describe('GET /api/v1/exhibitor/details', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v1/exhibitor/details?exhibitorId=${own.exhibitorId}&t=1` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v1/exhibitor/details?exhibitorId=${c.other.exhibitorId}` }) },
  });
  it("keeps an exhibitor out of another exhibitor's record of the same exhibition", async () => {
    expect((await call('exhibitor2', 'GET', `/api/v1/exhibitor/details?exhibitorId=${own.exhibitorId}`)).statusCode).toBe(404);
  });
});
describe('GET /api/v3/exhibitor/with/company', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v3/exhibitor/with/company?exhibitorId=${own.exhibitorId}` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'exhibitor', request: () => ({ method: 'GET', url: `/api/v3/exhibitor/with/company?exhibitorId=${own.exhibitor2Id}` }) },
  });
});
describe('POST /api/v1/exhibitor/create', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v1/exhibitor/create', payload: { exhibitionId: c.demo.exhibitionId, company: { name: unique('安全测试公司') } } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/exhibitor/create', payload: { exhibitionId: c.other.exhibitionId, company: { name: 'x' } } }) },
  });
});
for (const [method, path] of [
  ['POST', '/api/v1/exhibitor/update'],
  ['PUT', '/api/v1/exhibitor/patch'],
  ['PATCH', '/api/v1/exhibitor'],
] as const)
  describe(`${method} ${path}`, () => {
    routeSecurity(get, {
      request: () => ({ method, url: `${path}?id=${own.exhibitorId}`, payload: { banner: 'https://img.example/banner.png' } }),
      allowed: ['admin', 'host', 'exhibitor'],
      denied: [],
      otherTenant: { as: 'host', request: (c) => ({ method, url: `${path}?id=${c.other.exhibitorId}`, payload: { banner: '/uploads/x.png' } }) },
    });
  });
describe('PUT /api/v1/exhibitor/show', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: '/api/v1/exhibitor/show', payload: { id: own.exhibitorId, isShow: true } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'PUT', url: '/api/v1/exhibitor/show', payload: { id: c.other.exhibitorId, isShow: false } }) },
  });
});
describe('DELETE /api/v1/exhibitor', () => {
  const ids: string[] = [];
  const next = pool(ids);
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) ids.push((await newExhibitor()).id);
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v1/exhibitor?id=${next()}` }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'DELETE', url: `/api/v1/exhibitor?id=${c.other.exhibitorId}` }) },
  });
});
describe('POST /api/v3/exhibitor/delete/bulk', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) ids.push((await newExhibitor()).id);
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/exhibitor/delete/bulk', payload: { ids: [ids.shift() ?? own.exhibitorId] } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/exhibitor/delete/bulk', payload: { ids: [c.other.exhibitorId] } }) },
  });
});
describe('POST /api/v1/exhibitorsayhello/query', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v1/exhibitorsayhello/query', payload: {} }), allowed: ['admin', 'host', 'exhibitor'], denied: [], otherTenant: { none: "a list scoped to the caller before any filter: other exhibitors' greetings are left out, not addressed ('list say-hello records' in exhibitor-services.test.ts checks it)" } });
});
describe('GET /api/v1/livelineexhibitor', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v1/livelineexhibitor?exhibitorId=${own.exhibitorId}` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v1/livelineexhibitor?exhibitorId=${c.other.exhibitorId}` }) },
  });
  it('answers zero lines before any allocation', async () => {
    expect(json(await call('exhibitor', 'GET', `/api/v1/livelineexhibitor?exhibitorId=${own.exhibitorId}`)).data).toMatchObject({ exhibitorId: own.exhibitorId, lineCount: 0, duration: 0 });
  });
});

describe('POST /api/join/GetByManager', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/join/GetByManager', payload: {} }), allowed: ['admin', 'host', 'exhibitor'], denied: [], otherTenant: { none: "a list scoped to the caller before any filter: other tenants' joins are left out, not addressed (checked below)" } });
  it("lists an exhibitor's joins across exhibitions with the exhibition, and a host's only in its exhibitions", async () => {
    const mine = json(await call('exhibitor', 'POST', '/api/join/GetByManager', {})).data;
    expect(mine.items.map((i: { id: string }) => i.id)).toContain(own.exhibitorId);
    expect(mine.items.every((i: { compId: string }) => i.compId === own.companyId)).toBe(true);
    expect(mine.items[0].exhibition).toMatchObject({ id: ctx.demo.exhibitionId, name: '2026 数字贸易博览会' });
    const host2 = json(await call('host2', 'POST', '/api/join/GetByManager', {})).data;
    expect(host2.items.map((i: { id: string }) => i.id)).toEqual([ctx.other.exhibitorId]);
  });
});
describe('POST /api/join', () => {
  const companies: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 3; i++) companies.push((await newExhibitor()).compId);
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/join', payload: { exhibitionId: secondExhibitionId, companyId: companies.shift() ?? own.companyId, boothInfo: 'B2-01' } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/join', payload: { exhibitionId: secondExhibitionId, companyId: c.other.companyId } }) },
  });
  it('refuses a company already in the exhibition with 409 naming the field', async () => {
    const res = await call('host', 'POST', '/api/join', { exhibitionId: ctx.demo.exhibitionId, companyId: own.companyId });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 4009, field: 'company.id' });
  });
});
describe('PUT /api/join', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: '/api/join', payload: { id: own.exhibitorId, boothArea: 'A馆' } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'PUT', url: '/api/join', payload: { id: c.other.exhibitorId, boothArea: 'x' } }) },
  });
});
for (const [path, body] of [
  ['/api/join/SetTopic', { topic: '智能制造专题', topicStart: '2026-12-01T00:00:00Z', topicEnd: '2026-12-05T00:00:00Z', topicType: 1 }],
  ['/api/join/SetBrandTopic', { pTopic: '品牌馆', pTopicStart: '2026-12-01T00:00:00Z', pTopicEnd: '2026-12-03T00:00:00Z', pTopicType: 2 }],
  ['/api/join/SetIsShow', { isShow: true }],
] as const)
  describe(`PUT ${path}`, () => {
    routeSecurity(get, {
      request: () => ({ method: 'PUT', url: path, payload: { id: own.exhibitorId, ...body } }),
      allowed: ['admin', 'host'],
      denied: ['exhibitor'],
      otherTenant: { as: 'host', request: (c) => ({ method: 'PUT', url: path, payload: { id: c.other.exhibitorId, ...body } }) },
    });
  });

describe('GET /api/company', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/company?id=${own.companyId}` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/company?id=${c.other.companyId}` }) },
  });
});
describe('POST /api/company', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/company', payload: { name: unique('平台公司') } }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('PUT /api/company', () => {
  routeSecurity(get, { request: () => ({ method: 'PUT', url: '/api/company', payload: { id: own.companyId, address: '文三路 90 号' } }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('DELETE /api/company', () => {
  const free: string[] = [];
  beforeAll(async () => {
    free.push(json(await call('admin', 'POST', '/api/company', { name: unique('待删公司') })).data.id);
  });
  routeSecurity(get, { request: () => ({ method: 'DELETE', url: `/api/company?id=${free[0] ?? own.companyId}` }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
  it('refuses a company that still exhibits (4020)', async () => {
    const res = await call('admin', 'DELETE', `/api/company?id=${own.companyId}`, undefined, 'en');
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 4020, description: 'Company still has children; delete them first' });
  });
});
describe('POST /api/staff', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/staff', payload: { compId: own.companyId, name: '张经理', position: '销售总监', phoneNumber: '13900000001' } }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'exhibitor', request: (c) => ({ method: 'POST', url: '/api/staff', payload: { compId: c.other.companyId, name: 'x' } }) },
  });
});
describe('GET /api/staff/GetDefault', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/staff/GetDefault?compId=${own.companyId}` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/staff/GetDefault?compId=${c.other.companyId}` }) },
  });
  it('answers the default contact', async () => {
    const compId = (await newExhibitor()).compId;
    expect(json(await call('host', 'GET', `/api/staff/GetDefault?compId=${compId}`)).data).toBeNull();
    await call('host', 'POST', '/api/staff', { compId, name: '李四' });
    await call('host', 'POST', '/api/staff', { compId, name: '王五', isDefault: true });
    expect(json(await call('exhibitor', 'GET', `/api/staff/GetDefault?compId=${own.companyId}`)).data).not.toBeNull();
    expect(json(await call('host', 'GET', `/api/staff/GetDefault?compId=${compId}`)).data).toMatchObject({ name: '王五', isDefault: true });
  });
});

describe('exhibitors', () => {
  it('are created with company, categories and a login account that signs in; each creation is logged', async () => {
    const res = await call('host', 'POST', '/api/v1/exhibitor/create', {
      exhibitionId: ctx.demo.exhibitionId,
      company: { name: '苏州精工机械有限公司', nameEn: 'Suzhou Precision', region: '江苏省/苏州市', address: '星湖街 1 号', logo: 'https://img.example/logo.png' },
      boothInfo: 'A1-08',
      boothArea: 'A馆',
      categoryIds: [cats[1], cats[0]],
      account: { userName: 'suzhou-jg', password: 'Welcome-2026', phoneNumber: '13912345678' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = json(res).data;
    expect(created).toMatchObject({ boothInfo: 'A1-08', auditState: 1, isShow: true, viewCount: 0, company: { name: '苏州精工机械有限公司', region: '江苏省/苏州市' }, categoryIds: [cats[1], cats[0]], category: '电子,机械' });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/exhibitor', payload: { userName: 'suzhou-jg', password: 'Welcome-2026', exhibitionId: ctx.demo.exhibitionId } });
    expect(json(login).data).toMatchObject({ exhibitorId: created.id, companyId: created.compId });
    const taken = await call('host', 'POST', '/api/v1/exhibitor/create', { exhibitionId: ctx.demo.exhibitionId, company: { name: '另一家' }, account: { userName: 'suzhou-jg', password: 'Welcome-2026' } });
    expect(json(taken).code).toBe(4010);
    expect(json(await call('host', 'POST', '/api/v1/exhibitor/query', { companyName: '另一家' })).data.totalCount).toBe(0);
    const log = json(await call('host', 'POST', '/api/v3/operationlog/query', { action: 'exhibitor.create', targetType: 'exhibitor' })).data.items;
    expect(log.some((r: { targetId: string; hostId: string }) => r.targetId === created.id && r.hostId === DEMO_HOST_ID)).toBe(true);
  });

  it('are searched by company name, category, audit and show state, paged by showIndex; drafts never listed', async () => {
    const tag = unique('检索');
    const a = await newExhibitor(`${tag} 甲`, { categoryIds: [cats[2]], showIndex: 1 });
    const b = await newExhibitor(`${tag} 乙`, { categoryIds: [cats[2], cats[3]], showIndex: 2 });
    const c = await newExhibitor(`${tag} 丙`, { showIndex: 3, isShow: false });
    const d = await newExhibitor(`${tag} 丁`, { showIndex: 0 });
    await ctx.db.update(exhibitor).set({ auditState: -3 }).where(eq(exhibitor.id, d.id));
    const q = async (body: object) => json(await call('host', 'POST', '/api/v1/exhibitor/query', { exhibitionId: ctx.demo.exhibitionId, companyName: tag, ...body })).data;
    const all = await q({});
    expect(all.items.map((i: { id: string }) => i.id)).toEqual([a.id, b.id, c.id]);
    expect(all.items[1]).toMatchObject({ company: { id: b.compId, name: `${tag} 乙`, logo: null, region: null, address: null }, categories: [{ id: cats[2], name: '纺织' }, { id: cats[3], name: '食品' }] });
    expect((await q({ categoryId: cats[3] })).items.map((i: { id: string }) => i.id)).toEqual([b.id]);
    expect((await q({ isShow: false })).items.map((i: { id: string }) => i.id)).toEqual([c.id]);
    expect((await q({ auditState: -3 })).totalCount).toBe(0);
    expect((await q({ auditState: 1 })).totalCount).toBe(3);
    const paged = await q({ pageSize: 2, pageIndex: 2 });
    expect(paged).toMatchObject({ pageIndex: 2, pageSize: 2, totalCount: 3, totalPages: 2 });
    expect(paged.items.map((i: { id: string }) => i.id)).toEqual([c.id]);
    expect((await q({ companyName: `${tag} 乙`.toUpperCase() })).totalCount).toBe(1);
    const other = json(await call('host2', 'POST', '/api/v1/exhibitor/query', { exhibitionId: ctx.demo.exhibitionId })).data;
    expect(other.totalCount).toBe(0);
    const adminAll = json(await call('admin', 'POST', '/api/v1/exhibitor/query', { companyName: tag })).data;
    expect(adminAll.totalCount).toBe(3);
  });

  it('keep at most the exhibition’s exhibitorCategoryNumber categories, of its own host', async () => {
    const settings = await call('host', 'PUT', `/api/v1/settings/exhibition/patch?exhibitionId=${ctx.demo.exhibitionId}`, { exhibitorCategoryNumber: 2 });
    expect(settings.statusCode, settings.body).toBe(200);
    try {
      const x = await newExhibitor();
      const tooMany = await call('host', 'PATCH', `/api/v1/exhibitor?id=${x.id}`, { categoryIds: cats.slice(0, 3) }, 'en');
      expect(tooMany.statusCode).toBe(400);
      expect(json(tooMany)).toMatchObject({ code: 4000, field: 'categoryIds', description: expect.stringContaining('at most 2') });
      const foreign = await call('host', 'PATCH', `/api/v1/exhibitor?id=${x.id}`, { categoryIds: [otherHostCategory] });
      expect(json(foreign)).toMatchObject({ code: 4004 });
      const okTwo = await call('host', 'PATCH', `/api/v1/exhibitor?id=${x.id}`, { categoryIds: [cats[4], cats[4], cats[5]] });
      expect(json(okTwo).data.categoryIds).toEqual([cats[4], cats[5]]);
      const create = await call('host', 'POST', '/api/v1/exhibitor/create', { exhibitionId: ctx.demo.exhibitionId, company: { name: unique('多分类') }, categoryIds: cats.slice(0, 3) });
      expect(json(create).field).toBe('categoryIds');
    } finally {
      await call('host', 'PUT', `/api/v1/settings/exhibition/patch?exhibitionId=${ctx.demo.exhibitionId}`, { exhibitorCategoryNumber: 5 });
    }
    const five = await newExhibitor(undefined, { categoryIds: cats.slice(0, 5) });
    expect(five.categories).toHaveLength(5);
    const six = await call('host', 'PATCH', `/api/v1/exhibitor?id=${five.id}`, { categoryIds: cats });
    expect(json(six).field).toBe('categoryIds');
  });

  it('are bulk-deleted all or none, and logged', async () => {
    const a = await newExhibitor();
    const b = await newExhibitor();
    const mixed = await call('host', 'POST', '/api/v3/exhibitor/delete/bulk', { ids: [a.id, b.id, ctx.other.exhibitorId] });
    expect(mixed.statusCode).toBe(404);
    expect((await call('host', 'GET', `/api/v1/exhibitor/details?exhibitorId=${a.id}`)).statusCode).toBe(200);
    const done = await call('host', 'POST', '/api/v3/exhibitor/delete/bulk', { ids: [a.id, b.id, a.id] });
    expect(json(done).data).toEqual({ deleted: 2 });
    expect((await call('host', 'GET', `/api/v1/exhibitor/details?exhibitorId=${b.id}`)).statusCode).toBe(404);
    const log = json(await call('host', 'POST', '/api/v3/operationlog/query', { action: 'exhibitor.delete' })).data.items.map((r: { targetId: string }) => r.targetId);
    expect(log).toEqual(expect.arrayContaining([a.id, b.id]));
    // The company may join again once its exhibitor is deleted (the host no longer reaches it; the administrator does).
    expect((await call('host', 'POST', '/api/join', { exhibitionId: ctx.demo.exhibitionId, companyId: a.compId })).statusCode).toBe(404);
    const again = await call('admin', 'POST', '/api/join', { exhibitionId: ctx.demo.exhibitionId, companyId: a.compId });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('change only the fields sent, topics with a valid window, and the show switch', async () => {
    const x = await newExhibitor(undefined, { boothInfo: 'C3-01', banner: '/uploads/b.png' });
    const changed = json(await call('host', 'POST', `/api/v1/exhibitor/update?id=${x.id}`, { boothArea: 'C馆', company: { address: '新地址 8 号' } })).data;
    expect(changed).toMatchObject({ boothInfo: 'C3-01', banner: '/uploads/b.png', boothArea: 'C馆', company: { address: '新地址 8 号', name: x.company.name } });
    const cleared = json(await call('host', 'PUT', `/api/v1/exhibitor/patch?id=${x.id}`, { banner: null })).data;
    expect(cleared).toMatchObject({ banner: null, boothInfo: 'C3-01' });
    const topic = json(await call('host', 'PUT', '/api/join/SetTopic', { id: x.id, topic: '新品首发', topicStart: '2026-12-01T00:00:00Z', topicEnd: '2026-12-02T00:00:00Z' })).data;
    expect(topic).toMatchObject({ topic: '新品首发', topicStart: '2026-12-01T00:00:00.000Z' });
    const backwards = await call('host', 'PUT', '/api/join/SetBrandTopic', { id: x.id, pTopic: '品牌', pTopicStart: '2026-12-03T00:00:00Z', pTopicEnd: '2026-12-02T00:00:00Z' });
    expect(json(backwards)).toMatchObject({ code: 4000, field: 'pTopicEnd' });
    const hidden = json(await call('host', 'PUT', '/api/v1/exhibitor/show', { id: x.id, isShow: false })).data;
    expect(hidden.isShow).toBe(false);
    const log = json(await call('host', 'POST', '/api/v3/operationlog/query', { action: 'exhibitor.hide' })).data.items;
    expect(log[0]).toMatchObject({ targetId: x.id, before: { isShow: true }, after: { isShow: false } });
  });

  it("let an exhibitor change only its banner and categories, submitted for the host's audit", async () => {
    const notHers = await call('exhibitor2', 'PATCH', `/api/v1/exhibitor?id=${own.exhibitor2Id}`, { boothInfo: 'Z9' }, 'en');
    expect(json(notHers)).toMatchObject({ code: 4000, field: 'boothInfo' });
    const res = await call('exhibitor2', 'PATCH', `/api/v1/exhibitor?id=${own.exhibitor2Id}`, { banner: 'https://img.example/ex2.png', categoryIds: [cats[0]] });
    expect(json(res).data).toMatchObject({ banner: 'https://img.example/ex2.png', auditState: 0, categoryIds: [cats[0]] });
    const queue = json(await call('host', 'POST', '/api/v1/exhibitor/audit-list', { exhibitionId: ctx.demo.exhibitionId })).data.items.map((i: { id: string }) => i.id);
    expect(queue).toContain(own.exhibitor2Id);
    const [record] = json(await call('host', 'POST', '/api/Audit/GetAuditList', { type: 'exhibitor', state: 0 })).data.items.filter((i: { targetId: string }) => i.targetId === own.exhibitor2Id);
    expect(record).toBeDefined();
    await call('host', 'POST', '/api/Audit/Audit', { ids: [record.id], approve: false, reason: '横幅不清晰' });
    expect(json(await call('exhibitor2', 'GET', `/api/v1/exhibitor/details?exhibitorId=${own.exhibitor2Id}`)).data).toMatchObject({ auditState: 2, auditReason: '横幅不清晰' });
  });

  it("leave a company that also exhibits with another host to its owner: the host may not rename it", async () => {
    const x = await newExhibitor();
    await ctx.db.insert(exhibitor).values({ exhibitionId: ctx.other.exhibitionId, companyId: x.compId });
    const res = await call('host', 'PATCH', `/api/v1/exhibitor?id=${x.id}`, { company: { name: '改名' } });
    expect(res.statusCode).toBe(403);
    expect(json(res).field).toBe('company');
    expect(json(await call('host', 'PATCH', `/api/v1/exhibitor?id=${x.id}`, { boothInfo: 'E1' })).data.boothInfo).toBe('E1');
    expect(json(await call('admin', 'PATCH', `/api/v1/exhibitor?id=${x.id}`, { company: { name: '管理员改名' } })).data.company.name).toBe('管理员改名');
  });

  it('name bad fields and never answer another tenant', async () => {
    const bad = await call('host', 'POST', '/api/v1/exhibitor/create', { exhibitionId: 'nope', company: {}, showIndex: -1 });
    expect(json(bad).code).toBe(4000);
    expect(json(bad).errors!.map((e) => e.field)).toEqual(expect.arrayContaining(['exhibitionId', 'showIndex']));
    const [row] = await ctx.db.select().from(company).where(and(eq(company.id, ctx.other.companyId)));
    const attach = await call('host', 'POST', '/api/v1/exhibitor/create', { exhibitionId: ctx.demo.exhibitionId, company: { id: row!.id } });
    expect(attach.statusCode).toBe(404);
  });
});
