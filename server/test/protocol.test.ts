import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { RATE_LIMITED_PATHS } from '../src/http/openapi.ts';
import { memoryState } from '../src/infra/kv.ts';
import { bearer, createTestContext, type TestContext } from './harness.ts';

/** What real clients and checkers look at: HTTPS-only headers, OAuth as a certified client sees it, caching. */
let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => ctx?.close());

const WEB = { id: 'pavilion-web', secret: 'pavilion-web-secret' };
const form = (body: Record<string, string>, headers: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  payload: new URLSearchParams(body).toString(),
});
const basic = (id: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` });

describe('HSTS and upgrade-insecure-requests only over HTTPS', () => {
  const apps: App[] = [];
  const appWith = async (trustProxy?: string) => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }) });
    const app = await buildApp({ config, database: { db: ctx.db, kind: 'pglite', close: async () => {} }, shared: memoryState(), logger: false });
    apps.push(app);
    return app;
  };
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  const https = (res: { headers: Record<string, unknown> }) => ({
    hsts: res.headers['strict-transport-security'] !== undefined,
    upgrade: String(res.headers['content-security-policy']).includes('upgrade-insecure-requests'),
  });

  it('plain HTTP, from anywhere, gets neither (the LAN address stays usable)', async () => {
    const app = await appWith();
    for (const remoteAddress of ['192.0.2.10', '127.0.0.1']) {
      const res = await app.inject({ method: 'GET', url: '/api/nothing', remoteAddress });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(https(res), remoteAddress).toEqual({ hsts: false, upgrade: false });
    }
  });

  it('HTTPS through a trusted proxy (loopback by default) gets both', async () => {
    const app = await appWith();
    const res = await app.inject({ method: 'GET', url: '/api/nothing', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-proto': 'https' } });
    expect(https(res)).toEqual({ hsts: true, upgrade: true });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('a spoofed X-Forwarded-Proto from an untrusted address changes nothing', async () => {
    const app = await appWith();
    const res = await app.inject({ method: 'GET', url: '/api/nothing', remoteAddress: '203.0.113.7', headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.1' } });
    expect(https(res)).toEqual({ hsts: false, upgrade: false });
  });

  it('TRUST_PROXY decides whom to believe: off, or a named range', async () => {
    const off = await appWith('false');
    expect(https(await off.inject({ method: 'GET', url: '/api/nothing', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-proto': 'https' } }))).toEqual({ hsts: false, upgrade: false });
    const lan = await appWith('10.0.0.0/8');
    expect(https(await lan.inject({ method: 'GET', url: '/api/nothing', remoteAddress: '10.1.2.3', headers: { 'x-forwarded-proto': 'https' } }))).toEqual({ hsts: true, upgrade: true });
    expect(https(await lan.inject({ method: 'GET', url: '/api/nothing', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-proto': 'https' } }))).toEqual({ hsts: false, upgrade: false });
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
  });
});

describe('OAuth through openid-client', () => {
  const config = (id: string, secret: string, auth: 'basic' | 'post' = 'basic') => {
    const c = new client.Configuration({ issuer: base, token_endpoint: `${base}/connect/token` }, id, secret, auth === 'basic' ? client.ClientSecretBasic(secret) : client.ClientSecretPost(secret));
    client.allowInsecureRequests(c);
    return c;
  };

  it('signs in with the password grant, refreshes, and calls the API with the token', async () => {
    const web = config(WEB.id, WEB.secret);
    const tokens = await client.genericGrantRequest(web, 'password', { username: 'host', password: 'pavilion' });
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const refreshed = await client.refreshTokenGrant(web, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    const me = await client.fetchProtectedResource(web, refreshed.access_token, new URL(`${base}/api/v1/account/me`), 'GET');
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
  });

  it('issues a client_credentials token to the settling client (Basic and form-post)', async () => {
    for (const auth of ['basic', 'post'] as const) {
      const tokens = await client.clientCredentialsGrant(config('pavilion-settled', 'pavilion-settled-secret', auth));
      expect(tokens.access_token, auth).toEqual(expect.any(String));
    }
  });

  it('a wrong secret sent with Basic: 401 invalid_client with a Basic challenge (RFC 6749 §5.2)', async () => {
    const err = await client.genericGrantRequest(config(WEB.id, 'wrong'), 'password', { username: 'host', password: 'pavilion' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(client.WWWAuthenticateChallengeError);
    const challenge = err as client.WWWAuthenticateChallengeError;
    expect(challenge.status).toBe(401);
    expect(challenge.cause[0]).toMatchObject({ scheme: 'basic', parameters: { realm: 'pavilion' } });
    const body = (await challenge.response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ error: 'invalid_client', error_description: 'Unknown client or wrong client secret', code: 4001 });
  });

  it('a wrong secret in the form: 400 invalid_client, in the ASCII RFC shape', async () => {
    const err = await client.genericGrantRequest(config(WEB.id, 'wrong', 'post'), 'password', { username: 'host', password: 'pavilion' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(client.ResponseBodyError);
    expect(err).toMatchObject({ status: 400, error: 'invalid_client', error_description: 'Unknown client or wrong client secret' });
  });

  it('a wrong password: invalid_grant with an ASCII error_description, the Chinese sentence in description', async () => {
    const err = await client.genericGrantRequest(config(WEB.id, WEB.secret), 'password', { username: 'host', password: 'not-it' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(client.ResponseBodyError);
    const body = (err as client.ResponseBodyError).cause as unknown as Record<string, unknown>;
    expect(body).toEqual({ error: 'invalid_grant', error_description: 'Wrong user name or password', code: 4006, description: '用户名或密码错误' });
  });

  it('a refresh token used twice: invalid_grant', async () => {
    const web = config(WEB.id, WEB.secret);
    const tokens = await client.genericGrantRequest(web, 'password', { username: 'admin', password: 'pavilion' });
    await client.refreshTokenGrant(web, tokens.refresh_token!);
    await expect(client.refreshTokenGrant(web, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
  });

  it('the API answers 401 with a Bearer challenge, naming invalid_token when a token was sent (RFC 6750 §3)', async () => {
    const web = config(WEB.id, WEB.secret);
    const err = await client.fetchProtectedResource(web, 'not-a-token', new URL(`${base}/api/v1/account/me`), 'GET').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(client.WWWAuthenticateChallengeError);
    expect((err as client.WWWAuthenticateChallengeError).cause[0]).toMatchObject({ scheme: 'bearer', parameters: { realm: 'pavilion', error: 'invalid_token' } });
    const anonymous = await fetch(`${base}/api/v1/account/me`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="pavilion"');
  });

  it('has no discovery document: /.well-known answers 404 JSON, not the web app', async () => {
    await expect(client.discovery(new URL(base), WEB.id, WEB.secret, undefined, { execute: [client.allowInsecureRequests] })).rejects.toThrow();
    for (const path of ['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toMatchObject({ success: false, code: 4004 });
    }
  });
});

describe('the token endpoint on malformed and foreign input', () => {
  it('a Basic header that does not decode is 400 invalid_request, never 500', async () => {
    for (const credentials of ['%ZZ:x', 'pavilion-web:%E0%A4%A', '%']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/connect/token', ...form({ grant_type: 'client_credentials' }, { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` }) });
      expect(res.statusCode, credentials).toBe(400);
      expect(res.json(), credentials).toMatchObject({ error: 'invalid_request', error_description: 'The Basic credentials of the Authorization header are malformed' });
    }
  });

  it('decodes form-urlencoded Basic credentials (RFC 6749 §2.3.1)', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/connect/token', ...form({ grant_type: 'client_credentials' }, basic('pavilion%2Dsettled', 'pavilion-settled-secret')) });
    expect(res.statusCode).toBe(200);
  });

  it('keeps error_description ASCII whatever the caller sends, with the caller language in description', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/connect/token', ...form({ grant_type: '授权"码\\' }, basic(WEB.id, WEB.secret)) });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe('unsupported_grant_type');
    expect(body.error_description).toMatch(/^[\x20-\x21\x23-\x5b\x5d-\x7e]+$/);
    expect(body.description).toBe('不支持 grant_type 授权"码\\');
    const en = await ctx.app.inject({ method: 'POST', url: '/connect/token', ...form({}, { ...basic(WEB.id, WEB.secret), 'accept-language': 'en' }) });
    expect(en.json()).toEqual({ error: 'invalid_request', error_description: 'grant_type is required', code: 4000, description: 'grant_type is required' });
  });

  it('401 after Basic carries the challenge; without Basic it is a plain 400', async () => {
    const withBasic = await ctx.app.inject({ method: 'POST', url: '/connect/token', ...form({ grant_type: 'client_credentials' }, basic('nobody', 'x')) });
    expect(withBasic.statusCode).toBe(401);
    expect(withBasic.headers['www-authenticate']).toBe('Basic realm="pavilion"');
    expect(withBasic.headers['cache-control']).toBe('no-store');
    const inForm = await ctx.app.inject({ method: 'POST', url: '/connect/token', ...form({ grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'x' }) });
    expect(inForm.statusCode).toBe(400);
    expect(inForm.json()).toMatchObject({ error: 'invalid_client' });
    expect(inForm.headers['www-authenticate']).toBeUndefined();
  });
});

