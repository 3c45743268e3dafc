import { index, integer, jsonb, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns.ts';
import { userAccount } from '../../core/tables.ts';
import { exhibition } from '../exhibition/tables.ts';

/**
 * A user's answers to a form (`/api/v3/formwrite/by`): one row per user, item (the exhibition, or
 * a visitor group later) and form type. `exhibitionId` is the tenant: the exhibition's host reads them.
 * `answers` holds only the visible items' checked values (docs/forms.md).
 */
export const formWrite = pgTable(
  'form_write',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull(),
    formType: integer('form_type').notNull(),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex('form_write_user_item_type_key').on(t.userId, t.itemId, t.formType), index('form_write_exhibition_id_idx').on(t.exhibitionId)],
);
