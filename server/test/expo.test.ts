import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditState, ErrorCode } from '@pavilion/contract';
import { booth } from '../src/modules/booth/tables.ts';
import { category } from '../src/modules/category/tables.ts';
import { company } from '../src/modules/company/tables.ts';
import { exhibitionHall } from '../src/modules/exhibition/tables.ts';
import { exhibitor, exhibitorCategory } from '../src/modules/exhibitor/tables.ts';
import { expoViewLimit, publicExpoLimit } from '../src/modules/expo/routes.ts';
import { stateOf } from '../src/modules/expo/service.ts';
import { shownTime } from '../src/http/time.ts';
import { product, productEvaluation } from '../src/modules/product/tables.ts';
import { exhibition } from '../src/modules/exhibition/tables.ts';
import { DEMO_HOST_ID } from '../src/seed/ids.ts';
import { bearer, createTestContext, json, type TestContext } from './harness.ts';

let ctx: TestContext;
const NONE = '00000000-0000-4000-8000-000000000000';
const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;
const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string) => ctx.app.inject({ method: 'POST', url });
const expo = () => `/api/v1/expo/${ctx.demo.exhibitionId}`;

/** An exhibitor of the demo exhibition with its own company, inserted as the host's import would. */
async function addExhibitor(name: string, extra: Partial<typeof exhibitor.$inferInsert> = {}, nameEn: string | null = null) {
  const [c] = await ctx.db.insert(company).values({ name, nameEn, logo: `/uploads/2026/01/${unique('logo')}.png`, introduction: '一家公司' }).returning();
  const [x] = await ctx.db.insert(exhibitor).values({ exhibitionId: ctx.demo.exhibitionId, companyId: c!.id, showIndex: -100, ...extra }).returning();
  return x!;
}

const ids = { shown: '', hidden: '', pending: '', foreign: '', product: '', hiddenProduct: '', root: '', child: '' };

beforeAll(async () => {
  ctx = await createTestContext();
  const shown = await addExhibitor('上海华展科技有限公司', {}, 'Huazhan Technology');
  ids.shown = shown.id;
  ids.hidden = (await addExhibitor('隐藏展商', { isShow: false })).id;
  ids.pending = (await addExhibitor('待审展商', { auditState: AuditState.Pending })).id;
  ids.foreign = ctx.other.exhibitorId;
  const [p] = await ctx.db.insert(product).values({ exhibitorId: shown.id, exhibitionId: ctx.demo.exhibitionId, name: '机械臂', pictures: ['/uploads/a.png'], auditState: AuditState.Approved }).returning();
  ids.product = p!.id;
  const [hp] = await ctx.db.insert(product).values({ exhibitorId: shown.id, exhibitionId: ctx.demo.exhibitionId, name: '草稿', isShow: false, auditState: AuditState.Approved }).returning();
  ids.hiddenProduct = hp!.id;
  await ctx.db.insert(productEvaluation).values([
    { productId: p!.id, exhibitorId: shown.id, exhibitionId: ctx.demo.exhibitionId, authorName: '访客甲', content: '很好', rating: 5 },
    { productId: p!.id, exhibitorId: shown.id, exhibitionId: ctx.demo.exhibitionId, authorName: '访客乙', content: '隐藏的评价', isShow: false },
  ]);
  const [root] = await ctx.db.insert(category).values({ hostId: DEMO_HOST_ID, name: unique('工业') }).returning();
  const [child] = await ctx.db.insert(category).values({ hostId: DEMO_HOST_ID, parentId: root!.id, level: 2, name: unique('机器人') }).returning();
  ids.root = root!.id;
  ids.child = child!.id;
  await ctx.db.insert(exhibitorCategory).values({ exhibitorId: shown.id, categoryId: child!.id });
  const [hall] = await ctx.db.insert(exhibitionHall).values({ exhibitionId: ctx.demo.exhibitionId, name: unique('一号馆'), nameEn: 'Hall 1' }).returning();
  await ctx.db.insert(booth).values({ exhibitionId: ctx.demo.exhibitionId, hallId: hall!.id, code: unique('A'), x: 0, y: 0, w: 3, h: 3, exhibitorId: shown.id });
});
afterAll(() => ctx.close());