describe('caching', () => {
  it('personal answers are never stored', async () => {
    const token = await ctx.token('host');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/account/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const list = await ctx.app.inject({ method: 'POST', url: '/api/v3/operationlog/query', headers: bearer(await ctx.token('admin')), payload: {} });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/host', payload: { userName: 'host', password: 'pavilion' } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/v1/account/me', headers: bearer('expired') });
    expect(refused.headers['cache-control']).toBe('no-store');
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['cache-control']).toBeUndefined();
  });

  it('the region trees carry an ETag, answer 304 to If-None-Match, and change tag when the directory changes', async () => {
    for (const url of ['/api/Region/GetListAndChildren', '/api/City/GetListAndChildren']) {
      const first = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      expect(first.headers['content-encoding']).toBe('gzip');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      // Signed-in callers get the same public answer: the route opts into caching.
      const again = await ctx.app.inject({ method: 'GET', url: `${url}?t=1`, headers: { 'if-none-match': etag, ...bearer(await ctx.token('exhibitor')) } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, no-cache');
      const stale = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': 'W/"old"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.json().data.length).toBeGreaterThan(0);
    }
    const tree = await ctx.app.inject({ method: 'GET', url: '/api/Region/GetListAndChildren' });
    const before = String(tree.headers.etag);
    const parentId = tree.json().data[0].id as string;
    const made = await ctx.app.inject({ method: 'POST', url: '/api/Region', headers: bearer(await ctx.token('admin')), payload: { parentId, name: '缓存测试区域', nameEn: 'Cache test area' } });
    expect(made.statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/Region/GetListAndChildren', headers: { 'if-none-match': before } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
  });
});

