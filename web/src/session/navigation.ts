/**
 * Navigation for code outside React (the API client, logout): the router registers itself
 * here at start. Absolute URLs (a configured public website) leave the app.
 */
interface Navigator {
  navigate: (to: string, options?: { replace?: boolean }) => Promise<void>;
  state: { location: { pathname: string; search: string } };
}

let router: Navigator | null = null;

export const setNavigator = (value: Navigator) => {
  router = value;
};

export const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(target);

/** Resolves once the new screen is shown (for an external address, at once). */
export async function go(target: string, options: { replace?: boolean } = {}): Promise<void> {
  if (isExternal(target) || !router) window.location.assign(target);
  else await router.navigate(target, options);
}

export const currentPath = () => router?.state.location.pathname ?? window.location.pathname;
