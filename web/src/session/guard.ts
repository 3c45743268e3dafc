import { normaliseRole, Role } from '@pavilion/contract/light';
import type { UserInfo } from '@pavilion/contract';
import type { Lang } from '../i18n/index.ts';

/**
 * The navigation decisions of part 1 §2 (guard, logout redirect) and §8 (401), as pure
 * functions of the path and the stored session so that they can be tested case by case.
 */

export const LOGIN = {
  host: '/live/login/alogin',
  admin: '/admin/login/alogin',
} as const;

export const HOME = {
  host: '/live/index/home/home',
  admin: '/admin/adminEx',
} as const;

const firstSegment = (path: string) => path.split('/')[1] ?? '';

/** The role a path needs, by its first segment: /ex-live…, /ex → 0; /live, /host → 1; /admin → 2; other paths none. */
export function requiredRole(path: string): Role | null {
  const first = firstSegment(path);
  if (first === 'ex' || first.startsWith('ex-live')) return Role.Exhibitor;
  if (first === 'live' || first === 'host') return Role.Host;
  if (first === 'admin') return Role.Admin;
  return null;
}

/** `/ex-live-{lang}` when the current path is language specific, otherwise `/ex-live`. */
export function exhibitorBase(path: string): string {
  const lang = /^ex-live-([A-Za-z-]+)$/.exec(firstSegment(path))?.[1];
  return lang ? `/ex-live-${lang}` : '/ex-live';
}

/** Exhibitor login carrying the exhibition; without one, the generic exhibitor login (which falls back to the configured exhibition). */
export function exhibitorLogin(path: string, exhibitionId: string | null): string {
  const base = exhibitorBase(path);
  return exhibitionId ? `${base}/login/ex?id=${encodeURIComponent(exhibitionId)}` : `${base}/login/alogin`;
}

/** The "public website" for an exhibitor with no exhibition: the configured logout address, else the generic exhibitor login. */
export function publicWebsite(path: string, logoutUrl: string | null): string {
  return logoutUrl || `${exhibitorBase(path)}/login/alogin`;
}

export interface GuardSession {
  token: string | null;
  role: Role | null;
  exhibitionId: string | null;
  /** The signed-in account; an issued password must be changed first. */
  user?: Pick<UserInfo, 'mustChangePassword'> | null;
}

/** Where a person with an issued password sets a new one: a screen of the area's own shell. */
export function passwordPath(role: Role, path: string): string {
  if (role === Role.Host) return '/host/index/password';
  if (role === Role.Admin) return '/admin/password';
  return `${exhibitorBase(path)}/index/password`;
}

/**
 * Where the guard sends a navigation to `path`; null lets it proceed. Public routes always
 * proceed; otherwise the stored role must be the path's role and the user logged in, else the
 * user goes to the login of the path's area.
 */
export function guardTarget(path: string, session: GuardSession, options: { isPublic: boolean; logoutUrl: string | null }): string | null {
  if (options.isPublic) return null;
  const role = requiredRole(path);
  if (role === null) return null;
  if (session.token && session.role !== null && normaliseRole(session.role) === role) {
    const change = passwordPath(role, path);
    return session.user?.mustChangePassword && path !== change ? change : null;
  }
  if (role === Role.Host) return LOGIN.host;
  if (role === Role.Admin) return LOGIN.admin;
  return session.exhibitionId ? exhibitorLogin(path, session.exhibitionId) : publicWebsite(path, options.logoutUrl);
}

/** Part 1 §2 logout redirect: by the role that was logged in. */
export function logoutTarget(role: Role | null, path: string, exhibitionId: string | null, config: { logoutUrl: string | null }): string {
  if (role === Role.Host) return config.logoutUrl || LOGIN.host;
  if (role === Role.Admin) return LOGIN.admin;
  return exhibitorLogin(path, exhibitionId);
}

/**
 * Part 1 §8, 401: host login for a host, English exhibitor login on the English path, otherwise
 * exhibitor login. The spec names no admin case; an administrator goes to the admin login.
 * Without a stored role the path's area decides.
 */
export function unauthorizedTarget(path: string, session: Pick<GuardSession, 'role' | 'exhibitionId'>): string {
  const role = session.role ?? requiredRole(path);
  if (role === Role.Host) return LOGIN.host;
  if (role === Role.Admin) return LOGIN.admin;
  return exhibitorLogin(path, session.exhibitionId);
}

/** Each role's home after login; the exhibitor keeps the language of the current path. */
export function homeOf(role: Role | null, path: string): string {
  if (role === Role.Host) return HOME.host;
  if (role === Role.Admin) return HOME.admin;
  return `${exhibitorBase(path)}/index/home`;
}

/** Page title from route metadata; the English exhibitor side always has one fixed title. */
export function pageTitle(lang: Lang, routeTitle: string | null, texts: { app: string; exhibitorEn: string }): string {
  if (lang === 'en') return texts.exhibitorEn;
  return routeTitle ? `${routeTitle} - ${texts.app}` : texts.app;
}

/** The same screen in the other exhibitor language: /ex-live/… ⇄ /ex-live-en/…. */
export function mirrorPath(path: string, lang: Lang): string | null {
  const first = firstSegment(path);
  if (!first.startsWith('ex-live')) return null;
  const rest = path.slice(first.length + 1);
  return `${lang === 'en' ? '/ex-live-en' : '/ex-live'}${rest}`;
}

/** The query parameter a login page reads to go back to the page that was asked for. */
export const RETURN_PARAM = 'redirect';

/** A login address that brings the person back to `wanted` afterwards; other addresses (an external logout page) unchanged. */
export function withReturn(login: string, wanted: string): string {
  if (!login.startsWith('/') || login.startsWith('//')) return login;
  return `${login}${login.includes('?') ? '&' : '?'}${RETURN_PARAM}=${encodeURIComponent(wanted)}`;
}

/**
 * Where to go after logging in as `role`: the page asked for when it is a path of this site in
 * that role's area (never another origin: "//host", "/\host" and schemes are refused), else null.
 */
export function returnTarget(value: string | null, role: Role | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://pavilion.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://pavilion.invalid' || /\/login\//.test(url.pathname)) return null;
  if (role === null || requiredRole(url.pathname) !== normaliseRole(role)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
