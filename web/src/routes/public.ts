import type { RouteTable } from './types.ts';

/** Public routes (part 1 §2) that belong to no area. */
export const publicRoutes: RouteTable = {
  name: 'public',
  bases: [''],
  shell: null,
  screens: [
    { path: 'auth-bind', load: () => import('../areas/public/AuthBind.tsx'), title: 'route.authBind', public: true },
    { path: '404', load: () => import('../areas/public/NotFound.tsx'), title: 'route.notFound', public: true },
    { path: '500', load: () => import('../areas/public/ServerError.tsx'), title: 'route.serverError', public: true },
  ],
};
