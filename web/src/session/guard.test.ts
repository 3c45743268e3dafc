import { Role } from '@pavilion/contract';
import { describe, expect, it } from 'vitest';
import {
  exhibitorBase,
  guardTarget,
  homeOf,
  logoutTarget,
  mirrorPath,
  pageTitle,
  requiredRole,
  returnTarget,
  unauthorizedTarget,
  withReturn,
  type GuardSession,
} from './guard.ts';

const EX = '00000000-0000-4000-a000-000000000001';
const anonymous: GuardSession = { token: null, role: null, exhibitionId: null };
const as = (role: Role, exhibitionId: string | null = null): GuardSession => ({ token: 'token', role, exhibitionId });
const guarded = { isPublic: false, logoutUrl: null };

describe('requiredRole', () => {
  it.each([
    ['/ex-live/index/home', Role.Exhibitor],
    ['/ex-live-en/index/home', Role.Exhibitor],
    ['/ex/index/account/bind-edit', Role.Exhibitor],
    ['/ex', Role.Exhibitor],
    ['/live/index/home/home', Role.Host],
    ['/host/index/log', Role.Host],
    ['/admin/adminEx', Role.Admin],
    ['/admin', Role.Admin],
  ])('%s needs role %s', (path, role) => expect(requiredRole(path)).toBe(role));

  it.each(['/', '/auth-bind', '/404', '/500', '/exhibition', '/exhibitor/list', '/lively', '/hostess', '/administrator', '/weixinAuth'])(
    '%s belongs to no area (/ex-live vs /ex/ is decided by whole segments)',
    (path) => expect(requiredRole(path)).toBeNull(),
  );
});

describe('guardTarget', () => {
  it('always allows a public route, logged in or not, any area', () => {
    for (const path of ['/live/login/alogin', '/admin/login/alogin', '/ex-live/login/ex', '/auth-bind'])
      for (const session of [anonymous, as(Role.Host), as(Role.Exhibitor, EX)])
        expect(guardTarget(path, session, { isPublic: true, logoutUrl: null })).toBeNull();
  });

  it('allows a logged-in user whose stored role matches the area', () => {
    expect(guardTarget('/live/index/home/home', as(Role.Host), guarded)).toBeNull();
    expect(guardTarget('/host/index/log', as(Role.Host), guarded)).toBeNull();
    expect(guardTarget('/admin/adminEx', as(Role.Admin), guarded)).toBeNull();
    expect(guardTarget('/ex-live/index/home', as(Role.Exhibitor, EX), guarded)).toBeNull();
    expect(guardTarget('/ex-live-en/index/home', as(Role.Exhibitor, EX), guarded)).toBeNull();
    expect(guardTarget('/ex/index/account/bind-edit', as(Role.Exhibitor, EX), guarded)).toBeNull();
  });

  it('sends a person with an issued password to the area’s change-password screen first, and lets that screen through', () => {
    const issued = (role: Role, exhibitionId: string | null = null): GuardSession => ({ ...as(role, exhibitionId), user: { mustChangePassword: true } });
    expect(guardTarget('/live/index/home/home', issued(Role.Host), guarded)).toBe('/host/index/password');
    expect(guardTarget('/host/index/password', issued(Role.Host), guarded)).toBeNull();
    expect(guardTarget('/admin/adminEx', issued(Role.Admin), guarded)).toBe('/admin/password');
    expect(guardTarget('/ex-live/index/home', issued(Role.Exhibitor, EX), guarded)).toBe('/ex-live/index/password');
    expect(guardTarget('/ex-live-en/index/ExCard', issued(Role.Exhibitor, EX), guarded)).toBe('/ex-live-en/index/password');
    expect(guardTarget('/ex-live-en/index/password', issued(Role.Exhibitor, EX), guarded)).toBeNull();
    // a changed password (or an answer without the flag) changes nothing
    expect(guardTarget('/live/index/home/home', { ...as(Role.Host), user: { mustChangePassword: false } }, guarded)).toBeNull();
    // a public route (the login itself) is never redirected
    expect(guardTarget('/live/login/alogin', issued(Role.Host), { isPublic: true, logoutUrl: null })).toBeNull();
  });

  it('sends a stored role without a token (not logged in) to the login', () => {
    expect(guardTarget('/live/index/home/home', { token: null, role: Role.Host, exhibitionId: null }, guarded)).toBe('/live/login/alogin');
  });

  it('sends the host area to the host login when not logged in or of another role', () => {
    expect(guardTarget('/live/index/home/home', anonymous, guarded)).toBe('/live/login/alogin');
    expect(guardTarget('/host/index/host/home', as(Role.Exhibitor, EX), guarded)).toBe('/live/login/alogin');
    expect(guardTarget('/live/index/home/home', as(Role.Admin), guarded)).toBe('/live/login/alogin');
  });

  it('sends the admin area to the admin login', () => {
    expect(guardTarget('/admin/adminEx', anonymous, guarded)).toBe('/admin/login/alogin');
    expect(guardTarget('/admin/adminEx', as(Role.Host), guarded)).toBe('/admin/login/alogin');
  });

  it('sends an exhibitor path with a known exhibition to the exhibitor login carrying its id', () => {
    expect(guardTarget('/ex-live/index/home', { token: null, role: Role.Exhibitor, exhibitionId: EX }, guarded)).toBe(`/ex-live/login/ex?id=${EX}`);
    expect(guardTarget('/ex/index/account/bind-edit', as(Role.Host, EX), guarded)).toBe(`/ex-live/login/ex?id=${EX}`);
  });

  it('uses the English exhibitor login on the English path', () => {
    expect(guardTarget('/ex-live-en/index/home', { token: null, role: null, exhibitionId: EX }, guarded)).toBe(`/ex-live-en/login/ex?id=${EX}`);
  });

  it('sends an exhibitor with no exhibition to the public website: the configured address, else the generic login', () => {
    expect(guardTarget('/ex-live/index/home', anonymous, { isPublic: false, logoutUrl: 'https://www.example.com/' })).toBe('https://www.example.com/');
    expect(guardTarget('/ex-live/index/home', anonymous, guarded)).toBe('/ex-live/login/alogin');
    expect(guardTarget('/ex-live-en/index/home', anonymous, guarded)).toBe('/ex-live-en/login/alogin');
  });

  it('leaves paths of no area alone (they are public or not found)', () => {
    expect(guardTarget('/somewhere', anonymous, guarded)).toBeNull();
  });

  it('treats any stored role other than 1 or 2 as exhibitor', () => {
    expect(guardTarget('/ex-live/index/home', { token: 't', role: 7 as Role, exhibitionId: EX }, guarded)).toBeNull();
  });
});

