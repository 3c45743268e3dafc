import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuditState, ErrorCode } from '@pavilion/contract';
import { auditRecord } from '../src/audit/tables.ts';
import { exhibitor } from '../src/modules/exhibitor/tables.ts';
import { product, productCategory, productEvaluation } from '../src/modules/product/tables.ts';
import { publicProductLimit } from '../src/modules/product/routes.ts';
import { productTag } from '../src/modules/reference/tables.ts';
import { operationLog } from '../src/oplog/tables.ts';
import { bearer, createTestContext, json, ownPassword, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
const get = () => ctx;
const own = { exhibitorId: '', exhibitor2Id: '' };
const NONE = '00000000-0000-4000-8000-000000000000';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const send = (token: string | null, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { ...(token ? bearer(token) : {}), ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const call = async (as: Actor, method: Method, url: string, payload?: unknown, lang?: string) => send(await ctx.token(as), method, url, payload, lang ? { 'accept-language': lang } : {});
const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;
const pic = (i: number) => `/uploads/2026/01/p${i}.png`;
const item = (extra: object = {}) => ({ name: unique('产品'), nameEn: 'A product', pictures: [pic(1), pic(2)], introductionZh: '<p>介绍</p>', introductionEn: '<p>About</p>', ...extra });
const settings = (patch: object) => call('host', 'PUT', `/api/v1/settings/exhibition/patch?exhibitionId=${ctx.demo.exhibitionId}`, patch);

/** A new exhibitor of the demo exhibition with its own login, signed in. */
async function signedInExhibitor() {
  const userName = unique('prod-');
  const created = json(await call('host', 'POST', '/api/v1/exhibitor/create', { exhibitionId: ctx.demo.exhibitionId, company: { name: unique('产品测试公司') }, account: { userName, password: 'Password-123' } })).data;
  const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/exhibitor', payload: { userName, password: 'Password-123', exhibitionId: ctx.demo.exhibitionId } });
  await ownPassword(ctx, login, 'Password-123');
  return { token: json(login).data.tokenInfo.access_token as string, exhibitorId: created.id as string };
}
/** A product `as` added through the API (an exhibitor's: pending; a host's: approved). */
const create = async (as: Actor, extra: object = {}) => {
  const res = await call(as, 'POST', '/api/v1/product', item(extra));
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
};
/** A product written straight into the database (another tenant's, whose exhibition has no product feature). */
async function insertProduct(exhibitorId: string, exhibitionId: string, extra: Partial<typeof product.$inferInsert> = {}) {
  const [row] = await ctx.db.insert(product).values({ exhibitorId, exhibitionId, name: unique('直接产品'), pictures: [pic(9)], ...extra }).returning();
  return row!;
}
async function insertEvaluation(productId: string, extra: Partial<typeof productEvaluation.$inferInsert> = {}) {
  const [p] = await ctx.db.select().from(product).where(eq(product.id, productId));
  const [row] = await ctx.db
    .insert(productEvaluation)
    .values({ productId, exhibitorId: p!.exhibitorId, exhibitionId: p!.exhibitionId, authorName: '访客甲', authorContact: '13800138000', rating: 4, content: '做工不错', ...extra })
    .returning();
  return row!;
}
/** Before a route's security cases: a product of exhibitor2 (added through the API) and one of the other tenant. */
function mineAndForeign() {
  const ids = { mine: NONE, foreign: NONE };
  beforeAll(async () => {
    ids.mine = (await create('exhibitor2')).id;
    ids.foreign = (await insertProduct(ctx.other.exhibitorId, ctx.other.exhibitionId)).id;
  });
  return ids;
}
const recordOf = async (targetId: string) => (await ctx.db.select().from(auditRecord).where(and(eq(auditRecord.type, 'product'), eq(auditRecord.targetId, targetId))))[0];
const proCountOf = async (exhibitorId: string) => (await ctx.db.select({ n: exhibitor.proCount }).from(exhibitor).where(eq(exhibitor.id, exhibitorId)))[0]!.n;
const publicPage = (query = '', headers: Record<string, string> = {}) => send(null, 'GET', `/api/public/exhibitions/${ctx.demo.exhibitionId}/products${query}`, undefined, headers);

beforeAll(async () => {
  ctx = await createTestContext();
  own.exhibitorId = json(await call('exhibitor', 'GET', '/api/v1/account/me')).data.exhibitorId;
  own.exhibitor2Id = json(await call('exhibitor2', 'GET', '/api/v1/account/me')).data.exhibitorId;
  // The security cases add many products to the demo exhibitors; the quota test sets it back to the default.
  expect((await settings({ exhibitorsLoadProductNumber: 100 })).statusCode).toBe(200);
});
afterAll(() => ctx.close());

// ——— Security, every route ———
describe('POST /api/v3/productv3/page', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/productv3/page', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/productv3/page', payload: { exhibitionId: c.other.exhibitionId } }) },
  });
});
describe('POST /api/v1/product/query', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v1/product/query', payload: { wheres: [{ field: 'exhibitionId', value: c.demo.exhibitionId }] } }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/product/query', payload: { wheres: [{ field: 'exhibitionId', value: c.other.exhibitionId }] } }) },
  });
});
describe('POST /api/v1/product', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v1/product', payload: item({ exhibitorId: own.exhibitor2Id }) }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/product', payload: item({ exhibitorId: c.other.exhibitorId }) }) },
  });
});
describe('GET /api/v1/product', () => {
  const ids = mineAndForeign();
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v1/product?id=${ids.mine}&t=1` }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'GET', url: `/api/v1/product?id=${ids.foreign}` }) },
  });
});
describe('PATCH /api/v1/product', () => {
  const ids = mineAndForeign();
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `/api/v1/product?id=${ids.mine}`, payload: { showIndex: 3 } }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'PATCH', url: `/api/v1/product?id=${ids.foreign}`, payload: { showIndex: 3 } }) },
  });
});
describe('DELETE /api/v1/product', () => {
  const ids: string[] = [];
  let foreign = NONE;
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) ids.push((await create('exhibitor2')).id);
    foreign = (await insertProduct(ctx.other.exhibitorId, ctx.other.exhibitionId)).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v1/product?id=${ids.shift() ?? NONE}` }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v1/product?id=${foreign}` }) },
  });
});
describe('PUT /api/v1/product/show', () => {
  const ids = mineAndForeign();
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: '/api/v1/product/show', payload: { id: ids.mine, isShow: false } }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: '/api/v1/product/show', payload: { id: ids.foreign, isShow: false } }) },
  });
});
describe('PUT /api/v1/product/show/batch', () => {
  const ids = mineAndForeign();
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: '/api/v1/product/show/batch', payload: { ids: [ids.mine], isShow: false } }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: '/api/v1/product/show/batch', payload: { ids: [ids.mine, ids.foreign], isShow: false } }) },
  });
});
describe('PUT /api/v1/product/audit', () => {
  const pending: string[] = [];
  let foreign = NONE;
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) pending.push((await create('exhibitor2')).id);
    foreign = (await insertProduct(ctx.other.exhibitorId, ctx.other.exhibitionId, { auditState: AuditState.Pending })).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: '/api/v1/product/audit', payload: { ids: [pending.shift() ?? NONE], approve: true } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor2'],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: '/api/v1/product/audit', payload: { ids: [pending[0] ?? NONE, foreign], approve: true } }) },
  });
});
describe('POST /api/v3/productevaluate/page', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/productevaluate/page', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/productevaluate/page', payload: { exhibitionId: c.other.exhibitionId } }) },
  });
});
describe('POST /api/v3/productevaluate', () => {
  let mine = NONE;
  let neighbour = NONE;
  beforeAll(async () => {
    mine = (await insertEvaluation((await insertProduct(own.exhibitor2Id, ctx.demo.exhibitionId)).id)).id;
    neighbour = (await insertEvaluation((await insertProduct(own.exhibitorId, ctx.demo.exhibitionId)).id)).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v3/productevaluate', payload: { id: mine, reply: '感谢您的评价' } }),
    allowed: ['exhibitor2'],
    denied: ['admin', 'host'],
    otherTenant: { as: 'exhibitor2', request: () => ({ method: 'POST', url: '/api/v3/productevaluate', payload: { id: neighbour, reply: 'x' } }) },
  });
});
describe('PUT /api/v3/productevaluate/show', () => {
  let mine = NONE;
  let foreign = NONE;
  beforeAll(async () => {
    mine = (await insertEvaluation((await insertProduct(own.exhibitor2Id, ctx.demo.exhibitionId)).id)).id;
    foreign = (await insertEvaluation((await insertProduct(ctx.other.exhibitorId, ctx.other.exhibitionId)).id)).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: '/api/v3/productevaluate/show', payload: { id: mine, isShow: false } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor2'],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: '/api/v3/productevaluate/show', payload: { id: foreign, isShow: false } }) },
  });
});
describe('DELETE /api/v3/productevaluate', () => {
  const ids: string[] = [];
  let foreign = NONE;
  beforeAll(async () => {
    const p = await insertProduct(own.exhibitor2Id, ctx.demo.exhibitionId);
    for (let i = 0; i < 4; i++) ids.push((await insertEvaluation(p.id)).id);
    foreign = (await insertEvaluation((await insertProduct(ctx.other.exhibitorId, ctx.other.exhibitionId)).id)).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v3/productevaluate?id=${ids.shift() ?? NONE}` }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor2'],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v3/productevaluate?id=${foreign}` }) },
  });
});
describe('POST /api/v3/productcategory/query', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/productcategory/query', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { none: 'the list is scoped to the caller’s exhibitions: another’s exhibitionId filters to an empty page (tested below)' },
  });
});
describe('POST /api/v3/productcategory', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/productcategory', payload: { exhibitionId: c.demo.exhibitionId, name: unique('分类') } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/productcategory', payload: { exhibitionId: c.other.exhibitionId, name: unique('分类') } }) },
  });
});
describe('PATCH /api/v3/productcategory', () => {
  let mine = NONE;
  let foreign = NONE;
  beforeAll(async () => {
    mine = (await ctx.db.insert(productCategory).values({ exhibitionId: ctx.demo.exhibitionId, name: unique('分类') }).returning())[0]!.id;
    foreign = (await ctx.db.insert(productCategory).values({ exhibitionId: ctx.other.exhibitionId, name: unique('分类') }).returning())[0]!.id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `/api/v3/productcategory?id=${mine}`, payload: { showIndex: 2 } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PATCH', url: `/api/v3/productcategory?id=${foreign}`, payload: { showIndex: 2 } }) },
  });
});
describe('DELETE /api/v3/productcategory', () => {
  const ids: string[] = [];
  let foreign = NONE;
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) ids.push((await ctx.db.insert(productCategory).values({ exhibitionId: ctx.demo.exhibitionId, name: unique('分类') }).returning())[0]!.id);
    foreign = (await ctx.db.insert(productCategory).values({ exhibitionId: ctx.other.exhibitionId, name: unique('分类') }).returning())[0]!.id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v3/productcategory?id=${ids.shift() ?? NONE}` }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v3/productcategory?id=${foreign}` }) },
  });
});

