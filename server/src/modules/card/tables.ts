import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { auditColumns } from '../../audit/columns.ts';
import { joinColumns } from '../exhibitor/tables.ts';

/** A staff badge (参展证) an exhibitor hands in for one person; many per exhibitor (docs/cards.md). */
export const exhibitorCard = pgTable(
  'exhibitor_card',
  {
    id: idColumn(),
    ...joinColumns(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    position: text('position').notNull(),
    /** Identity card or passport number; masked in the exhibitor's lists. */
    idNumber: text('id_number'),
    photo: text('photo'),
    /** The contract's `cardTypes`: staff, construction, other. */
    type: text('type').notNull().default('staff'),
    printed: boolean('printed').notNull().default(false),
    printedAt: timestamp('printed_at', { withTimezone: true, mode: 'date' }),
    ...auditColumns,
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    index('exhibitor_card_exhibitor_idx').on(t.exhibitorId).where(sql`${t.deletedAt} is null`),
    index('exhibitor_card_exhibition_state_idx').on(t.exhibitionId, t.auditState),
  ],
);
