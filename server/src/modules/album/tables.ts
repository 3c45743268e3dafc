import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { joinColumns } from '../exhibitor/tables.ts';

/** An exhibitor's photo album for its booth (docs/products.md "Catalogue"). */
export const album = pgTable(
  'album',
  {
    id: idColumn(),
    ...joinColumns(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    /** A picture address; without one the first photo is the cover. */
    cover: text('cover'),
    showIndex: integer('show_index').notNull().default(0),
    ...timestamps,
    ...softDelete,
  },
  (t) => [index('album_exhibitor_idx').on(t.exhibitorId, t.showIndex).where(sql`${t.deletedAt} is null`)],
);

/** One photo of an album, in display order; replaced as a whole list. */
export const albumPhoto = pgTable(
  'album_photo',
  {
    id: idColumn(),
    albumId: uuid('album_id')
      .notNull()
      .references(() => album.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    caption: text('caption'),
    captionEn: text('caption_en'),
    showIndex: integer('show_index').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('album_photo_album_idx').on(t.albumId, t.showIndex)],
);