// ——— Behaviour ———
describe('the exhibition’s limits', () => {
  it('refuses a sixth picture with the default five, with the spec’s message in both languages, and writes nothing', async () => {
    const before = (await ctx.db.select().from(product).where(eq(product.exhibitorId, own.exhibitorId))).length;
    const six = Array.from({ length: 6 }, (_, i) => pic(i));
    const zh = await call('exhibitor', 'POST', '/api/v1/product', item({ pictures: six }));
    expect(zh.statusCode).toBe(400);
    expect(json(zh)).toMatchObject({ code: ErrorCode.ProductPictureLimit, field: 'pictures', description: '最多上传5张图片' });
    const en = await call('exhibitor', 'POST', '/api/v1/product', item({ pictures: six }), 'en');
    expect(json(en)).toMatchObject({ code: ErrorCode.ProductPictureLimit, description: 'At most 5 pictures' });
    expect((await ctx.db.select().from(product).where(eq(product.exhibitorId, own.exhibitorId))).length).toBe(before);
    // Five pass; a change to six is refused the same way.
    const made = await create('exhibitor', { pictures: six.slice(0, 5) });
    const patched = await call('exhibitor', 'PATCH', `/api/v1/product?id=${made.id}`, { pictures: six });
    expect(json(patched)).toMatchObject({ code: ErrorCode.ProductPictureLimit, field: 'pictures' });
    expect(json(await call('exhibitor', 'GET', `/api/v1/product?id=${made.id}`)).data.pictures).toHaveLength(5);
  });

  it('lets an exhibitor keep exhibitorsLoadProductNumber products (default 5); the sixth is refused naming the limit', async () => {
    expect((await settings({ exhibitorsLoadProductNumber: 5 })).statusCode).toBe(200);
    try {
      const ex = await signedInExhibitor();
      for (let i = 0; i < 5; i++) expect((await send(ex.token, 'POST', '/api/v1/product', item())).statusCode).toBe(200);
      const sixth = await send(ex.token, 'POST', '/api/v1/product', item(), { 'accept-language': 'en' });
      expect(sixth.statusCode).toBe(400);
      expect(json(sixth)).toMatchObject({ code: ErrorCode.ProductLimit, field: 'exhibitorId', description: 'An exhibitor may publish at most 5 products; delete one you no longer need first' });
      // The host on the exhibitor's behalf meets the same quota; a deleted product frees a place.
      expect(json(await call('host', 'POST', '/api/v1/product', item({ exhibitorId: ex.exhibitorId }))).code).toBe(ErrorCode.ProductLimit);
      const first = json(await send(ex.token, 'POST', '/api/v3/productv3/page', {})).data.items[0];
      expect((await send(ex.token, 'DELETE', `/api/v1/product?id=${first.id}`)).statusCode).toBe(200);
      expect((await send(ex.token, 'POST', '/api/v1/product', item())).statusCode).toBe(200);
    } finally {
      await settings({ exhibitorsLoadProductNumber: 100 });
    }
  });

  it('refuses a video while enabledUploadProductVideo is off, and takes one when it is on', async () => {
    const video = { url: '/uploads/2026/01/demo.mp4', cover: pic(1) };
    expect((await settings({ enabledUploadProductVideo: false })).statusCode).toBe(200);
    try {
      const refused = await call('exhibitor', 'POST', '/api/v1/product', item({ video }));
      expect(refused.statusCode).toBe(400);
      expect(json(refused)).toMatchObject({ code: ErrorCode.ProductVideoDisabled, field: 'video', description: '主办方未开启产品视频上传' });
      const made = await create('exhibitor');
      expect(json(await call('exhibitor', 'PATCH', `/api/v1/product?id=${made.id}`, { video })).code).toBe(ErrorCode.ProductVideoDisabled);
      // Removing a video is always allowed.
      expect((await call('exhibitor', 'PATCH', `/api/v1/product?id=${made.id}`, { video: null })).statusCode).toBe(200);
    } finally {
      await settings({ enabledUploadProductVideo: true });
    }
    const withVideo = await create('exhibitor', { video });
    expect(withVideo).toMatchObject({ videoUrl: video.url, videoCover: video.cover, video: JSON.stringify(video) });
  });
});

