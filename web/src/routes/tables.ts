import { langOfPath, type MessageKey } from '../i18n/index.ts';
import { routeTables } from './all.ts';
import type { MenuIcon } from './menuIcons.tsx';
import { join, type MenuGroup, type RouteTable, type Shell } from './types.ts';

export { routeTables };

export interface MenuEntry {
  path: string;
  label: MessageKey;
  icon: MenuIcon;
  group?: MenuGroup;
}

/**
 * The side menu of a shell at `pathname`: the menu screens of every table in that shell, under
 * the base of the current language (a table with no base in that language is left out).
 */
export function menuFor(shell: Shell, pathname: string, tables: readonly RouteTable[] = routeTables): MenuEntry[] {
  const lang = langOfPath(pathname);
  return tables
    .filter((table) => table.shell === shell)
    .flatMap((table) => {
      const base = table.bases.find((b) => langOfPath(b) === lang);
      if (base === undefined) return [];
      return table.screens
        .filter((screen) => screen.menu && !screen.public && (!screen.firstBaseOnly || base === table.bases[0]))
        .map((screen) => ({ path: join(base, screen.path), label: screen.menu!.label ?? screen.title, icon: screen.menu!.icon, group: screen.menu!.group }));
    });
}
