import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { exhibition, exhibitionHall } from '../exhibition/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';

/** The floor plan of one hall (/admin/adminMiceCad): an image and its extent in the plan's own units. */
export const hallPlan = pgTable(
  'hall_plan',
  {
    id: idColumn(),
    hallId: uuid('hall_id')
      .notNull()
      .references(() => exhibitionHall.id, { onDelete: 'cascade' }),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    imageUrl: text('image_url').notNull(),
    width: doublePrecision('width').notNull(),
    height: doublePrecision('height').notNull(),
    /** Metres per plan unit; null when unknown (areas are then typed by hand). */
    scale: doublePrecision('scale'),
    ...timestamps,
  },
  (t) => [uniqueIndex('hall_plan_hall_id_key').on(t.hallId)],
);

/** A booth (展位) drawn on a hall's plan, optionally assigned to an exhibitor (one exhibitor may hold several). */
export const booth = pgTable(
  'booth',
  {
    id: idColumn(),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    hallId: uuid('hall_id')
      .notNull()
      .references(() => exhibitionHall.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    w: doublePrecision('w').notNull(),
    h: doublePrecision('h').notNull(),
    area: doublePrecision('area'),
    /** The area was typed by the organiser; otherwise it follows the rectangle and the plan's scale. */
    areaManual: boolean('area_manual').notNull().default(false),
    type: text('type', { enum: ['standard', 'raw', 'other'] }).notNull().default('standard'),
    state: text('state', { enum: ['free', 'reserved', 'sold'] }).notNull().default('free'),
    exhibitorId: uuid('exhibitor_id').references(() => exhibitor.id, { onDelete: 'set null' }),
    showIndex: integer('show_index').notNull().default(0),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    uniqueIndex('booth_exhibition_code_key').on(t.exhibitionId, sql`upper(${t.code})`).where(sql`${t.deletedAt} is null`),
    index('booth_hall_idx').on(t.hallId, t.showIndex),
    index('booth_exhibitor_idx').on(t.exhibitorId),
  ],
);