describe('audit, show and the visitor site', () => {
  it('submits the exhibitor’s product; the audit centre shows what was submitted and approves it; the visitor site then lists it', async () => {
    const made = await create('exhibitor', { name: '智能机械臂', nameEn: 'Smart arm', pictures: [pic(1), pic(2), pic(3)], introductionZh: '<p>六轴<script>alert(1)</script></p>' });
    expect(made).toMatchObject({ auditState: AuditState.Pending, banner: JSON.stringify([pic(1), pic(2), pic(3)]), introductionZh: '<p>六轴</p>', introduction: JSON.stringify({ zh: '<p>六轴</p>', en: '<p>About</p>' }) });
    expect(json(await publicPage(`?keyword=${encodeURIComponent('智能机械臂')}`)).data.totalCount).toBe(0);
    const before = await proCountOf(own.exhibitorId);

    const detail = await call('host', 'GET', `/api/Audit/GetAuditDetail?type=product&id=${made.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const fields = Object.fromEntries(json(detail).data.fields.map((f: { key: string; value: unknown }) => [f.key, f.value]));
    expect(fields).toMatchObject({ name: '智能机械臂', nameEn: 'Smart arm', pictures: [pic(1), pic(2), pic(3)], introduction: '<p>六轴</p>' });

    const record = await recordOf(made.id);
    expect(record).toMatchObject({ state: AuditState.Pending, title: '智能机械臂', exhibitorId: own.exhibitorId });
    expect((await call('host', 'POST', '/api/Audit/Audit', { ids: [record!.id], approve: true })).statusCode).toBe(200);
    expect(json(await call('exhibitor', 'GET', `/api/v1/product?id=${made.id}`)).data.auditState).toBe(AuditState.Approved);
    expect(await proCountOf(own.exhibitorId)).toBe(before + 1);
    const listed = json(await publicPage(`?keyword=${encodeURIComponent('智能机械臂')}`)).data;
    expect(listed.totalCount).toBe(1);
    expect(listed.items[0]).toEqual({
      id: made.id,
      exhibitorId: own.exhibitorId,
      exhibitionId: ctx.demo.exhibitionId,
      compId: made.compId,
      companyName: made.companyName,
      name: '智能机械臂',
      nameEn: 'Smart arm',
      categoryId: null,
      banner: made.banner,
      video: '',
      introduction: made.introduction,
      view3DUrl: null,
      styleId: null,
    });

    // Hidden: gone from the visitor site and from the count; shown again: back.
    expect(json(await call('exhibitor', 'PUT', '/api/v1/product/show', { id: made.id, isShow: false })).data.isShow).toBe(false);
    expect(json(await publicPage(`?keyword=${encodeURIComponent('智能机械臂')}`)).data.totalCount).toBe(0);
    expect(await proCountOf(own.exhibitorId)).toBe(before);
    await call('host', 'PUT', '/api/v1/product/show', { id: made.id, isShow: true });
    expect(json(await publicPage(`?keyword=${encodeURIComponent('智能机械臂')}`)).data.totalCount).toBe(1);
    const logged = await ctx.db.select().from(operationLog).where(and(eq(operationLog.targetId, made.id), eq(operationLog.action, 'product.hide')));
    expect(logged).toHaveLength(1);

    // A change by the exhibitor goes back to the queue and leaves the visitor site until approved.
    await call('exhibitor', 'PATCH', `/api/v1/product?id=${made.id}`, { nameEn: 'Smart arm II' });
    expect(json(await call('exhibitor', 'GET', `/api/v1/product?id=${made.id}`)).data.auditState).toBe(AuditState.Pending);
    expect(json(await publicPage(`?keyword=${encodeURIComponent('智能机械臂')}`)).data.totalCount).toBe(0);
    const changed = json(await call('host', 'GET', `/api/Audit/GetAuditDetail?type=product&id=${made.id}`)).data.fields.find((f: { key: string }) => f.key === 'nameEn');
    expect(changed).toMatchObject({ value: 'Smart arm II', previous: 'Smart arm', changed: true });
  });

  it('approves at once under enabledAutoAuditProduct; a host’s product is final; an exhibitor’s draft stays out of the host’s list', async () => {
    expect((await settings({ enabledAutoAuditProduct: true })).statusCode).toBe(200);
    try {
      const auto = await create('exhibitor');
      expect(auto.auditState).toBe(AuditState.Approved);
      expect((await recordOf(auto.id))).toMatchObject({ state: AuditState.Approved, auto: true });
    } finally {
      await settings({ enabledAutoAuditProduct: false });
    }
    const byHost = await create('host', { exhibitorId: own.exhibitorId });
    expect(byHost.auditState).toBe(AuditState.Approved);

    const draft = await create('exhibitor', { draft: true });
    expect(draft.auditState).toBe(AuditState.Draft);
    const hostList = json(await call('host', 'POST', '/api/v3/productv3/page', { exhibitionId: ctx.demo.exhibitionId, pageSize: 1000 })).data;
    expect(hostList.items.some((i: { auditState: number }) => i.auditState === AuditState.Draft)).toBe(false);
    expect(hostList.items.map((i: { id: string }) => i.id)).toContain(byHost.id);
    expect((await call('host', 'GET', `/api/v1/product?id=${draft.id}`)).statusCode).toBe(404);
    const mine = json(await call('exhibitor', 'POST', '/api/v3/productv3/page', { auditState: AuditState.Draft, pageSize: 1000 })).data;
    expect(mine.items.map((i: { id: string }) => i.id)).toContain(draft.id);
  });

  it('pages 10 by default and answers the spec’s page info; /api/v1/product/query filters by CompId, id and wheres', async () => {
    const list = json(await call('exhibitor', 'POST', '/api/v3/productv3/page', {})).data;
    expect(list).toMatchObject({ pageIndex: 1, pageSize: 10 });
    expect(list.totalPages).toBe(Math.ceil(list.totalCount / 10));
    const made = await create('exhibitor', { name: unique('查询产品') });
    const byId = json(await call('host', 'POST', '/api/v1/product/query', { id: made.id, wheres: [{ field: 'exhibitionId', value: ctx.demo.exhibitionId }] })).data;
    expect(byId.items.map((i: { id: string }) => i.id)).toEqual([made.id]);
    const byName = json(await call('exhibitor', 'POST', '/api/v1/product/query', { CompId: made.compId, wheres: [{ field: 'name', value: made.name }, { field: 'auditState', value: 0 }] })).data;
    expect(byName.items.map((i: { id: string }) => i.id)).toEqual([made.id]);
  });
});

describe('bulk show and audit from the host’s list', () => {
  it('hides several products at once and recounts proCount; one unreachable id changes nothing', async () => {
    const a = await create('host', { exhibitorId: own.exhibitor2Id });
    const b = await create('host', { exhibitorId: own.exhibitor2Id });
    const before = await proCountOf(own.exhibitor2Id);
    const foreign = await insertProduct(ctx.other.exhibitorId, ctx.other.exhibitionId);
    const refused = await call('host', 'PUT', '/api/v1/product/show/batch', { ids: [a.id, b.id, foreign.id], isShow: false });
    expect(refused.statusCode).toBe(404);
    expect(json(await call('host', 'GET', `/api/v1/product?id=${a.id}`)).data.isShow).toBe(true);
    const res = await call('host', 'PUT', '/api/v1/product/show/batch', { ids: [a.id, b.id, a.id], isShow: false });
    expect(json(res)).toMatchObject({ success: true, data: { updated: 2 } });
    expect(json(await call('host', 'GET', `/api/v1/product?id=${b.id}`)).data.isShow).toBe(false);
    expect(await proCountOf(own.exhibitor2Id)).toBe(before - 2);
    const logs = await ctx.db.select().from(operationLog).where(and(eq(operationLog.action, 'product.hide'), eq(operationLog.targetId, a.id)));
    expect(logs).toHaveLength(1);
    // An exhibitor reaches only its own products: another exhibitor's id is a 404.
    expect((await call('exhibitor', 'PUT', '/api/v1/product/show/batch', { ids: [a.id], isShow: true })).statusCode).toBe(404);
    expect((await call('host', 'PUT', '/api/v1/product/show/batch', { ids: [], isShow: true })).statusCode).toBe(400);
  });

  it('approves and rejects pending products by their ids, all or none, a reason required to reject', async () => {
    const a = await create('exhibitor2');
    const b = await create('exhibitor2');
    const approved = await create('host', { exhibitorId: own.exhibitor2Id });
    const noReason = await call('host', 'PUT', '/api/v1/product/audit', { ids: [a.id, b.id], approve: false }, 'en');
    expect(noReason.statusCode).toBe(400);
    // One of them is not pending: nothing is decided.
    const mixed = await call('host', 'PUT', '/api/v1/product/audit', { ids: [a.id, approved.id], approve: true });
    expect(mixed.statusCode).toBe(409);
    expect(json(mixed).code).toBe(ErrorCode.AuditNotPending);
    expect((await recordOf(a.id))!.state).toBe(AuditState.Pending);
    const rejected = await call('host', 'PUT', '/api/v1/product/audit', { ids: [a.id, b.id], approve: false, reason: '图片不清晰' });
    expect(json(rejected)).toMatchObject({ success: true, data: { decided: 2 } });
    const read = json(await call('exhibitor2', 'GET', `/api/v1/product?id=${b.id}`)).data;
    expect(read).toMatchObject({ auditState: AuditState.Rejected, auditReason: '图片不清晰' });
  });
});

describe('the host’s product settings (basic/product, journal-display)', () => {
  it('holds an exhibitor’s save to the required fields, not a draft nor the host’s; refuses an unknown mode by name', async () => {
    const mode = (patch: object) => settings({ productForm: patch });
    expect((await mode({ nameEn: 'required', introductionEn: 'required' })).statusCode).toBe(200);
    try {
      const missing = await call('exhibitor2', 'POST', '/api/v1/product', item({ nameEn: null }), 'en');
      expect(missing.statusCode).toBe(400);
      expect(json(missing).errors).toEqual([expect.objectContaining({ field: 'nameEn' })]);
      // An introduction that is only markup counts as empty.
      const emptyHtml = await call('exhibitor2', 'POST', '/api/v1/product', item({ introductionEn: '<p> </p>' }));
      expect(json(emptyHtml).errors).toEqual([expect.objectContaining({ field: 'introductionEn' })]);
      expect((await call('exhibitor2', 'POST', '/api/v1/product', item({ nameEn: null, draft: true }))).statusCode).toBe(200);
      const mine = await create('exhibitor2');
      expect((await call('exhibitor2', 'PATCH', `/api/v1/product?id=${mine.id}`, { nameEn: '' })).statusCode).toBe(400);
      expect((await call('exhibitor2', 'PATCH', `/api/v1/product?id=${mine.id}`, { showIndex: 2 })).statusCode).toBe(200);
      expect((await call('host', 'POST', '/api/v1/product', item({ exhibitorId: own.exhibitor2Id, nameEn: null }))).statusCode).toBe(200);
      const wrong = await mode({ nameEn: 'sometimes' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.body).toContain('nameEn');
    } finally {
      await mode({ nameEn: 'optional', introductionEn: 'optional' });
    }
  });

  it('orders the visitor site’s products as journal-display says', async () => {
    const a = await create('host', { exhibitorId: own.exhibitor2Id, name: 'zz-order-a' });
    const b = await create('host', { exhibitorId: own.exhibitor2Id, name: 'aa-order-b' });
    const names = async () => json(await publicPage(`?keyword=-order-&t=${Math.random()}`)).data.items.map((i: { id: string }) => i.id);
    expect((await settings({ journalDisplay: { productSort: 'name' } })).statusCode).toBe(200);
    expect(await names()).toEqual([b.id, a.id]);
    expect((await settings({ journalDisplay: { productSort: 'newest' } })).statusCode).toBe(200);
    expect(await names()).toEqual([b.id, a.id]);
    await ctx.db.update(product).set({ createdAt: new Date(Date.now() + 60_000) }).where(eq(product.id, a.id));
    expect(await names()).toEqual([a.id, b.id]);
    expect((await settings({ journalDisplay: { productSort: 'showIndex' } })).statusCode).toBe(200);
  });
});

describe('products of a hidden or deleted exhibitor', () => {
  it('leave the visitor site’s read when the exhibitor is hidden, and every list and count when it is deleted', async () => {
    const { exhibitorId } = await signedInExhibitor();
    const made = await create('host', { exhibitorId, name: unique('展商产品') });
    const hostPage = async () => json(await call('host', 'POST', '/api/v3/productv3/page', { exhibitionId: ctx.demo.exhibitionId, pageSize: 1000 })).data;
    const publicIds = async () => json(await publicPage('?pageSize=50&exhibitorId=' + exhibitorId)).data.items.map((i: { id: string }) => i.id);
    const before = await hostPage();
    expect(before.items.map((i: { id: string }) => i.id)).toContain(made.id);
    expect(await publicIds()).toEqual([made.id]);

    await ctx.db.update(exhibitor).set({ isShow: false }).where(eq(exhibitor.id, exhibitorId));
    expect(await publicIds()).toEqual([]);
    expect((await hostPage()).items.map((i: { id: string }) => i.id)).toContain(made.id);

    expect((await call('host', 'DELETE', `/api/v1/exhibitor?id=${exhibitorId}`)).statusCode).toBe(200);
    const after = await hostPage();
    expect(after.items.map((i: { id: string }) => i.id)).not.toContain(made.id);
    expect(after.totalCount).toBe(before.totalCount - 1);
    expect(json(await call('host', 'POST', '/api/v1/product/query', { CompId: made.compId, wheres: [{ field: 'exhibitionId', value: ctx.demo.exhibitionId }] })).data.totalCount).toBe(0);
  });
});

describe('the visitor site’s read', () => {
  it('answers only shown, approved products, anonymously, cacheable with an ETag (304 when unchanged)', async () => {
    const shown = await create('host', { exhibitorId: own.exhibitor2Id, name: unique('公开产品') });
    const hidden = await create('host', { exhibitorId: own.exhibitor2Id, name: unique('隐藏产品'), isShow: false });
    const pending = await create('exhibitor2', { name: unique('待审产品') });
    const res = await publicPage('?pageSize=50');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const ids = json(res).data.items.map((i: { id: string }) => i.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(pending.id);
    expect(json(res).data.items.every((i: Record<string, unknown>) => !('auditState' in i) && !('tagIds' in i))).toBe(true);
    const again = await publicPage('?pageSize=50', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another exhibition's id that does not exist is a 404, a bad one a 400.
    expect((await send(null, 'GET', `/api/public/exhibitions/${NONE}/products`)).statusCode).toBe(404);
    const bad = await send(null, 'GET', '/api/public/exhibitions/not-a-uuid/products?pageSize=500');
    expect(bad.statusCode).toBe(400);
  });

  it('filters by category (a root takes its children) and is rate-limited per address', async () => {
    const root = json(await call('host', 'POST', '/api/v3/productcategory', { exhibitionId: ctx.demo.exhibitionId, name: unique('机械') })).data;
    const child = json(await call('host', 'POST', '/api/v3/productcategory', { exhibitionId: ctx.demo.exhibitionId, parentId: root.id, name: '机械臂', nameEn: 'Arms' })).data;
    expect(child.level).toBe(2);
    const third = await call('host', 'POST', '/api/v3/productcategory', { exhibitionId: ctx.demo.exhibitionId, parentId: child.id, name: '第三级' });
    expect(json(third)).toMatchObject({ code: ErrorCode.ValidationFailed, field: 'parentId' });
    const inChild = await create('host', { exhibitorId: own.exhibitorId, categoryId: child.id });
    const byRoot = json(await publicPage(`?categoryId=${root.id}`)).data;
    expect(byRoot.items.map((i: { id: string }) => i.id)).toEqual([inChild.id]);
    // Another exhibition's category is not found; the category list of another host is empty.
    const foreign = (await ctx.db.insert(productCategory).values({ exhibitionId: ctx.other.exhibitionId, name: unique('外部') }).returning())[0]!;
    expect(json(await call('host', 'POST', '/api/v1/product', item({ exhibitorId: own.exhibitorId, categoryId: foreign.id }))).code).toBe(ErrorCode.NotFound);
    expect(json(await call('host', 'POST', '/api/v3/productcategory/query', { exhibitionId: ctx.other.exhibitionId })).data.totalCount).toBe(0);
    // Deleting a root with children is refused; the child's products lose it.
    expect(json(await call('host', 'DELETE', `/api/v3/productcategory?id=${root.id}`)).code).toBe(ErrorCode.HasChildren);
    expect((await call('host', 'DELETE', `/api/v3/productcategory?id=${child.id}`)).statusCode).toBe(200);
    expect(json(await call('host', 'GET', `/api/v1/product?id=${inChild.id}`)).data.categoryId).toBeNull();

    const ip = '203.0.113.7';
    const limit = publicProductLimit(ip);
    for (let i = 0; i < limit.limit; i++) await ctx.shared.hit(limit.key, limit.limit, limit.windowSeconds);
    const refused = await ctx.app.inject({ method: 'GET', url: `/api/public/exhibitions/${ctx.demo.exhibitionId}/products`, remoteAddress: ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/exhibitions/${ctx.demo.exhibitionId}/products`, remoteAddress: '203.0.113.8' })).statusCode).toBe(200);
  });
});

