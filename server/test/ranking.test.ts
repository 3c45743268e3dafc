import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditState, rankingField, type RankingField } from '@pavilion/contract';
import { company } from '../src/modules/company/tables.ts';
import { enquiry } from '../src/modules/enquiry/tables.ts';
import { exhibitor } from '../src/modules/exhibitor/tables.ts';
import { product } from '../src/modules/product/tables.ts';
import { operationLog } from '../src/oplog/tables.ts';
import { createTestContext, json, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { exhibitorIdOf, newVisitor } from './activity-fixtures.ts';
import { caller, insertProduct, setSettings } from './live-fixtures.ts';

let ctx: TestContext;
const get = () => ctx;
const call = caller(get);
const exh = () => ctx.demo.exhibitionId;
let exhibitorId: string;
let exhibitor2Id: string;
let publicIds: string[] = [];
const productIds: string[] = [];

type Row = Record<RankingField, number | string | boolean> & { id: string };

beforeAll(async () => {
  ctx = await createTestContext();
  exhibitorId = await exhibitorIdOf(ctx, 'exhibitor');
  exhibitor2Id = await exhibitorIdOf(ctx, 'exhibitor2');
  // Four more public exhibitors, so every order has something to sort and ties to break.
  for (let i = 0; i < 4; i++) {
    const [c] = await ctx.db.insert(company).values({ name: `C${i}` }).returning();
    await ctx.db.insert(exhibitor).values({ exhibitionId: exh(), companyId: c!.id });
  }
  const rows = await ctx.db
    .select({ id: exhibitor.id, companyId: exhibitor.companyId })
    .from(exhibitor)
    .where(and(eq(exhibitor.exhibitionId, exh()), isNull(exhibitor.deletedAt), eq(exhibitor.isShow, true), eq(exhibitor.auditState, AuditState.Approved)));
  expect(rows.length).toBeGreaterThanOrEqual(6);
  publicIds = rows.map((r) => r.id);
  // Figures with ties (i % 2, i % 3) so each order also shows its id tie-break; plain ASCII names sort alike everywhere.
  for (const [i, r] of rows.entries()) {
    await ctx.db
      .update(exhibitor)
      .set({
        viewCount: i % 3,
        likeCount: i % 2,
        thinkCount: (i * 7) % 4,
        rankWeight: i % 2 ? 5 : 0,
        proCount: i % 3,
        followCount: i,
        shareCount: 0,
        showIndex: i % 2,
        topic: i === 1 ? 'T1' : null,
        pTopic: i === 2 ? 'B' : null,
        createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 2))),
      })
      .where(eq(exhibitor.id, r.id));
    await ctx.db.update(company).set({ name: `Company ${String.fromCharCode(90 - i)}` }).where(eq(company.id, r.companyId));
  }
  for (let i = 0; i < 5; i++) {
    const p = await insertProduct(ctx, i % 2 ? exhibitor2Id : exhibitorId, { name: `Product ${String.fromCharCode(80 - i)}`, viewCount: i % 2, enquiryCount: i % 3, rankWeight: i === 3 ? 9 : 0, showIndex: i % 2, createdAt: new Date(Date.UTC(2026, 1, 1 + i)) });
    productIds.push(p.id);
  }
});
afterAll(() => ctx?.close());

async function exhibitorRows(): Promise<Row[]> {
  // Four more public exhibitors, so every order has something to sort and ties to break.
  for (let i = 0; i < 4; i++) {
    const [c] = await ctx.db.insert(company).values({ name: `C${i}` }).returning();
    await ctx.db.insert(exhibitor).values({ exhibitionId: exh(), companyId: c!.id });
  }
  const rows = await ctx.db
    .select({ exhibitor, name: company.name })
    .from(exhibitor)
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .where(and(eq(exhibitor.exhibitionId, exh()), isNull(exhibitor.deletedAt), eq(exhibitor.isShow, true), eq(exhibitor.auditState, AuditState.Approved)));
  return rows.map(({ exhibitor: x, name }) => ({
      id: x.id,
      showIndex: x.showIndex,
      topic: !!x.topic,
      brandTopic: !!x.pTopic,
      popularity: x.viewCount + x.likeCount + x.followCount + x.shareCount,
      likeCount: x.likeCount,
      productCount: x.proCount,
      newest: x.createdAt.getTime(),
      name,
      views: x.viewCount,
      enquiries: x.thinkCount,
      weight: x.rankWeight,
    }));
}

