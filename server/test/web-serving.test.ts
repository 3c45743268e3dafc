import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { memoryState } from '../src/infra/kv.ts';

/** The web app and the API from one process: caching of hashed assets, index.html for screen paths. */
let app: App;
let database: Database;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pavilion-dist-'));
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Pavilion</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
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

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('keeps API paths and missing files out of the fallback', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/nothing' })).json()).toMatchObject({ code: 4004 });
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});