describe('evaluations', () => {
  it('the exhibitor answers its own product’s evaluation (contacts masked for it); the host hides and deletes', async () => {
    const p = await insertProduct(own.exhibitorId, ctx.demo.exhibitionId, { name: '评价产品' });
    const e = await insertEvaluation(p.id, { content: unique('很好用') });
    const forExhibitor = json(await call('exhibitor', 'POST', '/api/v3/productevaluate/page', { productId: p.id })).data.items[0];
    expect(forExhibitor).toMatchObject({ id: e.id, productName: '评价产品', authorContact: '138****8000', reply: null, isShow: true });
    expect(json(await call('host', 'POST', '/api/v3/productevaluate/page', { exhibitionId: ctx.demo.exhibitionId, productId: p.id })).data.items[0].authorContact).toBe('13800138000');

    const replied = json(await call('exhibitor', 'POST', '/api/v3/productevaluate', { id: e.id, reply: '谢谢支持' })).data;
    expect(replied).toMatchObject({ reply: '谢谢支持' });
    expect(replied.replyAt).not.toBeNull();
    expect(json(await call('exhibitor', 'POST', '/api/v3/productevaluate/page', { productId: p.id, replied: true })).data.totalCount).toBe(1);

    expect(json(await call('host', 'PUT', '/api/v3/productevaluate/show', { id: e.id, isShow: false })).data.isShow).toBe(false);
    expect(json(await call('exhibitor', 'POST', '/api/v3/productevaluate/page', { productId: p.id, isShow: false })).data.totalCount).toBe(1);
    expect((await call('host', 'DELETE', `/api/v3/productevaluate?id=${e.id}`)).statusCode).toBe(200);
    expect(json(await call('exhibitor', 'POST', '/api/v3/productevaluate/page', { productId: p.id })).data.totalCount).toBe(0);
    const [deleted] = await ctx.db.select().from(productEvaluation).where(eq(productEvaluation.id, e.id));
    expect(deleted!.deletedAt).not.toBeNull();
    expect(await ctx.db.select().from(operationLog).where(and(eq(operationLog.targetId, e.id), eq(operationLog.action, 'productEvaluation.delete')))).toHaveLength(1);
  });
});

