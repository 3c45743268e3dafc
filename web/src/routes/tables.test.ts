import { describe, expect, it } from 'vitest';
import { requiredRole } from '../session/guard.ts';
import { menuFor, routeTables } from './tables.ts';
import { join } from './types.ts';

const mounted = routeTables.flatMap((table) =>
  table.bases.flatMap((base, i) => table.screens.filter((s) => !s.firstBaseOnly || i === 0).map((s) => ({ path: join(base, s.path), screen: s }))),
);

describe('route tables', () => {
  it('mount every login path of part 1 §2 as a public screen', () => {
    for (const path of ['/live/login/alogin', '/live/ex-clound-login/alogin', '/ex-live/login/alogin', '/ex-live/login/ex', '/ex-live-en/login/alogin', '/ex-live-en/login/ex', '/admin/login/alogin', '/auth-bind', '/404', '/500'])
      expect(mounted.find((m) => m.path === path)?.screen.public, path).toBe(true);
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
      '/live/index/audit/home',
      '/live/index/admin/exhibitor-task',
      '/live/index/admin/exhibitor-task2',
      '/live/index/admin/exhibitor-task3',
      '/live/index/admin/exhibitor-copy',
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
      'adminIndustry',
      'adminSet',
      'adminServe',
      'adminSms',
    ]);
    expect(menuFor('exhibitor', '/ex-live/index/home').map((e) => e.path)).toEqual(['/ex-live/index/home', '/ex-live/index/set/my/home', '/ex-live/index/ExJoinInfo', '/ex-live/index/ExJournal', '/ex-live/index/ExLintel', '/ex-live/index/ExInvoice', '/ex-live/index/Help', '/ex/index/account/bind-edit']);
  });

  it('keep the English exhibitor menu on English paths (no Chinese-only screens)', () => {
    expect(menuFor('exhibitor', '/ex-live-en/index/home').map((e) => e.path)).toEqual(['home', 'set/my/home', 'ExJoinInfo', 'ExJournal', 'ExLintel', 'ExInvoice', 'Help'].map((p) => `/ex-live-en/index/${p}`));
  });

  it('gate the professional-only host screen by its feature key, and leave adminMiceCad out (docs/web.md)', () => {
    const screens = routeTables.flatMap((t) => t.screens.map((s) => ({ table: t.name, ...s })));
    expect(screens.filter((s) => s.feature).map((s) => [s.table, s.path, s.feature])).toEqual([['host', 'index/basic/auth', 'customPage']]);
    expect(screens.some((s) => s.path === 'adminMiceCad')).toBe(false);
  });
});
