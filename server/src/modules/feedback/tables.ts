import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';

/** Feedback to the platform from a host user (hostId set) or an exhibitor (exhibitionId set). */
export const feedback = pgTable(
  'feedback',
  {
    id: idColumn(),
    userId: uuid('user_id'),
    userName: text('user_name'),
    role: integer('role').notNull(),
    hostId: uuid('host_id'),
    exhibitionId: uuid('exhibition_id'),
    exhibitorId: uuid('exhibitor_id'),
    content: text('content').notNull(),
    contact: text('contact'),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    ...timestamps,
    ...softDelete,
  },
  (t) => [index('feedback_host_id_idx').on(t.hostId), index('feedback_user_id_idx').on(t.userId)],
);

/** The platform's replies to a feedback. */
export const feedbackComment = pgTable(
  'feedback_comment',
  {
    id: idColumn(),
    feedbackId: uuid('feedback_id')
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    userName: text('user_name'),
    content: text('content').notNull(),
    ...timestamps,
  },
  (t) => [index('feedback_comment_feedback_id_idx').on(t.feedbackId)],
);