describe('isolation and bad input', () => {
  it('never lets an exhibitor read or change another exhibitor’s products', async () => {
    const theirs = await create('exhibitor');
    for (const [method, url, payload] of [
      ['GET', `/api/v1/product?id=${theirs.id}`, undefined],
      ['PATCH', `/api/v1/product?id=${theirs.id}`, { name: '改名' }],
      ['DELETE', `/api/v1/product?id=${theirs.id}`, undefined],
      ['PUT', '/api/v1/product/show', { id: theirs.id, isShow: false }],
    ] as const) {
      const res = await call('exhibitor2', method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // Naming another exhibitor when creating, or listing it, reaches nothing of it.
    expect((await call('exhibitor2', 'POST', '/api/v1/product', item({ exhibitorId: own.exhibitorId }))).statusCode).toBe(404);
    const listed = json(await call('exhibitor2', 'POST', '/api/v3/productv3/page', { exhibitorId: own.exhibitorId })).data;
    expect(listed.totalCount).toBe(0);
    const queried = json(await call('exhibitor2', 'POST', '/api/v1/product/query', { id: theirs.id })).data;
    expect(queried.totalCount).toBe(0);
    expect(json(await call('exhibitor', 'GET', `/api/v1/product?id=${theirs.id}`)).data.name).toBe(theirs.name);
  });

  it('answers NUL characters, unsafe addresses, unknown tags and bad wheres with a 400 naming the field, never a 500', async () => {
    const cases: [object, string][] = [
      [item({ name: 'a\u0000b' }), 'name'],
      [item({ pictures: ['javascript:alert(1)'] }), 'pictures.0'],
      [item({ video: { url: '//evil.example/v.mp4' } }), 'video.url'],
      [item({ name: '' }), 'name'],
      [item({ introductionZh: 'x'.repeat(50_001) }), 'introductionZh'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('exhibitor', 'POST', '/api/v1/product', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(json(res).field ?? json(res).errors?.[0]?.field).toBe(field);
    }
    const wheres = await call('host', 'POST', '/api/v1/product/query', { wheres: [{ field: 'categoryId', value: 'not-a-uuid' }] });
    expect(wheres.statusCode).toBe(400);
    const nulQuery = await call('host', 'GET', '/api/v1/product?id=%00');
    expect(nulQuery.statusCode).toBe(400);
    const [tag] = await ctx.db.insert(productTag).values({ exhibitionId: ctx.other.exhibitionId, name: unique('外部标签') }).returning();
    expect(json(await call('exhibitor', 'POST', '/api/v1/product', item({ tagIds: [tag!.id] }))).code).toBe(ErrorCode.NotFound);
    const [mineTag] = await ctx.db.insert(productTag).values({ exhibitionId: ctx.demo.exhibitionId, name: unique('标签') }).returning();
    const tagged = await create('exhibitor', { tagIds: [mineTag!.id, mineTag!.id] });
    expect(tagged.tagIds).toEqual([mineTag!.id]);
    expect(json(await call('exhibitor', 'POST', '/api/v3/productv3/page', { tagId: mineTag!.id })).data.items.map((i: { id: string }) => i.id)).toEqual([tagged.id]);
  });

  it('refuses sensitive words in names and introductions', async () => {
    await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: ['违禁词'] });
    try {
      const name = await call('exhibitor', 'POST', '/api/v1/product', item({ name: '违禁词产品' }));
      // The platform's mode decides: refused (4026) or masked.
      if (name.statusCode === 400) expect(json(name)).toMatchObject({ code: ErrorCode.SensitiveWord, field: 'name' });
      else expect(json(name).data.name).toBe('***产品');
      const intro = await call('exhibitor', 'POST', '/api/v1/product', item({ introductionEn: '<p>含<b>违禁词</b></p>' }));
      expect(intro.statusCode).toBe(400);
      expect(json(intro)).toMatchObject({ code: ErrorCode.SensitiveWord, field: 'introductionEn' });
    } finally {
      await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: [] });
    }
  });
});

