import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@pavilion/contract';
import { exhibition } from '../src/modules/exhibition/tables.ts';
import { product, productCategory } from '../src/modules/product/tables.ts';
import { productTag } from '../src/modules/reference/tables.ts';
import { operationLog } from '../src/oplog/tables.ts';
import { exhibitionVersion } from '../src/modules/version/tables.ts';
import { VERSION_IDS } from '../src/modules/version/seed.ts';
import { DEMO_HOST_ID } from '../src/seed/ids.ts';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';

/** Product tags (CRUD) and copying a past exhibition's categories and tags (issue 10, docs/products.md). */
let ctx: TestContext;
const get = () => ctx;
const NONE = '00000000-0000-4000-8000-000000000000';
let past = NONE;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = async (as: Actor, method: Method, url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(await ctx.token(as)), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;
const tagOf = async (exhibitionId: string, name = unique('标签'), parentId: string | null = null) =>
  (await ctx.db.insert(productTag).values({ exhibitionId, name, parentId }).returning())[0]!;
const tree = async (exhibitionId: string, as: Actor = 'host') => json(await call(as, 'GET', `/api/v1/protag/getbyexhibitionid?exhibitionId=${exhibitionId}`)).data as { id: string; name: string; children: { name: string }[] }[];

beforeAll(async () => {
  ctx = await createTestContext();
  // A past exhibition of the demo host: the copy's source.
  past = (await ctx.db.insert(exhibition).values({ hostId: DEMO_HOST_ID, name: '2025 数字贸易博览会', nameEn: 'Digital Trade Expo 2025' }).returning())[0]!.id;
});
afterAll(() => ctx.close());

// ——— Security ———
describe('POST /api/v1/protag', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v1/protag', payload: { exhibitionId: c.demo.exhibitionId, name: unique('标签') } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/protag', payload: { exhibitionId: c.other.exhibitionId, name: unique('标签') } }) },
  });
});
describe('PATCH /api/v1/protag', () => {
  const ids = { mine: NONE, foreign: NONE };
  beforeAll(async () => {
    ids.mine = (await tagOf(ctx.demo.exhibitionId)).id;
    ids.foreign = (await tagOf(ctx.other.exhibitionId)).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `/api/v1/protag?id=${ids.mine}`, payload: { showIndex: 2 } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PATCH', url: `/api/v1/protag?id=${ids.foreign}`, payload: { showIndex: 2 } }) },
  });
});
describe('DELETE /api/v1/protag', () => {
  const ids: string[] = [];
  let foreign = NONE;
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) ids.push((await tagOf(ctx.demo.exhibitionId)).id);
    foreign = (await tagOf(ctx.other.exhibitionId)).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v1/protag?id=${ids.shift() ?? NONE}` }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v1/protag?id=${foreign}` }) },
  });
});
describe('POST /api/v3/productcategory/copy', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/productcategory/copy', payload: { fromExhibitionId: past, toExhibitionId: c.demo.exhibitionId, dryRun: true } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v3/productcategory/copy', payload: { fromExhibitionId: c.other.exhibitionId, toExhibitionId: c.demo.exhibitionId } }) },
  });
});

