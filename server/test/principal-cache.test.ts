import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { buildApp, type App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { memoryState, redisState, type SharedState } from '../src/infra/kv.ts';
import { writeWatcher } from '../src/infra/table-cache.ts';
import { DEMO_VISITOR } from '../src/seed/demo.ts';
import { member } from '../src/modules/member/tables.ts';
import { exhibitor } from '../src/modules/company/tables.ts';
import { userAccount } from '../src/modules/account/tables.ts';
import { redisAnswers, redisUrl } from './redis.ts';
import { bearer, createTestContext, json, ownPassword, testConfig, type TestContext } from './harness.ts';

/**
 * The principal cache (server/src/auth/principal-cache.ts): repeat requests of a session do not
 * query its principal again, and every change that must act at once still does, also when made
 * through another instance that shares the state (memory here, Redis when it answers).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());


/** A second handle on the same database, as another process would have (its own Db object, so nothing in memory is shared through it). */
const secondHandle = (): Db => {
  const client = (ctx.db as unknown as { $client: never }).$client;
  // Its own watcher of written tables, as openDatabase gives every process (infra/table-cache.ts).
  const writes = writeWatcher();
  const db = (process.env.TEST_DATABASE_URL ? drizzlePg(client, { schema, casing: 'snake_case', logger: writes }) : drizzlePglite(client, { schema, casing: 'snake_case', logger: writes })) as unknown as Db;
  writes.attach(db);
  return db;
};

/** Counts the principal queries an app's database answers. */
function principalQueries(db: Db) {
  const spy = vi.spyOn(db, 'execute');
  const text = (q: unknown) => ((q as { queryChunks?: { value?: string[] }[] }).queryChunks ?? []).map((c) => c.value?.join('') ?? '').join('');
  return { count: () => spy.mock.calls.filter(([q]) => text(q).includes('join auth_session s on s.id')).length, restore: () => spy.mockRestore() };
}

const web = { client_id: 'pavilion-web', client_secret: 'pavilion-web-secret' };
const form = (body: Record<string, string>) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(body).toString() });