describe('GET /api/v1/expo/{exhibitionId}', () => {
  it('answers the home anonymously, with figures per the Display settings and the logo grid', async () => {
    const host = await ctx.token('host');
    await ctx.app.inject({ method: 'PUT', url: `/api/v1/settings/exhibition/patch?exhibitionId=${ctx.demo.exhibitionId}`, headers: bearer(host), payload: { homeExhibitorLogo: { col: 2, row: 1 }, showViewCount: false } });
    const res = await get(expo());
    expect(res.statusCode, res.body).toBe(200);
    const home = json(res).data;
    expect(home).toMatchObject({ id: ctx.demo.exhibitionId, logoGrid: { col: 2, row: 1 } });
    expect(home.logoGrid.items.length).toBeLessThanOrEqual(2);
    expect(home.logoGrid.items[0].id).toBe(ids.shown);
    expect(home.figures.viewCount).toBeNull();
    expect(home.figures.exhibitorCount).toBeGreaterThanOrEqual(1);
    expect(home.categories.find((c: { id: string }) => c.id === ids.root).childrens[0].id).toBe(ids.child);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const again = await get(expo(), { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect((await get(`/api/v1/expo/${NONE}`)).statusCode).toBe(404);
  });

  it('gives its dates as YYYY-MM-DD HH:mm:ss in China Standard Time and its state', async () => {
    await ctx.db.update(exhibition).set({ startAt: new Date('2030-05-01T01:00:00Z'), endAt: new Date('2030-05-03T09:30:00Z') }).where(eq(exhibition.id, ctx.demo.exhibitionId));
    const home = json(await get(expo())).data;
    expect(home).toMatchObject({ startTime: '2030-05-01 09:00:00', endTime: '2030-05-03 17:30:00', state: 'upcoming' });
    expect(shownTime(new Date('2026-01-01T16:00:00Z'))).toBe('2026-01-02 00:00:00');
    expect(stateOf(new Date(0), new Date(1))).toBe('over');
    expect(stateOf(null, null)).toBe('open');
  });

  it("names the site's features the exhibition runs (enquiry, appointment, evaluate, business), following a customisation", async () => {
    expect(json(await get(expo())).data.features).toEqual(['enquiry', 'appointment', 'evaluate', 'business']);
    const admin = bearer(await ctx.token('admin'));
    const list = json(await ctx.app.inject({ method: 'GET', url: '/api/v3/version/feature/list', headers: admin })).data as { id: string; key: string }[];
    const idOf = (key: string) => list.find((f) => f.key === key)!.id;
    const customise = (items: { featureId: string; enabled: boolean | null }[]) =>
      ctx.app.inject({ method: 'POST', url: '/api/v3/version/feature/customized/addorupdate', headers: admin, payload: { exhibitionId: ctx.demo.exhibitionId, items } });
    expect((await customise([{ featureId: idOf('enquiry'), enabled: false }, { featureId: idOf('evaluate'), enabled: false }])).statusCode).toBe(200);
    try {
      expect(json(await get(expo())).data.features).toEqual(['appointment', 'business']);
    } finally {
      await customise([{ featureId: idOf('enquiry'), enabled: null }, { featureId: idOf('evaluate'), enabled: null }]);
    }
    expect(json(await get(expo())).data.features).toContain('enquiry');
  });
});

describe('GET /api/v1/expo/{exhibitionId}/exhibitors', () => {
  const names = async (query: string) => json(await get(`${expo()}/exhibitors${query}`)).data.items.map((i: { id: string }) => i.id) as string[];

  it('lists shown, approved exhibitors only', async () => {
    const all = await names('?size=50');
    expect(all).toContain(ids.shown);
    expect(all).not.toContain(ids.hidden);
    expect(all).not.toContain(ids.pending);
    expect(all).not.toContain(ids.foreign);
  });

  it('matches the Chinese name, the English name, full pinyin and initials', async () => {
    for (const keyword of ['华展', 'huazhan tech', 'shanghaihuazhan', 'SHHZ', 'hzkj']) expect(await names(`?keyword=${encodeURIComponent(keyword)}`), keyword).toEqual([ids.shown]);
    expect(await names('?keyword=yincang')).toEqual([]);
  });

  it('filters by category, a root including its children', async () => {
    expect(await names(`?categoryId=${ids.root}`)).toEqual([ids.shown]);
    expect(await names(`?categoryId=${ids.child}`)).toEqual([ids.shown]);
    expect(await names(`?categoryId=${NONE}`)).toEqual([]);
  });

  it('pages, revalidates by ETag and refuses bad input', async () => {
    const first = await get(`${expo()}/exhibitors?size=1&page=1`);
    expect(json(first).data).toMatchObject({ pageIndex: 1, pageSize: 1 });
    expect((await get(`${expo()}/exhibitors?size=1&page=1`, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    expect((await get(`${expo()}/exhibitors?size=500`)).statusCode).toBe(400);
  });
});

describe('GET /api/v1/expo/{exhibitionId}/exhibitors/{exhibitorId}', () => {
  it('answers the booth page with its booths, products and shown reviews', async () => {
    const res = await get(`${expo()}/exhibitors/${ids.shown}`);
    expect(res.statusCode, res.body).toBe(200);
    const b = json(res).data;
    expect(b.company).toMatchObject({ name: '上海华展科技有限公司', introduction: '一家公司' });
    expect(b.booths[0]).toMatchObject({ hallEn: 'Hall 1' });
    expect(b.products.map((p: { id: string }) => p.id)).toEqual([ids.product]);
    expect(b.reviews.map((r: { content: string }) => r.content)).toEqual(['很好']);
    expect(b.reviews[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(b.categories[0].id).toBe(ids.child);
    expect((await get(`${expo()}/exhibitors/${ids.shown}`, { 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);
  });

  it('is a 404 for a hidden, unapproved or other exhibition’s exhibitor', async () => {
    for (const id of [ids.hidden, ids.pending, ids.foreign, NONE]) expect((await get(`${expo()}/exhibitors/${id}`)).statusCode, id).toBe(404);
    expect((await get(`/api/v1/expo/${ctx.other.exhibitionId}/exhibitors/${ids.shown}`)).statusCode).toBe(404);
  });

  it('counts a view by POST …/view only, once a call, with real counts on the next read', async () => {
    const read = json(await get(`${expo()}/exhibitors/${ids.shown}`)).data;
    const before = read.viewCount;
    const viewed = await post(`${expo()}/exhibitors/${ids.shown}/view`);
    expect(json(viewed).data).toEqual({ viewCount: before + 1, likeCount: read.likeCount, followCount: read.followCount, shareCount: read.shareCount });
    await post(`${expo()}/exhibitors/${ids.shown}/view`);
    expect(json(await get(`${expo()}/exhibitors/${ids.shown}`)).data.viewCount).toBe(before + 2);
    for (const id of [ids.hidden, ids.foreign]) expect((await post(`${expo()}/exhibitors/${id}/view`)).statusCode).toBe(404);
    const [hidden] = await ctx.db.select({ n: exhibitor.viewCount }).from(exhibitor).where(eq(exhibitor.id, ids.hidden));
    expect(hidden!.n).toBe(0);
  });
});

describe('GET /api/v1/expo/{exhibitionId}/products/{productId}', () => {
  it('answers a shown, approved product of a shown exhibitor; anything else is a 404', async () => {
    const res = await get(`${expo()}/products/${ids.product}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ id: ids.product, exhibitorId: ids.shown, pictures: ['/uploads/a.png'], company: { name: '上海华展科技有限公司' } });
    expect((await get(`${expo()}/products/${ids.product}`, { 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);
    expect((await get(`${expo()}/products/${ids.hiddenProduct}`)).statusCode).toBe(404);
    expect((await get(`/api/v1/expo/${ctx.other.exhibitionId}/products/${ids.product}`)).statusCode).toBe(404);
  });

  it('counts product views on the exhibitor’s lookCount', async () => {
    const first = json(await post(`${expo()}/products/${ids.product}/view`)).data.lookCount;
    expect(json(await post(`${expo()}/products/${ids.product}/view`)).data.lookCount).toBe(first + 1);
    expect((await post(`${expo()}/products/${ids.hiddenProduct}/view`)).statusCode).toBe(404);
  });
});

describe('rate limits', () => {
  it('refuses an address over its minute, reads and views apart', async () => {
    const ip = '203.0.113.21';
    const read = publicExpoLimit(ip);
    for (let i = 0; i < read.limit; i++) await ctx.shared.hit(read.key, read.limit, read.windowSeconds);
    const refused = await ctx.app.inject({ method: 'GET', url: expo(), remoteAddress: ip });
    expect(refused.statusCode).toBe(429);
    expect(json(refused).code).toBe(ErrorCode.RateLimited);
    const view = expoViewLimit(ip);
    for (let i = 0; i < view.limit; i++) await ctx.shared.hit(view.key, view.limit, view.windowSeconds);
    expect((await ctx.app.inject({ method: 'POST', url: `${expo()}/exhibitors/${ids.shown}/view`, remoteAddress: ip })).statusCode).toBe(429);
    expect((await ctx.app.inject({ method: 'GET', url: expo(), remoteAddress: '203.0.113.22' })).statusCode).toBe(200);
  });
});
