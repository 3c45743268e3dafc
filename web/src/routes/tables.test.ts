import { menuScreens } from '@pavilion/contract';
import { describe, expect, it } from 'vitest';
import { requiredRole } from '../session/guard.ts';
import { menuFor, routeTables } from './tables.ts';
import { join, MENU_GROUPS } from './types.ts';

const mounted = routeTables.flatMap((table) =>
  table.bases.flatMap((base, i) => table.screens.filter((s) => !s.firstBaseOnly || i === 0).map((s) => ({ path: join(base, s.path), screen: s }))),
);

describe('route tables', () => {
  it('mount every login path of part 1 §2 as a public screen', () => {
    for (const path of ['/live/login/alogin', '/live/ex-clound-login/alogin', '/ex-live/login/alogin', '/ex-live/login/ex', '/ex-live-en/login/alogin', '/ex-live-en/login/ex', '/admin/login/alogin', '/auth-bind', '/404', '/500'])
      expect(mounted.find((m) => m.path === path)?.screen.public, path).toBe(true);
    for (const path of ['/ex-live/settled', '/ex-live-en/settled']) expect(mounted.find((m) => m.path === path)?.screen.public, path).toBe(true);
  });

  it('put every guarded screen under an area prefix, so the guard has a role to check', () => {
    for (const { path, screen } of mounted) if (!screen.public) expect(requiredRole(path), path).not.toBeNull();
  });

  it('give every guarded screen a menu entry in its shell', () => {
    expect(menuFor('host', '/live/index/home/home').map((e) => e.path)).toEqual([
      '/live/index/home/home',
      '/live/index/basic/function',
      '/live/index/basic/auth',
      '/live/index/admin/exhibitor',
      '/live/index/admin/product',
      '/live/index/audit/home',
      '/live/index/admin/exhibitor-task',
      '/live/index/admin/exhibitor-task2',
      '/live/index/admin/exhibitor-task3',
      '/live/index/admin/pro-task',
      '/live/index/admin/exhibitor-copy',
      '/live/index/ex/home',
      '/live/index/manage/ex',
      '/live/index/manage/pro',
      '/live/index/manage/pro-display',
      '/live/index/basic/product',
      '/live/index/admin/audience',
      '/live/index/admin/audience-task',
      '/live/index/basic/form',
      '/live/index/basic/question',
      '/live/index/group/home',
      '/live/index/journal-display',
      '/live/index/manage/video',
      '/live/index/manage/ex-display',
      '/live/index/admin/exhibitor-link',
      '/live/index/basic/import',
      '/live/index/basic/liveCopyProTyPe',
      '/live/index/down',
      '/live/index/downCenter',
      '/live/index/ex-set',
      '/live/index/admin/booth',
      '/live/index/place/info',
      '/live/index/place/audit',
      '/live/index/admin/card',
      '/live/index/admin/periodical',
      '/live/index/admin/brand',
      '/live/index/admin/invoice',
      '/live/index/admin/correction',
      '/live/index/all-activity/home',
      '/live/index/manage/act',
      '/live/index/manage/act-display',
      '/live/index/act-control/list',
      '/live/index/admin/exhibitor-act',
      '/live/index/manage/streaming',
      '/live/index/set/my/room',
      '/live/index/liveUrl',
      '/live/index/live-message',
      '/live/index/live-circusee',
      '/live/index/liveHall',
      '/live/index/live-enquiry/info',
      '/live/index/business/info',
      '/live/index/business-audit/info',
      '/live/index/business/list',
      '/live/index/business/info-export',
      '/live/index/consult/info',
      '/live/index/consult-audit/info',
      '/live/index/hot',
      '/live/index/topic/info',
      '/live/index/topic-audit/info',
      '/live/index/focus',
      '/host/index/host/home',
      '/host/index/log',
      '/host/index/account/user',
      '/host/index/account/bind',
      '/host/index/account/bind-edit',
    ]);
    expect(menuFor('admin', '/admin/adminEx').map((e) => e.path.replace('/admin/', ''))).toEqual([
      'adminEx',
      'admin-ex-control',
      'admin-exhibitionEx-control',
      'adminHost',
      'hostApplay',
      'ex-list',
      'adminSuggest',
      'adminNotice',
      'adminVipMenu',
      'adminMiceCad',
      'adminIndustry',
      'adminSet',
      'adminUser',
      'adminServe',
      'adminSms',
    ]);
    expect(menuFor('exhibitor', '/ex-live/index/home').map((e) => e.path)).toEqual(['/ex-live/index/home', '/ex-live/index/set/my/home', '/ex-live/index/ExJoinInfo', '/ex-live/index/ExJournal', '/ex-live/index/ExLintel', '/ex-live/index/ExInvoice', '/ex-live/index/Help', '/ex-live/index/ExDown', '/ex-live/index/my-ex', '/ex-live/index/set/lobby', '/ex-live/index/policy', '/ex-live/index/share', '/ex-live/index/place', '/ex-live/index/MyBoothView', '/ex-live/index/product', '/ex-live/index/evaluate', '/ex-live/index/set/album', '/ex-live/index/set/video', '/ex-live/index/set/certificate', '/ex-live/index/act-control/list', '/ex-live/index/ExCard', '/ex-live/index/user', '/ex-live/index/liveRoom', '/ex-live/index/set/my/room', '/ex-live/index/enquiry', '/ex-live/index/needs', '/ex-live/index/enquiryNew', '/ex/index/account/bind-edit']);
  });

  it('group the host and exhibitor menus: the everyday entries first, then each group in its order', () => {
    const groupsOf = (shell: 'host' | 'exhibitor', path: string) => MENU_GROUPS.filter((g) => menuFor(shell, path).some((e) => e.group === g));
    expect(groupsOf('host', '/live/index/home/home')).toEqual(['exhibition', 'exhibitors', 'services', 'booths', 'jobs', 'accounts']);
    expect(groupsOf('exhibitor', '/ex-live/index/home')).toEqual(['myBooth', 'services', 'accounts']);
    expect(menuFor('host', '/live/index/home/home').find((e) => e.path === '/live/index/home/home')?.group).toBeUndefined();
  });

  it('keep the English exhibitor menu on English paths, the phone and e-mail account entry included', () => {
    expect(menuFor('exhibitor', '/ex-live-en/index/home').map((e) => e.path)).toEqual(['home', 'set/my/home', 'ExJoinInfo', 'ExJournal', 'ExLintel', 'ExInvoice', 'Help', 'ExDown', 'my-ex', 'set/lobby', 'policy', 'share', 'place', 'MyBoothView', 'product', 'evaluate', 'set/album', 'set/video', 'set/certificate', 'act-control/list', 'ExCard', 'liveRoom', 'set/my/room', 'enquiry', 'needs', 'enquiryNew', 'account/bind-edit'].map((p) => `/ex-live-en/index/${p}`));
  });

  it('gate the professional-only host screen and the product screens by their feature keys, and mount adminMiceCad (docs/booths.md)', () => {
    const screens = routeTables.flatMap((t) => t.screens.map((s) => ({ table: t.name, ...s })));
    expect(screens.filter((s) => s.feature).map((s) => [s.table, s.path, s.feature])).toEqual([
      ['host', 'index/basic/auth', 'customPage'],
      ['host', 'index/admin/product', 'product'],
      ['host', 'index/admin/product-edit', 'product'],
      ['host', 'index/admin/exhibitor-pro', 'product'],
      ['host', 'index/admin/proAdd', 'product'],
      ['host', 'index/admin/proEdit', 'product'],
      ['host', 'index/admin/pro-task', 'product'],
      ['host', 'index/manage/pro', 'product'],
      ['host', 'index/manage/pro-display', 'product'],
      ['host', 'index/basic/product', 'product'],
      ['host', 'index/admin/audience', 'audience'],
      ['host', 'index/admin/audience-task', 'audience'],
      ['host', 'index/basic/form', 'audience'],
      ['host', 'index/basic/question', 'audience'],
      ['host', 'index/group/home', 'audience'],
      ['host', 'index/group/details', 'audience'],
      ['host', 'index/journal-display', 'product'],
      ['host', 'index/manage/video', 'product'],
      ['host', 'index/basic/liveCopyProTyPe', 'product'],
      ['host', 'index/all-activity/home', 'activity'],
      ['host', 'index/all-activity/host-edit', 'activity'],
      ['host', 'index/all-activity/add', 'activity'],
      ['host', 'index/all-activity/task', 'activity'],
      ['host', 'index/manage/act', 'activity'],
      ['host', 'index/manage/act-display', 'activity'],
      ['host', 'index/act-control/list', 'activity'],
      ['host', 'index/act-control/add', 'activity'],
      ['host', 'index/admin/exhibitor-act', 'activity'],
      ['host', 'index/admin/actAdd', 'activity'],
      ['host', 'index/admin/actDetails', 'activity'],
      ['host', 'index/act-control/details', 'activity'],
      ['host', 'index/act-control/down-task', 'activity'],
      ['host', 'index/all-activity/down-task', 'activity'],
      ['host', 'index/manage/streaming', 'live'],
      ['host', 'index/set/my/room', 'live'],
      ['host', 'index/liveUrl', 'live'],
      ['host', 'index/live-message', 'live'],
      ['host', 'index/live-circusee', 'live'],
      ['host', 'index/liveHall', 'live'],
      ['host', 'index/all-activity/room', 'live'],
      ['host', 'index/live-enquiry/info', 'enquiry'],
      ['host', 'index/live-enquiry/info-export', 'enquiry'],
      ['host', 'index/business/info', 'business'],
      ['host', 'index/business-audit/info', 'business'],
      ['host', 'index/business/list', 'business'],
      ['host', 'index/business/info-export', 'business'],
      ['host', 'index/consult/info', 'advisory'],
      ['host', 'index/consult-audit/info', 'advisory'],
      ['host', 'index/topic/info', 'topic'],
      ['host', 'index/topic-audit/info', 'topic'],
      ['host', 'index/focus', 'promotion'],
      ['exhibitor', 'index/product', 'product'],
      ['exhibitor', 'index/proAdd', 'product'],
      ['exhibitor', 'index/proEdit', 'product'],
      ['exhibitor', 'index/evaluate', 'evaluate'],
      ['exhibitor', 'index/set/album', 'product'],
      ['exhibitor', 'index/set/video', 'product'],
      ['exhibitor', 'index/set/certificate', 'product'],
      ['exhibitor', 'index/act-control/list', 'activity'],
      ['exhibitor', 'index/act-control/add', 'activity'],
      ['exhibitor', 'index/act-control/edit', 'activity'],
      ['exhibitor', 'index/user', 'audience'],
      ['exhibitor', 'index/act-control/details', 'activity'],
      ['exhibitor', 'index/liveRoom', 'live'],
      ['exhibitor', 'index/liveRoomInfo', 'live'],
      ['exhibitor', 'index/set/my/room', 'live'],
      ['exhibitor', 'index/enquiry', 'enquiry'],
      ['exhibitor', 'index/needs', 'business'],
      ['exhibitor', 'index/enquiryNew', 'appointment'],
    ]);
    expect(screens.some((s) => s.table === 'admin' && s.path === 'adminMiceCad' && s.menu)).toBe(true);
  });

  it('give every guarded screen outside the menu a parent list screen in its table (title, highlighted entry, breadcrumb)', () => {
    for (const table of routeTables)
      for (const screen of table.screens) {
        if (screen.public || screen.menu) continue;
        const parent = table.screens.find((s) => s.path === screen.parent);
        expect(parent?.menu, `${table.name} ${screen.path}`).toBeDefined();
      }
  });

  it('mount every screen of the shipped menu sets (packages/contract/src/screens.ts), and list every menu screen there', () => {
    for (const area of ['host', 'exhibitor'] as const) {
      for (const s of menuScreens[area]) {
        const route = mounted.find((m) => m.path === s.path && !m.screen.public);
        expect(route, s.path).toBeDefined();
        // a screen the web gates by a feature belongs to that feature in the menu set too
        if (route!.screen.feature) expect(s.feature, s.path).toBe(route!.screen.feature);
      }
      const first = area === 'host' ? '/live/index/home/home' : '/ex-live/index/home';
      expect(menuFor(area, first).map((e) => e.path)).toEqual(menuScreens[area].map((s) => s.path));
    }
  });
});
