import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { featureCatalogue, featureHasScreens, menuScreens } from '@pavilion/contract';
import { ensureMenus, MENU_IDS } from '../src/modules/menu/seed.ts';
import { menuItem } from '../src/modules/menu/tables.ts';
import { VERSION_IDS } from '../src/modules/version/seed.ts';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
const uniq = () => Math.random().toString(36).slice(2, 10);
const DEMO_HOST = '00000000-0000-4000-a000-000000000101';
let spareMenu = '';
let spareItem = '';
let hostItem = '';
const call = async (as: Actor, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(await ctx.token(as)), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestContext();
  spareMenu = json(await call('admin', 'POST', '/api/v3/menu', { name: 'VIP 菜单', area: 'host' })).data.id;
  spareItem = json(await call('admin', 'POST', '/api/v3/menuitem', { menuId: spareMenu, name: '贵宾', path: '/live/index/vip' })).data.id;
  const items = json(await call('admin', 'POST', '/api/v3/menuitem/query', { menuId: MENU_IDS.host })).data.items;
  hostItem = items.find((i: { path: string }) => i.path === '/live/index/admin/periodical').id;
});
afterAll(() => ctx.close());
const get = () => ctx;

describe('POST /api/v3/menu/query', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/menu/query', payload: {} }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('POST /api/v3/menu', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/menu', payload: { name: `菜单 ${uniq()}`, area: 'exhibitor' } }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('PATCH /api/v3/menu', () => {
  routeSecurity(get, { request: () => ({ method: 'PATCH', url: `/api/v3/menu?id=${spareMenu}`, payload: { nameEn: 'VIP menu' } }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('DELETE /api/v3/menu', () => {
  // An empty menu of its own, so the one deletion succeeds.
  let spare = '';
  beforeAll(async () => {
    spare = json(await call('admin', 'POST', '/api/v3/menu', { name: `待删菜单 ${uniq()}`, area: 'exhibitor' })).data.id;
  });
  routeSecurity(get, { request: () => ({ method: 'DELETE', url: `/api/v3/menu?id=${spare}` }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('POST /api/v3/menuitem/query', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/menuitem/query', payload: {} }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('POST /api/v3/menuitem', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/menuitem', payload: { menuId: spareMenu, name: '入口', path: `/live/index/${uniq()}` } }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('PATCH /api/v3/menuitem', () => {
  routeSecurity(get, { request: () => ({ method: 'PATCH', url: `/api/v3/menuitem?id=${spareItem}`, payload: { icon: 'crown' } }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('DELETE /api/v3/menuitem', () => {
  let spare = '';
  beforeAll(async () => {
    spare = json(await call('admin', 'POST', '/api/v3/menuitem', { menuId: spareMenu, name: '待删入口', path: `/live/index/del${uniq()}` })).data.id;
  });
  routeSecurity(get, { request: () => ({ method: 'DELETE', url: `/api/v3/menuitem?id=${spare}` }), allowed: ['admin'], denied: ['host', 'exhibitor'] });
});
describe('GET /api/v3/menupower/display', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `/api/v3/menupower/display?targetType=exhibition&targetId=${c.demo.exhibitionId}` }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v3/menupower/display?targetType=host&targetId=${c.other.hostId}` }) },
  });
});
describe('GET /api/v3/menupower', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v3/menupower?targetType=host&targetId=${DEMO_HOST}` }),
    allowed: ['admin', 'host'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `/api/v3/menupower?targetType=exhibition&targetId=${c.other.exhibitionId}` }) },
  });
});
describe('PATCH /api/v3/menupower', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'PATCH', url: `/api/v3/menupower?targetType=host&targetId=${c.other.hostId}`, payload: { items: [{ menuItemId: hostItem, isPermitted: true }] } }),
    allowed: ['admin'],
    denied: ['host', 'exhibitor'],
  });
});

describe('menus and menu power', () => {
  it('ships the host and exhibitor side menus, keyed by path and feature key', async () => {
    const menus = json(await call('admin', 'POST', '/api/v3/menu/query', {})).data.items.map((m: { id: string; area: string }) => [m.id, m.area]);
    expect(menus).toEqual(expect.arrayContaining([[MENU_IDS.host, 'host'], [MENU_IDS.exhibitor, 'exhibitor']]));
    const itemsOf = async (menuId: string) => json(await call('admin', 'POST', '/api/v3/menuitem/query', { menuId, pageSize: 100 })).data.items as { path: string; featureKey: string | null }[];
    const exItems = await itemsOf(MENU_IDS.exhibitor);
    expect(exItems[0]).toMatchObject({ path: '/ex-live/index/home', featureKey: null });
    expect(exItems.find((i) => i.path === '/ex-live/index/ExCard')).toMatchObject({ featureKey: 'exhibitorService' });
    // exactly the screens that exist: no visitors, news, meetings or live entries that answer 404
    expect(exItems.map((i) => i.path)).toEqual(menuScreens.exhibitor.map((s) => s.path));
    expect((await itemsOf(MENU_IDS.host)).map((i) => i.path)).toEqual(menuScreens.host.map((s) => s.path));
  });

  it('brings a shipped menu set back to the existing screens at start: stale entries removed, missing ones added', async () => {
    await ctx.db.insert(menuItem).values({ menuId: MENU_IDS.host, name: '活动管理', path: '/live/index/admin/activity', featureKey: 'activity', showIndex: 99 });
    await ctx.db.delete(menuItem).where(eq(menuItem.path, '/live/index/place/audit'));
    await ensureMenus(ctx.db);
    const paths = (await ctx.db.select({ path: menuItem.path }).from(menuItem).where(eq(menuItem.menuId, MENU_IDS.host))).map((r) => r.path);
    expect(paths).not.toContain('/live/index/admin/activity');
    expect(paths.sort()).toEqual(menuScreens.host.map((s) => s.path).sort());
    // the spare set is the administrator's own: its entries stay
    expect((await ctx.db.select().from(menuItem).where(eq(menuItem.menuId, spareMenu))).length).toBeGreaterThan(0);
  });

  it('knows which feature keys have screens today', () => {
    expect(featureCatalogue.filter((f) => featureHasScreens(f.key)).map((f) => f.key)).toEqual(['product', 'exhibitorService', 'audience', 'advisory', 'live', 'activity', 'topic', 'customPage', 'business', 'enquiry', 'appointment', 'evaluate', 'dataDownload', 'promotion', 'brand']);
  });

  it("shows a host its menu with the exhibition's features, and the administrator's display and permission switches", async () => {
    const display = async (as: Actor, q: string) => json(await call(as, 'GET', `/api/v3/menupower/display?${q}`)).data;
    const mine = await display('host', `targetType=host&exhibitionId=${ctx.demo.exhibitionId}`);
    expect(mine).toMatchObject({ targetType: 'host', targetId: DEMO_HOST, exhibitionId: ctx.demo.exhibitionId });
    const byPath = (d: { items: { path: string }[] }, path: string) => d.items.find((i) => i.path === path);
    expect(byPath(mine, '/live/index/admin/periodical')).toMatchObject({ featureKey: 'exhibitorService', featureEnabled: true, isDisplay: true, isPermitted: true });
    expect(byPath(mine, '/live/index/admin/brand')).toMatchObject({ featureKey: 'brand', featureEnabled: false });
    expect(byPath(mine, '/live/index/vip')).toMatchObject({ featureEnabled: true });
    // without an exhibition nothing is feature-gated
    expect(byPath(await display('host', 'targetType=host'), '/live/index/admin/brand')).toMatchObject({ featureEnabled: true });

    const patched = await call('admin', 'PATCH', `/api/v3/menupower?targetType=host&targetId=${DEMO_HOST}`, { items: [{ menuItemId: hostItem, isDisplay: false }, { menuItemId: spareItem, isPermitted: false }] });
    expect(json(patched).data.items).toEqual(
      expect.arrayContaining([
        { menuItemId: hostItem, isDisplay: false, isPermitted: true },
        { menuItemId: spareItem, isDisplay: true, isPermitted: false },
      ]),
    );
    await call('admin', 'PATCH', `/api/v3/menupower?targetType=host&targetId=${DEMO_HOST}`, { items: [{ menuItemId: spareItem, isDisplay: false }] });
    const after = await display('host', 'targetType=host');
    expect(byPath(after, '/live/index/admin/periodical')).toMatchObject({ isDisplay: false, isPermitted: true });
    expect(byPath(after, '/live/index/vip')).toMatchObject({ isDisplay: false, isPermitted: false });
    expect(byPath(await display('host2', 'targetType=host'), '/live/index/admin/periodical')).toMatchObject({ isDisplay: true });
    expect(json(await call('host', 'GET', `/api/v3/menupower?targetType=host&targetId=${DEMO_HOST}`)).data.items).toHaveLength(2);
    const log = json(await call('host', 'POST', '/api/v3/operationlog/query', { action: 'menuPower.update' })).data;
    expect(log.totalCount).toBe(2);
  });

  it("shows an exhibitor its exhibition's exhibitor menu, and nobody else's", async () => {
    const mine = json(await call('exhibitor', 'GET', '/api/v3/menupower/display?targetType=exhibition')).data;
    expect(mine.targetId).toBe(ctx.demo.exhibitionId);
    expect(mine.items.every((i: { path: string }) => /^\/ex(-live)?\//.test(i.path))).toBe(true);
    expect(mine.items.find((i: { path: string }) => i.path === '/ex-live/index/ExCard')).toMatchObject({ featureEnabled: true });
    expect((await call('exhibitor', 'GET', `/api/v3/menupower/display?targetType=exhibition&targetId=${ctx.other.exhibitionId}`)).statusCode).toBe(404);
    expect((await call('exhibitor', 'GET', `/api/v3/menupower/display?targetType=host&targetId=${DEMO_HOST}`)).statusCode).toBe(404);
    // the exhibition's version decides
    await call('admin', 'PUT', '/api/v3/version/version-exhibition', { exhibitionId: ctx.other.exhibitionId, versionId: VERSION_IDS.flagship });
    const other = json(await call('exhibitor3', 'GET', '/api/v3/menupower/display?targetType=exhibition')).data;
    expect(other.items.find((i: { path: string }) => i.path === '/ex-live/index/ExCard')).toMatchObject({ featureEnabled: true });
    // a host item is not part of an exhibition's menu
    expect((await call('admin', 'PATCH', `/api/v3/menupower?targetType=exhibition&targetId=${ctx.demo.exhibitionId}`, { items: [{ menuItemId: hostItem }] })).statusCode).toBe(404);
  });

  it('keeps entries consistent: known feature keys, unique paths per menu, no deleting a menu or an entry with children', async () => {
    const badKey = await call('admin', 'POST', '/api/v3/menuitem', { menuId: spareMenu, name: 'x', path: '/live/index/x', featureKey: 'nope' });
    expect(json(badKey)).toMatchObject({ code: 4000, field: 'featureKey' });
    const dup = await call('admin', 'POST', '/api/v3/menuitem', { menuId: spareMenu, name: 'y', path: '/live/index/vip' });
    expect(json(dup)).toMatchObject({ code: 4009, field: 'path' });
    const child = json(await call('admin', 'POST', '/api/v3/menuitem', { menuId: spareMenu, parentId: spareItem, name: '子项', path: '/live/index/vip/child', featureKey: 'vote' })).data;
    expect(child.parentId).toBe(spareItem);
    const tooDeep = await call('admin', 'POST', '/api/v3/menuitem', { menuId: spareMenu, parentId: child.id, name: 'z', path: '/live/index/z' });
    expect(tooDeep.statusCode).toBe(404);
    expect(json(await call('admin', 'DELETE', `/api/v3/menuitem?id=${spareItem}`)).code).toBe(4020);
    expect(json(await call('admin', 'DELETE', `/api/v3/menu?id=${spareMenu}`)).code).toBe(4020);
    const renamed = await call('admin', 'PATCH', `/api/v3/menuitem?id=${child.id}`, { name: '改名' });
    expect(json(renamed).data).toMatchObject({ name: '改名', showIndex: 0, featureKey: 'vote' });
    expect((await call('admin', 'DELETE', `/api/v3/menuitem?id=${child.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `/api/v3/menuitem?id=${spareItem}`)).statusCode).toBe(200);
    const fresh = json(await call('admin', 'POST', '/api/v3/menu', { name: '临时', area: 'exhibitor' })).data.id;
    const only = json(await call('admin', 'POST', '/api/v3/menuitem', { menuId: fresh, name: '唯一', path: '/ex-live/index/only' })).data.id;
    expect(json(await call('admin', 'DELETE', `/api/v3/menu?id=${fresh}`)).code).toBe(4020);
    expect((await call('admin', 'DELETE', `/api/v3/menuitem?id=${only}`)).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `/api/v3/menu?id=${fresh}`)).statusCode).toBe(200);
  });
});
