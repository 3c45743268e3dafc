import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { memoryState } from '../src/infra/kv.ts';

/** The web app and the API from one process: caching of hashed assets, index.html for screen paths. */
let app: App;
let database: Database;
const PRECOMPRESSED = `export const x = ${JSON.stringify('y'.repeat(4000))};`;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pavilion-dist-'));
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Pavilion</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'expo.html'), '<!doctype html><title>Expo</title><div id="root" data-site="expo"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  // What the web build writes beside each asset (web/vite.config.ts): marked so the test sees these bytes were sent.
  fs.writeFileSync(path.join(dist, 'assets', 'react-def456.js'), PRECOMPRESSED);
  fs.writeFileSync(path.join(dist, 'assets', 'react-def456.js.gz'), zlib.gzipSync(`${PRECOMPRESSED}// gz`));
  fs.writeFileSync(path.join(dist, 'assets', 'react-def456.js.br'), zlib.brotliCompressSync(`${PRECOMPRESSED}// br`));
  database = await openDatabase({ dataDir: null });
  app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dist, WEB_DIST: dist }), database, shared: memoryState(), logger: false, web: true });
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers every screen path with index.html, never cached', async () => {
    for (const url of ['/', '/live/index/home/home', '/ex-live-en/login/ex?id=00000000-0000-4000-a000-000000000001', '/admin/adminEx']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers the visitor site’s own light page for /expo/* and /expo-en/*', async () => {
    for (const url of ['/expo/00000000-0000-4000-a000-000000000001', '/expo-en/00000000-0000-4000-a000-000000000001/exhibitors?keyword=a', '/expo/x/register?group=vip']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('data-site="expo"');
    }
    expect((await app.inject({ method: 'GET', url: '/expository' })).body).not.toContain('data-site="expo"');
    expect((await app.inject({ method: 'GET', url: '/live/index/home/home' })).body).not.toContain('data-site="expo"');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends the .br or .gz the build made, as the caller accepts, and the plain file to a caller that takes neither', async () => {
    for (const [accept, encoding, inflate, mark] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync, '// br'],
      ['gzip, deflate', 'gzip', zlib.gunzipSync, '// gz'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: '/assets/react-def456.js', headers: { 'accept-encoding': accept } });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary, accept).toContain('accept-encoding');
      expect(res.headers['content-type'], accept).toContain('javascript');
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(inflate(res.rawPayload).toString(), accept).toBe(`${PRECOMPRESSED}${mark}`);
    }
    const plain = await app.inject({ method: 'GET', url: '/assets/react-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PRECOMPRESSED);
  });

  it('keeps API paths, /.well-known and missing files out of the fallback', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/nothing' })).json()).toMatchObject({ code: 4004 });
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    for (const url of ['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server', '/.WELL-KNOWN/x']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.json()).toMatchObject({ success: false, code: 4004 });
    }
  });

  it('compresses screen pages as the caller accepts, and revalidates them by ETag', async () => {
    const plain = await app.inject({ method: 'GET', url: '/live/index/home/home' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding, inflate] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
      ['br;q=0, gzip;q=0.5', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: '/live/index/home/home', headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(inflate(res.rawPayload).toString()).toBe(plain.body);
    }
    const etag = String(plain.headers.etag);
    const again = await app.inject({ method: 'GET', url: '/ex-live/index/home', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('sends HSTS and upgrade-insecure-requests only to HTTPS callers', async () => {
    const http = await app.inject({ method: 'GET', url: '/', remoteAddress: '192.0.2.20' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    expect(http.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    const proxied = await app.inject({ method: 'GET', url: '/', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.headers['strict-transport-security']).toContain('max-age=');
    expect(proxied.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