describe('the OpenAPI document', () => {
  type Op = { operationId?: string; security?: Record<string, string[]>[]; responses: Record<string, { $ref?: string }> };
  const operations = () => {
    const doc = ctx.app.swagger() as unknown as { paths: Record<string, Record<string, Op>>; components: { schemas: Record<string, unknown>; responses: Record<string, unknown> } };
    const ops = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));
    return { doc, ops };
  };

  it('documents every route: a security scheme from its config, a stable unique operationId, its 4xx answers', () => {
    const { ops } = operations();
    const routes = new Map(ctx.app.routeList.map((r) => [`${r.method.toLowerCase()} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r]));
    expect(ops.length).toBeGreaterThan(250);
    const ids = new Set<string>();
    for (const { path, method, op } of ops) {
      const where = `${method.toUpperCase()} ${path}`;
      const route = routes.get(`${method} ${path}`);
      expect(route, where).toBeDefined();
      expect(op.security, where).toEqual(route!.public ? (path === '/connect/token' ? [{ clientBasic: [] }, {}] : []) : [{ bearer: [] }]);
      expect(op.operationId, where).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
      expect(ids.has(op.operationId!), `${where}: ${op.operationId} twice`).toBe(false);
      ids.add(op.operationId!);
      expect(Object.keys(op.responses).some((s) => /^4\d\d$/.test(s)), where).toBe(true);
      if (!route!.public) expect(op.responses['401']?.$ref, where).toBe('#/components/responses/Unauthorized');
    }
    const me = ops.find((o) => o.path === '/api/v1/account/me')!.op;
    expect(me.operationId).toBe('getV1AccountMe');
    expect(ops.find((o) => o.path === '/connect/token')!.op.responses['401']?.$ref).toBe('#/components/responses/OAuthUnauthorized');
  });

  it('documents 429 on the calls that count attempts, each of them a route', () => {
    const { ops } = operations();
    for (const path of RATE_LIMITED_PATHS) {
      const matching = ops.filter((o) => (path.endsWith('/*') ? o.path.toLowerCase().startsWith(path.slice(0, -1).toLowerCase()) : o.path.toLowerCase() === path.toLowerCase()));
      expect(matching.length, path).toBeGreaterThan(0);
      for (const { op } of matching) expect(op.responses['429']?.$ref, path).toBe('#/components/responses/TooManyRequests');
    }
    expect(ops.find((o) => o.path === '/api/v1/account/me')!.op.responses['429']).toBeUndefined();
  });

  it('every $ref resolves; the recursive trees are named components, not an empty schema0', () => {
    const { doc } = operations();
    const text = JSON.stringify(doc);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/(schemas|responses)\/([^"]+)"/g)];
    expect(refs.length).toBeGreaterThan(0);
    for (const [, kind, name] of refs) expect((doc.components as Record<string, Record<string, unknown>>)[kind!]![name!], `${kind}/${name}`).toBeDefined();
    expect(text).not.toContain('schema0');
    expect([...text.matchAll(/"\$ref":"(?!#\/components\/(schemas|responses)\/)/g)]).toHaveLength(0);
    for (const name of ['RegionTreeNode', 'ProductTag', 'CategoryNode', 'FormItem', 'ErrorBody']) expect(doc.components.schemas[name], name).toBeDefined();
  });
});
