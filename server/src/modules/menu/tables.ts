import { boolean, index, integer, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns.ts';

/** A side-menu set: the host area's or the exhibitor area's. */
export const menu = pgTable('menu', {
  id: idColumn(),
  name: text('name').notNull(),
  nameEn: text('name_en'),
  /** host | exhibitor */
  area: text('area').notNull(),
  description: text('description'),
  showIndex: integer('show_index').notNull().default(0),
  ...timestamps,
});

/** One entry: a web route path, gated by a feature key when set; nested once. */
export const menuItem = pgTable(
  'menu_item',
  {
    id: idColumn(),
    menuId: uuid('menu_id')
      .notNull()
      .references(() => menu.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => menuItem.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    path: text('path').notNull(),
    featureKey: text('feature_key'),
    icon: text('icon'),
    showIndex: integer('show_index').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('menu_item_menu_id_idx').on(t.menuId), uniqueIndex('menu_item_menu_path_key').on(t.menuId, t.path)],
);

/** Per target (a host, or an exhibition's exhibitor side): an entry's display and permission, when not the default (both true). */
export const menuPower = pgTable(
  'menu_power',
  {
    id: idColumn(),
    /** host | exhibition */
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    menuItemId: uuid('menu_item_id')
      .notNull()
      .references(() => menuItem.id, { onDelete: 'cascade' }),
    isDisplay: boolean('is_display').notNull().default(true),
    isPermitted: boolean('is_permitted').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('menu_power_target_item_key').on(t.targetType, t.targetId, t.menuItemId)],
);
