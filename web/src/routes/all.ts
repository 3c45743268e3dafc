import { exhibitorAccountRoutes, hostAccountRoutes } from './account.ts';
import { adminRoutes } from './admin.ts';
import { exhibitorRoutes } from './exhibitor.ts';
import { hostRoutes } from './host.ts';
import { publicRoutes } from './public.ts';
import type { RouteTable } from './types.ts';

/**
 * Every area's table; the router, the guard, the titles and the side menus all come from these. Tables only (no
 * messages, no React), so the page's first script can find the first screen's chunk (first-screen.ts).
 */
export const routeTables: readonly RouteTable[] = [publicRoutes, hostRoutes, hostAccountRoutes, exhibitorRoutes, exhibitorAccountRoutes, adminRoutes];
