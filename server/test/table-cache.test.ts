import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { buildApp, type App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { memoryState, type SharedState } from '../src/infra/kv.ts';
import { cachedByTables, remember, tablesWritten, writeWatcher, type ByteBudget } from '../src/infra/table-cache.ts';
import { cachedRead } from '../src/infra/read-cache.ts';
import { company } from '../src/modules/company/tables.ts';
import { bearer, createTestContext, statements, testConfig, type TestContext } from './harness.ts';

/**
 * The read cache keyed by written tables (server/src/infra/table-cache.ts, http/cached-reply.ts): a repeated read
 * answers without a query, and any write of a table it read, through the API, straight to the database, or on
 * another instance, makes the next read fresh.
 */
describe('remember', () => {
  it('keeps answers within their byte budget, dropping the oldest first, and forgets a failed load', async () => {
    const entries = new Map<string, { value: Promise<unknown>; bytes?: number }>();
    const budget: ByteBudget = { used: 0, max: 10 };
    const add = async (key: string, value: Promise<unknown>) => {
      remember(entries, key, { value }, 100, budget);
      await value.catch(() => undefined);
      await Promise.resolve();
    };
    await add('a', Promise.resolve('123456'));
    await add('b', Promise.resolve('1234'));
    expect([...entries.keys()]).toEqual(['a', 'b']);
    expect(budget.used).toBe(10);
    await add('c', Promise.resolve('12'));
    expect([...entries.keys()]).toEqual(['b', 'c']);
    expect(budget.used).toBe(6);
    await add('b', Promise.resolve('123'));
    expect([...entries.keys()]).toEqual(['c', 'b']);
    expect(budget.used).toBe(5);
    await add('d', Promise.reject(new Error('failed')));
    expect([...entries.keys()]).toEqual(['c', 'b']);
    expect(budget.used).toBe(5);
  });
});

describe('tablesWritten', () => {
  it('names the tables of inserts, updates, deletes and truncates, quoted or not', () => {
    expect(tablesWritten('insert into "exhibitor" ("id") values ($1)')).toEqual(['exhibitor']);
    expect(tablesWritten('update "company" set "name" = $1 where "company"."id" = $2')).toEqual(['company']);
    expect(tablesWritten('delete from exhibitor_category where exhibitor_id = $1')).toEqual(['exhibitor_category']);
    expect(tablesWritten('truncate table audit_record')).toEqual(['audit_record']);
    expect(tablesWritten('with moved as (update "product" set "show_index" = 1 returning id) insert into "op_log" select 1').sort()).toEqual(['op_log', 'product']);
  });

  it('sees no write in a read, a row lock or an upsert’s update clause', () => {
    expect(tablesWritten('select "updated_at", "id" from "exhibitor" where "id" = $1')).toEqual([]);
    expect(tablesWritten('select * from "setting" where "key" = $1 for update')).toEqual([]);
    expect(tablesWritten('insert into "setting" ("key") values ($1) on conflict ("key") do update set "value" = $2')).toEqual(['setting']);
  });
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const page = (app: App, token: string) =>
  app.inject({ method: 'POST', url: '/api/v1/exhibitor/query', headers: bearer(token), payload: { exhibitionId: ctx.demo.exhibitionId, pageIndex: 1, pageSize: 100 } });
type Item = { id: string; isShow: boolean; company: { id: string; name: string } };
const itemsOf = (body: string) => JSON.parse(body).data.items as Item[];
const nameOf = (body: string, companyId: string) => itemsOf(body).find((i) => i.company.id === companyId)?.company.name;
/** The first listed exhibitor's company id. */
const firstCompany = async (app: App, token: string) => itemsOf((await page(app, token)).body)[0]!.company.id;

const kind = () => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
/** An app on `db`, its instances told of each other's writes through `shared`. */
async function instance(db: Db, shared: SharedState) {
  const app = await buildApp({ config: testConfig(ctx.uploadsDir), database: { db, kind: kind(), close: async () => {} }, shared, logger: false });
  await app.ready();
  return app;
}
/** An app on a handle of its own to the same database: a cache of its own, which only `shared` reaches. */
async function instanceOnItsOwnHandle(shared: SharedState) {
  const client = (ctx.db as unknown as { $client: never }).$client;
  const writes = writeWatcher();
  const db = (process.env.TEST_DATABASE_URL
    ? drizzlePg(client, { schema, casing: 'snake_case', logger: writes })
    : drizzlePglite(client, { schema, casing: 'snake_case', logger: writes })) as unknown as Db;
  writes.attach(db);
  return { db, app: await instance(db, shared) };
}

describe('a cached list', () => {
  it('answers a repeat read without a query, and the same text', async () => {
    const token = await ctx.token('host');
    const first = await page(ctx.app, token);
    expect(first.statusCode).toBe(200);
    const q = statements(ctx.db);
    try {
      const again = await page(ctx.app, token);
      expect(again.body).toBe(first.body);
      expect(again.headers['content-type']).toMatch(/^application\/json/);
      // The principal is cached too: the whole answer costs no statement.
      expect(q.count()).toBe(0);
    } finally {
      q.restore();
    }
  });

  it('shows a change made through the API at once', async () => {
    const token = await ctx.token('host');
    const item = itemsOf((await page(ctx.app, token)).body)[0]!;
    const shown = (body: string) => itemsOf(body).find((i) => i.id === item.id)?.isShow;
    for (const isShow of [!item.isShow, item.isShow]) {
      const res = await ctx.app.inject({ method: 'PUT', url: '/api/v1/exhibitor/show', headers: bearer(token), payload: { id: item.id, isShow } });
      expect(res.statusCode, res.body).toBe(200);
      expect(shown((await page(ctx.app, token)).body)).toBe(isShow);
    }
  });

  it('shows a change written straight to the database at once', async () => {
    const token = await ctx.token('host');
    const companyId = await firstCompany(ctx.app, token);
    const name = `直写${Math.random().toString(36).slice(2, 7)}`;
    await ctx.db.update(company).set({ name }).where(eq(company.id, companyId));
    expect(nameOf((await page(ctx.app, token)).body, companyId)).toBe(name);
  });

  it('shows a change committed in a transaction once it commits', async () => {
    const token = await ctx.token('host');
    const companyId = await firstCompany(ctx.app, token);
    const name = `事务${Math.random().toString(36).slice(2, 7)}`;
    await ctx.db.transaction(async (tx) => {
      await tx.update(company).set({ name }).where(eq(company.id, companyId));
    });
    expect(nameOf((await page(ctx.app, token)).body, companyId)).toBe(name);
  });

  it('shows a change made through another instance at once', async () => {
    const shared = memoryState();
    const a = await instance(ctx.db, shared);
    const { db: dbB, app: b } = await instanceOnItsOwnHandle(shared);
    try {
      const token = await ctx.token('host');
      const companyId = await firstCompany(a, token);
      const name = `另一实例${Math.random().toString(36).slice(2, 7)}`;
      await dbB.transaction(async (tx) => {
        await tx.update(company).set({ name }).where(eq(company.id, companyId));
      });
      expect(nameOf((await page(a, token)).body, companyId)).toBe(name);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('depends on the tables behind a cached read it used, also when that read answered from its own cache', async () => {
    let loads = 0;
    const inner = () => cachedRead(ctx.db, 'test-read', 'first-company', async () => (await ctx.db.select({ id: company.id }).from(company).limit(1))[0]);
    const answer = () =>
      cachedByTables(ctx.db, 'test-answer', async () => {
        loads += 1;
        return inner();
      });
    const row = await inner();
    await answer();
    await answer();
    expect(loads).toBe(1);
    await ctx.db.update(company).set({ updatedAt: new Date() }).where(eq(company.id, row!.id));
    await answer();
    expect(loads).toBe(2);
  });

  it('depends on the tables behind a cached answer it used, whether that answer was cached already or not', async () => {
    let loads = 0;
    const inner = () => cachedByTables(ctx.db, 'test-inner', async () => (await ctx.db.select({ id: company.id }).from(company).limit(1))[0]);
    const outer = (key: string) =>
      cachedByTables(ctx.db, key, async () => {
        loads += 1;
        return inner();
      });
    await outer('test-outer-first');
    const row = await inner();
    await outer('test-outer-after');
    expect(loads).toBe(2);
    await ctx.db.update(company).set({ updatedAt: new Date() }).where(eq(company.id, row!.id));
    await outer('test-outer-first');
    await outer('test-outer-after');
    expect(loads).toBe(4);
  });

  it('serves the visitor site’s public reads from the cache, with their ETag', async () => {
    // An instance of its own: the settling re-marks of earlier tests' writes on ctx.db cannot reach its cache.
    const { db, app } = await instanceOnItsOwnHandle(memoryState());
    const url = `/api/v1/expo/${ctx.demo.exhibitionId}/exhibitors`;
    try {
      const first = await app.inject({ method: 'GET', url });
      expect(first.statusCode).toBe(200);
      const q = statements(db);
      try {
        const again = await app.inject({ method: 'GET', url });
        expect(again.body).toBe(first.body);
        expect(again.headers.etag).toBe(first.headers.etag);
        expect((await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } })).statusCode).toBe(304);
        // The rate limit's counter is all that runs.
        expect(q.count()).toBe(0);
      } finally {
        q.restore();
      }
    } finally {
      await app.close();
    }
  });
});