describe('logoutTarget', () => {
  const config = { logoutUrl: null };
  it('host: the host login, or the configured logout address', () => {
    expect(logoutTarget(Role.Host, '/live/index/home/home', EX, config)).toBe('/live/login/alogin');
    expect(logoutTarget(Role.Host, '/live/index/home/home', EX, { logoutUrl: 'https://www.example.com/bye' })).toBe('https://www.example.com/bye');
  });

  it('admin: the admin login (the logout address is the host’s)', () => {
    expect(logoutTarget(Role.Admin, '/admin/adminEx', null, { logoutUrl: 'https://www.example.com/' })).toBe('/admin/login/alogin');
  });

  it('any other role: the exhibitor login with the exhibition, language specific when the path is', () => {
    expect(logoutTarget(Role.Exhibitor, '/ex-live/index/home', EX, config)).toBe(`/ex-live/login/ex?id=${EX}`);
    expect(logoutTarget(Role.Exhibitor, '/ex-live-en/index/home', EX, config)).toBe(`/ex-live-en/login/ex?id=${EX}`);
    expect(logoutTarget(Role.Exhibitor, '/ex/index/account/bind-edit', EX, config)).toBe(`/ex-live/login/ex?id=${EX}`);
    expect(logoutTarget(null, '/ex-live/index/home', EX, config)).toBe(`/ex-live/login/ex?id=${EX}`);
  });

  it('an exhibitor without an exhibition goes to the generic exhibitor login', () => {
    expect(logoutTarget(Role.Exhibitor, '/ex-live-en/index/home', null, config)).toBe('/ex-live-en/login/alogin');
  });
});

