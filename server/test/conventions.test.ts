import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installGuard } from '../src/auth/guard.ts';
import { bearer, createTestContext, json, type TestContext } from './harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const apiRoutes = () => ctx.app.routeList.filter((r) => /^\/(api|connect|config|graphql)/.test(r.url) && !r.url.startsWith('/api/docs'));

describe('conventions', () => {
  it('refuses to register an API route that declares no permission', () => {
    const app = Fastify();
    installGuard(app);
    expect(() => app.get('/api/forgotten', async () => 'x')).toThrow(/declares neither a permission nor public/);
  });

  it('names every guarded API route in some test file (each route has its own security tests)', () => {
    const roots = [path.join(import.meta.dirname), path.join(import.meta.dirname, '../src')];
    const texts = roots
      .flatMap((dir) => fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.test.ts')).map((f) => path.join(dir, f)))
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    const missing = apiRoutes()
      .filter((r) => r.permission)
      .filter((r) => !texts.includes(r.url.replace(/:\w+/g, '')))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('answers an unknown API path with the 404 envelope, in the caller language', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v9/nothing-here', headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ success: false, code: 4004, description: 'Endpoint not found' });
  });

  it('names the body when it is not JSON', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/admin', headers: { 'content-type': 'application/json' }, payload: '{"userName": ' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 4000, field: 'body' });
  });

  it('accepts the cache-buster t on every GET', async () => {
    const token = await ctx.token('admin');
    const gets = apiRoutes().filter((r) => r.method === 'GET' && !r.url.includes(':'));
    expect(gets.length).toBeGreaterThan(3);
    for (const r of gets) {
      const res = await ctx.app.inject({ method: 'GET', url: `${r.url}?t=${Math.floor(Date.now() / 1000)}`, headers: bearer(token) });
      // Downloads (the import template) answer a file, not the envelope.
      const body = String(res.headers['content-type']).includes('json') ? json(res) : { errors: [] };
      expect(body.errors?.some((e) => e.field === 't') ?? false, r.url).toBe(false);
    }
  });

  it('never answers 500 to anything a caller can send', async () => {
    const tokens = [null, await ctx.token('admin'), await ctx.token('host'), await ctx.token('exhibitor')];
    const payloads: (string | undefined)[] = [undefined, '{}', '[]', 'null', '"x"', '{"id":"../../etc"}', '{"pageIndex":-1,"pageSize":1e9}', JSON.stringify({ userName: { $gt: '' }, password: [1], exhibitionId: 42, Phone: null, code: true })];
    const failures: string[] = [];
    for (const r of apiRoutes()) {
      const url = r.url.replace(/:\w+/g, 'config.json');
      for (const token of tokens)
        for (const payload of r.method === 'GET' ? [undefined] : payloads) {
          const res = await ctx.app.inject({
            method: r.method as 'GET',
            url: `${url}${r.method === 'GET' || r.method === 'DELETE' ? '?id=not-a-uuid&hostId=%00&userId=' : ''}`,
            headers: { ...(token ? bearer(token) : {}), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
            ...(payload !== undefined ? { payload } : {}),
          });
          if (res.statusCode >= 500) failures.push(`${r.method} ${url} ${payload} → ${res.statusCode} ${res.body}`);
        }
    }
    expect(failures).toEqual([]);
    // every route × four callers × eight payloads: minutes, not seconds, when the whole suite runs in parallel
  }, 180_000);

  it('publishes the OpenAPI document generated from the zod schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/connect/token', '/api/v1/account/login/exhibitor', '/api/upload/images']));
    expect(doc.paths['/api/v1/account/login/host'].post.requestBody.content['application/json'].schema.required).toEqual(['userName', 'password']);
  });

  it('serves the client configuration and nothing else under /config', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/config/config.json?t=1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ clientId: 'pavilion-web', uploadType: 'local', maxImageCount: 5, exhibitionId: ctx.demo.exhibitionId });
    expect((await ctx.app.inject({ method: 'GET', url: '/config/secrets.json' })).statusCode).toBe(404);
  });

  it('sets security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/config/config.json' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
