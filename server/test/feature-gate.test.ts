import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildApp, type App } from '../src/app.ts';
import { installGuard } from '../src/auth/guard.ts';
import { loadConfig } from '../src/config.ts';
import { exhibitor } from '../src/modules/company/tables.ts';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { eq } from 'drizzle-orm';

/**
 * The gating mechanism, on routes that exist only here: a test app built like `buildApp` on the
 * test context's database, with a few gated routes added before it starts.
 */
let ctx: TestContext;
let app: App;

const gated: FastifyPluginAsyncZod = async (i) => {
  i.get('/api/test/live', { config: { permission: 'exhibition.read', feature: 'live' }, schema: { querystring: z.object({ exhibitionId: z.uuid().optional() }) } }, async () => ({ ok: true }));
  i.post('/api/test/vote', { config: { permission: 'exhibition.read', feature: 'vote' }, schema: { body: z.object({ exhibitionId: z.uuid() }) } }, async () => ({ ok: true }));
  i.get('/api/test/own-product', { config: { permission: 'exhibition.read', feature: 'product' } }, async () => ({ ok: true }));
  // the exhibition found from a record of the call: an exhibitor's id
  i.get(
    '/api/test/exhibitor/:exhibitorId/talk',
    {
      config: {
        permission: 'exhibition.read',
        feature: 'talk',
        featureExhibition: async (request) => {
          const [row] = await request.server.deps.db.select({ exhibitionId: exhibitor.exhibitionId }).from(exhibitor).where(eq(exhibitor.id, (request.params as { exhibitorId: string }).exhibitorId));
          return row?.exhibitionId;
        },
      },
      schema: { params: z.object({ exhibitorId: z.uuid() }) },
    },
    async () => ({ ok: true }),
  );
};

beforeAll(async () => {
  ctx = await createTestContext();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: ctx.uploadsDir });
  app = await buildApp({ config, database: { db: ctx.db, kind: 'pglite', close: async () => {} }, shared: ctx.shared, logger: false });
  await app.register(gated);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

const call = async (as: Actor, method: 'GET' | 'POST', url: string, payload?: object, lang?: string) =>
  app.inject({ method, url, headers: { ...bearer(await ctx.token(as)), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload ? { payload } : {}) });

describe('feature gating (config.feature)', () => {
  it("lets a call through when the exhibition has the key and answers 403 (4019) when it does not", async () => {
    const demo = ctx.demo.exhibitionId;
    expect((await call('host', 'GET', `/api/test/live?exhibitionId=${demo}`)).statusCode).toBe(200);
    const refused = await call('host', 'POST', '/api/test/vote', { exhibitionId: demo }, 'en');
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ success: false, code: 4019, description: expect.stringContaining('contact support to upgrade') });
    expect(json(refused).description).toContain('vote');
    const zh = await call('host', 'POST', '/api/test/vote', { exhibitionId: demo });
    expect(json(zh).description).toContain('服务未开通，请联系客服升级');
  });

  it("gates an exhibitor by its own exhibition when the call names none", async () => {
    expect((await call('exhibitor', 'GET', '/api/test/own-product')).statusCode).toBe(200);
    expect((await call('exhibitor', 'GET', '/api/test/live')).statusCode).toBe(200);
    expect(json(await call('exhibitor', 'POST', '/api/test/vote', { exhibitionId: ctx.demo.exhibitionId })).code).toBe(4019);
  });

  it("answers 404 for an exhibition the caller does not reach, before saying anything about its features", async () => {
    expect((await call('host', 'GET', `/api/test/live?exhibitionId=${ctx.other.exhibitionId}`)).statusCode).toBe(404);
    expect((await call('exhibitor', 'POST', '/api/test/vote', { exhibitionId: ctx.other.exhibitionId })).statusCode).toBe(404);
  });

  it('needs an exhibition from a host, naming the field', async () => {
    const res = await call('host', 'GET', '/api/test/live');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 4000, field: 'exhibitionId' });
  });

  it('never gates the administrator', async () => {
    expect((await call('admin', 'POST', '/api/test/vote', { exhibitionId: ctx.demo.exhibitionId })).statusCode).toBe(200);
  });

  it('follows a customisation at the next request, and finds the exhibition through a route resolver', async () => {
    const features = json(await call('admin', 'GET', '/api/v3/version/feature/list')).data as { id: string; key: string }[];
    const vote = features.find((f) => f.key === 'vote')!.id;
    const talk = features.find((f) => f.key === 'talk')!.id;
    const customise = (featureId: string, enabled: boolean | null) =>
      call('admin', 'POST', '/api/v3/version/feature/customized/addorupdate', { exhibitionId: ctx.demo.exhibitionId, items: [{ featureId, enabled }] });
    await customise(vote, true);
    expect((await call('host', 'POST', '/api/test/vote', { exhibitionId: ctx.demo.exhibitionId })).statusCode).toBe(200);
    await customise(vote, null);
    expect((await call('host', 'POST', '/api/test/vote', { exhibitionId: ctx.demo.exhibitionId })).statusCode).toBe(403);

    const me = json(await call('exhibitor', 'GET', '/api/v1/account/me')).data;
    expect((await call('host', 'GET', `/api/test/exhibitor/${me.exhibitorId}/talk`)).statusCode).toBe(200);
    await customise(talk, false);
    expect(json(await call('host', 'GET', `/api/test/exhibitor/${me.exhibitorId}/talk`)).code).toBe(4019);
    await customise(talk, null);
    expect((await call('host2', 'GET', `/api/test/exhibitor/${me.exhibitorId}/talk`)).statusCode).toBe(404);
  });

  it('checks the permission first: anonymous 401, the gate never runs', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/test/vote', payload: { exhibitionId: ctx.demo.exhibitionId } })).statusCode).toBe(401);
  });

  it('refuses to register a gated route without a permission', () => {
    const bare = Fastify();
    installGuard(bare);
    expect(() => bare.get('/api/gated', { config: { public: true, feature: 'live' } }, async () => 'x')).toThrow(/feature without a permission/);
  });
});
