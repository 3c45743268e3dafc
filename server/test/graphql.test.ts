import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@pavilion/contract';
import { bearer, createTestContext, statements, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { category } from '../src/modules/category/tables.ts';
import { company } from '../src/modules/company/tables.ts';
import { exhibitor, exhibitorCategory } from '../src/modules/exhibitor/tables.ts';
import { DEMO_HOST_ID } from '../src/seed/ids.ts';
import { GRAPHQL_LIMITS } from '../src/modules/graphql/limits.ts';
import { LIMITS } from '../src/infra/rate-limit.ts';
import { userAccount } from '../src/modules/account/tables.ts';
import { eq } from 'drizzle-orm';
import { AuditState } from '@pavilion/contract';
import { enquiry } from '../src/modules/enquiry/tables.ts';
import { exhibitorEvaluation } from '../src/modules/evaluation/tables.ts';
import { exhibitorAppointment } from '../src/modules/appointment/tables.ts';

let ctx: TestContext;
const get = () => ctx;
let parentId: string;

const LIST = `query List($exhibitionId: ID, $pageSize: Int) {
  exhibitors(exhibitionId: $exhibitionId, pageSize: $pageSize) {
    totalCount pageSize
    items { id compId exhibitionId boothInfo category viewCount company { id name nameEn logo region address } categories { id name nameEn level } }
  }
}`;

const gql = async (query: string, variables: Record<string, unknown> = {}, as: Actor | null = 'host', headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers: { ...(as ? bearer(await ctx.token(as)) : {}), ...headers } });

beforeAll(async () => {
  ctx = await createTestContext();
  const [parent] = await ctx.db.insert(category).values({ hostId: DEMO_HOST_ID, name: '电子', nameEn: 'Electronics', level: 1 }).returning();
  parentId = parent!.id;
  const kids = await ctx.db
    .insert(category)
    .values([
      { hostId: DEMO_HOST_ID, parentId, name: '手机', nameEn: 'Phones', level: 2, showIndex: 1 },
      { hostId: DEMO_HOST_ID, parentId, name: '电脑', level: 2, showIndex: 2 },
    ])
    .returning();
  const companies = await ctx.db
    .insert(company)
    .values(Array.from({ length: 25 }, (_, i) => ({ name: `图谱公司 ${i}`, nameEn: i % 2 ? `Graph Co ${i}` : null, region: '上海市' })))
    .returning();
  const joins = await ctx.db
    .insert(exhibitor)
    .values(companies.map((c, i) => ({ exhibitionId: ctx.demo.exhibitionId, companyId: c.id, boothInfo: `G-${i}`, showIndex: i + 1 })))
    .returning();
  matchedId = joins[0]!.id;
  await ctx.db.insert(exhibitorCategory).values(joins.flatMap((j) => [{ exhibitorId: j.id, categoryId: kids[0]!.id, showIndex: 0 }, { exhibitorId: j.id, categoryId: kids[1]!.id, showIndex: 1 }]));
});
afterAll(() => ctx.close());
/** The exhibitor the business-matching preview test writes enquiries, reviews and meetings for. */
let matchedId: string;

