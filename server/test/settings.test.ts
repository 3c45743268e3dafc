import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exhibitionSettingsDefaults } from '@pavilion/contract';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { getExhibitionSettings } from '../src/modules/settings/service.ts';

let ctx: TestContext;
const get = () => ctx;
const me: Record<string, { exhibitorId: string; companyId: string }> = {};
let freeRowId = '';
let otherRowId = '';

const call = async (as: Actor, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(await ctx.token(as)), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const exh = () => ctx.demo.exhibitionId;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const as of ['exhibitor', 'exhibitor2', 'exhibitor3'] as const) me[as] = json(await call(as, 'GET', '/api/v1/account/me')).data;
  freeRowId = json(await call('host', 'POST', '/api/v1/settings', { type: 9, scope: `${exh()}_6`, name: 'liveRoom', value: { gift: true } })).data.id;
  otherRowId = json(await call('host2', 'POST', '/api/v1/settings', { type: 9, scope: `${ctx.other.exhibitionId}_6`, name: 'liveRoom', value: { gift: false } })).data.id;
});
afterAll(() => ctx.close());

const q = (c: TestContext, id = c.demo.exhibitionId) => `exhibitionId=${id}`;
describe('GET /api/v1/settings/exhibition', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `/api/v1/settings/exhibition?${q(c)}&t=1` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v1/settings/exhibition?${q(c, c.other.exhibitionId)}` }) },
  });
});
describe('PUT /api/v1/settings/exhibition/patch', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'PUT', url: `/api/v1/settings/exhibition/patch?${q(c)}`, payload: { showViewCount: true } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'PUT', url: `/api/v1/settings/exhibition/patch?${q(c, c.other.exhibitionId)}`, payload: { showViewCount: true } }) },
  });
});
describe('GET /api/v1/settings/by', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `/api/v1/settings/by?type=1&scope=${c.demo.exhibitionId}&name=exhibition&t=1` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v1/settings/by?type=9&scope=${c.other.exhibitionId}_6&name=liveRoom` }) },
  });
});
describe('POST /api/v1/settings', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v1/settings', payload: { type: 9, scope: c.demo.exhibitionId, name: `n${Math.random()}`, value: 1 } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/settings', payload: { type: 9, scope: c.other.exhibitionId, name: 'x', value: 1 } }) },
  });
});
describe('PATCH /api/v1/settings', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `/api/v1/settings?id=${freeRowId}`, payload: { value: { gift: true } } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PATCH', url: `/api/v1/settings?id=${otherRowId}`, payload: { value: 1 } }) },
  });
});
describe('GET /api/v1/settings/advisory', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `/api/v1/settings/advisory?${q(c)}` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'exhibitor', request: (c) => ({ method: 'GET', url: `/api/v1/settings/advisory?${q(c, c.other.exhibitionId)}` }) },
  });
});
describe('PUT /api/v1/settings/advisory', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'PUT', url: `/api/v1/settings/advisory?${q(c)}`, payload: { homeCount: 4 } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'PUT', url: `/api/v1/settings/advisory?${q(c, c.other.exhibitionId)}`, payload: { homeCount: 4 } }) },
  });
});
describe('GET /api/v1/settings/exhibitor', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v1/settings/exhibitor?exhibitorId=${me.exhibitor!.exhibitorId}` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'exhibitor2', request: () => ({ method: 'GET', url: `/api/v1/settings/exhibitor?exhibitorId=${me.exhibitor!.exhibitorId}` }) },
  });
});
describe('PUT /api/v1/settings/exhibitor/patch', () => {
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: `/api/v1/settings/exhibitor/patch?exhibitorId=${me.exhibitor!.exhibitorId}`, payload: { showContacts: true } }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: `/api/v1/settings/exhibitor/patch?exhibitorId=${me.exhibitor3!.exhibitorId}`, payload: { showContacts: true } }) },
  });
});
describe('GET /api/v3/exhibitorrankingrule', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `/api/v3/exhibitorrankingrule?${q(c)}` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v3/exhibitorrankingrule?${q(c, c.other.exhibitionId)}` }) },
  });
});
describe('PUT /api/v3/exhibitorrankingrule', () => {
  const body = (id: string) => ({ exhibitionId: id, rules: [{ field: 'showIndex', direction: 'asc' }] });
  routeSecurity(get, {
    request: (c) => ({ method: 'PUT', url: '/api/v3/exhibitorrankingrule', payload: body(c.demo.exhibitionId) }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'PUT', url: '/api/v3/exhibitorrankingrule', payload: body(c.other.exhibitionId) }) },
  });
});
describe('GET /api/v1/settings/exhibition/form-control', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `/api/v1/settings/exhibition/form-control?formControlType=1&${q(c)}` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v1/settings/exhibition/form-control?formControlType=1&${q(c, c.other.exhibitionId)}` }) },
  });
});

/** Every key of part 1 §3 "Exhibition configuration". */
const SPEC_KEYS = [
  'themeId', 'boothLink', 'enabledExhibitorLimitNumber', 'exhibitorLimitNumber', 'exhibitorWapLogo', 'exhibitorWebLogo', 'exhibitorBackstageLogo',
  'enabledCustomQuick', 'enabledCustomMTab', 'homeActivity', 'homeExhibitorLogo', 'showExhibitorCount', 'showViewCount',
  'productImageUploadNumber', 'exhibitorsLoadProductNumber', 'exhibitorCategoryNumber', 'enabledUploadProductVideo',
  ...['Activity', 'Exhibitor', 'Live', 'NewEnquiry', 'Product', 'Sample', 'SupplyDemand', 'Theme'].flatMap((t) => [`enabledAuditAppointment${t}`, `enabledAutoAudit${t}`]),
  'enabledArticle', 'enabledSupplyDemand', 'enabledExhibitionList', 'enabledBmm', 'enabledBrandExhibitor', 'enabledConcurrentActivity', 'enabledContacts',
  'enabledDataStatistics', 'enabledLive', 'enabledNearbyExhibitor', 'enabledRecommendForYou', 'enabledSpecialLive', 'enabledSwitchLanguage',
  'enabledActivityReg', 'enabledActivityCategory', 'enabledExhibitorLive', 'enabledExhibitorCorrection', 'enabledShareDispalyOrigin',
  'enabledExhibitionSurvey', 'enabledExhibitionVideo', 'enabledExhibitionTalk',
  'invitation', 'keepRecord', 'sayHello', 'settingName', 'settingScope', 'settingsDisplayName', 'settingType', 'visitorReg',
  // Ours, beside the spec's (docs/api.md): the product form's field rules, the catalogue's display, the evaluation tags.
  'productForm', 'journalDisplay', 'evaluateTags',
];

describe('exhibition configuration', () => {
  it('answers every key of the spec, with the part 1 §9 defaults when nothing was saved', async () => {
    const data = json(await call('exhibitor3', 'GET', `/api/v1/settings/exhibition?exhibitionId=${ctx.other.exhibitionId}`)).data;
    expect(Object.keys(data).sort()).toEqual([...SPEC_KEYS].sort());
    expect(data).toMatchObject({
      exhibitorCategoryNumber: 5,
      exhibitorsLoadProductNumber: 5,
      productImageUploadNumber: 5,
      enabledUploadProductVideo: true,
      enabledAutoAuditExhibitor: false,
      homeActivity: { col: 3, row: 1 },
      invitation: { backgroundColor: '#ffffff', backgroundUrl: null, topToContent: 0 },
      sayHello: { dayFromNumber: 0, dayToNumber: 7, enabledToRepeat: false },
      visitorReg: { notice: '', noticeEn: '', regLink: '', regSuccessedNotice: '', regSuccessedNoticeEn: '' },
      settingName: 'exhibition',
      settingScope: ctx.other.exhibitionId,
      settingType: 1,
    });
    expect(await getExhibitionSettings(ctx.db, ctx.other.exhibitionId)).toEqual(exhibitionSettingsDefaults);
  });

  it('changes any subset, nested objects merged, and logs the change', async () => {
    const url = `/api/v1/settings/exhibition/patch?exhibitionId=${exh()}`;
    const first = json(await call('host', 'PUT', url, { exhibitorCategoryNumber: 3, sayHello: { dayToNumber: 10 }, themeId: 'blue' })).data;
    expect(first).toMatchObject({ exhibitorCategoryNumber: 3, sayHello: { dayFromNumber: 0, dayToNumber: 10, enabledToRepeat: false }, themeId: 'blue', productImageUploadNumber: 5 });
    const second = json(await call('admin', 'PUT', url, { sayHello: { enabledToRepeat: true }, themeId: null })).data;
    expect(second).toMatchObject({ exhibitorCategoryNumber: 3, sayHello: { dayToNumber: 10, enabledToRepeat: true }, themeId: null });
    expect((await getExhibitionSettings(ctx.db, exh())).exhibitorCategoryNumber).toBe(3);
    const log = json(await call('host', 'POST', '/api/v3/operationlog/query', { action: 'settings.exhibition.update' })).data.items;
    expect(log[0]).toMatchObject({ targetId: exh(), after: { sayHello: { enabledToRepeat: true }, themeId: null } });
    const read = json(await call('exhibitor', 'GET', `/api/v1/settings/exhibition?exhibitionId=${exh()}`)).data;
    expect(read.exhibitorCategoryNumber).toBe(3);
  });

  it('refuses an unknown key by its name, and a wrong type naming the field', async () => {
    const url = `/api/v1/settings/exhibition/patch?exhibitionId=${exh()}`;
    const unknown = await call('host', 'PUT', url, { enabledTeleport: true }, 'en');
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown)).toMatchObject({ code: 4000, field: 'enabledTeleport', description: expect.stringContaining('enabledTeleport is not an accepted field') });
    const nested = await call('host', 'PUT', url, { sayHello: { daysAhead: 3 } });
    expect(json(nested).field).toBe('sayHello.daysAhead');
    const wrong = await call('host', 'PUT', url, { exhibitorCategoryNumber: 'five', enabledLive: 'yes', homeActivity: { col: -1 } }, 'en');
    expect(json(wrong).errors!.map((e) => e.field).sort()).toEqual(['enabledLive', 'exhibitorCategoryNumber', 'homeActivity.col']);
    expect(json(wrong).errors!.find((e) => e.field === 'exhibitorCategoryNumber')!.message).toBe('exhibitorCategoryNumber must be a number');
    const identity = await call('host', 'PUT', url, { settingScope: 'x' });
    expect(json(identity).field).toBe('settingScope');
  });
});

describe('settings rows', () => {
  it('reads a row by type, scope and name; a typed row with its defaults; null when never saved', async () => {
    await call('host', 'PUT', `/api/v1/settings/exhibition/patch?exhibitionId=${exh()}`, { keepRecord: '浙ICP备00000000号' });
    const typed = json(await call('exhibitor', 'GET', `/api/v1/settings/by?type=1&scope=${exh()}&name=exhibition`)).data;
    expect(typed).toMatchObject({ type: 1, scope: exh(), name: 'exhibition', exhibitionId: exh(), value: { keepRecord: '浙ICP备00000000号', exhibitorCategoryNumber: expect.any(Number) } });
    const free = json(await call('exhibitor', 'GET', `/api/v1/settings/by?type=9&scope=${exh()}_6&name=liveRoom`)).data;
    expect(free).toMatchObject({ id: freeRowId, value: { gift: true } });
    expect(json(await call('host', 'GET', `/api/v1/settings/by?type=2&scope=${exh()}&name=share`)).data).toBeNull();
  });

  it("replaces a free row's value, merges a typed row's and checks its keys", async () => {
    const changed = json(await call('host', 'PATCH', `/api/v1/settings?id=${freeRowId}`, { value: ['a', 'b'], displayName: '直播间设置' })).data;
    expect(changed).toMatchObject({ value: ['a', 'b'], displayName: '直播间设置' });
    const typedId = json(await call('host', 'GET', `/api/v1/settings/by?type=1&scope=${exh()}&name=exhibition`)).data.id;
    const bad = await call('host', 'PATCH', `/api/v1/settings?id=${typedId}`, { value: { enabledTeleport: true } });
    expect(json(bad)).toMatchObject({ code: 4000, field: 'value.enabledTeleport' });
    const ok = json(await call('host', 'PATCH', `/api/v1/settings?id=${typedId}`, { value: { showViewCount: false } })).data;
    expect(ok.value).toMatchObject({ showViewCount: false, keepRecord: '浙ICP备00000000号' });
  });

  it('creates a row once; a platform-wide row is the administrator’s', async () => {
    const dup = await call('host', 'POST', '/api/v1/settings', { type: 9, scope: `${exh()}_6`, name: 'liveRoom', value: 1 });
    expect(dup.statusCode).toBe(409);
    expect((await call('host', 'POST', '/api/v1/settings', { type: 9, scope: 'platform', name: 'banner', value: 1 })).statusCode).toBe(403);
    const global = json(await call('admin', 'POST', '/api/v1/settings', { type: 9, scope: 'platform', name: 'banner', value: { on: true } })).data;
    expect(global).toMatchObject({ hostId: null, exhibitionId: null });
    expect(json(await call('exhibitor3', 'GET', '/api/v1/settings/by?type=9&scope=platform&name=banner')).data.value).toEqual({ on: true });
    expect((await call('host', 'PATCH', `/api/v1/settings?id=${global.id}`, { value: 2 })).statusCode).toBe(404);
  });
});

describe('advisory, exhibitor settings, ranking rule, form controls', () => {
  it('advisory settings default and change by subset', async () => {
    expect(json(await call('exhibitor3', 'GET', `/api/v1/settings/advisory?exhibitionId=${ctx.other.exhibitionId}`)).data).toMatchObject({ enabled: true, homeCount: 6, titleEn: 'News' });
    const changed = json(await call('host', 'PUT', `/api/v1/settings/advisory?exhibitionId=${exh()}`, { homeCount: 8 })).data;
    expect(changed).toMatchObject({ enabled: true, homeCount: 8 });
    expect(json(await call('host', 'PUT', `/api/v1/settings/advisory?exhibitionId=${exh()}`, { colour: 'red' })).field).toBe('colour');
  });

  it("lets an exhibitor and its host change the exhibitor's settings, and no other exhibitor read them", async () => {
    const url = (id: string) => `/api/v1/settings/exhibitor/patch?exhibitorId=${id}`;
    const own = json(await call('exhibitor', 'PUT', url(me.exhibitor!.exhibitorId), { enabledSayHello: true, sayHelloContent: '欢迎光临' })).data;
    expect(own).toMatchObject({ enabledSayHello: true, sayHelloContent: '欢迎光临', showContacts: true });
    const byHost = json(await call('host', 'PUT', url(me.exhibitor!.exhibitorId), { showProductPrice: true })).data;
    expect(byHost).toMatchObject({ enabledSayHello: true, showProductPrice: true });
    expect((await call('exhibitor2', 'PUT', url(me.exhibitor!.exhibitorId), { showProductPrice: false })).statusCode).toBe(404);
    expect((await call('host2', 'GET', `/api/v1/settings/exhibitor?exhibitorId=${me.exhibitor!.exhibitorId}`)).statusCode).toBe(404);
  });

  it('answers the default ranking rules, replaces them, and refuses a field named twice', async () => {
    const url = `/api/v3/exhibitorrankingrule?exhibitionId=${exh()}`;
    const defaults = json(await call('exhibitor3', 'GET', `/api/v3/exhibitorrankingrule?exhibitionId=${ctx.other.exhibitionId}`)).data;
    expect(defaults.rules.map((r: { field: string }) => r.field)).toEqual(['topic', 'showIndex', 'newest']);
    const twice = await call('host', 'PUT', '/api/v3/exhibitorrankingrule', { exhibitionId: exh(), rules: [{ field: 'popularity', direction: 'desc' }, { field: 'popularity', direction: 'asc' }] });
    expect(json(twice)).toMatchObject({ code: 4000, field: 'rules.1.field' });
    await call('host', 'PUT', '/api/v3/exhibitorrankingrule', { exhibitionId: exh(), rules: [{ field: 'popularity', direction: 'desc' }, { field: 'name', direction: 'asc' }] });
    expect(json(await call('exhibitor', 'GET', url)).data).toEqual({
      exhibitionId: exh(),
      rules: [
        { field: 'popularity', direction: 'desc' },
        { field: 'name', direction: 'asc' },
      ],
      productRules: [
        { field: 'showIndex', direction: 'asc' },
        { field: 'newest', direction: 'desc' },
      ],
    });
  });

  it('answers the form-builder defaults of part 2 §3 by form type, categories as options', async () => {
    await call('host', 'POST', '/api/v1/category', { name: '智能制造', nameEn: 'Smart manufacturing' });
    const form = (type: number) => call('exhibitor', 'GET', `/api/v1/settings/exhibition/form-control?formControlType=${type}&exhibitionId=${exh()}`);
    const zh = json(await form(1)).data;
    expect(zh.formItems.map((i: { name: string }) => i.name)).toEqual(['name', 'mobile', 'email', 'company', 'jobTitle', 'city', 'interest']);
    expect(zh.formItems.filter((i: { locked: boolean }) => i.locked).map((i: { name: string }) => i.name)).toEqual(['name', 'mobile']);
    expect(zh.formItems[1].attributes.checkOptions).toMatchObject({ require: true, phone: true });
    expect(zh.formItems[2].attributes.checkOptions).toMatchObject({ require: false, email: true });
    expect(zh.formItems[5].childrens.map((c: { name: string }) => c.name)).toEqual(['province', 'city', 'district']);
    expect(zh.formItems[6].attributes.options).toEqual([expect.objectContaining({ label: '智能制造' })]);
    const en = json(await form(2)).data;
    expect(en.formItems.map((i: { name: string }) => i.name)).toEqual(['name', 'email', 'password', 'company', 'jobTitle', 'mobile', 'region', 'interest']);
    expect(en.formItems.find((i: { name: string }) => i.name === 'mobile').attributes.checkOptions.require).toBe(false);
    expect(en.formItems.at(-1).attributes.options[0].label).toBe('Smart manufacturing');
    const ex = json(await form(3)).data;
    expect(ex.formItems.map((i: { label: string }) => i.label)).toEqual(['姓名', '手机号', '公司名称', '意向参展品类']);
    expect(ex.formItems.every((i: { attributes: { checkOptions: { require: boolean } } }) => i.attributes.checkOptions.require)).toBe(true);
    expect(json(await form(4)).field).toBe('formControlType');
  });
});