// ——— Behaviour ———
describe('product tags', () => {
  it('keeps two levels, a unique name under a parent, and refuses to delete a tag with children (4020)', async () => {
    const exhibitionId = ctx.demo.exhibitionId;
    const parent = json(await call('host', 'POST', '/api/v1/protag', { exhibitionId, name: '环保材料', nameEn: 'Green materials', showIndex: 1 })).data;
    const child = await call('host', 'POST', '/api/v1/protag', { exhibitionId, parentId: parent.id, name: '可降解' });
    expect(child.statusCode, child.body).toBe(200);
    // The same name under another parent (the top) is fine; twice under one parent is a 409 on `name`.
    expect((await call('host', 'POST', '/api/v1/protag', { exhibitionId, name: '可降解' })).statusCode).toBe(200);
    const twice = await call('host', 'POST', '/api/v1/protag', { exhibitionId, parentId: parent.id, name: '可降解' }, 'en');
    expect(twice.statusCode).toBe(409);
    expect(json(twice).errors?.[0]?.field ?? json(twice).field).toBe('name');
    // A third level is refused, naming parentId.
    const third = await call('host', 'POST', '/api/v1/protag', { exhibitionId, parentId: json(child).data.id, name: '三级' });
    expect(third.statusCode).toBe(400);
    expect(JSON.stringify(json(third))).toContain('parentId');
    // A parent of another exhibition is not found.
    const foreignParent = await tagOf(ctx.other.exhibitionId);
    expect((await call('host', 'POST', '/api/v1/protag', { exhibitionId, parentId: foreignParent.id, name: '越界' })).statusCode).toBe(404);

    const read = (await tree(exhibitionId)).find((t) => t.id === parent.id)!;
    expect(read.children.map((c) => c.name)).toEqual(['可降解']);

    const refused = await call('host', 'DELETE', `/api/v1/protag?id=${parent.id}`, undefined, 'en');
    expect(refused.statusCode).toBe(409);
    expect(json(refused).code).toBe(ErrorCode.HasChildren);
    expect((await ctx.db.select().from(productTag).where(and(eq(productTag.id, parent.id), isNull(productTag.deletedAt))))).toHaveLength(1);

    // Renaming keeps the place; deleting the child first, then the parent, succeeds and logs.
    const renamed = await call('host', 'PATCH', `/api/v1/protag?id=${parent.id}`, { name: '绿色材料' });
    expect(json(renamed).data).toMatchObject({ name: '绿色材料', nameEn: 'Green materials', parentId: null });
    expect((await call('host', 'DELETE', `/api/v1/protag?id=${json(child).data.id}`)).statusCode).toBe(200);
    expect((await call('host', 'DELETE', `/api/v1/protag?id=${parent.id}`)).statusCode).toBe(200);
    const logs = await ctx.db.select().from(operationLog).where(and(eq(operationLog.targetId, parent.id), eq(operationLog.action, 'productTag.delete')));
    expect(logs).toHaveLength(1);
  });

  it('takes a deleted tag off the products that carried it', async () => {
    const exhibitionId = ctx.demo.exhibitionId;
    const exhibitorId = json(await call('exhibitor', 'GET', '/api/v1/account/me')).data.exhibitorId as string;
    const [p] = await ctx.db.insert(product).values({ exhibitorId, exhibitionId, name: unique('产品') }).returning();
    const gone = await tagOf(exhibitionId);
    const kept = await tagOf(exhibitionId);
    await ctx.db.update(product).set({ tagIds: [gone.id, kept.id] }).where(eq(product.id, p!.id));
    expect((await call('host', 'DELETE', `/api/v1/protag?id=${gone.id}`)).statusCode).toBe(200);
    const [after] = await ctx.db.select({ tagIds: product.tagIds }).from(product).where(eq(product.id, p!.id));
    expect(after!.tagIds).toEqual([kept.id]);
  });

  it('refuses bad input with a 400 naming the field, never a 500', async () => {
    const empty = await call('host', 'POST', '/api/v1/protag', { exhibitionId: ctx.demo.exhibitionId, name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(json(empty))).toContain('name');
    const mine = await tagOf(ctx.demo.exhibitionId);
    const moved = await call('host', 'PATCH', `/api/v1/protag?id=${mine.id}`, { parentId: null });
    expect(moved.statusCode).toBe(400);
  });
});

describe('copying categories and tags from a past exhibition', () => {
  it('copies both trees with their parent links, skips names already there, counts, and a dry run writes nothing', async () => {
    const target = (await ctx.db.insert(exhibition).values({ hostId: DEMO_HOST_ID, name: unique('目标展会') }).returning())[0]!.id;
    await ctx.db.insert(exhibitionVersion).values({ exhibitionId: target, versionId: VERSION_IDS.professional });
    // Source: categories 机械 > [泵, 阀], 电子 > [芯片]; tags 热门 > [新品], 促销.
    const [mech, elec] = await ctx.db.insert(productCategory).values([{ exhibitionId: past, name: '机械', showIndex: 1 }, { exhibitionId: past, name: '电子', showIndex: 2 }]).returning();
    await ctx.db.insert(productCategory).values([
      { exhibitionId: past, parentId: mech!.id, level: 2, name: '泵' },
      { exhibitionId: past, parentId: mech!.id, level: 2, name: '阀' },
      { exhibitionId: past, parentId: elec!.id, level: 2, name: '芯片' },
    ]);
    const hot = await tagOf(past, '热门');
    await tagOf(past, '新品', hot.id);
    await tagOf(past, '促销');
    // Target already has 机械 > 泵 and the tag 促销.
    const [mechThere] = await ctx.db.insert(productCategory).values({ exhibitionId: target, name: '机械' }).returning();
    await ctx.db.insert(productCategory).values({ exhibitionId: target, parentId: mechThere!.id, level: 2, name: '泵' });
    await tagOf(target, '促销');

    const body = { fromExhibitionId: past, toExhibitionId: target };
    const preview = json(await call('host', 'POST', '/api/v3/productcategory/copy', { ...body, dryRun: true })).data;
    expect(preview).toEqual({ dryRun: true, categories: { copied: 3, skipped: 2 }, tags: { copied: 2, skipped: 1 } });
    expect(await ctx.db.select().from(productCategory).where(eq(productCategory.exhibitionId, target))).toHaveLength(2);

    const done = json(await call('host', 'POST', '/api/v3/productcategory/copy', body)).data;
    expect(done).toEqual({ dryRun: false, categories: { copied: 3, skipped: 2 }, tags: { copied: 2, skipped: 1 } });
    const cats = await ctx.db.select().from(productCategory).where(and(eq(productCategory.exhibitionId, target), isNull(productCategory.deletedAt)));
    const byName = (n: string) => cats.find((c) => c.name === n)!;
    expect(byName('阀')).toMatchObject({ parentId: mechThere!.id, level: 2 });
    expect(byName('芯片')).toMatchObject({ parentId: byName('电子').id, level: 2 });
    expect(cats.filter((c) => c.name === '泵')).toHaveLength(1);
    const tags = await tree(target);
    expect(tags.map((t) => t.name).sort()).toEqual(['促销', '热门']);
    expect(tags.find((t) => t.name === '热门')!.children.map((c) => c.name)).toEqual(['新品']);

    // Again: everything is there already.
    expect(json(await call('host', 'POST', '/api/v3/productcategory/copy', body)).data).toEqual({ dryRun: false, categories: { copied: 0, skipped: 5 }, tags: { copied: 0, skipped: 3 } });
    expect(await ctx.db.select().from(operationLog).where(and(eq(operationLog.action, 'productCategory.copy'), eq(operationLog.targetId, target)))).toHaveLength(2);
  });

  it('refuses the same exhibition (400 naming toExhibitionId), another host’s (404), and across hosts for the administrator (4033)', async () => {
    const same = await call('host', 'POST', '/api/v3/productcategory/copy', { fromExhibitionId: ctx.demo.exhibitionId, toExhibitionId: ctx.demo.exhibitionId });
    expect(same.statusCode).toBe(400);
    expect(JSON.stringify(json(same))).toContain('toExhibitionId');
    const foreign = await call('host', 'POST', '/api/v3/productcategory/copy', { fromExhibitionId: ctx.other.exhibitionId, toExhibitionId: ctx.demo.exhibitionId });
    expect(foreign.statusCode).toBe(404);
    const across = await call('admin', 'POST', '/api/v3/productcategory/copy', { fromExhibitionId: ctx.other.exhibitionId, toExhibitionId: ctx.demo.exhibitionId });
    expect(across.statusCode).toBe(400);
    expect(json(across).code).toBe(ErrorCode.CopyAcrossHosts);
  });
});