function instances(name: string, makeStates: () => Promise<[SharedState, SharedState]>) {
  describe(name, () => {
    let a: App;
    let b: App;
    let dbB: Db;
    let states: SharedState[] = [];
    beforeAll(async () => {
      states = await makeStates();
      const config = testConfig(ctx.uploadsDir);
      const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
      dbB = secondHandle();
      a = await buildApp({ config, database: { db: ctx.db, kind, close: async () => {} }, shared: states[0]!, logger: false });
      b = await buildApp({ config, database: { db: dbB, kind, close: async () => {} }, shared: states[1]!, logger: false });
      await Promise.all([a.ready(), b.ready()]);
    });
    afterAll(async () => {
      await a.close();
      await b.close();
      if (states[0] !== states[1]) for (const s of states) await s.close();
      else await states[0]!.close();
    });

    const call = (app: App, token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: object) =>
      app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    const me = (app: App, token: string) => call(app, token, 'GET', '/api/v1/account/me');
    const signIn = async (userName: string, password = 'pavilion') => {
      const res = await a.inject({ method: 'POST', url: '/connect/token', ...form({ grant_type: 'password', username: userName, password, ...web }) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { access_token: string; refresh_token: string };
    };
    /** B has the session's principal in its cache: the second request does not query it. */
    const cachedOnB = async (token: string, url = '/api/v1/account/me') => {
      const q = principalQueries(dbB);
      try {
        expect((await call(b, token, 'GET', url)).statusCode).toBe(200);
        const after1 = q.count();
        expect((await call(b, token, 'GET', url)).statusCode).toBe(200);
        expect(q.count()).toBe(after1);
      } finally {
        q.restore();
      }
    };

    it('serves repeat requests of a session from the cache', async () => {
      const t = await signIn('host');
      const q = principalQueries(dbB);
      try {
        for (let i = 0; i < 5; i++) expect((await me(b, t.access_token)).statusCode).toBe(200);
        expect(q.count()).toBe(1);
      } finally {
        q.restore();
      }
    });

    it('logout on one instance ends the sign-in on the other at once', async () => {
      const t = await signIn('admin');
      await cachedOnB(t.access_token);
      expect((await call(a, t.access_token, 'POST', '/api/v1/account/logout')).statusCode).toBe(200);
      expect((await me(b, t.access_token)).statusCode).toBe(401);
    });

    it('a reused refresh token revokes its family on the other instance at once', async () => {
      const t1 = await signIn('admin');
      const t2 = (await a.inject({ method: 'POST', url: '/connect/token', ...form({ grant_type: 'refresh_token', refresh_token: t1.refresh_token, ...web }) })).json();
      await cachedOnB(t2.access_token);
      const reuse = await a.inject({ method: 'POST', url: '/connect/token', ...form({ grant_type: 'refresh_token', refresh_token: t1.refresh_token, ...web }) });
      expect(reuse.json().error).toBe('invalid_grant');
      expect((await me(b, t2.access_token)).statusCode).toBe(401);
    });

    it('a password change ends the other sign-ins, and its own sign-in sees the new flag, at once', async () => {
      const userName = `pc${Math.random().toString(36).slice(2, 8)}`;
      const admin = await signIn('admin');
      expect((await call(a, admin.access_token, 'POST', '/api/v3/adminuser', { userName, password: 'first-pass-1' })).statusCode).toBe(200);
      await ownPassword({ app: a }, await a.inject({ method: 'POST', url: '/api/v1/account/login/admin', payload: { userName, password: 'first-pass-1' } }), 'first-pass-1');
      const keep = await signIn(userName, 'first-pass-1');
      const other = await signIn(userName, 'first-pass-1');
      await cachedOnB(keep.access_token);
      await cachedOnB(other.access_token);
      expect((await call(a, keep.access_token, 'PUT', '/api/v1/account/password/old', { oldPassword: 'first-pass-1', password: 'second-pass-2' })).statusCode).toBe(200);
      expect((await me(b, other.access_token)).statusCode).toBe(401);
      expect((await me(b, keep.access_token)).statusCode).toBe(200);

      // an administrator disables it: its remaining sign-in ends on the other instance at once
      const [row] = await ctx.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.userName, userName));
      await cachedOnB(keep.access_token);
      expect((await call(a, admin.access_token, 'PATCH', `/api/v3/adminuser?id=${row!.id}`, { isDisabled: true })).statusCode).toBe(200);
      expect((await me(b, keep.access_token)).statusCode).toBe(401);
    });

    it('taking an exhibition from a staff login closes it on the other instance at once', async () => {
      const host = await signIn('host');
      const userName = `st${Math.random().toString(36).slice(2, 8)}`;
      const created = await call(a, host.access_token, 'POST', '/api/v3/hostinuser', { userName, password: 'staff-pass-1', name: '员工', exhibitionIds: [ctx.demo.exhibitionId] });
      expect(created.statusCode, created.body).toBe(200);
      const login = await a.inject({ method: 'POST', url: '/api/v1/account/login/host', payload: { userName, password: 'staff-pass-1' } });
      await ownPassword({ app: a }, login, 'staff-pass-1');
      const staff = login.json().data.tokenInfo.access_token as string;
      const url = `/api/v1/exhibition?id=${ctx.demo.exhibitionId}`;
      await cachedOnB(staff, url);
      const removed = await call(a, host.access_token, 'DELETE', `/api/v3/hostinuser/exhibition?hostInUserId=${json(created).data.id}&exhibitionId=${ctx.demo.exhibitionId}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await call(b, staff, 'GET', url)).statusCode).toBe(404);
    });

    it('deleting an exhibitor takes it from its logins on the other instance at once', async () => {
      const ex = (await a.inject({ method: 'POST', url: '/api/v1/account/login/exhibitor', payload: { userName: 'exhibitor2', password: 'pavilion', exhibitionId: ctx.demo.exhibitionId } })).json().data.tokenInfo.access_token as string;
      await cachedOnB(ex);
      const exhibitorId = json(await me(b, ex)).data.exhibitorId as string;
      expect(exhibitorId).toBeTruthy();
      const host = await signIn('host');
      expect((await call(a, host.access_token, 'DELETE', `/api/v1/exhibitor?id=${exhibitorId}`)).statusCode).toBe(200);
      expect(json(await me(b, ex)).data.exhibitorId ?? null).toBeNull();
      await ctx.db.update(exhibitor).set({ deletedAt: null }).where(eq(exhibitor.id, exhibitorId));
    });

    it("an exhibition's settings are cached, and a change on one instance reaches the other", async () => {
      const host = (await signIn('host')).access_token;
      const url = `/api/v1/settings/exhibition?exhibitionId=${ctx.demo.exhibitionId}`;
      const before = json(await call(b, host, 'GET', url)).data.enabledExhibitorCorrection as boolean;
      const changed = await call(a, host, 'PUT', `/api/v1/settings/exhibition/patch?exhibitionId=${ctx.demo.exhibitionId}`, { enabledExhibitorCorrection: !before });
      expect(changed.statusCode, changed.body).toBe(200);
      // Redis delivers the notice a moment after the answer: configuration, not a revocation.
      await vi.waitFor(async () => expect(json(await call(b, host, 'GET', url)).data.enabledExhibitorCorrection).toBe(!before), { timeout: 2000 });
      await call(a, host, 'PUT', `/api/v1/settings/exhibition/patch?exhibitionId=${ctx.demo.exhibitionId}`, { enabledExhibitorCorrection: before });
    });

    it('blacklisting a visitor ends its sign-in on the other instance at once', async () => {
      const login = await a.inject({ method: 'POST', url: `/api/v1/expo/${ctx.demo.exhibitionId}/login/email`, payload: { email: DEMO_VISITOR.email, password: 'pavilion' } });
      expect(login.statusCode, login.body).toBe(200);
      const visitor = login.json().data.accessToken as string;
      const visitorMe = `/api/v1/expo/${ctx.demo.exhibitionId}/me`;
      await cachedOnB(visitor, visitorMe);
      const [m] = await ctx.db.select({ id: member.id }).from(member).innerJoin(userAccount, eq(userAccount.id, member.userId)).where(eq(userAccount.email, DEMO_VISITOR.email));
      const host = await signIn('host');
      expect((await call(a, host.access_token, 'PATCH', `/api/v1/member/${m!.id}`, { blacklisted: true })).statusCode).toBe(200);
      expect((await call(b, visitor, 'GET', visitorMe)).statusCode).toBe(401);
      expect((await call(a, host.access_token, 'PATCH', `/api/v1/member/${m!.id}`, { blacklisted: false })).statusCode).toBe(200);
    });
  });
}

instances('two instances sharing memory state', async () => {
  const s = memoryState();
  return [s, s];
});
describe.runIf(redisAnswers)('with Redis', () => {
  const prefix = `pavilion-test-principal-${process.pid}-${Math.random().toString(36).slice(2, 6)}:`;
  instances('two instances sharing Redis', async () => [await redisState(redisUrl, prefix), await redisState(redisUrl, prefix)]);
});
