import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { auditColumns } from '../../audit/columns.ts';
import { userAccount } from '../../core/tables.ts';
import { exhibition } from '../exhibition/tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A visitor's question to the host (咨询, `consult`): answered in `consult/info`, audited (type `consult`) in
 * `consult-audit/info` before it may appear in the site's public questions and answers (docs/consult.md).
 */
export const consult = pgTable(
  'consult',
  {
    id: idColumn(),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => userAccount.id, { onDelete: 'set null' }),
    /** What the question is about, from the host's list of categories (free text when the host keeps none). */
    category: text('category'),
    question: text('question').notNull(),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    answer: text('answer'),
    answeredAt: at('answered_at'),
    answeredBy: uuid('answered_by').references(() => userAccount.id, { onDelete: 'set null' }),
    /** The visitor allows the question and its answer on the public page; the host may still hide it. */
    isPublic: boolean('is_public').notNull().default(false),
    isShow: boolean('is_show').notNull().default(true),
    ...auditColumns,
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    index('consult_exhibition_idx').on(t.exhibitionId, t.createdAt.desc(), t.id).where(sql`${t.deletedAt} is null`),
    index('consult_public_idx').on(t.exhibitionId, t.answeredAt.desc()).where(sql`${t.deletedAt} is null and ${t.isPublic} and ${t.isShow}`),
    index('consult_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);
