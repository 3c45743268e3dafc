import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { userAccount } from '../account/tables.ts';

/** A platform notice to every host (hostId null) or to one host. */
export const notice = pgTable(
  'notice',
  {
    id: idColumn(),
    title: text('title').notNull(),
    titleEn: text('title_en'),
    content: text('content').notNull(),
    contentEn: text('content_en'),
    hostId: uuid('host_id'),
    ...timestamps,
    ...softDelete,
  },
  (t) => [index('notice_host_id_idx').on(t.hostId)],
);

/** Who has read which notice (each host login on its own). */
export const noticeRead = pgTable(
  'notice_read',
  {
    noticeId: uuid('notice_id')
      .notNull()
      .references(() => notice.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'notice_read_pkey', columns: [t.noticeId, t.userId] })],
);
