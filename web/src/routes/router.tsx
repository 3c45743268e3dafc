import { Navigate, redirect, type LoaderFunction, type RouteObject } from 'react-router';
import { getConfig } from '../api/config.ts';
import { AppShell } from '../components/AppShell.tsx';
import { FeatureGate } from '../components/FeatureGate.tsx';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { RootLayout } from '../components/RootLayout.tsx';
import { RouteError } from '../components/RouteError.tsx';
import { guardTarget } from '../session/guard.ts';
import { sessionStore } from '../session/store.ts';
import { routeTables } from './tables.ts';
import { join, type RouteHandle, type RouteTable, type Screen, type Shell } from './types.ts';

/** The guard of part 1 §2 runs before every guarded screen (and its chunk) is shown. */
const guard: LoaderFunction = ({ request }) => {
  const target = guardTarget(new URL(request.url).pathname, sessionStore.get(), { isPublic: false, logoutUrl: getConfig().logoutUrl });
  if (target) throw redirect(target);
  return null;
};

const screenRoute = (base: string, screen: Screen, shell: Shell | null): RouteObject => ({
  path: join(base, screen.path),
  handle: { title: screen.title } satisfies RouteHandle,
  ...(screen.public ? {} : { loader: guard }),
  lazy: async () => {
    const Screen = (await screen.load()).default;
    const feature = screen.feature;
    if (!feature || !shell || shell === 'admin') return { Component: Screen };
    return { Component: () => <FeatureGate feature={feature} side={shell}><Screen /></FeatureGate> };
  },
});

/** Builds the whole route tree from the area tables. */
export function buildRoutes(tables: readonly RouteTable[] = routeTables): RouteObject[] {
  const bare: RouteObject[] = [{ index: true, element: <Navigate to="/live" replace /> }];
  const shells = new Map<Shell, RouteObject[]>();

  for (const table of tables) {
    table.bases.forEach((base, index) => {
      for (const [from, to] of Object.entries(table.redirects ?? {}))
        bare.push({ path: join(base, from), element: <Navigate to={join(base, to)} replace /> });
      for (const screen of table.screens) {
        if (screen.firstBaseOnly && index > 0) continue;
        const route = screenRoute(base, screen, table.shell);
        if (screen.public || !table.shell) bare.push(route);
        else shells.set(table.shell, [...(shells.get(table.shell) ?? []), route]);
      }
    });
  }

  const shellRoutes = [...shells].map(([shell, children]): RouteObject => ({ element: <AppShell shell={shell} />, children }));
  return [
    {
      element: <RootLayout />,
      hydrateFallbackElement: <PageSpinner />,
      children: [{ errorElement: <RouteError />, children: [...bare, ...shellRoutes, { path: '*', element: <Navigate to="/404" replace /> }] }],
    },
  ];
}
