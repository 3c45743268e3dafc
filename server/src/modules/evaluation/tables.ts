import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { userAccount } from '../../core/tables.ts';
import { joinColumns } from '../exhibitor/tables.ts';

/**
 * A visitor's review of an exhibitor (`/api/v3/exhibitorevaluate`): stars, text and evaluation tags; the exhibitor
 * replies, the host hides (`isShow`) or deletes. One review per visitor and exhibitor: writing again replaces it.
 * `userId` is null only for demo rows.
 */
export const exhibitorEvaluation = pgTable(
  'exhibitor_evaluation',
  {
    id: idColumn(),
    ...joinColumns(),
    userId: uuid('user_id').references(() => userAccount.id, { onDelete: 'cascade' }),
    authorName: text('author_name').notNull(),
    rating: integer('rating').notNull().default(5),
    content: text('content').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    reply: text('reply'),
    replyAt: timestamp('reply_at', { withTimezone: true, mode: 'date' }),
    isShow: boolean('is_show').notNull().default(true),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    uniqueIndex('exhibitor_evaluation_user_key').on(t.userId, t.exhibitorId).where(sql`${t.userId} is not null and ${t.deletedAt} is null`),
    index('exhibitor_evaluation_exhibitor_idx').on(t.exhibitorId, t.createdAt.desc()).where(sql`${t.deletedAt} is null`),
    index('exhibitor_evaluation_exhibition_idx').on(t.exhibitionId, t.createdAt.desc()),
  ],
);
