import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { queryClient } from '../api/queryClient.ts';
import { buildRoutes } from '../routes/router.tsx';
import { setNavigator } from '../session/navigation.ts';

/** The whole app (route tables, guard, language, shell) at `path`, on a memory router. */
export function renderApp(path: string) {
  queryClient.clear();
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  setNavigator(router);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, ...view };
}
