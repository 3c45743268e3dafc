import { Navigate, redirect, useLocation, type LoaderFunction, type RouteObject, type ShouldRevalidateFunction } from 'react-router';
import { langOfPath, loadMessages } from '../i18n/index.ts';
import { getConfig } from '../api/config.ts';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { RootLayout } from '../components/RootLayout.tsx';
import { RouteError } from '../components/RouteError.tsx';
import { exhibitorBase, guardTarget, withReturn } from '../session/guard.ts';
import { sessionStore } from '../session/store.ts';
import { routeTables } from './tables.ts';
import { join, type RouteHandle, type RouteTable, type Screen, type Shell } from './types.ts';

/** The guard of part 1 §2 runs before every guarded screen (and its chunk) is shown. */
const guard: LoaderFunction = ({ request }) => {
  const url = new URL(request.url);
  const target = guardTarget(url.pathname, sessionStore.get(), { isPublic: false, logoutUrl: getConfig().logoutUrl });
  // The login brings the person back to the page asked for (a deep link survives login).
  if (target) throw redirect(withReturn(target, `${url.pathname}${url.search}`));
  return null;
};

const parentOf = (base: string, screen: Screen, table: RouteTable): RouteHandle['parent'] => {
  const parent = screen.parent === undefined ? undefined : table.screens.find((s) => s.path === screen.parent);
  return parent && { path: join(base, parent.path), title: parent.menu?.label ?? parent.title };
};

const screenRoute = (base: string, screen: Screen, table: RouteTable): RouteObject => ({
  path: join(base, screen.path),
  handle: { title: screen.title, parent: parentOf(base, screen, table) } satisfies RouteHandle,
  ...(screen.public ? {} : { loader: guard }),
  lazy: async () => {
    const feature = screen.feature;
    const shell = table.shell;
    if (!feature || !shell || shell === 'admin') return { Component: (await screen.load()).default };
    const [{ default: Screen }, { FeatureGate }] = await Promise.all([screen.load(), import('../components/FeatureGate.tsx')]);
    return { Component: () => <FeatureGate feature={feature} side={shell}><Screen /></FeatureGate> };
  },
});

/** An unknown address: the 404 page in the language of the path (English under /ex-live-en). */
function UnknownPath() {
  const { pathname } = useLocation();
  return <Navigate to={langOfPath(pathname) === 'en' ? `${exhibitorBase(pathname)}/404` : '/404'} replace />;
}

const languageChanged: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) => langOfPath(currentUrl.pathname) !== langOfPath(nextUrl.pathname);

/** Builds the whole route tree from the area tables. */
export function buildRoutes(tables: readonly RouteTable[] = routeTables): RouteObject[] {
  // Light: the login pages and the redirects, drawn before antd and the rest of the messages load.
  const bare: RouteObject[] = [{ index: true, element: <Navigate to="/live" replace /> }];
  const layered: RouteObject[] = [];
  const shells = new Map<Shell, RouteObject[]>();
  const redirected = new Set<string>();

  for (const table of tables) {
    table.bases.forEach((base, index) => {
      // A base shared by two tables keeps the first table's redirect (the exhibitor account screens also live under /ex-live).
      for (const [from, to] of Object.entries(table.redirects ?? {})) {
        if (redirected.has(join(base, from))) continue;
        redirected.add(join(base, from));
        bare.push({ path: join(base, from), element: <Navigate to={join(base, to)} replace /> });
      }
      for (const screen of table.screens) {
        if (screen.firstBaseOnly && index > 0) continue;
        const route = screenRoute(base, screen, table);
        if (screen.light) bare.push(route);
        else if (screen.public || !table.shell) layered.push(route);
        else shells.set(table.shell, [...(shells.get(table.shell) ?? []), route]);
      }
    });
  }

  // The shell (side menu, header, their antd parts and icons) loads with the first signed-in screen, never on a login page.
  const shellRoutes = [...shells].map(
    ([shell, children]): RouteObject => ({
      lazy: async () => {
        const { AppShell } = await import('../components/AppShell.tsx');
        return { element: <AppShell shell={shell} /> };
      },
      children,
    }),
  );
  // antd's provider, the query cache and the full messages: everything but the light routes, loaded with the first of them.
  const appLayer: RouteObject = {
    lazy: async () => {
      const { AppLayer } = await import('../components/AppLayer.tsx');
      return { element: <AppLayer /> };
    },
    loader: ({ request }) => loadMessages(langOfPath(new URL(request.url).pathname), 'full').then(() => null),
    shouldRevalidate: languageChanged,
    children: [...layered, ...shellRoutes],
  };
  return [
    {
      element: <RootLayout />,
      hydrateFallbackElement: <PageSpinner />,
      // The messages of the path's language are there before its screen renders (the language switch loads the other one).
      loader: ({ request }) => loadMessages(langOfPath(new URL(request.url).pathname), 'core').then(() => null),
      shouldRevalidate: languageChanged,
      children: [{ errorElement: <RouteError />, children: [...bare, appLayer, { path: '*', element: <UnknownPath /> }] }],
    },
  ];
}
