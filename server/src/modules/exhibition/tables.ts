import { doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