/** The order the rules should give: each rule in turn, then the id. */
function expected<R extends { id: string }>(rows: R[], rules: { field: keyof R; direction: 'asc' | 'desc' }[]): string[] {
  const cmp = (a: unknown, b: unknown) => (a === b ? 0 : (a as number) < (b as number) ? -1 : 1);
  return [...rows]
    .sort((a, b) => {
      for (const r of rules) {
        const c = cmp(a[r.field], b[r.field]) * (r.direction === 'asc' ? 1 : -1);
        if (c) return c;
      }
      return cmp(a.id, b.id);
    })
    .map((r) => r.id);
}

const putRules = async (body: object) => {
  const res = await call('host', 'PUT', '/api/v3/exhibitorrankingrule', { exhibitionId: exh(), ...body });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
};
const directory = async (page = 1, size = 50) => (json(await call(null, 'GET', `/api/v1/expo/${exh()}/exhibitors?page=${page}&size=${size}`)).data.items as { id: string }[]).map((i) => i.id);

describe('GET /api/v3/exhibitorrankingrule/preview', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `/api/v3/exhibitorrankingrule/preview?exhibitionId=${c.demo.exhibitionId}&target=exhibitor` }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v3/exhibitorrankingrule/preview?exhibitionId=${c.other.exhibitionId}&target=product` }) },
  });
});

describe('PUT /api/v3/exhibitorrankingrule/weight', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'PUT', url: '/api/v3/exhibitorrankingrule/weight', payload: { exhibitionId: c.demo.exhibitionId, target: 'exhibitor', id: publicIds[0], rankWeight: 0 } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor', 'visitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'PUT', url: '/api/v3/exhibitorrankingrule/weight', payload: { exhibitionId: c.other.exhibitionId, target: 'exhibitor', id: c.other.exhibitorId, rankWeight: 1 } }) },
  });

  it('refuses a weight outside −1000…1000 naming the field, and another exhibition’s exhibitor is a 404', async () => {
    const res = await call('host', 'PUT', '/api/v3/exhibitorrankingrule/weight', { exhibitionId: exh(), target: 'exhibitor', id: publicIds[0], rankWeight: 1001 }, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 4000, field: 'rankWeight' });
    expect(json(await call('host', 'PUT', '/api/v3/exhibitorrankingrule/weight', { exhibitionId: exh(), target: 'product', id: productIds[0], rankWeight: 1.5 }))).toMatchObject({ field: 'rankWeight' });
    const foreign = await call('host', 'PUT', '/api/v3/exhibitorrankingrule/weight', { exhibitionId: exh(), target: 'exhibitor', id: ctx.other.exhibitorId, rankWeight: 3 });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('ranking rules on the public lists', () => {
  it('GET answers the product rules of the catalogue’s productSort until saved; PUT keeps them when absent', async () => {
    const url = `/api/v3/exhibitorrankingrule?exhibitionId=${exh()}`;
    expect(json(await call('host', 'GET', url)).data.productRules).toEqual([
      { field: 'showIndex', direction: 'asc' },
      { field: 'newest', direction: 'desc' },
    ]);
    await setSettings(ctx, { journalDisplay: { productSort: 'name' } });
    expect(json(await call('host', 'GET', url)).data.productRules).toEqual([{ field: 'name', direction: 'asc' }]);
    await setSettings(ctx, { journalDisplay: { productSort: 'showIndex' } });
    const twice = await call('host', 'PUT', '/api/v3/exhibitorrankingrule', { exhibitionId: exh(), rules: [{ field: 'views', direction: 'desc' }], productRules: [{ field: 'weight', direction: 'desc' }, { field: 'weight', direction: 'asc' }] });
    expect(json(twice)).toMatchObject({ code: 4000, field: 'productRules.1.field' });
    await putRules({ rules: [{ field: 'views', direction: 'desc' }], productRules: [{ field: 'views', direction: 'asc' }] });
    const kept = await putRules({ rules: [{ field: 'weight', direction: 'desc' }] });
    expect(kept.productRules).toEqual([{ field: 'views', direction: 'asc' }]);
  });

  it('orders the public directory by every field and direction, ties on id, pages that never overlap', async () => {
    const rows = await exhibitorRows();
    for (const field of rankingField.options) {
      for (const direction of ['asc', 'desc'] as const) {
        const rules = [{ field, direction }];
        await putRules({ rules });
        expect(await directory(), `${field} ${direction}`).toEqual(expected(rows, rules));
      }
    }
    const rules = [
      { field: 'likeCount', direction: 'desc' },
      { field: 'views', direction: 'asc' },
    ] as const;
    await putRules({ rules });
    const all = expected(rows, [...rules]);
    const paged: string[] = [];
    for (let page = 1; paged.length < all.length; page++) paged.push(...(await directory(page, 3)));
    expect(paged).toEqual(all);
  });

  it('the default rules put the exhibitors in a topic first, then the list index’s order, page after page', async () => {
    const rows = await exhibitorRows();
    const rules = [
      { field: 'topic', direction: 'desc' },
      { field: 'brandTopic', direction: 'desc' },
      { field: 'showIndex', direction: 'asc' },
      { field: 'newest', direction: 'desc' },
    ] as const;
    await putRules({ rules });
    const all = expected(rows, [...rules]);
    expect(await directory()).toEqual(all);
    expect(all.slice(0, 2)).toEqual(expect.arrayContaining([publicIds[1], publicIds[2]]));
    for (const size of [1, 2]) {
      const pages: string[] = [];
      for (let page = 1; pages.length < all.length; page++) pages.push(...(await directory(page, size)));
      expect(pages, `size ${size}`).toEqual(all);
    }
  });

  it('orders the public product lists and the booth page by the product rules; the preview reads the same order', async () => {
    const rows = (await ctx.db.select().from(product).where(and(eq(product.exhibitionId, exh()), isNull(product.deletedAt), eq(product.isShow, true), eq(product.auditState, AuditState.Approved)))).map((p) => ({
      id: p.id,
      weight: p.rankWeight,
      views: p.viewCount,
      enquiries: p.enquiryCount,
      showIndex: p.showIndex,
      newest: p.createdAt.getTime(),
      name: p.name,
    }));
    const ofExhibitor = new Map((await ctx.db.select({ id: product.id, exhibitorId: product.exhibitorId }).from(product)).map((r) => [r.id, r.exhibitorId]));
    for (const productRules of [[{ field: 'weight', direction: 'desc' }], [{ field: 'enquiries', direction: 'desc' }, { field: 'views', direction: 'asc' }], [{ field: 'name', direction: 'asc' }]] as const) {
      await putRules({ rules: [{ field: 'showIndex', direction: 'asc' }], productRules });
      const want = expected(rows, [...productRules]);
      const list = json(await call(null, 'GET', `/api/public/exhibitions/${exh()}/products?pageSize=50`)).data.items.map((p: { id: string }) => p.id);
      expect(list).toEqual(want);
      const booth = json(await call(null, 'GET', `/api/v1/expo/${exh()}/exhibitors/${exhibitorId}`)).data.products.map((p: { id: string }) => p.id);
      expect(booth).toEqual(want.filter((id) => ofExhibitor.get(id) === exhibitorId).slice(0, 10));
      const preview = json(await call('host', 'GET', `/api/v3/exhibitorrankingrule/preview?exhibitionId=${exh()}&target=product`)).data;
      expect(preview.map((p: { id: string }) => p.id)).toEqual(want.slice(0, 20));
      expect(preview[0]).toMatchObject({ viewCount: expect.any(Number), enquiryCount: expect.any(Number), rankWeight: expect.any(Number), likeCount: null, exhibitorName: expect.any(String) });
    }
  });

  it('a raised weight under `weight desc` moves an exhibitor to the top of the directory and the preview, with an operation-log row', async () => {
    await putRules({ rules: [{ field: 'weight', direction: 'desc' }, { field: 'showIndex', direction: 'asc' }, { field: 'newest', direction: 'desc' }] });
    const last = (await directory()).at(-1)!;
    const res = await call('host', 'PUT', '/api/v3/exhibitorrankingrule/weight', { exhibitionId: exh(), target: 'exhibitor', id: last, rankWeight: 1000 });
    expect(json(res).data).toEqual({ id: last, rankWeight: 1000 });
    expect((await directory())[0]).toBe(last);
    const preview = json(await call('host', 'GET', `/api/v3/exhibitorrankingrule/preview?exhibitionId=${exh()}&target=exhibitor`)).data;
    expect(preview[0]).toMatchObject({ id: last, rankWeight: 1000, viewCount: expect.any(Number), likeCount: expect.any(Number), enquiryCount: expect.any(Number), exhibitorName: null });
    const logs = await ctx.db.select().from(operationLog).where(and(eq(operationLog.action, 'ranking.weight'), eq(operationLog.targetId, last)));
    expect(logs).toContainEqual(expect.objectContaining({ targetType: 'exhibitor', after: { rankWeight: 1000 } }));
  });
});

describe('the counters the rules sort by', () => {
  const thinkOf = async (id: string) => (await ctx.db.select({ n: exhibitor.thinkCount }).from(exhibitor).where(eq(exhibitor.id, id)))[0]!.n;
  const enquiriesOf = async (id: string) => (await ctx.db.select({ n: product.enquiryCount, v: product.viewCount }).from(product).where(eq(product.id, id)))[0]!;

  it('an enquiry approved at once or later counts on the exhibitor and its product; deleting an approved one takes it back', async () => {
    const productId = productIds[0]!;
    const v = await newVisitor(ctx);
    const send = (body: object) => call(null, 'POST', `/api/v1/expo/${exh()}/enquiries`, body, { authorization: `Bearer ${v.token}` });
    const [t0, p0] = [await thinkOf(exhibitorId), (await enquiriesOf(productId)).n];
    const sent = await send({ exhibitorId, productId, content: '询价', shareContact: false });
    expect(sent.statusCode, sent.body).toBe(200);
    expect([await thinkOf(exhibitorId), (await enquiriesOf(productId)).n]).toEqual([t0 + 1, p0 + 1]);
    try {
      await setSettings(ctx, { enabledAuditAppointmentNewEnquiry: true });
      const pending = json(await send({ exhibitorId, productId, content: '待审核', shareContact: false })).data;
      expect(pending.auditState).toBe(AuditState.Pending);
      expect(await thinkOf(exhibitorId)).toBe(t0 + 1);
      const queue = json(await call('host', 'POST', '/api/Audit/GetAuditList', { exhibitionId: exh(), type: 'enquiry' }));
      const item = (queue.data.items as { id: string; targetId: string }[]).find((i) => i.targetId === pending.id)!;
      expect((await call('host', 'POST', '/api/Audit/Audit', { ids: [item.id], approve: true })).statusCode).toBe(200);
      expect([await thinkOf(exhibitorId), (await enquiriesOf(productId)).n]).toEqual([t0 + 2, p0 + 2]);
      const rejected = json(await send({ exhibitorId, content: '将被拒绝', shareContact: false })).data;
      const item2 = (json(await call('host', 'POST', '/api/Audit/GetAuditList', { exhibitionId: exh(), type: 'enquiry' })).data.items as { id: string; targetId: string }[]).find((i) => i.targetId === rejected.id)!;
      expect((await call('host', 'POST', '/api/Audit/Audit', { ids: [item2.id], approve: false, reason: '无效' })).statusCode).toBe(200);
      expect(await thinkOf(exhibitorId)).toBe(t0 + 2);
      expect((await call('host', 'DELETE', `/api/v3/enquiry?id=${rejected.id}`)).statusCode).toBe(200);
      expect(await thinkOf(exhibitorId)).toBe(t0 + 2);
    } finally {
      await setSettings(ctx, { enabledAuditAppointmentNewEnquiry: false });
    }
    expect((await call('host', 'DELETE', `/api/v3/enquiry?id=${json(sent).data.id}`)).statusCode).toBe(200);
    expect([await thinkOf(exhibitorId), (await enquiriesOf(productId)).n]).toEqual([t0 + 1, p0 + 1]);
    const [row] = await ctx.db.select().from(enquiry).where(eq(enquiry.id, json(sent).data.id));
    expect(row!.deletedAt).not.toBeNull();
  });

  it('a public product page view counts on the product’s viewCount and its exhibitor’s lookCount', async () => {
    const productId = productIds[0]!;
    const before = (await enquiriesOf(productId)).v;
    const res = await call(null, 'POST', `/api/v1/expo/${exh()}/products/${productId}/view`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await enquiriesOf(productId)).v).toBe(before + 1);
    expect((await call(null, 'POST', `/api/v1/expo/${ctx.other.exhibitionId}/products/${productId}/view`)).statusCode).toBe(404);
    expect((await enquiriesOf(productId)).v).toBe(before + 1);
  });
});
