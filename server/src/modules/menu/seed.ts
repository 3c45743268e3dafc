import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { menuScreens, type MenuArea } from '@pavilion/contract';
import type { Executor } from '../../db/client.ts';
import { menu, menuItem } from './tables.ts';

export const MENU_IDS = {
  host: '00000000-0000-4000-a000-000000000201',
  exhibitor: '00000000-0000-4000-a000-000000000202',
} as const;

const SHIPPED: { id: string; area: MenuArea }[] = [
  { id: MENU_IDS.host, area: 'host' },
  { id: MENU_IDS.exhibitor, area: 'exhibitor' },
];

/**
 * Idempotent, at every start: the two shipped menu sets list exactly the screens of
 * `menuScreens` (packages/contract/src/screens.ts). Missing screens are added; entries of a
 * shipped set whose path is no screen (they would answer 404) are removed. Names, icons and
 * order an administrator changed on existing entries are kept (docs/menus.md).
 */
export async function ensureMenus(db: Executor) {
  await db
    .insert(menu)
    .values([
      { id: MENU_IDS.host, name: '主办方菜单', nameEn: 'Host menu', area: 'host', showIndex: 1 },
      { id: MENU_IDS.exhibitor, name: '展商菜单', nameEn: 'Exhibitor menu', area: 'exhibitor', showIndex: 2 },
    ])
    .onConflictDoNothing();
  for (const { id, area } of SHIPPED) {
    const screens = menuScreens[area];
    const paths = screens.map((s) => s.path);
    await db.delete(menuItem).where(and(eq(menuItem.menuId, id), notInArray(menuItem.path, paths)));
    const present = new Set((await db.select({ path: menuItem.path }).from(menuItem).where(and(eq(menuItem.menuId, id), inArray(menuItem.path, paths)))).map((r) => r.path));
    const missing = screens.map((s, i) => ({ ...s, showIndex: i + 1 })).filter((s) => !present.has(s.path));
    if (missing.length)
      await db
        .insert(menuItem)
        .values(missing.map((s) => ({ menuId: id, path: s.path, name: s.name, nameEn: s.nameEn, featureKey: s.feature, icon: s.icon, showIndex: s.showIndex })))
        .onConflictDoNothing();
  }
}
