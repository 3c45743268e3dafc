import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, Role, roleHas, type PermissionKey } from '@pavilion/contract';
import { bearer, createTestContext, type Actor, type TestContext } from './harness.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const ACTOR_OF_ROLE: [Role, Actor][] = [
  [Role.Admin, 'admin'],
  [Role.Host, 'host'],
  [Role.Exhibitor, 'exhibitor'],
  [Role.Visitor, 'visitor'],
];

/** A caller the route lets through its permission check: none for a public route, the settling client where no role may. */
function callerOf(route: { permission?: string; public?: boolean }): Actor | 'client' | null {
  if (route.public || !route.permission) return null;
  return ACTOR_OF_ROLE.find(([role]) => roleHas(role, route.permission as PermissionKey))?.[1] ?? 'client';
}

async function clientToken() {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=client_credentials&client_id=pavilion-settled&client_secret=pavilion-settled-secret',
  });
  return res.json().access_token as string;
}

describe('a NUL character (\\u0000) in what a caller sends', () => {
  it('answers 400 naming the field on every route: query string, JSON body and path', async () => {
    const routes = ctx.app.routeList.filter((r) => !r.url.startsWith('/api/docs'));
    expect(routes.length).toBeGreaterThan(200);
    const headers = new Map<Actor | 'client' | null, Record<string, string>>([[null, {}], ['client', bearer(await clientToken())]]);
    for (const [, actor] of ACTOR_OF_ROLE) headers.set(actor, bearer(await ctx.token(actor)));
    const failures: string[] = [];
    const expectNul = (what: string, res: { statusCode: number; json(): unknown }, field: string) => {
      const body = res.json() as { field?: string; error?: string; error_description?: string };
      const named = body.field === field || (body.error === 'invalid_request' && body.error_description?.includes(field));
      if (res.statusCode !== 400 || !named) failures.push(`${what}: ${res.statusCode} ${JSON.stringify(body).slice(0, 160)}`);
    };
    for (const route of routes) {
      const as = callerOf(route);
      const method = route.method as 'GET';
      const url = route.url.replace(/:[A-Za-z]+/g, 'x').replace('*', 'x');
      const auth = headers.get(as)!;
      expectNul(`${method} ${route.url} query`, await ctx.app.inject({ method, url: `${url}?probe=a%00b`, headers: auth }), 'probe');
      if (method !== 'GET')
        expectNul(`${method} ${route.url} body`, await ctx.app.inject({ method, url, headers: auth, payload: { name: 'a\u0000b' } }), 'name');
      if (route.url.includes(':')) {
        const param = /:([A-Za-z]+)/.exec(route.url)![1]!;
        expectNul(`${method} ${route.url} path`, await ctx.app.inject({ method, url: route.url.replace(/:[A-Za-z]+/g, 'a%00b'), headers: auth }), param);
      }
    }
    expect(failures).toEqual([]);
  });

  it('names nested fields and keys, in the caller’s language, on an anonymous route', async () => {
    const zh = await ctx.app.inject({ method: 'POST', url: '/api/Account/CheckUserName', payload: { userName: 'ab\u0000' } });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({ code: ErrorCode.ValidationFailed, field: 'userName', errors: [{ field: 'userName' }] });
    expect(zh.json().description).toContain('userName 含有无法保存的空字符');
    const en = await ctx.app.inject({
      method: 'POST',
      url: '/api/Account/CheckUserName',
      headers: { 'accept-language': 'en' },
      payload: { userName: 'ok', nested: [{ a: 'fine' }, { b: 'x\u0000' }] },
    });
    expect(en.json()).toMatchObject({ field: 'nested.1.b' });
    expect(en.json().description).toContain('nested.1.b contains a NUL character');
    const key = await ctx.app.inject({ method: 'POST', url: '/api/Account/CheckUserName', payload: { userName: 'ok', ['k\u0000']: 1 } });
    expect(key.json().field).toBe('k\u0000');
  });

  it('answers 400 for a NUL in a form field, in the OAuth shape on the token endpoint', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&username=a%00&password=x&client_id=web',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request', code: ErrorCode.ValidationFailed });
    expect(res.json().error_description).toContain('username');
  });
});

describe('URL fields take only http(s) or site-relative addresses (httpUrl in packages/contract)', () => {
  const evil = 'javascript:alert(document.cookie)';
  const cases: [Actor, 'POST' | 'PUT' | 'PATCH', (c: TestContext) => string, Record<string, unknown>, string][] = [
    ['exhibitor', 'PUT', () => '/api/v3/company', { logo: evil }, 'logo'],
    ['exhibitor', 'PUT', () => '/api/v3/company', { website: evil }, 'website'],
    ['exhibitor', 'POST', () => '/api/v3/feedback', { content: 'hello', images: ['/uploads/a.png', evil] }, 'images.1'],
    ['host', 'PATCH', (c) => `/api/v1/exhibition?id=${c.demo.exhibitionId}`, { banner: evil }, 'banner'],
    ['host', 'PATCH', (c) => `/api/v1/exhibition?id=${c.demo.exhibitionId}`, { logo: '//evil.example.com/x.png' }, 'logo'],
    ['host', 'POST', () => '/api/v1/category', { name: '链接', banners: [{ url: '/uploads/b.png', link: evil }] }, 'banners.0.link'],
  ];
  it.each(cases)('%s %s refuses javascript: and protocol-relative addresses with 400 naming the field (%#)', async (as, method, url, payload, field) => {
    const res = await ctx.app.inject({ method, url: url(ctx), payload, headers: { ...bearer(await ctx.token(as)), 'accept-language': 'en' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: ErrorCode.ValidationFailed, field });
    expect(res.json().description).toContain(`${field} has the wrong format`);
  });

  it('stores http(s) and site-relative addresses as before', async () => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/exhibition?id=${ctx.demo.exhibitionId}`,
      payload: { logo: '/uploads/2026/11/logo.png', banner: 'https://cdn.example.com/banner.jpg' },
      headers: bearer(await ctx.token('host')),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ logo: '/uploads/2026/11/logo.png', banner: 'https://cdn.example.com/banner.jpg' });
  });
});
