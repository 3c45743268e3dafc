import { gunzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok as okSchema, regionTreeNode, type RegionTreeNode } from '@pavilion/contract';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { operationLog } from '../src/oplog/tables.ts';
import { cities, findCountryByIso, internationalGroup, mainlandGroup, provinces } from '../src/modules/reference/directory/directory.ts';
import { ensureReferenceData } from '../src/modules/reference/seed.ts';
import { businessType, productTag, region } from '../src/modules/reference/tables.ts';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
const get = () => ctx;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (as: Actor | null, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, ...(payload !== undefined ? { payload: payload as never } : {}), headers: { ...headers, ...(as ? bearer(await ctx.token(as)) : {}) } });
const admin = (method: Method, url: string, payload?: unknown) => call('admin', method, url, payload);

/** Ids from the directory the tables are seeded from (the rows keep them). */
const province = (name: string) => provinces().find((p) => p.name === name)!.id;
const city = (name: string) => cities().find((c) => c.name === name)!.id;
const continent = (nameEn: string) => internationalGroup().lists!.find((c) => c.nameEn === nameEn)!.id;
const HANGZHOU = city('杭州市');
const ZHEJIANG = province('浙江省');
const XIHU = cities().find((c) => c.name === '杭州市')!.lists!.find((d) => d.name === '西湖区')!.id;

let unique = 0;
const fresh = (prefix: string) => `${prefix}${Date.now().toString(36)}${unique++}`;
let flags = 0;
/** An unused flag class: flag-q followed by two letters. */
const freshFlag = () => {
  const n = flags++;
  return `flag-q${String.fromCharCode(97 + ((n / 26) | 0) % 26)}${String.fromCharCode(97 + (n % 26))}`;
};

async function settledClientToken() {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'pavilion-settled', client_secret: 'pavilion-settled-secret' }).toString(),
  });
  return res.json().access_token as string;
}

async function opLog(action: string, targetId: string) {
  return ctx.db.select().from(operationLog).where(and(eq(operationLog.action, action), eq(operationLog.targetId, targetId)));
}

// ---------------------------------------------------------------- security, every route

describe('public directory reads', () => {
  const reads: [Method, string, unknown?][] = [
    ['GET', '/api/Region/GetListAndChildren?t=1'],
    ['GET', '/api/City/GetListAndChildren?t=1'],
    ['GET', `/api/City/GetByParentId?parentId=${ZHEJIANG}&t=1`],
    ['GET', '/api/City/Search?keyword=hangzhou&t=1'],
    ['GET', '/api/Country/GetList?t=1'],
    ['GET', '/api/v1/country/countries?t=1'],
    ['POST', '/api/v1/country/find', { code: '44' }],
  ];
  for (const [method, url, payload] of reads)
    it(`${method} ${url.split('?')[0]} answers anyone: anonymous, the settling client and every role`, async () => {
      const client = await settledClientToken();
      expect((await call(null, method, url, payload)).statusCode).toBe(200);
      expect((await call(null, method, url, payload, bearer(client))).statusCode).toBe(200);
      for (const as of ['admin', 'host', 'exhibitor'] as const) expect((await call(as, method, url, payload)).statusCode).toBe(200);
    });
});

describe('GET /api/actionType/GetList, GET /api/BusinessType/GetList, POST /api/v1/prochannel/find', () => {
  const reads = [
    { method: 'GET' as const, url: '/api/actionType/GetList?typeId=1&t=1' },
    { method: 'GET' as const, url: '/api/BusinessType/GetList?t=1' },
    { method: 'POST' as const, url: '/api/v1/prochannel/find', payload: {} },
  ];
  for (const r of reads) routeSecurity(get, { request: () => r, allowed: ['admin', 'host', 'exhibitor'], denied: [], otherTenant: { none: 'action types, business types and product channels are platform reference data that every tenant reads; no host or exhibitor owns one' } });
  it('let the settling client read them too', async () => {
    const client = bearer(await settledClientToken());
    for (const r of reads) expect((await call(null, r.method, r.url, r.payload, client)).statusCode).toBe(200);
  });
});