describe('GraphQL exhibitor preview', () => {
  it('carries up to 10 shown, approved products and proCount, in one query for the whole page', async () => {
    const ex = await signedInExhibitor();
    for (let i = 0; i < 12; i++) await insertProduct(ex.exhibitorId, ctx.demo.exhibitionId, { auditState: AuditState.Approved, showIndex: i, name: `预览 ${i}`, nameEn: `Preview ${i}`, view3dUrl: i === 0 ? 'https://3d.example.com/a' : null });
    await insertProduct(ex.exhibitorId, ctx.demo.exhibitionId, { auditState: AuditState.Pending });
    await insertProduct(ex.exhibitorId, ctx.demo.exhibitionId, { auditState: AuditState.Approved, isShow: false });
    // The count follows the next change through the API.
    const last = await insertProduct(ex.exhibitorId, ctx.demo.exhibitionId, { auditState: AuditState.Approved, isShow: false, name: '最后', showIndex: 20 });
    expect((await call('host', 'PUT', '/api/v1/product/show', { id: last.id, isShow: true })).statusCode).toBe(200);

    const q = `query($exhibitionId: ID, $pageSize: Int) { exhibitors(exhibitionId: $exhibitionId, pageSize: $pageSize) { items { id proCount products { id exhibitorId name banner view3DUrl } } } }`;
    const gql = async (pageSize: number, headers: Record<string, string> = {}) =>
      (await ctx.app.inject({ method: 'POST', url: '/graphql', payload: { query: q, variables: { exhibitionId: ctx.demo.exhibitionId, pageSize } }, headers: { ...bearer(await ctx.token('host')), ...headers } })).json();
    const res = await gql(100, { 'x-lang': 'en' });
    expect(res.errors).toBeUndefined();
    const mine = res.data.exhibitors.items.find((i: { id: string }) => i.id === ex.exhibitorId);
    expect(mine.proCount).toBe(13);
    expect(mine.products).toHaveLength(10);
    expect(mine.products[0]).toMatchObject({ exhibitorId: ex.exhibitorId, name: 'Preview 0', banner: JSON.stringify([pic(9)]), view3DUrl: 'https://3d.example.com/a' });

    const client = (ctx.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    const queriesFor = async (pageSize: number) => {
      spy.mockClear();
      const answer = await gql(pageSize);
      expect(answer.data.exhibitors.items.length).toBeGreaterThan(1);
      return spy.mock.calls.length;
    };
    const many = await queriesFor(20);
    const two = await queriesFor(2);
    spy.mockRestore();
    expect(many).toBe(two);
    expect(many).toBeLessThanOrEqual(5);
  });
});

describe('feature gating', () => {
  it('answers 403 (4019) when the exhibition’s version lacks the product feature', async () => {
    const foreign = await insertProduct(ctx.other.exhibitorId, ctx.other.exhibitionId, { auditState: AuditState.Pending });
    const res = await call('exhibitor3', 'GET', `/api/v1/product?id=${foreign.id}`);
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe(ErrorCode.FeatureNotEnabled);
    // The bulk calls are gated by their products' exhibition too.
    const hide = await call('exhibitor3', 'PUT', '/api/v1/product/show/batch', { ids: [foreign.id], isShow: false });
    expect(json(hide).code).toBe(ErrorCode.FeatureNotEnabled);
    // The administrator is never gated.
    expect((await call('admin', 'GET', `/api/v1/product?id=${foreign.id}`)).statusCode).toBe(200);
    expect(await ctx.db.select().from(product).where(and(eq(product.id, foreign.id), isNull(product.deletedAt)))).toHaveLength(1);
  });
});
