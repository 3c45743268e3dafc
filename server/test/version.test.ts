import { eq } from 'drizzle-orm';
import { featureCatalogue } from '@pavilion/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION_IDS } from '../src/modules/version/seed.ts';
import { feature, platformVersion } from '../src/modules/version/tables.ts';
import { ensurePlatformData } from '../src/seed/platform.ts';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
const uniq = () => Math.random().toString(36).slice(2, 10);
let customFeature = '';
let spareVersion = '';
const call = async (as: Actor, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(await ctx.token(as)), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload ? { payload } : {}) });
const featureId = async (key: string) => (await ctx.db.select().from(feature).where(eq(feature.key, key)))[0]!.id;
const keysOf = async (exhibitionId: string, as: Actor = 'admin') => json(await call(as, 'GET', `/api/v3/version/display/feature/exhibitionid/${exhibitionId}?t=1`)).data.keys as string[];

beforeAll(async () => {
  ctx = await createTestContext();
  customFeature = json(await call('admin', 'POST', '/api/v3/version/feature', { key: `custom${uniq()}`, name: '定制功能' })).data.id;
  spareVersion = json(await call('admin', 'POST', '/api/v3/version', { name: `备用版 ${uniq()}` })).data.id;
});
afterAll(() => ctx.close());
const get = () => ctx;