describe('GET /api/v1/protag/getbyexhibitionid', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `/api/v1/protag/getbyexhibitionid?exhibitionId=${c.demo.exhibitionId}&t=1` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v1/protag/getbyexhibitionid?exhibitionId=${c.other.exhibitionId}` }) },
  });
  it("keeps an exhibitor out of another exhibition's tags", async () => {
    const res = await call('exhibitor', 'GET', `/api/v1/protag/getbyexhibitionid?exhibitionId=${ctx.other.exhibitionId}`);
    expect(res.statusCode).toBe(404);
  });
});

// ---------------------------------------------------------------- the directory, read

describe('the directory as the calls answer it', () => {
  const tree = async (url: string) => json(await call(null, 'GET', url)).data as RegionTreeNode[];
  const named = (nodes: RegionTreeNode[], name: string) => nodes.find((n) => n.name === name)!;

  it('answers the whole tree: International with six continents and 240 countries, Chinese Mainland with +86', async () => {
    const res = await call(null, 'GET', '/api/Region/GetListAndChildren');
    expect(okSchema(z.array(regionTreeNode)).safeParse(res.json()).success).toBe(true);
    const [intl, cn] = res.json().data as RegionTreeNode[];
    expect(intl).toMatchObject({ id: internationalGroup().id, name: '国际', nameEn: 'International', kind: 'top' });
    expect(intl!.lists.map((c) => c.nameEn)).toEqual(['Asia', 'Europe', 'North America', 'South America', 'Oceania', 'Africa']);
    expect(intl!.lists.flatMap((c) => c.lists)).toHaveLength(240);
    expect(cn).toMatchObject({ id: mainlandGroup().id, name: '中国大陆', code: '86', param: 'flag-cn' });
    expect(cn!.lists.map((r) => r.name)).toContain('华东');
  });

  it('puts Hangzhou (0571) under 浙江省, and 西湖区 (0571) under Hangzhou', async () => {
    const zhejiang = named(await tree('/api/City/GetListAndChildren?t=2'), '浙江省');
    expect(zhejiang).toMatchObject({ id: ZHEJIANG, kind: 'province', nameEn: 'Zhejiang' });
    const hangzhou = named(zhejiang.lists, '杭州市');
    expect(hangzhou).toMatchObject({ id: HANGZHOU, kind: 'city', code: '0571', nameEn: 'Hangzhou' });
    expect(named(hangzhou.lists, '西湖区')).toMatchObject({ code: '0571', nameEn: 'Xihu District' });
  });

  it('lists the 34 province-level divisions in the cascade, Shanghai (021) holding its districts directly', async () => {
    const list = await tree('/api/City/GetListAndChildren');
    expect(list).toHaveLength(34);
    const shanghai = named(list, '上海市');
    expect(shanghai.code).toBe('021');
    expect(named(shanghai.lists, '浦东新区')).toMatchObject({ kind: 'district', code: '021' });
    expect(named(list, '香港特别行政区').code).toBe('00852');
    expect(named(list, '台湾省')).toMatchObject({ code: null, lists: [] });
  });

  it('sends the tree gzipped, once compressed, to a caller that accepts it', async () => {
    const plain = await call(null, 'GET', '/api/City/GetListAndChildren');
    const zipped = await call(null, 'GET', '/api/City/GetListAndChildren', undefined, { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
  });

  it('pages the children of a node, saying which have children of their own', async () => {
    const page1 = json(await call(null, 'GET', `/api/City/GetByParentId?parentId=${ZHEJIANG}&pageSize=5`)).data;
    expect(page1).toMatchObject({ hasNextPage: true, pageIndex: 1, pageSize: 5, totalCount: 11 });
    expect(page1.items).toHaveLength(5);
    expect(page1.items[0]).toMatchObject({ id: HANGZHOU, name: '杭州市', code: '0571', parentId: ZHEJIANG, hasChildren: true });
    const page3 = json(await call(null, 'GET', `/api/City/GetByParentId?parentId=${ZHEJIANG}&pageSize=5&pageIndex=3`)).data;
    expect(page3).toMatchObject({ hasNextPage: false, pageIndex: 3, totalCount: 11 });
    expect(page3.items).toHaveLength(1);
    const leaf = json(await call(null, 'GET', `/api/City/GetByParentId?parentId=${XIHU}`)).data;
    expect(leaf).toMatchObject({ hasNextPage: false, totalCount: 0, items: [] });
  });

  it('starts the cascade at the provinces when no parentId is given, and knows no unknown parent', async () => {
    const top = json(await call(null, 'GET', '/api/City/GetByParentId')).data;
    expect(top).toMatchObject({ totalCount: 34, hasNextPage: false });
    expect(top.items.every((p: { kind: string }) => p.kind === 'province')).toBe(true);
    const unknown = await call(null, 'GET', '/api/City/GetByParentId?parentId=00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(json(await call(null, 'GET', '/api/City/GetByParentId?parentId=x'))).toMatchObject({ code: 4000, field: 'parentId' });
  });

  it('searches by Chinese, pinyin, initials and English, with the path for the cascade', async () => {
    const search = async (keyword: string) => json(await call(null, 'GET', `/api/City/Search?keyword=${encodeURIComponent(keyword)}`)).data;
    const [first] = await search('hangzhou');
    expect(first).toMatchObject({ id: HANGZHOU, name: '杭州市', code: '0571' });
    expect(first.path.map((p: { name: string }) => p.name)).toEqual(['华东', '浙江省']);
    expect((await search('hz')).map((m: { name: string }) => m.name)).toContain('杭州市');
    expect((await search('Harbin'))[0].name).toBe('哈尔滨市');
    expect((await search("xi'an"))[0].name).toBe('西安市');
    const xihu = (await search('西湖区')).find((m: { id: string }) => m.id === XIHU);
    expect(xihu.path.map((p: { name: string }) => p.name)).toEqual(['华东', '浙江省', '杭州市']);
    expect(await search('zzzzqqq')).toEqual([]);
    expect(json(await call(null, 'GET', '/api/City/Search?keyword='))).toMatchObject({ code: 4000, field: 'keyword' });
    expect(await search('州')).toHaveLength(20);
    expect(json(await call(null, 'GET', '/api/City/Search?keyword=杭&limit=3')).data).toHaveLength(3);
  });
});

describe('countries', () => {
  it('lists 240 countries with dialling code, flag class and continent; none of CN, HK, MO, TW', async () => {
    const list = json(await call(null, 'GET', '/api/v1/country/countries')).data as { iso2: string; code: string; param: string; continentEn: string }[];
    expect(list).toHaveLength(240);
    for (const iso of ['CN', 'HK', 'MO', 'TW']) expect(list.find((c) => c.iso2 === iso)).toBeUndefined();
    expect(list.find((c) => c.iso2 === 'GB')).toMatchObject({ name: '英国', nameEn: 'United Kingdom', code: '44', param: 'flag-gb', continentEn: 'Europe' });
    expect(list.find((c) => c.iso2 === 'CA')).toMatchObject({ code: '1', continentEn: 'North America' });
    expect(list.find((c) => c.iso2 === 'JP')).toMatchObject({ id: findCountryByIso('JP')!.id, code: '81' });
    const same = json(await call(null, 'GET', '/api/Country/GetList')).data;
    expect(same).toEqual(list);
    const europe = json(await call(null, 'GET', `/api/Country/GetList?continentId=${continent('Europe')}`)).data;
    expect(europe).toHaveLength(53);
  });

  it('finds by exact dialling code, name and continent, paged', async () => {
    const find = async (body: object) => json(await call(null, 'POST', '/api/v1/country/find', body)).data;
    const uk = await find({ code: '44' });
    expect(uk.items.map((c: { iso2: string }) => c.iso2).sort()).toEqual(['GB', 'GG', 'IM', 'JE']);
    expect((await find({ code: '+44' })).totalCount).toBe(4);
    expect((await find({ code: '4' })).totalCount).toBe(0);
    expect((await find({ name: '日本' })).items[0]).toMatchObject({ iso2: 'JP' });
    expect((await find({ name: 'germany' })).items[0]).toMatchObject({ iso2: 'DE' });
    const paged = await find({ continentId: continent('Africa'), pageSize: 10, pageIndex: 6 });
    expect(paged).toMatchObject({ totalCount: 59, totalPages: 6, pageIndex: 6 });
    expect(paged.items).toHaveLength(9);
    expect(json(await call(null, 'POST', '/api/v1/country/find', { code: 'uk' }))).toMatchObject({ code: 4000, field: 'code' });
  });
});

// ---------------------------------------------------------------- administration

describe('administration of the directory and the lists: administrator only', () => {
  /** Rows that the "right role" case of each update and delete acts on. */
  const target: Record<string, string> = {};
  beforeAll(async () => {
    const make = async (url: string, payload: object) => json(await admin('POST', url, payload)).data.id as string;
    target.regionPut = await make('/api/Region', { parentId: mainlandGroup().id, name: fresh('区域'), nameEn: fresh('Area ') });
    target.regionDel = await make('/api/Region', { parentId: mainlandGroup().id, name: fresh('区域'), nameEn: fresh('Area ') });
    target.cityPut = await make('/api/City', { parentId: HANGZHOU, kind: 'district', name: fresh('区'), nameEn: fresh('District '), code: '0571' });
    target.cityDel = await make('/api/City', { parentId: HANGZHOU, kind: 'district', name: fresh('区'), nameEn: fresh('District '), code: '0571' });
    const country = () => ({ continentId: continent('Oceania'), name: fresh('国'), nameEn: fresh('Land '), code: '999', param: freshFlag() });
    target.countryPut = await make('/api/Country', country());
    target.countryDel = await make('/api/Country', country());
    target.actionPut = await make('/api/actionType', { typeId: 1, name: fresh('活动') });
    target.actionDel = await make('/api/actionType', { typeId: 1, name: fresh('活动') });
    target.businessPut = await make('/api/BusinessType', { name: fresh('类型') });
    target.businessDel = await make('/api/BusinessType', { name: fresh('类型') });
  });

  const cases: [string, (c: TestContext) => { method: Method; url: string; payload?: unknown }][] = [
    ['POST /api/Region', () => ({ method: 'POST', url: '/api/Region', payload: { parentId: mainlandGroup().id, name: fresh('区域') } })],
    ['PUT /api/Region', () => ({ method: 'PUT', url: '/api/Region', payload: { id: target.regionPut, showIndex: 99 } })],
    ['DELETE /api/Region', () => ({ method: 'DELETE', url: `/api/Region?id=${target.regionDel}` })],
    ['POST /api/City', () => ({ method: 'POST', url: '/api/City', payload: { parentId: HANGZHOU, name: fresh('新区'), code: '0571' } })],
    ['PUT /api/City', () => ({ method: 'PUT', url: '/api/City', payload: { id: target.cityPut, showIndex: 99 } })],
    ['DELETE /api/City', () => ({ method: 'DELETE', url: `/api/City?id=${target.cityDel}` })],
    ['POST /api/Country', () => ({ method: 'POST', url: '/api/Country', payload: { continentId: continent('Oceania'), name: fresh('国'), nameEn: fresh('Country '), code: '998', param: freshFlag() } })],
    ['PUT /api/Country', () => ({ method: 'PUT', url: '/api/Country', payload: { id: target.countryPut, showIndex: 99 } })],
    ['DELETE /api/Country', () => ({ method: 'DELETE', url: `/api/Country?id=${target.countryDel}` })],
    ['POST /api/actionType', () => ({ method: 'POST', url: '/api/actionType', payload: { typeId: 2, name: fresh('目的') } })],
    ['PUT /api/actionType', () => ({ method: 'PUT', url: '/api/actionType', payload: { id: target.actionPut, showIndex: 99 } })],
    ['DELETE /api/actionType', () => ({ method: 'DELETE', url: `/api/actionType?id=${target.actionDel}` })],
    ['POST /api/BusinessType', () => ({ method: 'POST', url: '/api/BusinessType', payload: { name: fresh('类型') } })],
    ['PUT /api/BusinessType', () => ({ method: 'PUT', url: '/api/BusinessType', payload: { id: target.businessPut, showIndex: 99 } })],
    ['DELETE /api/BusinessType', () => ({ method: 'DELETE', url: `/api/BusinessType?id=${target.businessDel}` })],
  ];
  for (const [name, request] of cases)
    describe(name, () => {
      routeSecurity(get, { request, allowed: ['admin'], denied: ['host', 'exhibitor'] });
    });

  it('refuses the settling client', async () => {
    const res = await call(null, 'POST', '/api/BusinessType', { name: fresh('类型') }, bearer(await settledClientToken()));
    expect(res.statusCode).toBe(403);
  });
});

describe('changing the directory', () => {
  const childrenOf = async (parentId: string) => json(await call(null, 'GET', `/api/City/GetByParentId?parentId=${parentId}`)).data.items as { id: string; name: string; code: string }[];

  it('creates, renames, moves and deletes a district; every read follows at once; each change is logged', async () => {
    expect(await childrenOf(HANGZHOU)).not.toContainEqual(expect.objectContaining({ name: '云栖区' })); // warms the cache
    const created = await admin('POST', '/api/City', { parentId: HANGZHOU, kind: 'district', name: '云栖区', nameEn: 'Yunqi District', code: '0571' });
    expect(created.statusCode, created.body).toBe(200);
    const id = json(created).data.id as string;
    expect(json(created).data).toMatchObject({ parentId: HANGZHOU, kind: 'district', code: '0571', hasChildren: false });
    expect(await childrenOf(HANGZHOU)).toContainEqual(expect.objectContaining({ id, name: '云栖区' }));
    expect(json(await call(null, 'GET', '/api/City/Search?keyword=yunqi')).data[0]).toMatchObject({ id });

    const renamed = await admin('PUT', '/api/City', { id, name: '云栖新区', code: '0572' });
    expect(json(renamed).data).toMatchObject({ name: '云栖新区', nameEn: 'Yunqi District', code: '0572' });
    expect(await childrenOf(HANGZHOU)).toContainEqual(expect.objectContaining({ id, name: '云栖新区', code: '0572' }));

    const ningbo = city('宁波市');
    expect(json(await admin('PUT', '/api/City', { id, parentId: ningbo })).data.parentId).toBe(ningbo);
    expect((await childrenOf(HANGZHOU)).map((c) => c.id)).not.toContain(id);
    expect((await childrenOf(ningbo)).map((c) => c.id)).toContain(id);

    expect(json(await admin('DELETE', `/api/City?id=${id}`)).data).toBe(true);
    expect((await childrenOf(ningbo)).map((c) => c.id)).not.toContain(id);
    expect((await admin('DELETE', `/api/City?id=${id}`)).statusCode).toBe(404);

    const [create] = await opLog('city.create', id);
    expect(create).toMatchObject({ targetType: 'city', role: 2, after: { name: '云栖区', code: '0571', parentId: HANGZHOU } });
    const [update] = await opLog('city.update', id);
    expect(update).toMatchObject({ before: { name: '云栖区', code: '0571' }, after: { name: '云栖新区', code: '0572' } });
    expect(await opLog('city.delete', id)).toHaveLength(1);
  });

  it('refuses to delete a node that has children (4020, 409), in the caller language', async () => {
    const res = await call('admin', 'DELETE', `/api/City?id=${HANGZHOU}`, undefined, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ success: false, code: 4020, description: 'City still has children; delete them first' });
    const asia = await admin('DELETE', `/api/Region?id=${continent('Asia')}`);
    expect(json(asia)).toMatchObject({ code: 4020 });
    expect(json(asia).description).toBe('地区下还有下级数据，请先删除下级');
    expect((await childrenOf(ZHEJIANG)).map((c) => c.id)).toContain(HANGZHOU);
  });

  it('keeps each family of calls to its own kinds', async () => {
    expect((await admin('DELETE', `/api/City?id=${findCountryByIso('JP')!.id}`)).statusCode).toBe(404);
    expect((await admin('PUT', '/api/Country', { id: HANGZHOU, code: '1' })).statusCode).toBe(404);
    expect((await admin('PUT', '/api/Region', { id: ZHEJIANG, showIndex: 1 })).statusCode).toBe(404);
    expect(json(await admin('POST', '/api/City', { parentId: continent('Asia'), name: '某地' }))).toMatchObject({ code: 4000, field: 'parentId' });
    expect(json(await admin('POST', '/api/Region', { parentId: ZHEJIANG, name: '某区域' }))).toMatchObject({ code: 4000, field: 'parentId' });
    expect(json(await admin('POST', '/api/City', { parentId: ZHEJIANG, kind: 'country', name: '某地' }))).toMatchObject({ code: 4000, field: 'kind' });
    expect(json(await admin('PUT', '/api/City', { id: HANGZHOU, parentId: continent('Asia') }))).toMatchObject({ code: 4000, field: 'parentId' });
  });

  it('picks the kind from the parent: a continent under International, a district under a municipality, a group for a null name', async () => {
    const made = async (url: string, body: object) => json(await admin('POST', url, body)).data;
    const c = await made('/api/Region', { parentId: internationalGroup().id, name: '南极洲', nameEn: 'Antarctica' });
    expect(c).toMatchObject({ kind: 'continent', parentId: internationalGroup().id });
    const d = await made('/api/City', { parentId: city('上海市'), name: '测试新区', code: '021' });
    expect(d.kind).toBe('district');
    const g = await made('/api/City', { parentId: ZHEJIANG, name: null });
    expect(g).toMatchObject({ kind: 'group', name: null });
    expect(json(await admin('POST', '/api/City', { parentId: ZHEJIANG, kind: 'city', name: null }))).toMatchObject({ code: 4000, field: 'name' });
    for (const [url, id] of [['/api/Region', c.id], ['/api/City', d.id], ['/api/City', g.id]]) expect((await admin('DELETE', `${url}?id=${id}`)).statusCode).toBe(200);
  });

  it('refuses duplicates with 409 naming the field', async () => {
    expect(json(await admin('POST', '/api/City', { parentId: HANGZHOU, name: '西湖区' }))).toMatchObject({ code: 4009, field: 'name' });
    expect(json(await admin('POST', '/api/City', { parentId: HANGZHOU, name: '新西湖区', nameEn: 'XIHU DISTRICT' }))).toMatchObject({ code: 4009, field: 'nameEn' });
    const lin = await admin('PUT', '/api/City', { id: XIHU, name: '上城区' });
    expect(lin.statusCode).toBe(409);
    const asia = continent('Asia');
    expect(json(await admin('POST', '/api/Country', { continentId: asia, name: '英国', nameEn: 'Britain 2', code: '44', param: 'flag-xa' }))).toMatchObject({ code: 4009, field: 'name' });
    expect(json(await admin('POST', '/api/Country', { continentId: asia, name: '某国', nameEn: 'Somewhere', code: '44', param: 'flag-gb' }))).toMatchObject({ code: 4009, field: 'param' });
    expect(json(await admin('POST', '/api/BusinessType', { name: '生产商' }))).toMatchObject({ code: 4009, field: 'name' });
    expect(json(await admin('POST', '/api/actionType', { typeId: 1, name: '论坛' }))).toMatchObject({ code: 4009, field: 'name' });
    // the same name in another group of action types is fine: "其他" is seeded in both
    const others = json(await call('host', 'GET', '/api/actionType/GetList')).data.filter((a: { name: string }) => a.name === '其他');
    expect(others.map((a: { typeId: number }) => a.typeId)).toEqual([1, 2]);
  });

  it('names the field of bad input', async () => {
    const cases: [string, Method, object, string][] = [
      ['/api/City', 'POST', { parentId: HANGZHOU }, 'name'],
      ['/api/City', 'POST', { parentId: HANGZHOU, name: '坏区', code: 'abc' }, 'code'],
      ['/api/City', 'POST', { parentId: 'nope', name: '坏区' }, 'parentId'],
      ['/api/City', 'POST', { parentId: '00000000-0000-4000-8000-000000000000', name: '坏区' }, 'parentId'],
      ['/api/City', 'PUT', { name: '坏区' }, 'id'],
      ['/api/City', 'PUT', { id: XIHU, name: '' }, 'name'],
      ['/api/Country', 'POST', { name: '某国', nameEn: 'X', code: '1', param: 'flag-xb' }, 'continentId'],
      ['/api/Country', 'POST', { continentId: HANGZHOU, name: '某国', nameEn: 'X', code: '1', param: 'flag-xb' }, 'continentId'],
      ['/api/Country', 'POST', { continentId: continent('Asia'), name: '某国', nameEn: 'X', code: '12345', param: 'flag-xb' }, 'code'],
      ['/api/Country', 'POST', { continentId: continent('Asia'), name: '某国', nameEn: 'X', code: '1', param: 'gb' }, 'param'],
      ['/api/actionType', 'POST', { name: '某类' }, 'typeId'],
      ['/api/BusinessType', 'PUT', { id: 'x' }, 'id'],
      ['/api/BusinessType', 'POST', { name: '某类', showIndex: -1 }, 'showIndex'],
    ];
    for (const [url, method, body, field] of cases) {
      const res = await admin(method, url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(json(res), `${method} ${url} ${JSON.stringify(body)}`).toMatchObject({ code: 4000, field });
    }
    const en = await call('admin', 'POST', '/api/City', { parentId: HANGZHOU }, { 'accept-language': 'en' });
    expect(json(en).errors).toEqual([{ field: 'name', message: 'name is required' }]);
  });

  it('creates, changes and deletes a country; lists and find follow', async () => {
    const body = { continentId: continent('Oceania'), name: '测试岛', nameEn: 'Test Island', code: '6999', param: 'flag-xt' };
    const created = json(await admin('POST', '/api/Country', body)).data;
    expect(created).toMatchObject({ kind: 'country', parentId: continent('Oceania'), code: '6999', param: 'flag-xt' });
    const find = async () => json(await call(null, 'POST', '/api/v1/country/find', { code: '6999' })).data.items;
    expect(await find()).toEqual([expect.objectContaining({ id: created.id, iso2: 'XT', continentEn: 'Oceania' })]);
    await admin('PUT', '/api/Country', { id: created.id, continentId: continent('Asia'), code: '6998' });
    expect(await find()).toEqual([]);
    expect(json(await call(null, 'POST', '/api/v1/country/find', { code: '6998' })).data.items[0]).toMatchObject({ continentEn: 'Asia', name: '测试岛' });
    await admin('DELETE', `/api/Country?id=${created.id}`);
    expect(json(await call(null, 'GET', '/api/v1/country/countries')).data.map((c: { id: string }) => c.id)).not.toContain(created.id);
    const [log] = await opLog('country.update', created.id);
    expect(log).toMatchObject({ before: { code: '6999' }, after: { code: '6998', parentId: continent('Asia') } });
  });
});

describe('action types and business types', () => {
  it('lists action types by group, and follows create, update and delete', async () => {
    const list = async (typeId?: number) => json(await call('exhibitor', 'GET', `/api/actionType/GetList${typeId ? `?typeId=${typeId}` : ''}`)).data as { id: string; typeId: number; name: string }[];
    expect((await list(1)).every((a) => a.typeId === 1)).toBe(true);
    expect((await list(1)).map((a) => a.name)).toContain('论坛');
    expect((await list(2)).map((a) => a.name)).toContain('采购产品');
    const created = json(await admin('POST', '/api/actionType', { typeId: 2, name: '招商', nameEn: 'Investment' })).data;
    expect(created).toMatchObject({ typeId: 2, name: '招商', nameEn: 'Investment' });
    expect((await list(2)).at(-1)).toMatchObject({ id: created.id });
    await admin('PUT', '/api/actionType', { id: created.id, typeId: 1 });
    expect((await list(2)).map((a) => a.id)).not.toContain(created.id);
    expect((await list(1)).map((a) => a.id)).toContain(created.id);
    await admin('DELETE', `/api/actionType?id=${created.id}`);
    expect((await list()).map((a) => a.id)).not.toContain(created.id);
    const [log] = await opLog('actionType.update', created.id);
    expect(log).toMatchObject({ before: { typeId: 2 }, after: { typeId: 1 } });
  });

  it('lists business types in order, and follows create, update and delete', async () => {
    const list = async () => json(await call('host', 'GET', '/api/BusinessType/GetList')).data as { id: string; name: string; nameEn: string; showIndex: number }[];
    expect((await list()).slice(0, 3).map((b) => b.nameEn)).toEqual(['Manufacturer', 'Distributor', 'Agent']);
    const created = json(await admin('POST', '/api/BusinessType', { name: '加盟商', nameEn: 'Franchisee', showIndex: 0 })).data;
    expect((await list()).find((b) => b.id === created.id)).toMatchObject({ name: '加盟商', showIndex: 0 });
    const renamed = json(await admin('PUT', '/api/BusinessType', { id: created.id, nameEn: 'Franchise partner' })).data;
    expect(renamed).toMatchObject({ name: '加盟商', nameEn: 'Franchise partner' });
    expect(json(await admin('PUT', '/api/BusinessType', { id: created.id })).data.nameEn).toBe('Franchise partner');
    await admin('DELETE', `/api/BusinessType?id=${created.id}`);
    expect((await list()).map((b) => b.id)).not.toContain(created.id);
    expect((await admin('PUT', '/api/BusinessType', { id: created.id, name: 'x' })).statusCode).toBe(404);
    // a deleted name can be used again
    const again = await admin('POST', '/api/BusinessType', { name: '加盟商' });
    expect(again.statusCode).toBe(200);
    expect(await opLog('businessType.delete', created.id)).toHaveLength(1);
    const [row] = await ctx.db.select().from(businessType).where(eq(businessType.id, created.id));
    expect(row!.deletedAt).not.toBeNull();
  });
});

describe('product channels and tags', () => {
  it('finds channels by Chinese or English name, paged', async () => {
    const find = async (body: object) => json(await call('exhibitor', 'POST', '/api/v1/prochannel/find', body)).data;
    const all = await find({});
    expect(all.totalCount).toBeGreaterThanOrEqual(6);
    expect(all.items[0]).toMatchObject({ name: '线上电商', nameEn: 'E-commerce' });
    expect((await find({ name: '批发' })).items).toEqual([expect.objectContaining({ nameEn: 'Wholesale' })]);
    expect((await find({ name: 'retail' })).items.map((c: { name: string }) => c.name)).toEqual(['线下零售']);
    expect(await find({ pageSize: 2, pageIndex: 2 })).toMatchObject({ pageIndex: 2, pageSize: 2, totalPages: Math.ceil(all.totalCount / 2) });
  });

  it("answers an exhibition's tags as a tree, only to those who may see the exhibition", async () => {
    const [parent] = await ctx.db.insert(productTag).values({ exhibitionId: ctx.demo.exhibitionId, name: '智能硬件', nameEn: 'Smart hardware', showIndex: 1 }).returning();
    await ctx.db.insert(productTag).values([
      { exhibitionId: ctx.demo.exhibitionId, parentId: parent!.id, name: '可穿戴', nameEn: 'Wearables' },
      { exhibitionId: ctx.demo.exhibitionId, name: '软件服务', showIndex: 0 },
      { exhibitionId: ctx.demo.exhibitionId, name: '已删除', deletedAt: new Date() },
      { exhibitionId: ctx.other.exhibitionId, name: '别家的标签' },
    ]);
    for (const as of ['host', 'exhibitor', 'admin'] as const) {
      const tags = json(await call(as, 'GET', `/api/v1/protag/getbyexhibitionid?exhibitionId=${ctx.demo.exhibitionId}`)).data;
      expect(tags.map((t: { name: string }) => t.name)).toEqual(['软件服务', '智能硬件']);
      expect(tags[1].children).toEqual([expect.objectContaining({ name: '可穿戴', parentId: parent!.id, children: [] })]);
    }
    const theirs = json(await call('host2', 'GET', `/api/v1/protag/getbyexhibitionid?exhibitionId=${ctx.other.exhibitionId}`)).data;
    expect(theirs.map((t: { name: string }) => t.name)).toEqual(['别家的标签']);
    expect((await call('exhibitor3', 'GET', `/api/v1/protag/getbyexhibitionid?exhibitionId=${ctx.demo.exhibitionId}`)).statusCode).toBe(404);
  });
});

// ---------------------------------------------------------------- cache and seeding

describe('the cache of the directory', () => {
  let second: App;
  beforeAll(async () => {
    // a second instance on the same database and the same shared state (Redis in production)
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: ctx.uploadsDir, LOG_LEVEL: 'silent' });
    second = await buildApp({ config, database: { db: ctx.db, kind: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', close: async () => {} }, shared: ctx.shared, logger: false });
    await second.ready();
  });
  afterAll(() => second.close());

  const nameIn = async (app: App, id: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/City/GetByParentId?parentId=${ZHEJIANG}` });
    return (res.json().data.items as { id: string; name: string }[]).find((i) => i.id === id)?.name;
  };

  it('serves reads from memory, and drops them on every instance when any instance changes the data', async () => {
    const wenzhou = city('温州市');
    expect(await nameIn(second, wenzhou)).toBe('温州市');
    // a change behind the application's back is not seen: the second instance answers from its cache
    await ctx.db.update(region).set({ name: '温州市(直改)' }).where(eq(region.id, wenzhou));
    expect(await nameIn(second, wenzhou)).toBe('温州市');
    // a change through the first instance reaches the second one through reference:changed
    expect((await admin('PUT', '/api/City', { id: wenzhou, nameEn: 'Wenzhou City' })).statusCode).toBe(200);
    expect(await nameIn(second, wenzhou)).toBe('温州市(直改)');
    // and any notification on the channel drops it
    await ctx.db.update(region).set({ name: '温州市' }).where(eq(region.id, wenzhou));
    await ctx.shared.publish('reference:changed', 'test');
    expect(await nameIn(second, wenzhou)).toBe('温州市');
    expect(await nameIn(ctx.app, wenzhou)).toBe('温州市');
  });

  it('drops the lists too: a business type created on one instance is listed by the other', async () => {
    const token = await ctx.token('admin');
    const list = async () => (await second.inject({ method: 'GET', url: '/api/BusinessType/GetList', headers: bearer(token) })).json().data as { name: string }[];
    expect((await list()).map((b) => b.name)).not.toContain('渠道商');
    await ctx.db.insert(businessType).values({ name: '直插类型', showIndex: 50 });
    expect((await list()).map((b) => b.name)).not.toContain('直插类型');
    await admin('POST', '/api/BusinessType', { name: '渠道商' });
    expect((await list()).map((b) => b.name)).toEqual(expect.arrayContaining(['渠道商', '直插类型']));
  });
});

describe('seeding', () => {
  it('seeds the tables from the directory with its ids, once: later starts keep the edits', async () => {
    const [row] = await ctx.db.select().from(region).where(eq(region.id, HANGZHOU));
    expect(row).toMatchObject({ parentId: ZHEJIANG, kind: 'city', name: '杭州市', code: '0571' });
    const count = async () => (await ctx.db.select({ id: region.id }).from(region)).length;
    const before = await count();
    expect(before).toBeGreaterThanOrEqual(3481);
    const made = json(await admin('POST', '/api/City', { parentId: HANGZHOU, name: '种子测试区' })).data;
    await admin('DELETE', `/api/City?id=${made.id}`);
    await ensureReferenceData(ctx.db);
    expect(await count()).toBe(before + 1);
    expect(json(await call(null, 'GET', `/api/City/GetByParentId?parentId=${HANGZHOU}`)).data.items.map((i: { id: string }) => i.id)).not.toContain(made.id);
  });
});
