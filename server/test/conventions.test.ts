import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, roleHas, type PermissionKey } from '@pavilion/contract';
import { installGuard } from '../src/auth/guard.ts';
import { bearer, createTestContext, json, type TestContext } from './harness.ts';
import { missingCases, record, recordGuarded, routeOf, type LedgerEntry } from './ledger.ts';

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

  it('lists the guarded API routes for the security ledger (server/test/ledger-reporter.ts checks their four cases)', () => {
    const guarded = apiRoutes()
      .filter((r) => r.permission)
      .map((r) => ({ method: r.method, url: r.url, permission: r.permission! }));
    expect(guarded.length).toBeGreaterThan(100);
    recordGuarded(guarded);
  });

  it('judges the ledger: a route lacking a case is named, a covered one is not', () => {
    const has = (role: number, p: string) => (p === 'admin.only' ? role === 2 : true);
    const guarded = [
      { method: 'GET', url: '/api/a', permission: 'admin.only' },
      { method: 'GET', url: '/api/b', permission: 'anyone' },
      { method: 'POST', url: '/api/c', permission: 'anyone' },
    ];
    const entry = (c: LedgerEntry['case'], url: string, method = 'GET') => ({ case: c, method, url, file: 'x' });
    const cases = [
      entry('anonymous', '/api/a'),
      entry('wrongRole', '/api/a'),
      entry('allowed', '/api/a'),
      entry('anonymous', '/api/b'),
      entry('allowed', '/api/b'),
      entry('noOtherTenant', '/api/b'),
      entry('anonymous', '/api/c', 'POST'),
      entry('allowed', '/api/c'),
    ];
    expect(missingCases(guarded, cases, has)).toEqual(['POST /api/c (anyone): allowed, otherTenant']);
  });

  it("refuses a visitor's token (role 3) on every route its permission does not name, and proves each refusal in the ledger", async () => {
    const token = await ctx.token('visitor');
    const file = expect.getState().testPath ?? '';
    const backOffice = apiRoutes().filter((r) => r.permission && !roleHas(Role.Visitor, r.permission as PermissionKey));
    expect(backOffice.length).toBeGreaterThan(100);
    const letThrough: string[] = [];
    for (const r of backOffice) {
      const url = r.url.replace(/:\w+/g, '00000000-0000-4000-a000-0000000000ff').replace('*', 'x');
      const res = await ctx.app.inject({ method: r.method as 'GET', url, headers: bearer(token) });
      if (res.statusCode !== 403 || json(res).code !== 4003) letThrough.push(`${r.method} ${r.url} → ${res.statusCode}`);
      else {
        const route = routeOf(res);
        if (route) record({ case: 'wrongRole', ...route, file });
      }
    }
    expect(letThrough).toEqual([]);
  }, 120_000);

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
    const callers = [
      { token: null, role: null },
      { token: await ctx.token('admin'), role: Role.Admin },
      { token: await ctx.token('host'), role: Role.Host },
      { token: await ctx.token('exhibitor'), role: Role.Exhibitor },
      { token: await ctx.token('visitor'), role: Role.Visitor },
    ];
    const payloads: (string | undefined)[] = [undefined, '{}', '[]', 'null', '"x"', '{"id":"../../etc"}', '{"pageIndex":-1,"pageSize":1e9}', JSON.stringify({ userName: { $gt: '' }, password: [1], exhibitionId: 42, Phone: null, code: true })];
    const failures: string[] = [];
    for (const r of apiRoutes()) {
      const url = r.url.replace(/:\w+/g, 'config.json');
      for (const { token, role } of callers) {
        // The guard refuses these callers before the body is read: one payload tells as much as eight.
        const refused = r.permission && (role === null || !roleHas(role, r.permission as PermissionKey));
        for (const payload of r.method === 'GET' || refused ? [payloads[1]!] : payloads) {
          const body = r.method === 'GET' ? undefined : payload;
          const res = await ctx.app.inject({
            method: r.method as 'GET',
            url: `${url}${r.method === 'GET' || r.method === 'DELETE' ? '?id=not-a-uuid&hostId=%00&userId=' : ''}`,
            headers: { ...(token ? bearer(token) : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
            ...(body !== undefined ? { payload: body } : {}),
          });
          if (res.statusCode >= 500) failures.push(`${r.method} ${url} ${body} → ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
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
