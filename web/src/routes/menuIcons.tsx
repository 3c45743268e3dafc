import * as iconSet from './menuIconSet.ts';
import type { ComponentType } from 'react';

/**
 * The side menus' icons, by name. The route tables name them as text so that the router (on every
 * page, the login pages too) does not carry them; the shell, loaded after sign-in, draws them.
 */
export const menuIcons: Record<keyof typeof iconSet, ComponentType> = iconSet;

export type MenuIcon = keyof typeof menuIcons;

/** A menu entry's icon, drawn from its name. */
export function MenuIconView({ name }: { name: MenuIcon }) {
  const Icon = menuIcons[name];
  return <Icon />;
}