describe('POST /api/v3/version/feature', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/version/feature', payload: { key: `k${uniq()}`, name: '功能' } }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('PUT /api/v3/version/feature', () => {
  routeSecurity(get, { request: () => ({ method: 'PUT', url: '/api/v3/version/feature', payload: { id: customFeature, description: '说明' } }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('DELETE /api/v3/version/feature', () => {
  // A feature of its own, in no version, so the one deletion succeeds.
  let spare = '';
  beforeAll(async () => {
    spare = json(await call('admin', 'POST', '/api/v3/version/feature', { key: `del${uniq()}`, name: '待删功能' })).data.id;
  });
  routeSecurity(get, { request: () => ({ method: 'DELETE', url: `/api/v3/version/feature?featureId=${spare}` }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('GET /api/v3/version/feature/list', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: '/api/v3/version/feature/list?t=1' }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { none: 'the feature catalogue is platform data, the same list for every tenant; no host or exhibitor owns a feature' },
  });
});
describe('POST /api/v3/version/query', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/version/query', payload: {} }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('POST /api/v3/version', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/version', payload: { name: `版本 ${uniq()}` } }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('PATCH /api/v3/version', () => {
  routeSecurity(get, { request: () => ({ method: 'PATCH', url: `/api/v3/version?id=${spareVersion}`, payload: { nameEn: 'Spare' } }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('DELETE /api/v3/version', () => {
  // A version no exhibition uses, so the one deletion succeeds.
  let spare = '';
  beforeAll(async () => {
    spare = json(await call('admin', 'POST', '/api/v3/version', { name: `待删版 ${uniq()}` })).data.id;
  });
  routeSecurity(get, { request: () => ({ method: 'DELETE', url: `/api/v3/version?id=${spare}` }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('GET /api/v3/version/version-feature', () => {
  routeSecurity(get, { request: () => ({ method: 'GET', url: `/api/v3/version/version-feature?versionId=${VERSION_IDS.basic}` }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('POST /api/v3/version/version-feature/addorupdate', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/version/version-feature/addorupdate', payload: { versionId: spareVersion, featureIds: [] } }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('POST /api/v3/version/feature/customized/addorupdate', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/version/feature/customized/addorupdate', payload: { exhibitionId: c.other.exhibitionId, items: [{ featureId: customFeature, enabled: null }] } }),
    allowed: ['admin'],
    denied: ['host', 'exhibitor'],
  });
});
describe('GET /api/v3/version/version-exhibition', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `/api/v3/version/version-exhibition?exhibitionId=${c.demo.exhibitionId}` }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v3/version/version-exhibition?exhibitionId=${c.other.exhibitionId}` }) },
  });
});
describe('PUT /api/v3/version/version-exhibition', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'PUT', url: '/api/v3/version/version-exhibition', payload: { exhibitionId: c.other.exhibitionId, versionId: VERSION_IDS.professional } }),
    allowed: ['admin'],
    denied: ['host', 'exhibitor'],
  });
});
describe('GET /api/v3/version/display/feature/exhibitionid/{id}', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `/api/v3/version/display/feature/exhibitionid/${c.demo.exhibitionId}` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v3/version/display/feature/exhibitionid/${c.other.exhibitionId}` }) },
  });
  it("keeps an exhibitor out of another exhibition's keys", async () => {
    expect((await call('exhibitor', 'GET', `/api/v3/version/display/feature/exhibitionid/${ctx.other.exhibitionId}`)).statusCode).toBe(404);
  });
});

describe('versions and features', () => {
  it('ships the catalogue and three versions; the demo exhibition runs on the professional one', async () => {
    const list = json(await call('host', 'GET', '/api/v3/version/feature/list')).data;
    expect(list.filter((f: { builtIn: boolean }) => f.builtIn).map((f: { key: string }) => f.key)).toEqual(featureCatalogue.map((f) => f.key));
    const versions = json(await call('admin', 'POST', '/api/v3/version/query', {})).data.items.map((v: { id: string }) => v.id);
    expect(versions.filter((v: string) => Object.values(VERSION_IDS).includes(v as never))).toEqual([VERSION_IDS.basic, VERSION_IDS.professional, VERSION_IDS.flagship]);
    const demo = json(await call('exhibitor', 'GET', `/api/v3/version/display/feature/exhibitionid/${ctx.demo.exhibitionId}`)).data;
    expect(demo.versionId).toBe(VERSION_IDS.professional);
    expect(demo.keys).toEqual(expect.arrayContaining(['live', 'activity', 'product', 'dataDownload']));
    expect(demo.keys).not.toContain('vote');
    const flagship = json(await call('admin', 'GET', `/api/v3/version/version-feature?versionId=${VERSION_IDS.flagship}`)).data.features;
    expect(flagship).toHaveLength(featureCatalogue.length);
    expect(json(await call('admin', 'GET', `/api/v3/version/feature/list?group=live`)).data.map((f: { key: string }) => f.key)).toEqual(['live']);
  });

  it("computes an exhibition's keys from its version plus customised additions minus removals", async () => {
    const ex = ctx.other.exhibitionId;
    const set = await call('admin', 'PUT', '/api/v3/version/version-exhibition', { exhibitionId: ex, versionId: VERSION_IDS.basic });
    expect(json(set).data).toMatchObject({ versionId: VERSION_IDS.basic, versionName: '基础版', versionNameEn: 'Basic', customized: [] });
    expect(await keysOf(ex, 'host2')).toEqual(['product', 'exhibitorService', 'audience', 'advisory', 'statistics', 'sms']);
    const [live, product] = [await featureId('live'), await featureId('product')];
    const custom = await call('admin', 'POST', '/api/v3/version/feature/customized/addorupdate', { exhibitionId: ex, items: [{ featureId: live, enabled: true }, { featureId: product, enabled: false }] });
    expect(json(custom).data.customized).toEqual([
      { featureId: product, key: 'product', enabled: false },
      { featureId: live, key: 'live', enabled: true },
    ]);
    const keys = await keysOf(ex, 'exhibitor3');
    expect(keys).toContain('live');
    expect(keys).not.toContain('product');
    // a host reads its exhibition's version and customisations
    expect(json(await call('host2', 'GET', `/api/v3/version/version-exhibition?exhibitionId=${ex}`)).data.keys).toEqual(keys);
    await call('admin', 'POST', '/api/v3/version/feature/customized/addorupdate', { exhibitionId: ex, items: [{ featureId: product, enabled: null }, { featureId: live, enabled: false }] });
    expect(await keysOf(ex)).toEqual(['product', 'exhibitorService', 'audience', 'advisory', 'statistics', 'sms']);
    // a removal of a key the version lacks changes nothing; without a version only additions count
    await call('admin', 'PUT', '/api/v3/version/version-exhibition', { exhibitionId: ex, versionId: null });
    expect(await keysOf(ex)).toEqual([]);
    await call('admin', 'POST', '/api/v3/version/feature/customized/addorupdate', { exhibitionId: ex, items: [{ featureId: await featureId('vote'), enabled: true }] });
    expect(await keysOf(ex)).toEqual(['vote']);
    const log = json(await call('host2', 'POST', '/api/v3/operationlog/query', { targetId: ex, pageSize: 50 })).data.items.map((r: { action: string }) => r.action);
    expect(log).toEqual(expect.arrayContaining(['exhibition.version.set', 'exhibition.features.customize']));
  });

  it("replaces a version's feature set, and every exhibition on it follows", async () => {
    const v = json(await call('admin', 'POST', '/api/v3/version', { name: `测试版 ${uniq()}`, nameEn: 'Test' })).data.id;
    const ids = [await featureId('talk'), await featureId('vote'), await featureId('talk')];
    const res = await call('admin', 'POST', '/api/v3/version/version-feature/addorupdate', { versionId: v, featureIds: ids });
    expect(json(res).data.features.map((f: { key: string }) => f.key)).toEqual(['talk', 'vote']);
    await call('admin', 'PUT', '/api/v3/version/version-exhibition', { exhibitionId: ctx.other.exhibitionId, versionId: v });
    await call('admin', 'POST', '/api/v3/version/version-feature/addorupdate', { versionId: v, featureIds: [await featureId('meeting')] });
    expect(await keysOf(ctx.other.exhibitionId)).toEqual(expect.arrayContaining(['meeting', 'vote']));
    expect(await keysOf(ctx.other.exhibitionId)).not.toContain('talk');
    const unknown = await call('admin', 'POST', '/api/v3/version/version-feature/addorupdate', { versionId: v, featureIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(unknown.statusCode).toBe(404);
    const log = json(await call('admin', 'POST', '/api/v3/operationlog/query', { action: 'version.features.set', targetId: v })).data.items;
    expect(log[0]).toMatchObject({ before: { keys: ['talk', 'vote'] }, after: { keys: ['meeting'] } });
  });

  it('refuses deleting a built-in feature, a feature in use and a version in use, each with its code', async () => {
    const builtIn = await call('admin', 'DELETE', `/api/v3/version/feature?featureId=${await featureId('live')}`, undefined, 'en');
    expect(builtIn.statusCode).toBe(409);
    expect(json(builtIn)).toMatchObject({ code: 4028, description: 'Feature "live" is built into the platform; it cannot be deleted' });

    const key = `promo${uniq()}`;
    const f = json(await call('admin', 'POST', '/api/v3/version/feature', { key, name: '临时功能', group: 'marketing' })).data;
    expect(f).toMatchObject({ key, group: 'marketing', builtIn: false });
    const dup = await call('admin', 'POST', '/api/v3/version/feature', { key, name: 'again' });
    expect(json(dup)).toMatchObject({ code: 4009, field: 'key' });
    const v = json(await call('admin', 'POST', '/api/v3/version', { name: `删除测试 ${uniq()}` })).data.id;
    await call('admin', 'POST', '/api/v3/version/version-feature/addorupdate', { versionId: v, featureIds: [f.id] });
    const inVersion = await call('admin', 'DELETE', `/api/v3/version/feature?featureId=${f.id}`, undefined, 'en');
    expect(json(inVersion)).toMatchObject({ code: 4024, description: `Feature "${key}" is still used by a version or an exhibition; it cannot be deleted` });
    await call('admin', 'POST', '/api/v3/version/version-feature/addorupdate', { versionId: v, featureIds: [] });
    await call('admin', 'POST', '/api/v3/version/feature/customized/addorupdate', { exhibitionId: ctx.demo.exhibitionId, items: [{ featureId: f.id, enabled: true }] });
    expect(json(await call('admin', 'DELETE', `/api/v3/version/feature?featureId=${f.id}`)).code).toBe(4024);
    await call('admin', 'POST', '/api/v3/version/feature/customized/addorupdate', { exhibitionId: ctx.demo.exhibitionId, items: [{ featureId: f.id, enabled: null }] });
    expect((await call('admin', 'DELETE', `/api/v3/version/feature?featureId=${f.id}`)).statusCode).toBe(200);

    const used = await call('admin', 'DELETE', `/api/v3/version?id=${VERSION_IDS.professional}`, undefined, 'en');
    expect(used.statusCode).toBe(409);
    expect(json(used)).toMatchObject({ code: 4025, description: 'Version "专业版" is still assigned to exhibitions; it cannot be deleted' });
    expect((await call('admin', 'DELETE', `/api/v3/version?id=${v}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/api/v3/version/version-feature?versionId=${v}`)).statusCode).toBe(404);
  });

  it('changes a feature but never its key; refuses a duplicate version name', async () => {
    const res = await call('admin', 'PUT', '/api/v3/version/feature', { id: customFeature, name: '新名字', key: 'changed' });
    expect(json(res).code).toBe(4000);
    expect(json(res).errors![0]!.message).toContain('key');
    const dup = await call('admin', 'PUT', '/api/v3/version/feature', { id: customFeature, description: '只改说明' });
    expect(json(dup).data).toMatchObject({ group: 'content', showIndex: 0, description: '只改说明' });
    const ok = await call('admin', 'PUT', '/api/v3/version/feature', { id: customFeature, name: '新名字', nameEn: 'New name' });
    expect(json(ok).data).toMatchObject({ name: '新名字', nameEn: 'New name' });
    const again = await call('admin', 'POST', '/api/v3/version', { name: '基础版' });
    expect(json(again)).toMatchObject({ code: 4009, field: 'name' });
  });

  it('seeds idempotently: a second start adds nothing and keeps what the administrator changed', async () => {
    await call('admin', 'PUT', '/api/v3/version/feature', { id: await featureId('vote'), name: '评选活动' });
    const before = (await ctx.db.select().from(feature)).length;
    await ensurePlatformData(ctx.db);
    await ensurePlatformData(ctx.db);
    expect((await ctx.db.select().from(feature)).length).toBe(before);
    expect((await ctx.db.select().from(feature).where(eq(feature.key, 'vote')))[0]!.name).toBe('评选活动');
    expect((await ctx.db.select().from(platformVersion).where(eq(platformVersion.id, VERSION_IDS.basic)))).toHaveLength(1);
  });

  it('names a bad exhibition id in the display path', async () => {
    const res = await call('admin', 'GET', '/api/v3/version/display/feature/exhibitionid/not-an-id');
    expect(json(res)).toMatchObject({ code: 4000, field: 'id' });
  });
});