describe('POST /graphql', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/graphql', payload: { query: '{ exhibitors(pageSize: 1) { totalCount } }' } }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    // GraphQL reports a record it did not find inside a 200 answer, so the HTTP 404 of this case cannot apply.
    otherTenant: { none: "one endpoint for every query: another tenant's exhibition or exhibitor is a NOT_FOUND error in the GraphQL answer, as 'keeps REST tenancy' below checks" },
  });

  it('lists exhibitors with company and categories, in Chinese by default and English under the English header', async () => {
    const zh = (await gql(LIST, { exhibitionId: ctx.demo.exhibitionId, pageSize: 20 })).json();
    expect(zh.errors).toBeUndefined();
    expect(zh.data.exhibitors.totalCount).toBe(27);
    const one = zh.data.exhibitors.items.find((i: { boothInfo: string }) => i.boothInfo === 'G-1');
    expect(one).toMatchObject({ category: '手机,电脑', viewCount: 0, company: { name: '图谱公司 1', nameEn: 'Graph Co 1', region: '上海市' } });
    expect(one.categories.map((c: { name: string }) => c.name)).toEqual(['手机', '电脑']);
    for (const headers of [{ 'x-lang': 'en' }, { 'accept-language': 'en-US,en;q=0.9' }] as Record<string, string>[]) {
      const en = (await gql(LIST, { exhibitionId: ctx.demo.exhibitionId, pageSize: 20 }, 'host', headers)).json();
      const same = en.data.exhibitors.items.find((i: { boothInfo: string }) => i.boothInfo === 'G-1');
      expect(same).toMatchObject({ category: 'Phones,电脑', company: { name: 'Graph Co 1' } });
      // No English name: the Chinese one stays.
      expect(en.data.exhibitors.items.find((i: { boothInfo: string }) => i.boothInfo === 'G-2').company.name).toBe('图谱公司 2');
    }
  });

  it('reads a page of 20 exhibitors with companies and categories in a small constant number of queries', async () => {
    const client = (ctx.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    const queriesFor = async (pageSize: number) => {
      spy.mockClear();
      // A comment of its own makes it a query no earlier test asked, so the answer cache cannot serve it.
      const res = (await gql(`${LIST}\n# ${pageSize} ${randomUUID()}`, { exhibitionId: ctx.demo.exhibitionId, pageSize })).json();
      expect(res.data.exhibitors.items).toHaveLength(pageSize);
      return spy.mock.calls.length;
    };
    const twenty = await queriesFor(20);
    const two = await queriesFor(2);
    spy.mockRestore();
    // Exhibition check, count, page with companies, categories of the page (the principal is cached since sign-in).
    expect(twenty).toBeGreaterThanOrEqual(3);
    expect(twenty).toBeLessThanOrEqual(5);
    expect(twenty).toBe(two);
  });

  it('answers a repeated query from memory until a table it read is written', async () => {
    const query = `${LIST}\n# ${randomUUID()}`;
    const vars = { exhibitionId: ctx.demo.exhibitionId, pageSize: 20 };
    const first = (await gql(query, vars)).json();
    const q = statements(ctx.db);
    const again = (await gql(query, vars)).json();
    expect(q.count()).toBe(0);
    expect(again).toEqual(first);
    const g1 = first.data.exhibitors.items.find((i: { boothInfo: string }) => i.boothInfo === 'G-1');
    await ctx.db.update(exhibitor).set({ boothInfo: 'G-1b' }).where(eq(exhibitor.id, g1.id));
    const after = (await gql(query, vars)).json();
    q.restore();
    expect(after.data.exhibitors.items.find((i: { id: string }) => i.id === g1.id).boothInfo).toBe('G-1b');
    await ctx.db.update(exhibitor).set({ boothInfo: 'G-1' }).where(eq(exhibitor.id, g1.id));
  });

  it('answers categories by hostId with their children, and the host’s only', async () => {
    const q = `query($hostId: ID!) { categories(hostId: $hostId, level: 1) { id name childrens { name nameEn parentId } } }`;
    const res = (await gql(q, { hostId: DEMO_HOST_ID }, 'exhibitor', { 'x-lang': 'en' })).json();
    const electronics = res.data.categories.find((c: { id: string }) => c.id === parentId);
    expect(electronics).toMatchObject({ name: 'Electronics', childrens: [{ name: 'Phones', parentId }, { name: '电脑', nameEn: null }] });
    expect((await gql(q, { hostId: DEMO_HOST_ID }, 'host2')).json().data.categories).toEqual([]);
  });

  it('keeps REST tenancy: another tenant’s exhibition or exhibitor is NOT_FOUND, an exhibitor sees only itself', async () => {
    const other = (await gql(LIST, { exhibitionId: ctx.other.exhibitionId }, 'host', { 'accept-language': 'en' })).json();
    expect(other.data).toBeNull();
    expect(other.errors[0]).toMatchObject({ message: 'Exhibition not found', extensions: { code: ErrorCode.NotFound } });
    const one = await gql('query($id: ID!) { exhibitor(id: $id) { id } }', { id: ctx.other.exhibitorId });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ data: { exhibitor: null }, errors: [{ extensions: { code: ErrorCode.NotFound }, path: ['exhibitor'] }] });
    const own = (await gql('{ exhibitors { totalCount items { company { name } } } }', {}, 'exhibitor')).json();
    expect(own.data.exhibitors.totalCount).toBe(1);
  });

  it('answers bad queries and arguments with GraphQL errors, never a 500', async () => {
    const syntax = await gql('{ exhibitors { ');
    expect(syntax.statusCode).toBe(400);
    expect(syntax.json().errors[0].message).toMatch(/Syntax Error/);
    const unknown = await gql('{ secrets }');
    expect(unknown.statusCode).toBe(400);
    const badVar = await gql(LIST, { pageSize: 'many' });
    expect(badVar.statusCode).toBe(400);
    const tooMany = await gql('{ exhibitors(pageSize: 1000) { totalCount } }');
    expect(tooMany.statusCode).toBe(200);
    expect(tooMany.json().errors[0].extensions).toMatchObject({ code: ErrorCode.ValidationFailed, errors: [{ field: 'pageSize' }] });
    const badId = await gql('{ exhibitor(id: "x") { id } }');
    expect(badId.json().errors[0].extensions.code).toBe(ErrorCode.ValidationFailed);
    const deep = await gql(`{ categories(hostId: "${DEMO_HOST_ID}") { childrens { childrens { childrens { childrens { childrens { childrens { childrens { childrens { id } } } } } } } } } }`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().errors[0].extensions).toMatchObject({ code: ErrorCode.QueryTooComplex, limit: 'depth', max: GRAPHQL_LIMITS.depth });
    const noQuery = await ctx.app.inject({ method: 'POST', url: '/graphql?queryName=x', payload: {}, headers: bearer(await ctx.token('host')) });
    expect(noQuery.json()).toMatchObject({ code: 4000, field: 'query' });
  });

  describe('limits: a query over one is refused at once, with code 4036 and the limit in the caller’s language', () => {
    const refused = async (query: string, limit: string, headers: Record<string, string> = {}) => {
      const started = performance.now();
      const res = await gql(query, {}, 'host', headers);
      const ms = performance.now() - started;
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ data: null, errors: [{ extensions: { code: ErrorCode.QueryTooComplex, limit } }] });
      return { res, ms };
    };
    const aliased = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: exhibitors(pageSize: 100) { items { id company { name } } }`).join(' ')} }`;

    it('refuses the thousand-alias query of ~94 kB before parsing it', async () => {
      const query = aliased(1000);
      expect(query.length).toBeGreaterThan(60_000);
      const { res, ms } = await refused(query, 'chars', { 'accept-language': 'en' });
      expect(res.json().errors[0].message).toBe(`The query is over a limit: the query may have at most ${GRAPHQL_LIMITS.chars} characters`);
      expect(ms).toBeLessThan(1000);
    });

    it('counts tokens, aliases (through fragments too), root fields and cost', async () => {
      await refused(`{ ${'a '.repeat(GRAPHQL_LIMITS.tokens + 1)}}`, 'tokens');
      const { res } = await refused(aliased(GRAPHQL_LIMITS.aliases + 1).replaceAll('pageSize: 100', 'pageSize: 1'), 'aliases');
      expect(res.json().errors[0].message).toBe(`查询超出限制：别名不能超过 ${GRAPHQL_LIMITS.aliases} 个`);
      // Each fragment spreads the one before twice: 2^6 aliases from a short text.
      const bomb = ['fragment F0 on Query { x: exhibitors(pageSize: 1) { totalCount } }', ...Array.from({ length: 6 }, (_, i) => `fragment F${i + 1} on Query { ...F${i} ...F${i} }`)];
      await refused(`{ ...F6 } ${bomb.join(' ')}`, 'aliases');
      await refused(`{ ${'exhibitors(pageSize: 1) { totalCount } '.repeat(GRAPHQL_LIMITS.rootFields + 1)}}`, 'rootFields');
      await refused(`{ exhibitors(pageSize: 100) { items { categories { childrens { childrens { childrens { id name nameEn } } } } } } }`, 'cost');
      const page = 'exhibitors(pageSize: 100) { items { id compId exhibitionId boothInfo category viewCount company { id name nameEn logo region address } categories { id name nameEn level } } }';
      await refused(`{ a: ${page} b: ${page} }`, 'cost');
    });

    it('still answers the largest honest query: a page of 100 exhibitors with companies and categories', async () => {
      const res = await gql(LIST, { exhibitionId: ctx.demo.exhibitionId, pageSize: 100 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.exhibitors.items).toHaveLength(27);
    });

    it('limits each user to GRAPHQL_LIMITS.perMinute queries a minute: 429 with Retry-After, other users unaffected', async () => {
      const [me] = await ctx.db.select().from(userAccount).where(eq(userAccount.userName, 'exhibitor2'));
      const key = LIMITS.graphqlPerUser(me!.id, GRAPHQL_LIMITS.perMinute);
      for (let i = 0; i < GRAPHQL_LIMITS.perMinute - 1; i++) await ctx.shared.hit(key.key, key.limit, key.windowSeconds);
      expect((await gql('{ __typename }', {}, 'exhibitor2')).statusCode).toBe(200);
      const over = await gql('{ __typename }', {}, 'exhibitor2', { 'accept-language': 'en' });
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.json()).toMatchObject({ data: null, errors: [{ extensions: { code: ErrorCode.RateLimited } }] });
      expect(over.json().errors[0].message).toMatch(/^Too many attempts; try again in \d+ seconds$/);
      expect((await gql('{ __typename }', {}, 'exhibitor')).statusCode).toBe(200);
    });
  });
  it('carries the newest enquiries and reviews, and counts enquiries and accepted meetings (issue 15)', async () => {
    const [visitor] = await ctx.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.userName, 'visitor'));
    const base = { exhibitionId: ctx.demo.exhibitionId, exhibitorId: matchedId, userId: visitor!.id };
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 9, minutes));
    await ctx.db.insert(enquiry).values([
      ...[1, 2, 3, 4].map((n) => ({ ...base, source: 'booth', content: `询盘 ${n}`, isSample: n === 4, auditState: AuditState.Approved, createdAt: at(n) })),
      { ...base, source: 'booth', content: '待审询盘', auditState: AuditState.Pending, createdAt: at(9) },
    ]);
    await ctx.db.insert(exhibitorEvaluation).values([
      { ...base, userId: null, authorName: '甲', content: '评价一', createdAt: at(1) },
      { ...base, userId: null, authorName: '乙', content: '评价二', createdAt: at(2) },
      { ...base, userId: null, authorName: '丙', content: '隐藏的评价', isShow: false, createdAt: at(3) },
    ]);
    await ctx.db.insert(exhibitorAppointment).values([
      { ...base, startAt: at(30), endAt: at(45), subject: '洽谈一', state: 'accepted' },
      { ...base, startAt: at(50), endAt: at(59), subject: '洽谈二', state: 'pending' },
    ]);
    const res = await gql('query($id: ID!) { exhibitor(id: $id) { businesses { remark isSample } newestEvaluates { content } thinkCount talkCount } }', { id: matchedId });
    expect(res.json().data.exhibitor).toEqual({
      businesses: [
        { remark: '询盘 4', isSample: true },
        { remark: '询盘 3', isSample: false },
        { remark: '询盘 2', isSample: false },
      ],
      newestEvaluates: [{ content: '评价二' }, { content: '评价一' }],
      thinkCount: 4,
      talkCount: 1,
    });
  });
});
