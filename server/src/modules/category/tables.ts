import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { host } from '../host/tables.ts';

/** A host's category tree (part 1 §3 "Category"): exhibitors of its exhibitions are tagged with them. */
export const category = pgTable(
  'category',
  {
    id: idColumn(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => host.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => category.id),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    shortName: text('short_name'),
    shortNameEn: text('short_name_en'),
    icon: text('icon'),
    /** 1 for a root, parent's + 1 below. */
    level: integer('level').notNull().default(1),
    showIndex: integer('show_index').notNull().default(0),
    /** Pictures shown on the category's page: [{ url, link }]. */
    banners: jsonb('banners').notNull().default([]),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    index('category_host_level_idx').on(t.hostId, t.level, t.showIndex),
    index('category_parent_id_idx').on(t.parentId),
    uniqueIndex('category_name_key')
      .on(t.hostId, sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.name)
      .where(sql`${t.deletedAt} is null`),
  ],
);