describe('unauthorizedTarget (401)', () => {
  it('host → host login', () => expect(unauthorizedTarget('/live/index/home/home', { role: Role.Host, exhibitionId: EX })).toBe('/live/login/alogin'));
  it('English path → English exhibitor login', () =>
    expect(unauthorizedTarget('/ex-live-en/index/home', { role: Role.Exhibitor, exhibitionId: EX })).toBe(`/ex-live-en/login/ex?id=${EX}`));
  it('otherwise → exhibitor login', () =>
    expect(unauthorizedTarget('/ex-live/index/home', { role: Role.Exhibitor, exhibitionId: EX })).toBe(`/ex-live/login/ex?id=${EX}`));
  it('admin → admin login', () => expect(unauthorizedTarget('/admin/adminEx', { role: Role.Admin, exhibitionId: null })).toBe('/admin/login/alogin'));
  it('no stored role → the login of the path’s area', () => {
    expect(unauthorizedTarget('/host/index/log', { role: null, exhibitionId: null })).toBe('/live/login/alogin');
    expect(unauthorizedTarget('/auth-bind', { role: null, exhibitionId: null })).toBe('/ex-live/login/alogin');
  });
});

describe('homeOf, titles and language mirror', () => {
  it('homes', () => {
    expect(homeOf(Role.Host, '/live/login/alogin')).toBe('/live/index/home/home');
    expect(homeOf(Role.Admin, '/admin/login/alogin')).toBe('/admin/adminEx');
    expect(homeOf(Role.Exhibitor, '/ex-live/login/ex')).toBe('/ex-live/index/home');
    expect(homeOf(Role.Exhibitor, '/ex-live-en/login/ex')).toBe('/ex-live-en/index/home');
  });

  it('exhibitorBase keeps a language segment', () => {
    expect(exhibitorBase('/ex-live-en/index/home')).toBe('/ex-live-en');
    expect(exhibitorBase('/ex-live/index/home')).toBe('/ex-live');
    expect(exhibitorBase('/live/index')).toBe('/ex-live');
  });

  it('page title from the route, one fixed title on the English side', () => {
    const texts = { app: 'Pavilion 展务平台', exhibitorEn: 'Pavilion Exhibitor Center' };
    expect(pageTitle('zh-CN', '首页', texts)).toBe('首页 - Pavilion 展务平台');
    expect(pageTitle('zh-CN', null, texts)).toBe('Pavilion 展务平台');
    expect(pageTitle('en', 'Home', texts)).toBe('Pavilion Exhibitor Center');
  });

  it('mirrors exhibitor paths between the languages', () => {
    expect(mirrorPath('/ex-live/index/home', 'en')).toBe('/ex-live-en/index/home');
    expect(mirrorPath('/ex-live-en/login/ex', 'zh-CN')).toBe('/ex-live/login/ex');
    expect(mirrorPath('/live/index/home/home', 'en')).toBeNull();
  });
});

describe('a deep link through login', () => {
  it('adds the page asked for to a login address, and leaves an external logout page alone', () => {
    expect(withReturn('/live/login/alogin', '/live/index/admin/exhibitor-add?x=1')).toBe('/live/login/alogin?redirect=%2Flive%2Findex%2Fadmin%2Fexhibitor-add%3Fx%3D1');
    expect(withReturn('/ex-live/login/ex?id=e1', '/ex-live/index/ExInvoice')).toBe('/ex-live/login/ex?id=e1&redirect=%2Fex-live%2Findex%2FExInvoice');
    expect(withReturn('https://expo.example.com/', '/ex-live/index/home')).toBe('https://expo.example.com/');
  });

  it('goes back only to a same-site path of the role’s own area', () => {
    expect(returnTarget('/live/index/admin/exhibitor-add?x=1', Role.Host)).toBe('/live/index/admin/exhibitor-add?x=1');
    expect(returnTarget('/ex-live-en/index/ExInvoice', Role.Exhibitor)).toBe('/ex-live-en/index/ExInvoice');
    for (const evil of ['//evil.example.com/live', '/\\evil.example.com', 'https://evil.example.com/live/index', 'javascript:alert(1)', '', null])
      expect(returnTarget(evil, Role.Host), String(evil)).toBeNull();
    expect(returnTarget('/admin/adminEx', Role.Host)).toBeNull();
    expect(returnTarget('/live/login/alogin', Role.Host)).toBeNull();
  });
});
