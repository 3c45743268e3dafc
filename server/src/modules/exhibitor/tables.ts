import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns.ts';
import { exhibition, exhibitor, userAccount } from '../../core/tables.ts';
import { category } from '../category/tables.ts';

export { exhibitor };

/** The join a record belongs to (cascading with it) and its exhibition, for per-exhibition lists. */
export const joinColumns = () => ({
  exhibitorId: uuid('exhibitor_id')
    .notNull()
    .references(() => exhibitor.id, { onDelete: 'cascade' }),
  exhibitionId: uuid('exhibition_id')
    .notNull()
    .references(() => exhibition.id, { onDelete: 'cascade' }),
});

/** The categories an exhibitor is tagged with (at most the exhibition's `exhibitorCategoryNumber`). */
export const exhibitorCategory = pgTable(
  'exhibitor_category',
  {
    exhibitorId: uuid('exhibitor_id')
      .notNull()
      .references(() => exhibitor.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => category.id, { onDelete: 'cascade' }),
    showIndex: integer('show_index').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'exhibitor_category_pkey', columns: [t.exhibitorId, t.categoryId] }), index('exhibitor_category_category_id_idx').on(t.categoryId)],
);

/** Live-stream lines and minutes the host allocated to an exhibitor; no row means none. */
export const exhibitorLiveLine = pgTable('exhibitor_live_line', {
  exhibitorId: uuid('exhibitor_id')
    .primaryKey()
    .references(() => exhibitor.id, { onDelete: 'cascade' }),
  lineCount: integer('line_count').notNull().default(0),
  /** Minutes. */
  duration: integer('duration').notNull().default(0),
  /** Seconds its rooms streamed, counted by the ingest (docs/live.md). */
  usedSeconds: integer('used_seconds').notNull().default(0),
  ...timestamps,
});

/** Greetings sent to visitors on an exhibitor's behalf (the exhibition's `sayHello` settings drive them). */
export const exhibitorSayHello = pgTable(
  'exhibitor_say_hello',
  {
    id: idColumn(),
    exhibitorId: uuid('exhibitor_id')
      .notNull()
      .references(() => exhibitor.id, { onDelete: 'cascade' }),
    visitorUserId: uuid('visitor_user_id').references(() => userAccount.id, { onDelete: 'set null' }),
    visitorName: text('visitor_name'),
    content: text('content').notNull(),
    ...timestamps,
  },
  (t) => [index('exhibitor_say_hello_exhibitor_id_idx').on(t.exhibitorId, t.createdAt)],
);
