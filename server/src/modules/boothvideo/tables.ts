import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { exhibition } from '../exhibition/tables.ts';
import { joinColumns } from '../exhibitor/tables.ts';

/** An exhibitor's video for its booth, uploaded through the resumable upload (purpose `exhibitorVideo`). */
export const exhibitorVideo = pgTable(
  'exhibitor_video',
  {
    id: idColumn(),
    ...joinColumns(),
    title: text('title').notNull(),
    titleEn: text('title_en'),
    url: text('url').notNull(),
    /** The poster frame the upload made, or null. */
    cover: text('cover'),
    showIndex: integer('show_index').notNull().default(0),
    ...timestamps,
    ...softDelete,
  },
  (t) => [index('exhibitor_video_exhibitor_idx').on(t.exhibitorId, t.showIndex).where(sql`${t.deletedAt} is null`)],
);

/** The host's videos of an exhibition (purpose `exhibitionVideo`), shown or hidden on the visitor site. */
export const exhibitionVideo = pgTable(
  'exhibition_video',
  {
    id: idColumn(),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    titleEn: text('title_en'),
    url: text('url').notNull(),
    cover: text('cover'),
    isShow: boolean('is_show').notNull().default(true),
    showIndex: integer('show_index').notNull().default(0),
    ...timestamps,
    ...softDelete,
  },
  (t) => [index('exhibition_video_exhibition_idx').on(t.exhibitionId, t.showIndex).where(sql`${t.deletedAt} is null`)],
);
