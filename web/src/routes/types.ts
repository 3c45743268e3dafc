import type { FeatureKey } from '@pavilion/contract';
import type { ComponentType } from 'react';
import type { MessageKey } from '../i18n/index.ts';
import type { MenuIcon } from './menuIcons.tsx';

/** The layouts with a side menu; a table's guarded screens render inside its shell. */
export type Shell = 'host' | 'exhibitor' | 'admin';

/** The side menu's group headings (`layout.menuGroup.*`), in menu order; entries without one stand above the groups. */
export const MENU_GROUPS = ['exhibition', 'exhibitors', 'myBooth', 'services', 'booths', 'jobs', 'platform', 'accounts'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** One screen: one line in its area's table. */
export interface Screen {
  /** Below each of the table's bases, without a leading slash. */
  path: string;
  /** The lazily loaded screen (a module with a default export). */
  load: () => Promise<{ default: ComponentType }>;
  /** Page title, and the menu label unless the menu entry names its own. */
  title: MessageKey;
  /** Listed in the shell's side menu, under a group heading when it has one. */
  menu?: { icon: MenuIcon; label?: MessageKey; group?: MenuGroup };
  /** No login needed (part 1 §2); public screens render without the shell. */
  public?: boolean;
  /** Drawn without antd, the query cache and the full messages (the login pages: docs/performance.md "The web"). */
  light?: boolean;
  /** Only under the table's first base, e.g. exhibitor screens the spec marks "Chinese only". */
  firstBaseOnly?: boolean;
  /** Gated by this feature key (spec §6): without it the screen shows the not-opened message. */
  feature?: FeatureKey;
  /** A sub-page (add, edit, task…): the path of its list screen in the same table, which the menu highlights and the breadcrumb links. */
  parent?: string;
}

export interface RouteTable {
  name: string;
  /** Path prefixes the screens are mounted under, e.g. ['/ex-live', '/ex-live-en']. */
  bases: readonly string[];
  shell: Shell | null;
  /** Relative path → relative target, '' being the base itself. */
  redirects?: Readonly<Record<string, string>>;
  screens: readonly Screen[];
}

/** What each route carries in `handle` for the title. */
export interface RouteHandle {
  title: MessageKey;
  /** A sub-page's list screen, mounted under the same base. */
  parent?: { path: string; title: MessageKey };
}

export const join = (base: string, path: string) => (path ? `${base}/${path}` : base || '/');
