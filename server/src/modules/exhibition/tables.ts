import { doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn, type PgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { exhibition } from '../../core/tables.ts';

export { exhibition };

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The programme of an exhibition: move-in, opening, forum days … */
export const exhibitionSchedule = pgTable(
  'exhibition_schedule',
  {
    id: idColumn(),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    titleEn: text('title_en'),
    startAt: at('start_at').notNull(),
    endAt: at('end_at'),
    location: text('location'),
    description: text('description'),
    showIndex: integer('show_index').notNull().default(0),
    ...timestamps,
    ...softDelete,
  },
  (t) => [index('exhibition_schedule_exhibition_idx').on(t.exhibitionId, t.startAt)],
);

/** A hall (pavilion) of an exhibition. */
export const exhibitionHall = pgTable(
  'exhibition_hall',
  {
    id: idColumn(),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    code: text('code'),
    floor: text('floor'),
    area: doublePrecision('area'),
    mapUrl: text('map_url'),
    description: text('description'),
    showIndex: integer('show_index').notNull().default(0),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    index('exhibition_hall_exhibition_idx').on(t.exhibitionId, t.showIndex),
    uniqueIndex('exhibition_hall_name_key').on(t.exhibitionId, t.name).where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * The columns and indexes of an exhibition's own two-level category tree (product categories, activity categories):
 * `parent` is the table's own id column; names are unique under one parent (roots under the zero uuid).
 */
export const exhibitionTreeColumns = (parent: () => AnyPgColumn) => ({
  id: idColumn(),
  exhibitionId: uuid('exhibition_id')
    .notNull()
    .references(() => exhibition.id, { onDelete: 'cascade' }),
  parentId: uuid('parent_id').references(parent),
  name: text('name').notNull(),
  nameEn: text('name_en'),
  /** 1 for a root, 2 below it. */
  level: integer('level').notNull().default(1),
  showIndex: integer('show_index').notNull().default(0),
  ...timestamps,
  ...softDelete,
});
export const exhibitionTreeIndexes = (table: string, t: { exhibitionId: PgColumn; parentId: PgColumn; level: PgColumn; showIndex: PgColumn; name: PgColumn; deletedAt: PgColumn }) => [
  index(`${table}_exhibition_idx`).on(t.exhibitionId, t.level, t.showIndex),
  index(`${table}_parent_id_idx`).on(t.parentId),
  uniqueIndex(`${table}_name_key`)
    .on(t.exhibitionId, sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.name)
    .where(sql`${t.deletedAt} is null`),
];
