/**
 * Navigation for code outside React (the API client, logout): the router registers itself
 * here at start. Absolute URLs (a configured public website) leave the app.
 */
interface Navigator {
  navigate: (to: string, options?: { replace?: boolean }) => Promise<void>;
  state: { location: { pathname: string; search: string } };
}

import { safeHref } from '../components/safeUrl.ts';

let router: Navigator | null = null;

export const setNavigator = (value: Navigator) => {
  router = value;
};

export const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(target);

/**
 * Resolves once the new screen is shown (for an external address, at once). An address that is not
 * http(s) or site-relative (a configured `javascript:` logout address) goes home instead.
 */
export async function go(target: string, options: { replace?: boolean } = {}): Promise<void> {
  const safe = safeHref(target) ?? '/';
  if (isExternal(safe) || !router) window.location.assign(safe);
  else await router.navigate(safe, options);
}

export const currentPath = () => router?.state.location.pathname ?? window.location.pathname;
