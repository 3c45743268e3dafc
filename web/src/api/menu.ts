import type { createMenuBody, createMenuItemBody, Menu, MenuItem, menuItemQuery, MenuPowerDisplay, menuQuery, updateMenuBody, updateMenuItemBody } from '@pavilion/contract';
import type { z } from 'zod';
import { crudApi, keysFor } from './crud.ts';
import { api } from './http.ts';

/** Menu sets, entries and menu power (`/api/v3/menu`, `/menuitem`, `/menupower`). */
export const menuApi = crudApi<Menu, { query: z.input<typeof menuQuery>; create: z.input<typeof createMenuBody>; update: z.input<typeof updateMenuBody> }>('/api/v3/menu');
export const menuItemApi = crudApi<MenuItem, { query: z.input<typeof menuItemQuery>; create: z.input<typeof createMenuItemBody>; update: z.input<typeof updateMenuItemBody> }>('/api/v3/menuitem');
export type MenuPowerTarget = { targetType: 'host' | 'exhibition'; targetId: string };
export const menuPowerApi = {
  display: (query: { targetType: 'host' | 'exhibition'; targetId?: string; exhibitionId?: string }) => api.get<MenuPowerDisplay>('/api/v3/menupower/display', query),
  get: (target: MenuPowerTarget) => api.get<{ items: { menuItemId: string; isDisplay: boolean; isPermitted: boolean }[] }>('/api/v3/menupower', target),
  patch: (target: MenuPowerTarget, items: { menuItemId: string; isDisplay?: boolean; isPermitted?: boolean }[]) => api.patch<unknown>('/api/v3/menupower', { items }, { query: target }),
};
export const menuKeys = keysFor('menu');
export const menuItemKeys = keysFor('menuItem');
export const menuPowerKeys = keysFor('menuPower');
