import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { userAccount } from '../account/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';

/** A file the host offers its exhibitors (manuals, forms) in the download centre (ExDown). */
export const exhibitionDataDownload = pgTable(
  'exhibition_data_download',
  {
    id: idColumn(),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    titleEn: text('title_en'),
    url: text('url').notNull(),
    fileName: text('file_name'),
    showIndex: integer('show_index').notNull().default(0),
    isShow: boolean('is_show').notNull().default(true),
    ...timestamps,
    ...softDelete,
  },
  (t) => [index('exhibition_data_download_exhibition_idx').on(t.exhibitionId, t.showIndex)],
);

/** Who downloaded what. */
export const exhibitionDataDownloadLog = pgTable(
  'exhibition_data_download_log',
  {
    id: idColumn(),
    downloadId: uuid('download_id')
      .notNull()
      .references(() => exhibitionDataDownload.id, { onDelete: 'cascade' }),
    exhibitorId: uuid('exhibitor_id')
      .notNull()
      .references(() => exhibitor.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index('exhibition_data_download_log_download_idx').on(t.downloadId, t.createdAt)],
);
